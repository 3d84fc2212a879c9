import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { funnelScreens } from '../../../machines/screens'
import { createStepper, expectationOf, identityOf, offersOf, type Expectation, type Offer, type StepAction } from './explore'
import { notExplored, startSamples } from './fixtures'
import { type Instrumented } from './instrument'
import { rootOf } from '../../../src/app/machine-definition'
import type { ModelPath, NamedPath } from './model-path'
import { activeStateIds } from './screen-paths'

/*
 * Generated paths named by what they do, for a reviewer choosing one: who walks it (read from the
 * first loan status the path answers), the screens it goes through, and tags to filter by
 * (screens, state ids, events and answers). Also the walks no generated path makes on its own: a
 * new borrower through the whole funnel to a repayment.
 */

/** The borrower a path is about, by the first loan status the server gives it. */
const whoByStatus: Record<string, string> = {
  atDemand: 'new borrower',
  atFace: 'borrower at the face check',
  atBasic: 'borrower at basic info',
  atAsset: 'borrower at assets',
  atContact: 'borrower at contacts',
  atBankCard: 'borrower at the bank card',
  inReview: 'borrower in review',
  approved: 'approved borrower',
  approvedOwningRights: 'approved borrower with the rights card',
  applied: 'borrower whose loan is paying out',
  repaying: 'repaying borrower',
  repaymentSettled: 'repaying borrower',
  repaymentProcessing: 'repaying borrower',
  repaymentFailed: 'repaying borrower',
  earlierRepaymentSettled: 'repaying borrower',
  rejected: 'rejected borrower',
  overdue: 'overdue borrower',
  settled: 'borrower who has repaid',
}

const whoByStart: Record<string, string> = {
  fresh: 'page opened by the host',
  deepLink: 'link to the repayment plan',
  emptyToken: 'page opened with an empty token',
  homeLink: 'link to home',
}

