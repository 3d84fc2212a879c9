import { isDeepStrictEqual } from 'node:util'
import type { Page, Route } from 'playwright-core'
import { expect, test } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { clockStartMs } from './engine/fixtures'
import type { ScreenFrame } from './engine/properties'
import type { Trace, TraceStep } from './engine/walk'
import { runWalk, walkAt } from './engine/walk'
import { routeForState, type AppSnapshot } from '../../machines/routes'
import type { CallName } from '../../src/contract/calls'
import { bridgeMessageType } from '../../src/bridge/bridge'
import { initI18n } from '../../src/i18n/init-i18n'
import { defaultLocale, intlLocale, normalizeLocale, type Locale } from '../../src/i18n/locale'
import { heartbeatKey, liveChannelName, type PageReport } from '../../src/review/live-protocol'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { pageUrl } from '../support/sandbox'
import { perform, readerOf } from '../support/browser-driver'
import { badGateway, errorResponse, fixtureData, initConfigBody, match, queryInput, referenceData, type Answer } from '../support/fake-api'
import { pageOf, type Translate } from '../support/verify'
import { actionOf, frameOf, printReport, snapshotsBefore, startAddress, wantedWalk as wanted, type ReplayReport } from '../support/walk-steps'
import { env } from '../support/env'
import { defaultTimeoutMs } from '../../src/api/request-shape'

/*
 * One random walk (tests/model/engine/walk.ts) replayed on the built page in Chromium, served by the
 * sandbox on a loopback port: the walk is run on the machine first (the reference), then each of
 * its steps is taken as a borrower, the host or the network would take it (support/walk-steps.ts,
 * shared with the React level): a control found by role and translated name, a bridge payload
 * posted to the page, an address typed, a reload, and each API request held by `page.route` until
 * the walk answers it with the walk's own data in the contract's envelope (or fails it: a dropped
 * connection, a 401, a refusal, a gateway's 502).
 *
 * Where the page is, after each step: the machine's state as the page reports it on the reviewer's
 * live channel (the page reports to a reviewer only when it finds the reviewer's heartbeat, which
 * this runner leaves for it), the page that names itself in `main[data-screen]`, and the address.
 * The first step where one of them is not the reference's is where the levels diverge. The page's
 * clock is Playwright's, paused once the page is up: a poll waits only when the walk waits, as on
 * the machine's simulated clock. A 60 s timeout is not made here, nor a wait that would make one (the
 * page's request timer runs on this clock too); such a step is reported as not replayable and the
 * replay stops there.
 *
 * `npm run walks -- --replay <seed> --path <path> --level browser` runs it on one walk (WALK_REPLAY).
 */

const suite = pageSandboxAndBrowser()
/** One frame of the page's clock: what a look at a reloading page lets pass (far below any poll's wait). */
const frameMs = 16
const translators = new Map<Locale, Translate>()

async function translator(locale: Locale): Promise<Translate> {
  const known = translators.get(locale)
  if (known) return known
  const i18n = await initI18n(locale)
  const t: Translate = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
  translators.set(locale, t)
  return t
}

interface Held {
  call: CallName
  route: Route
  params: Record<string, string>
  input: Record<string, unknown>
  done: boolean
}

/** Where the page is: its machine's state as reported, the page that rendered, the address's path. */
interface Where {
  value: unknown
  screen: string | null
  path: string | null
}

function expectedOf(snapshot: AnyMachineSnapshot): Where {
  const route = routeForState(snapshot as unknown as AppSnapshot)
  return { value: snapshot.value, screen: pageOf(snapshot.value) ?? null, path: route === null ? null : route.path }
}

/** What differs; the address is compared only where the machine routes (not while it boots). */
function differences(expected: Where, seen: Where): string[] {
  const out: string[] = []
  if (!isDeepStrictEqual(expected.value, seen.value)) out.push(`the machine is in ${JSON.stringify(expected.value)}, the page's in ${JSON.stringify(seen.value)}`)
  if (expected.screen !== null && expected.screen !== seen.screen) out.push(`the page shown should be ${expected.screen}, not ${seen.screen ?? 'none'}`)
  if (expected.path !== null && expected.path !== seen.path) out.push(`the address should be #${expected.path}, not #${seen.path ?? ''}`)
  return out
}

