import { createActor } from 'xstate'
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate'
import type { AppSnapshot, RouteTarget } from '../../../machines/routes'
import { routeForState } from '../../../machines/routes'
import type { EventSample, FailureKind } from './fixtures'
import {
  clockStartMs,
  draftOnScreen,
  eventSamples,
  failureOf,
  failuresOf,
  fixtures,
  formSamples,
  notExplored,
  routeQueries,
  startSamples,
  waitMs,
} from './fixtures'
import type { Instrumented } from './instrument'
import { activeNodes, evaluateGuard, microstepOf, type NodeView, type TransitionView } from '../../../src/app/machine-definition'

/*
 * The test model: the real machine, stepped with XState's pure transition (nothing runs, no actor
 * starts, no timer is set), over an abstract graph whose edges are what the outside world can do:
 * - the borrower's events (the machine's own `on` keys, with samples from fixtures.ts),
 * - each invoked actor's outcomes: done with each named fixture, error of each failure kind,
 * - each delay (`after`), fired on purpose instead of waited for,
 * - time passing (an SMS resend countdown) where no delay is pending.
 *
 * State identity ignores form data and everything else a guard does not look at: a vertex is the
 * state value, plus what each guard on the transitions leaving the active states answers about
 * the context right now, plus the polling attempt while polling (the poll cap compares a count,
 * which a yes/no answer would hide). Two snapshots that agree on these can take the same
 * transitions, so exploring one of them is enough.
 */

// ---- what a step does ----

export type StepAction =
  | { kind: 'event'; event: EventObject }
  | { kind: 'actor'; src: string; outcome: 'done'; fixture: string }
  | { kind: 'actor'; src: string; outcome: 'error'; error: FailureKind }
  | { kind: 'delay'; delay: string }
  | { kind: 'wait'; ms: number }

/** The context a test checks after each step; everything else is form data. */
export interface KeyContext {
  screen: string | null
  step: string | null
  errorCode: string | null
  errorStatus: number | null
  overlay: string | null
  pollAttempt: number
}

export interface Expectation {
  state: StateValue
  route: RouteTarget | null
  /** The actors the machine is waiting on (their src), sorted. */
  invoking: string[]
  context: KeyContext
}

export function labelOf(action: StepAction): string {
  switch (action.kind) {
    case 'event': {
      const e = action.event as EventObject & { to?: string; step?: string; patch?: object }
      if (e.type === 'xstate.route') return `route:${e.to ?? ''}${'query' in e ? '?' + new URLSearchParams(e.query as Record<string, string>).toString() : ''}`
      return e.type
    }
    case 'actor':
      return action.outcome === 'done' ? `${action.src}.done:${action.fixture}` : `${action.src}.error:${action.error}`
    case 'delay':
      return `after:${action.delay}`
    case 'wait':
      return `wait:${Math.round(action.ms / 1000)}s`
  }
}

function sampleLabel(sample: EventSample): string {
  return sample.name === '' ? sample.event.type : `${sample.event.type}(${sample.name})`
}

// ---- reading a snapshot ----

export function keyContextOf(snapshot: AnyMachineSnapshot): KeyContext {
  const c = snapshot.context as {
    screen: string | null
    loanUser: { step: string } | null
    errorCode: string | null
    errorStatus: number | null
    overlay: { page: string } | null
    pollAttempt: number
  }
  return {
    screen: c.screen,
    step: c.loanUser?.step ?? null,
    errorCode: c.errorCode,
    errorStatus: c.errorStatus,
    overlay: c.overlay?.page ?? null,
    pollAttempt: c.pollAttempt,
  }
}

export function invokingOf(snapshot: AnyMachineSnapshot, invokeSrc: Map<string, string>): string[] {
  return Object.keys(snapshot.children)
    .map((id) => invokeSrc.get(id))
    .filter((src): src is string => src !== undefined)
    .sort()
}

export function expectationOf(snapshot: AnyMachineSnapshot, invokeSrc: Map<string, string>): Expectation {
  return {
    state: snapshot.value,
    route: routeForState(snapshot as unknown as AppSnapshot),
    invoking: invokingOf(snapshot, invokeSrc),
    context: keyContextOf(snapshot),
  }
}

// ---- the stepper: pure transitions that report what they took ----

export interface StepResult {
  snapshot: AnyMachineSnapshot
  transitions: TransitionView[]
  /** Every state node active in any microstep (transient states such as `deciding` included). */
  states: Set<string>
  guards: Set<string>
}

export interface Stepper {
  start(name: string): StepResult
  apply(snapshot: AnyMachineSnapshot, action: StepAction): StepResult
  /** The model's clock (ms since clockStartMs): what `input.now` reads. */
  clock: { value: number }
}

interface Scope {
  self: { _snapshot: unknown; system: unknown }
}

