import { fromPromise } from 'xstate'
import type { AnyStateMachine, EventObject } from 'xstate'

/*
 * Reads the machine's own definition (its state nodes, invokes, delays, guards and transitions)
 * so the model is derived from the app's machine and cannot drift from it, and instruments a
 * private copy of it: each guarded transition reports what its guard answered, and each invoked
 * actor is answered by whoever drives the copy (the explorer, or a runner following a path).
 *
 * XState shares no public API for "which transitions did this step take"; the inspection event
 * `@xstate.microstep` carries them as `_transitions`, and state nodes expose their formatted
 * transitions. Both are read here and nowhere else.
 */

/** The parts of an XState state node the model reads. */
export interface NodeView {
  id: string
  key: string
  type: string
  parent?: NodeView
  states: Record<string, NodeView>
  tags: string[]
  config: { route?: unknown; id?: string }
  transitions: Map<string, TransitionView[]>
  always?: TransitionView[]
  invoke: { id: string; src: unknown }[]
  after: TransitionView[]
}

export interface TransitionView {
  eventType: string
  guard?: unknown
  target?: NodeView[]
  source: NodeView
  delay?: string | number
}

export type TransitionKind = 'event' | 'done' | 'error' | 'after' | 'always' | 'route'

export interface TransitionInfo {
  /** Stable and readable: `source | label | index`. */
  key: string
  source: string
  label: string
  kind: TransitionKind
  /** The invoked actor's src for done/error, the delay name for after, the event type otherwise. */
  trigger: string
  targets: string[]
  guarded: boolean
}

export interface Inventory {
  /** Every state node id except the root and history pseudo-states. */
  states: string[]
  transitions: TransitionInfo[]
  /** Routable state ids (`route: {}`), each reachable with `xstate.route` `to: '#id'`. */
  routable: string[]
  /** Invoke id → the actor's src name. */
  invokeSrc: Map<string, string>
  /** Every src the machine invokes. */
  srcs: string[]
  delays: string[]
}

export function rootOf(machine: AnyStateMachine): NodeView {
  return machine.root as unknown as NodeView
}

export function allNodes(root: NodeView): NodeView[] {
  const out: NodeView[] = []
  const walk = (node: NodeView) => {
    out.push(node)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(root)
  return out
}

function transitionsOf(node: NodeView): TransitionView[][] {
  return [...node.transitions.values(), ...(node.always ? [node.always] : [])]
}

function describe(t: TransitionView, invokeSrc: Map<string, string>): { label: string; kind: TransitionKind; trigger: string } {
  const type = t.eventType
  if (type === '') return { label: 'always', kind: 'always', trigger: 'always' }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  if (done) {
    const src = invokeSrc.get(done[1] ?? '') ?? done[1] ?? '?'
    return { label: `${src}.done`, kind: 'done', trigger: src }
  }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type)
  if (error) {
    const src = invokeSrc.get(error[1] ?? '') ?? error[1] ?? '?'
    return { label: `${src}.error`, kind: 'error', trigger: src }
  }
  if (type.startsWith('xstate.after.')) {
    const delay = String(t.delay)
    return { label: `after:${delay}`, kind: 'after', trigger: delay }
  }
  if (type === 'xstate.route' && t.source.parent === undefined) {
    const to = t.target?.[0]?.id ?? '?'
    return { label: `route→#${to}`, kind: 'route', trigger: 'xstate.route' }
  }
  return { label: type, kind: 'event', trigger: type }
}

/** The machine's inventory, and each formatted transition object's key (for inspection events). */
export function inventoryOf(machine: AnyStateMachine): { inventory: Inventory; keyOf: Map<TransitionView, string> } {
  const nodes = allNodes(rootOf(machine))
  const invokeSrc = new Map<string, string>()
  for (const node of nodes) for (const def of node.invoke) invokeSrc.set(def.id, typeof def.src === 'string' ? def.src : def.id)
  const keyOf = new Map<TransitionView, string>()
  const transitions: TransitionInfo[] = []
  const delays = new Set<string>()
  for (const node of nodes) {
    for (const list of transitionsOf(node)) {
      list.forEach((t, index) => {
        const { label, kind, trigger } = describe(t, invokeSrc)
        if (kind === 'after') delays.add(trigger)
        // Routes are keyed by their target, so adding one route does not rename the others.
        const key = kind === 'route' ? `${node.id} | ${label}` : `${node.id} | ${label} | ${index}`
        keyOf.set(t, key)
        transitions.push({
          key,
          source: node.id,
          label,
          kind,
          trigger,
          targets: (t.target ?? []).map((n) => n.id),
          // A route's own guard only checks that the event names it; only a declared guard can refuse.
          guarded: kind === 'route' ? typeof t.guard === 'function' && 'guards' in t.guard : t.guard !== undefined,
        })
      })
    }
  }
  return {
    inventory: {
      states: nodes.filter((n) => n.parent !== undefined && n.type !== 'history').map((n) => n.id),
      transitions,
      routable: nodes.filter((n) => n.config.route !== undefined && n.config.id !== undefined).map((n) => n.id),
      invokeSrc,
      srcs: [...new Set(invokeSrc.values())].sort(),
      delays: [...delays].sort(),
    },
    keyOf,
  }
}