async function whereIs(page: Page): Promise<Where> {
  const reader = readerOf(page)
  const [report, hash] = await page.evaluate(() => [(window as unknown as { __walkReport?: PageReport }).__walkReport ?? null, window.location.hash] as const).catch(() => [null, ''] as const)
  const path = decodeURIComponent(hash).replace(/^#/, '').split('?')[0] ?? ''
  return { value: report?.value ?? null, screen: await reader.page(), path: path === '' ? null : path }
}

/** The page's locale, as it reports it once started; the controls' names are in it. */
async function localeOf(page: Page): Promise<Locale> {
  const lang = await page.evaluate(() => (window as unknown as { __walkReport?: PageReport }).__walkReport?.lang ?? document.documentElement.lang)
  return normalizeLocale(lang) ?? defaultLocale
}

/** How the network answers a held request for `src`, as `answer` says; `origin` is the sandbox the page talks to. */
async function release(held: Held, src: string, answer: Answer, origin: string): Promise<void> {
  const json = (status: number, body: unknown) => held.route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
  switch (answer.outcome) {
    case 'done':
      if (held.call === 'initConfig') return json(200, initConfigBody(origin))
      return json(200, { status: 0, message: 'OK', data: fixtureData(src, answer.fixture, held) })
    case 'data':
      return json(200, { status: 0, message: 'OK', data: answer.data })
    case 'serverError':
      return held.route.fulfill(badGateway)
    case 'error': {
      if (answer.error === 'network') return held.route.abort('connectionfailed')
      const made = errorResponse(answer.error)
      if (made === null) throw new Error(`a ${answer.error} is not made by the network`)
      return json(made.status, made.body)
    }
  }
}

async function replayInBrowser(trace: Trace, frames: ScreenFrame[]): Promise<ReplayReport> {
  const { sandbox, browser } = suite
  const context = await newPhoneContext(browser, intlLocale(trace.world.locale ?? defaultLocale))
  // The machine's clock starts where the reference's does; it is paused once the page is up.
  await context.clock.install({ time: clockStartMs })
  // The host app, as a native one is: it hands the page its payload again when a reloaded page asks
  // for it (the token left the address at the first load), the token it last handed included.
  let hostPayload: Record<string, unknown> = { ...(trace.world.token ? { token: 'tok' } : {}), ...(trace.world.locale !== null ? { locale: trace.world.locale } : {}) }
  await context.exposeBinding('__walkHostPayload', () => hostPayload)
  await context.addInitScript(
    ({ key, channel, bridgeType }) => {
      if (window.top !== window) return
      const win = window as unknown as { __walkReport: unknown; __walkHostPayload(): Promise<unknown>; HuaqianAndroid: unknown }
      // The reviewer's heartbeat, always fresh: the page reports its machine on the live channel.
      localStorage.setItem(key, String(Number.MAX_SAFE_INTEGER))
      const live = new BroadcastChannel(channel)
      live.onmessage = (message: MessageEvent<{ kind: string }>) => {
        if (message.data.kind === 'snapshot') win.__walkReport = message.data
      }
      win.HuaqianAndroid = {
        postMessage(text: string) {
          if ((JSON.parse(text) as { command?: string }).command !== 'requestPayload') return
          void win.__walkHostPayload().then((payload) => window.postMessage({ type: bridgeType, payload }, window.location.origin))
        },
      }
    },
    { key: heartbeatKey, channel: liveChannelName, bridgeType: bridgeMessageType },
  )
  const page = await context.newPage()
  if (env.walkDebug) page.on('console', (m) => console.log(`[page] ${m.type()} ${m.text()}`))
  if (env.walkDebug) page.on('pageerror', (e) => console.log(`[page error] ${e.message}`))
  const held: Held[] = []
  await page.route(`${sandbox.url}/**`, async (route, request) => {
    const url = new URL(request.url())
    const found = match(request.method(), url.pathname)
    if (found === null) return route.continue()
    const body = request.postData()
    const fields = request.method() === 'GET' ? Object.fromEntries(url.searchParams) : body ? (JSON.parse(body) as Record<string, unknown>) : {}
    const reference = referenceData(found.call, fields)
    if (reference !== undefined) return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 0, message: 'OK', data: reference }) })
    held.push({ call: found.call, route, params: found.params, input: request.method() === 'GET' ? queryInput(found.call, url.searchParams) : fields, done: false })
  })
  const next = async (call: CallName): Promise<Held> => {
    let found: Held | undefined
    await expect
      .poll(() => (found = held.find((h) => h.call === call && !h.done)) !== undefined, {
        timeout: 20_000,
        message: `the page made no ${call} request (held: ${held.filter((h) => !h.done).map((h) => h.call).join(', ')})`,
      })
      .toBe(true)
    found!.done = true
    return found!
  }
  /** Waits for the page to be where `expected` is; what still differs after the wait, or nothing. */
  const arrive = async (expected: Where, step: TraceStep | null, tickMs = 0): Promise<string[]> => {
    let last: string[] = []
    let seen: Where = { value: null, screen: null, path: null }
    await expect
      .poll(
        async () => {
          // Timers due now (a task the page queued) run; nothing later does unless the walk waits.
          await page.clock.runFor(tickMs).catch(() => undefined)
          seen = await whereIs(page)
          last = differences(expected, seen)
          return last.length
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(0)
      .catch(() => undefined)
    if (last.length === 0) frames.push(frameOf(step, seen.value, seen.screen))
    return last
  }
  const lines: string[] = []
  const address = startAddress(trace.world)
  try {
    await page.goto(`${pageUrl(sandbox.url, address.query)}${address.hash}`)
    const startDiff = await arrive(expectedOf(trace.start.snapshot), null)
    if (startDiff.length > 0) return { lines: [`✗ start: ${startDiff.join('; ')}`], diverged: -1, notReplayable: null }
    // A moment ahead of the page's time (it runs on while this is sent); no poll waits this little.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250)
    const t = await translator(await localeOf(page))
    lines.push(`✓ start (${await localeOf(page)})`)
    const before = snapshotsBefore(trace)
    for (const [index, step] of trace.steps.entries()) {
      const action = actionOf(step, before[index]!)
      switch (action.kind) {
        case 'answer':
          await release(await next(action.call), action.src, action.answer, sandbox.url)
          break
        case 'ops':
          for (const op of action.ops) {
            if (op.op === 'host' && typeof op.payload.token === 'string') hostPayload = { ...hostPayload, token: op.payload.token }
            await perform(page, t, op, action.refused)
          }
          break
        case 'url':
          // The borrower types the address: the router hears it, the projection asks the machine.
          await page.evaluate((hash) => {
            window.location.hash = hash
          }, action.hash)
          break
        case 'wait':
          // The page's request timer runs on this clock: a wait as long, with a call held, is the page's
          // timeout, which the machine's level takes as an answer of its own.
          if (action.ms >= defaultTimeoutMs && held.some((h) => !h.done)) {
            return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (a wait past the request timeout with a call held)`], diverged: null, notReplayable: index }
          }
          await page.clock.runFor(action.ms)
          break
        case 'reload':
          // What was in flight goes with the page; the reloaded page asks again.
          for (const h of held) h.done = true
          await page.reload()
          break
        case 'none':
          return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (${action.why})`], diverged: null, notReplayable: index }
      }
      // A reloaded page starts its code a frame or 100 ms after its first paint: time moves a frame per look.
      const diff = await arrive(expectedOf(step.snapshot), step, action.kind === 'reload' ? frameMs : 0)
      if (diff.length > 0) return { lines: [...lines, `✗ ${index}. ${step.label}: ${diff.join('; ')}`], diverged: index, notReplayable: null }
      lines.push(`✓ ${index}. ${step.label} → ${JSON.stringify(step.snapshot.value)}`)
    }
    return { lines, diverged: null, notReplayable: null }
  } finally {
    for (const h of held) if (!h.done) await h.route.abort().catch(() => undefined)
    await context.close()
  }
}

test.skipIf(wanted === null)('the walk replays on the built page in Chromium step by step', { timeout: 900_000 }, async () => {
  const walk = await walkAt(wanted!.seed, wanted!.path)
  const trace = await runWalk(walk.world, walk.steps)
  const frames: ScreenFrame[] = []
  const report = await replayInBrowser(trace, frames)
  const broken = printReport('browser', wanted!.seed, report, frames)
  expect(report.diverged).toBeNull()
  expect(broken).toEqual([])
})
