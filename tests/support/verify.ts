import type { StateValue } from 'xstate'
import type { StepAction } from '../model/engine/explore'
import type { FailureKind, StartSample } from '../model/engine/fixtures'
import { activeStateIds } from '../model/engine/screen-paths'
import type { Control, Sees, Text, Verification } from '../model/verifications'
import { verifications } from '../model/verifications'

/*
 * Checks a state against the verification table. What the checks compare with is the world as the
 * runner made it (the token it gave, the channel the network answered, the last failure it caused),
 * never the machine's own reading of it: a machine that reads `is_login_required` the wrong way
 * round still goes where its expectation says, but not where the spec says.
 */

export interface World {
  token: boolean
  /** The channel lookup's answer, as the server sent it. */
  channel: { code: string; isLoginRequired: number } | null
  /** The last call's failure, null after a success. */
  lastFailure: FailureKind | null
}

export function startWorld(start: StartSample): World {
  const token = start.input.bridge.token
  return { token: typeof token === 'string' && token !== '', channel: null, lastFailure: null }
}

/** The world after a step; `output` is what the network answered for an actor step that succeeded. */
export function advanceWorld(world: World, action: StepAction, output?: unknown): World {
  if (action.kind === 'event' && action.event.type === 'bridge.payload') {
    const token = (action.event as { token?: unknown }).token
    return typeof token === 'string' && token !== '' ? { ...world, token: true } : world
  }
  if (action.kind !== 'actor') return world
  if (action.outcome === 'error') return { ...world, lastFailure: action.error, token: action.error === 'unauthorized' ? false : world.token }
  if (action.src === 'lookupChannel') {
    const answer = output as { channel_code: string; is_login_required: number }
    return { ...world, lastFailure: null, channel: { code: answer.channel_code, isLoginRequired: answer.is_login_required } }
  }
  return { ...world, lastFailure: null }
}

/** The entries that apply in a state value, outermost first, with the ids that have none. */
export function entriesFor(value: StateValue): { ids: string[]; entries: Verification[]; missing: string[] } {
  const ids = activeStateIds(value)
  const missing = ids.filter((id) => !(id in verifications))
  return { ids, entries: ids.flatMap((id) => verifications[id] ?? []), missing }
}

function merged(entries: Verification[]): { sees: Sees; facts: NonNullable<Verification['facts']> } {
  const sees: Sees = {}
  const facts: NonNullable<Verification['facts']> = {}
  for (const entry of entries) {
    const { texts, controls, ...rest } = entry.sees ?? {}
    Object.assign(sees, rest)
    if (texts) sees.texts = [...(sees.texts ?? []), ...texts]
    if (controls) sees.controls = [...(sees.controls ?? []), ...controls]
    Object.assign(facts, entry.facts ?? {})
  }
  return { sees, facts }
}

/** The page the table says a state shows (its `data-screen`, or `boot`); undefined where it names none. */
export function pageOf(value: StateValue): string | undefined {
  return merged(entriesFor(value).entries).sees.page
}

/** What a level can observe of the machine's facts; a field left out is not observable there. */
export interface ObservedFacts {
  /** The URL shown, and for a change the machine made, whether it pushed or replaced. */
  route?: { path: string; history?: 'push' | 'replace' | null } | null
  hasToken?: boolean
  channelCode?: string | null
}

/**
 * How the projection's history writes arrived on `href` (the last write that shows it): push or replace, or
 * null when none did, or when it is a first screen with home laid beneath it
 * (docs/decisions/036-home-s-calls-beside-the-channel-lookup-and-home-beneath-a-first-screen.md): home replaced the
 * opened entry and the screen was pushed above it, so Back lands on home whatever the screen's own arrival says.
 */