export function createStepper(model: Instrumented): Stepper {
  const clock = { value: 0 }
  let ids = 0
  let taken: TransitionView[] = []
  let states = new Set<string>()
  const input = {
    now: () => clockStartMs + clock.value,
    makeId: () => `model-${++ids}`,
    bridge: { channel: 'app-test' },
  }
  const self = createActor(model.machine, {
    input,
    inspect: (event) => {
      const step = microstepOf(event)
      if (step === null) return
      taken.push(...step.transitions)
      for (const node of step.nodes) states.add(node.id)
    },
  }) as unknown as Scope['self']
  // What XState's own pure `transition()` passes: an actor scope whose effects go nowhere.
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  }
  const logic = model.machine as unknown as {
    getInitialSnapshot(scope: unknown, input: unknown): AnyMachineSnapshot
    transition(snapshot: AnyMachineSnapshot, event: EventObject, scope: unknown): AnyMachineSnapshot
  }
  const run = (fn: () => AnyMachineSnapshot): StepResult => {
    taken = []
    states = new Set()
    const guards = new Set<string>()
    model.recorder.current = { guard: (key, outcome) => guards.add(`${key} = ${outcome}`) }
    try {
      const snapshot = fn()
      for (const node of activeNodes(snapshot)) states.add(node.id)
      return { snapshot, transitions: taken, states, guards }
    } finally {
      model.recorder.current = null
    }
  }
  const invokeIdOf = (snapshot: AnyMachineSnapshot, src: string): string => {
    for (const id of Object.keys(snapshot.children)) if (model.inventory.invokeSrc.get(id) === src) return id
    throw new Error(`the machine is not invoking ${src}`)
  }
  return {
    clock,
    start(name) {
      const sample = startSamples.find((s) => s.name === name)
      if (!sample) throw new Error(`no start named ${name}`)
      Object.assign(input, { bridge: sample.input.bridge, initialDeepLink: sample.input.initialDeepLink })
      return run(() => logic.getInitialSnapshot(scope, { ...input, ...sample.input }))
    },
    apply(snapshot, action) {
      self._snapshot = snapshot
      switch (action.kind) {
        case 'event':
          return run(() => logic.transition(snapshot, action.event, scope))
        case 'delay': {
          const node = activeNodes(snapshot).find((n) => n.after.some((t) => String(t.delay) === action.delay))
          if (!node) throw new Error(`no delay ${action.delay} is pending`)
          return run(() => logic.transition(snapshot, { type: `xstate.after.${action.delay}.${node.id}` }, scope))
        }
        case 'wait':
          clock.value += action.ms
          return run(() => snapshot)
        case 'actor': {
          const id = invokeIdOf(snapshot, action.src)
          if (action.outcome === 'error') {
            const event = { type: `xstate.error.actor.${id}`, error: failureOf(action.error), actorId: id }
            return run(() => logic.transition(snapshot, event, scope))
          }
          const args = inputOf(snapshot, id)
          const fixture = (fixtures as Record<string, Record<string, (a: unknown) => unknown>>)[action.src]?.[action.fixture]
          if (!fixture) throw new Error(`no fixture ${action.src}.${action.fixture}`)
          const event = { type: `xstate.done.actor.${id}`, output: fixture(args), actorId: id }
          return run(() => logic.transition(snapshot, event, scope))
        }
      }
    },
  }
}

/** What the invoked actor `id` was started with: what its request would carry. */
function inputOf(snapshot: AnyMachineSnapshot, id: string): unknown {
  return (snapshot.children[id]?.getSnapshot() as { input?: unknown } | undefined)?.input
}

// ---- what can happen next ----

export interface Offer {
  label: string
  action: StepAction
}