// ---- guards ----

type GuardArgs = { context: unknown; event: EventObject }
type BuiltinGuard = ((...args: unknown[]) => boolean) & { check: (snapshot: unknown, args: GuardArgs, self: unknown) => boolean }
type GuardImpl = ((args: GuardArgs, params: unknown) => boolean) | BuiltinGuard

/** Evaluates a guard the way XState does (named, parameterised, inline, and/not/or). */
export function evaluateGuard(machine: AnyStateMachine, guard: unknown, args: GuardArgs): boolean {
  // Built-in combinators evaluate their parts through snapshot.machine; nothing else is read.
  const snapshot = { machine }
  if (typeof guard === 'function') {
    if ('check' in guard) return (guard as BuiltinGuard).check(snapshot, args, guard)
    return (guard as (a: GuardArgs, p: unknown) => boolean)(args, undefined)
  }
  const ref = typeof guard === 'string' ? { type: guard } : (guard as { type: string; params?: unknown })
  const impls = machine.implementations.guards as Record<string, GuardImpl | undefined>
  const impl = impls[ref.type]
  if (impl === undefined) throw new Error(`guard "${ref.type}" is not implemented`)
  if ('check' in impl) return impl.check(snapshot, args, impl)
  const params = typeof ref.params === 'function' ? (ref.params as (a: GuardArgs) => unknown)(args) : ref.params
  return impl(args, params)
}

/** Receives what an instrumented machine did: guard answers, per transition key. */
export interface Recorder {
  guard(key: string, outcome: boolean): void
}

/** Whoever answers the instrumented machine's invoked actors. */
export interface ActorController {
  invoke(src: string, input: unknown, signal: AbortSignal): Promise<unknown>
}

export interface Instrumented {
  machine: AnyStateMachine
  inventory: Inventory
  keyOf: Map<TransitionView, string>
  /** The unwrapped guard of each guarded transition, to read context without recording. */
  originalGuard: Map<TransitionView, unknown>
  recorder: { current: Recorder | null }
  controller: { current: ActorController | null }
}

/**
 * A private copy of the machine (`provide` builds new state nodes, so the app's machine is never
 * touched) whose actors are answered by `controller.current` and whose guards report to
 * `recorder.current`. Route guards report only for the route the event asks for: "route to #x
 * was refused" is the outcome worth covering, not "this was not a route to #x".
 */
export function instrument(machine: AnyStateMachine): Instrumented {
  const recorder: Instrumented['recorder'] = { current: null }
  const controller: Instrumented['controller'] = { current: null }
  const names = Object.keys(machine.implementations.actors)
  const actors: Record<string, unknown> = {}
  for (const name of names) {
    actors[name] = fromPromise<unknown, unknown>(({ input, signal }) => {
      const current = controller.current
      if (current === null) return new Promise<unknown>(() => {})
      return current.invoke(name, input, signal)
    })
  }
  const copy = machine.provide({ actors: actors as never }) as AnyStateMachine
  const { inventory, keyOf } = inventoryOf(copy)
  const originalGuard = new Map<TransitionView, unknown>()
  const guardedKeys = new Set(inventory.transitions.filter((t) => t.guarded).map((t) => t.key))
  for (const [t, key] of keyOf) {
    if (t.guard === undefined) continue
    const reports = guardedKeys.has(key)
    const original = t.guard
    originalGuard.set(t, original)
    const routeTo = key.includes(' | route→') ? `#${t.target?.[0]?.id ?? ''}` : null
    t.guard = (args: GuardArgs) => {
      const outcome = evaluateGuard(copy, original, args)
      if (reports && (routeTo === null || (args.event as { to?: unknown }).to === routeTo)) recorder.current?.guard(key, outcome)
      return outcome
    }
  }
  return { machine: copy, inventory, keyOf, originalGuard, recorder, controller }
}