export function arrivalOn(href: string, writes: readonly { kind: string; url: string }[]): 'push' | 'replace' | null {
  const at = writes.findLastIndex((w) => decodeURIComponent(w.url).endsWith(href))
  const write = writes[at]
  const before = writes[at - 1]
  if (write === undefined) return null
  if (write.kind === 'push' && before?.kind === 'replace' && decodeURIComponent(before.url).endsWith('#/pages/home/index')) return null
  return write.kind === 'push' ? 'push' : 'replace'
}

export function verifyFacts(value: StateValue, world: World, observed: ObservedFacts): string[] {
  const { entries, missing } = entriesFor(value)
  const problems = missing.map((id) => `state ${id} has no verification in tests/model/verifications.ts`)
  const { facts } = merged(entries)
  if (facts.route !== undefined && observed.route !== undefined) {
    if (facts.route === null) {
      if (observed.route !== null) problems.push(`no route while booting, but the URL is ${observed.route.path}`)
    } else if (observed.route === null) problems.push(`the URL should be ${facts.route.path}, but none is shown`)
    else {
      if (observed.route.path !== facts.route.path) problems.push(`the URL should be ${facts.route.path}, not ${observed.route.path}`)
      const how = observed.route.history
      if (how !== undefined && how !== null && how !== facts.route.history) {
        problems.push(`arriving on ${facts.route.path} should ${facts.route.history} the history entry, but it was a ${how}`)
      }
    }
  }
  if (facts.login === 'required') {
    if (world.token) problems.push('login shown although the host gave a token (boot-login-gate: a token goes home)')
    if (world.channel === null) problems.push('login shown before the channel lookup answered')
    else if (world.channel.isLoginRequired === 1) problems.push('login shown although the channel answered is_login_required = 1 (login NOT required, boot-login-gate)')
  }
  if (facts.token === 'cleared' && observed.hasToken === true) problems.push('after a 401 the token must be cleared (error-401), but one is still held')
  if (facts.session) {
    if (!world.token && world.channel?.isLoginRequired !== 1) {
      problems.push(
        `inside the session without a token, although the channel ${world.channel === null ? 'was never looked up' : `answered is_login_required = ${world.channel.isLoginRequired} (login required, boot-login-gate)`}`,
      )
    }
    if (observed.hasToken !== undefined && observed.hasToken !== world.token) {
      problems.push(world.token ? 'the token the host gave is not held' : 'a token is held that the host never gave or a 401 cleared')
    }
    if (observed.channelCode !== undefined && world.channel !== null && observed.channelCode !== world.channel.code) {
      problems.push(`the channel code answered (${world.channel.code}) is not stored (holds ${observed.channelCode ?? 'nothing'})`)
    }
  }
  return problems
}

// ---- what the borrower sees ----

/** Reads the rendered page; one implementation per level (Testing Library in jsdom, Playwright in Chromium). */
export interface ScreenReader {
  /** `data-screen` of the page that rendered (the page names itself), `boot` for the entry page, else null. */
  page(): Promise<string | null>
  heading(): Promise<string | null>
  /** The visible text of the page and any open sheet. */
  text(): Promise<string>
  control(control: Control, name: string): Promise<{ found: boolean; enabled: boolean }>
  busy(): Promise<boolean>
  alerts(): Promise<string[]>
  sheetOpen(): Promise<boolean>
}

export type Translate = (key: string, values?: Record<string, unknown>) => string

export function render(t: Translate, item: Text): string {
  const values: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(item.values ?? {})) values[k] = typeof v === 'object' && v !== null && 'key' in v ? t(String((v as Text).key)) : v
  return t(item.key, values)
}

/** The error catalogue (docs/product-rules.md#errors): what the borrower reads for each failure. */
const failureText: Record<FailureKind, string> = {
  network: 'errors.networkError',
  timeout: 'errors.timeout',
  // The fixtures' refusal is body status 1008, the SMS code is wrong (docs/product-rules.md#error-refusal-no-retry): its own sentence, no status code.
  refused: 'errors.refusal.smsCodeInvalid',
  invalidResponse: 'errors.invalidResponse',
  unauthorized: 'errors.unauthorized',
  interrupted: 'errors.interrupted',
}