/** Everything the world can do to this snapshot; `missing` names what has no fixture or sample. */
export function offersOf(model: Instrumented, snapshot: AnyMachineSnapshot, missing: Set<string>): Offer[] {
  const offers: Offer[] = []
  const nodes = activeNodes(snapshot)
  const types = new Set<string>()
  for (const node of nodes) for (const type of node.transitions.keys()) types.add(type)
  const delays = new Set<string>()
  for (const type of [...types].sort()) {
    const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
    if (actor) {
      const id = actor[2] ?? ''
      const src = model.inventory.invokeSrc.get(id) ?? ''
      if (!(id in snapshot.children)) continue
      if (actor[1] === 'done') {
        const named = (fixtures as Record<string, Record<string, unknown> | undefined>)[src]
        if (!named || Object.keys(named).length === 0) missing.add(`fixture for ${src}`)
        for (const fixture of Object.keys(named ?? {})) {
          if (notExplored.fixtures.has(`${src}.${fixture}`)) continue
          const action: StepAction = { kind: 'actor', src, outcome: 'done', fixture }
          offers.push({ label: labelOf(action), action })
        }
      } else {
        for (const error of failuresOf(inputOf(snapshot, id))) {
          const action: StepAction = { kind: 'actor', src, outcome: 'error', error }
          offers.push({ label: labelOf(action), action })
        }
      }
      continue
    }
    if (type.startsWith('xstate.after.')) {
      for (const node of nodes) for (const t of node.after) if (t.eventType === type) delays.add(String(t.delay))
      continue
    }
    if (type === 'xstate.route') {
      for (const id of model.inventory.routable) {
        const plain: EventObject = { type, to: `#${id}` } as EventObject
        offers.push({ label: `route:#${id}`, action: { kind: 'event', event: plain } })
        const query = routeQueries[id]
        if (query) {
          const action: StepAction = { kind: 'event', event: { ...plain, query } as EventObject }
          offers.push({ label: labelOf(action), action })
        }
      }
      continue
    }
    if (type === 'form.change') {
      if (!snapshot.hasTag('editing')) continue
      const draft = draftOnScreen((snapshot.context as { screen: string | null }).screen, snapshot.matches({ session: 'rights' }))
      for (const sample of draft === null ? [] : formSamples[draft]) {
        offers.push({ label: sampleLabel(sample), action: { kind: 'event', event: sample.event } })
      }
      continue
    }
    if (type.startsWith('xstate.')) continue
    const samples = (eventSamples as Record<string, EventSample[] | undefined>)[type]
    if (!samples || samples.length === 0) {
      missing.add(`event sample for ${type}`)
      continue
    }
    for (const sample of samples) {
      if (!notExplored.samples.has(sampleLabel(sample))) offers.push({ label: sampleLabel(sample), action: { kind: 'event', event: sample.event } })
    }
  }
  for (const delay of [...delays].sort()) offers.push({ label: `after:${delay}`, action: { kind: 'delay', delay } })
  // Time passing matters only to deadlines in context (the SMS resend); timers are fired as delays.
  if (delays.size === 0) offers.push({ label: `wait:${waitMs / 1000}s`, action: { kind: 'wait', ms: waitMs } })
  return offers
}

/**
 * The abstraction function. A vertex is:
 * - the state value;
 * - for each active state that is a self-contained region (no history state inside: everything
 *   except `session` and `session.screens`, which remember where the borrower was), what every
 *   guard in that region answers about the context now. A region's guards are what it will read
 *   before the borrower leaves it: the server's step on home, the rights order in the sheet, the
 *   form on screen being ready. `and`/`or`/`not` are split into their parts, so "agreed but no code
 *   yet" differs from "nothing done";
 * - the polling attempt while polling (the poll cap compares a count, which yes/no would hide).
 * Nothing else: form data, ids and keys that no guard reads stay out, so the graph stays small.
 */
export function identityOf(model: Instrumented, snapshot: AnyMachineSnapshot): string {
  const probe = { type: 'model.probe' }
  const answer = (guard: unknown): string => {
    const parts = typeof guard === 'function' && 'guards' in guard ? (guard as { guards: unknown[] }).guards : null
    if (parts !== null) return parts.map(answer).join('')
    try {
      return evaluateGuard(model.machine, guard, { context: snapshot.context, event: probe }) ? '1' : '0'
    } catch {
      // A guard that reads the event (an actor's output, the route asked for) says nothing about context.
      return 'x'
    }
  }
  let bits = ''
  for (const node of activeNodes(snapshot)) {
    const guards = regionGuards(model, node)
    if (guards.length > 0) bits += `${node.key}:${guards.map(answer).join('')};`
  }
  const poll = snapshot.hasTag('polling') ? `|poll=${(snapshot.context as { pollAttempt: number }).pollAttempt}` : ''
  return `${JSON.stringify(snapshot.value)}|${bits}${poll}`
}

const regionCache = new WeakMap<NodeView, unknown[]>()

/** The original guards inside a node that is a region, or none (see identityOf). */
function regionGuards(model: Instrumented, node: NodeView): unknown[] {
  const cached = regionCache.get(node)
  if (cached) return cached
  const subtree: NodeView[] = []
  const walk = (n: NodeView) => {
    subtree.push(n)
    for (const child of Object.values(n.states)) walk(child)
  }
  walk(node)
  const isRegion = node.parent !== undefined && !subtree.some((n) => n.type === 'history')
  const guards: unknown[] = []
  if (node.parent === undefined) {
    // The root's own guards: which screens a URL may open now (route guards), read from anywhere.
    for (const t of node.transitions.get('xstate.route') ?? []) {
      const guard = model.originalGuard.get(t)
      if (guard !== undefined) guards.push(guard)
    }
  }
  if (isRegion) {
    for (const n of subtree) {
      for (const list of [...n.transitions.values(), ...(n.always ? [n.always] : [])]) {
        for (const t of list) {
          const guard = model.originalGuard.get(t)
          if (guard !== undefined) guards.push(guard)
        }
      }
    }
  }
  regionCache.set(node, guards)
  return guards
}