/** `loanDemand` → `loan demand`. */
export function screenWords(screen: string): string {
  return screen.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

function who(path: ModelPath): string {
  for (const step of path.steps) {
    const d = step.do
    if (d.kind === 'actor' && d.src === 'getLoanUserStatus' && d.outcome === 'done') return whoByStatus[d.fixture] ?? `borrower (${d.fixture})`
  }
  return whoByStart[path.start] ?? path.start
}

function screensOf(path: ModelPath): string[] {
  const out: string[] = []
  for (const e of [path.startExpect, ...path.steps.map((s) => s.expect)]) {
    const screen = e.context.screen
    if (screen !== null && out.at(-1) !== screen) out.push(screen)
  }
  return out
}

function eventOf(action: StepAction): string {
  switch (action.kind) {
    case 'event':
      return action.event.type
    case 'actor':
      return action.outcome === 'done' ? `${action.src}.done` : `${action.src}.error:${action.error}`
    case 'delay':
      return `after:${action.delay}`
    case 'wait':
      return 'wait'
  }
}


/** A path with its name, title and tags. */
export function namePath(machine: AnyStateMachine, path: ModelPath): NamedPath {
  const screens = screensOf(path)
  const words = screens.map(screenWords)
  const walk = words.length > 6 ? [...words.slice(0, 2), '…', ...words.slice(-3)] : words
  const failure = path.steps.find((s) => s.do.kind === 'actor' && s.do.outcome === 'error')?.do as Extract<StepAction, { outcome: 'error' }> | undefined
  const name = `${who(path)}: ${walk.join(' → ') || 'before the first screen'}${failure !== undefined ? ` (${failure.src} fails: ${failure.error})` : ''}`
  const root = rootOf(machine)
  const expects: Expectation[] = [path.startExpect, ...path.steps.map((s) => s.expect)]
  return {
    ...path,
    name,
    title: `${name}, ${path.steps.length} step${path.steps.length === 1 ? '' : 's'}`,
    tags: {
      screens: [...new Set(screens)].sort(),
      states: [...new Set(expects.flatMap((e) => activeStateIds(e.state, root)))].sort(),
      events: [...new Set(path.steps.map((s) => eventOf(s.do)))].sort(),
    },
  }
}

/** The screens a whole walk visits in order: the funnel, then the loan paid out and repaid. */
export const wholeFunnel: readonly string[] = ['home', ...funnelScreens, 'repayment', 'repaymentResult']

/**
 * How a host opens the page: with the borrower's token, on the entry page (`#/`). The machine
 * starts the `homeLink` sample (a link to home) exactly as it starts the entry page: home is no
 * deep link to keep (machines/context.ts `initialContext`).
 */
export const hostStart = 'homeLink'

/** Which SMS code a step's form types, by the context that holds it once sent. */
const smsOfStep: Record<string, 'cardSms' | 'lenderSms'> = { bankCard: 'cardSms', lendConfirm: 'lenderSms' }

/**
 * The shortest walk through `waypoints` in order, on the model itself: breadth first over (state
 * identity, waypoints passed), from `starts` (every way the page starts by default), each state
 * the one its own walk reaches (so the walk replays as found). Only what a borrower and a working
 * server do, in the order a live page lets them: no failed answers, no typed URLs; the borrower
 * acts on a settled page (no event while a call is in flight, as a real page answers at once);
 * an SMS code is typed once it was sent (the borrower reads it from the message). Null when there
 * is no such walk within `maxNodes` states.
 */
export function walkThrough(
  model: Instrumented,
  waypoints: readonly string[],
  id: string,
  { maxNodes = 100_000, starts }: { maxNodes?: number; starts?: readonly string[] } = {},
): ModelPath | null {
  const stepper = createStepper(model)
  const missing = new Set<string>()
  const homeAfter = waypoints.lastIndexOf(funnelScreens.at(-1) ?? '') + 1
  interface Node {
    snapshot: AnyMachineSnapshot
    clock: number
    passed: number
    start: string
    parent: number | null
    offer: Offer | null
  }
  const nodes: Node[] = []
  const seen = new Set<string>()
  const screenOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { screen: string | null }).screen
  const push = (node: Omit<Node, 'passed'> & { passed: number }) => {
    const passed = node.passed < waypoints.length && screenOf(node.snapshot) === waypoints[node.passed] ? node.passed + 1 : node.passed
    const key = `${passed}|${identityOf(model, node.snapshot)}|${screenOf(node.snapshot) === null ? node.start : ''}`
    if (seen.has(key)) return
    seen.add(key)
    nodes.push({ ...node, passed })
  }
  for (const { name } of startSamples) {
    if (starts ? !starts.includes(name) : notExplored.starts.has(name)) continue
    stepper.clock.value = 0
    push({ snapshot: stepper.start(name).snapshot, clock: 0, passed: 0, start: name, parent: null, offer: null })
  }
  for (let i = 0; i < nodes.length && nodes.length < maxNodes; i++) {
    const node = nodes[i] as Node
    if (node.passed === waypoints.length) return materialiseWalk(model, nodes, i, id, `through ${waypoints.join(' → ')}`)
    if (node.snapshot.status !== 'active') continue
    for (const offer of offersOf(model, node.snapshot, missing)) {
      const a = offer.action
      if (a.kind === 'actor' && a.outcome === 'error') continue
      // A walk through the screens in order, by their own buttons: no typed URL, no step back,
      // and home only once the funnel is done (the way to repay).
      if (a.kind === 'event' && (a.event.type === 'xstate.route' || a.event.type === 'step.back')) continue
      // One borrower throughout: the host hands no new login, and the server names no one else.
      if (a.kind === 'event' && a.event.type === 'bridge.payload' && node.snapshot.matches('session')) continue
      if (a.kind === 'actor' && a.src === 'showUser' && a.fixture === 'otherBorrower') continue
      if (a.kind === 'event' && a.event.type === 'nav.home' && node.passed < homeAfter) continue
      if (a.kind === 'event' && Object.keys(node.snapshot.children).length > 0) continue
      if (a.kind === 'event' && typedTooSoon(node.snapshot, a.event)) continue
      stepper.clock.value = node.clock
      const result = stepper.apply(node.snapshot, a)
      if (result.snapshot.status === 'error') continue
      push({ snapshot: result.snapshot, clock: stepper.clock.value, passed: node.passed, start: node.start, parent: i, offer })
    }
  }
  return null
}

/** A form change typing an SMS code the page has not sent yet. */
function typedTooSoon(snapshot: AnyMachineSnapshot, event: { type: string; step?: unknown; patch?: unknown }): boolean {
  if (event.type !== 'form.change' || typeof event.patch !== 'object' || event.patch === null || !('code' in event.patch)) return false
  const sms = smsOfStep[String(event.step)]
  return sms !== undefined && (snapshot.context as Record<string, unknown>)[sms] === null
}

function materialiseWalk(model: Instrumented, nodes: { start: string; parent: number | null; offer: Offer | null }[], last: number, id: string, goal: string): ModelPath {
  const offers: Offer[] = []
  let at = nodes[last]
  while (at !== undefined && at.parent !== null && at.offer !== null) {
    offers.unshift(at.offer)
    at = nodes[at.parent]
  }
  const start = at?.start ?? ''
  const stepper = createStepper(model)
  let result = stepper.start(start)
  const startExpect = expectationOf(result.snapshot, model.inventory.invokeSrc)
  const steps = offers.map(({ label, action }) => {
    result = stepper.apply(result.snapshot, action)
    return { label, do: action, expect: expectationOf(result.snapshot, model.inventory.invokeSrc) }
  })
  return { id, kind: 'funnel', goal, start, startExpect, steps }
}