const normal = (s: string) => s.replace(/\s+/g, ' ').trim()

export async function verifySees(value: StateValue, world: World, reader: ScreenReader, t: Translate): Promise<string[]> {
  const { entries } = entriesFor(value)
  const { sees } = merged(entries)
  const problems: string[] = []
  if (sees.page !== undefined) {
    const page = await reader.page()
    if (page !== sees.page) problems.push(`the page shown should be ${sees.page}, but ${page ?? 'none'} rendered`)
  }
  if (sees.heading !== undefined) {
    const wanted = render(t, sees.heading)
    const heading = await reader.heading()
    if (normal(heading ?? '') !== normal(wanted)) problems.push(`the heading should be "${wanted}", not "${heading ?? ''}"`)
  }
  if (sees.texts !== undefined) {
    const shown = normal(await reader.text())
    for (const item of sees.texts) {
      const wanted = normal(render(t, item))
      if (!shown.includes(wanted)) problems.push(`"${wanted}" (${item.key}) is not on screen`)
    }
  }
  for (const control of sees.controls ?? []) {
    const names = Array.isArray(control.name) ? control.name : [control.name]
    let name = render(t, names[0]!)
    let found = { found: false, enabled: false }
    for (const candidate of names) {
      name = render(t, candidate)
      found = await reader.control(control, name)
      if (found.found) break
    }
    if (!found.found) problems.push(`no ${control.role} "${names.map((n) => render(t, n)).join('" or "')}" (${names.map((n) => n.key).join(' | ')})`)
    else if (control.enabled !== 'any' && found.enabled !== control.enabled) {
      problems.push(`the ${control.role} "${name}" should be ${control.enabled ? 'enabled' : 'disabled'}${sees.busy ? ' while a call is under way' : ''}`)
    }
  }
  if (sees.busy === true && !(await reader.busy())) problems.push('a call is under way but the page does not say it is busy')
  if (sees.alert === true) {
    const alerts = (await reader.alerts()).map(normal)
    // A 401 is the host's to handle: it is told to go home (docs/product-rules.md#error-401); the notice then says what failed.
    const key = world.lastFailure === null || world.lastFailure === 'unauthorized' ? null : failureText[world.lastFailure]
    const wanted = key === null ? null : normal(t(key))
    if (alerts.length === 0) problems.push('the failure is not shown (no alert)')
    else if (wanted !== null && !alerts.some((a) => a.includes(wanted))) problems.push(`the alert should say "${wanted}", it says "${alerts.join(' | ')}"`)
  }
  if (sees.retry === true) {
    const retry = await reader.control({ role: 'button', name: { key: 'common.retry' }, enabled: true }, t('common.retry'))
    const canSucceed = world.lastFailure !== 'refused'
    if (canSucceed && !retry.found) problems.push('no Retry after a failure that asking again can mend')
    else if (canSucceed && !retry.enabled) problems.push('the Retry should be enabled')
    else if (!canSucceed && retry.found) problems.push('a Retry is offered after a refusal, which asking again cannot mend')
  }
  if (sees.sheet === true && !(await reader.sheetOpen())) problems.push('the rights sheet is not open')
  return problems
}

// ---- the URLs a borrower types ----

/** The route of each page (docs/product-rules.md#flow-routes, from the table's screen entries); the entry page's alias too. */
export const specPaths: ReadonlyMap<string, string> = new Map(
  Object.values(verifications).flatMap((entry) => (entry.sees?.page !== undefined && entry.facts?.route ? [[entry.sees.page, entry.facts.route.path] as const] : [])),
)

/** docs/product-rules.md#flow-routes: `/` has the alias /pages/loanDemand/index; a typed link may use either. */
export const entryAlias = '/pages/loanDemand/index'
