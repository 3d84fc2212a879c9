import { and, not, or, stateIn } from 'xstate'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InspectionEvent } from 'xstate'
import type { Words } from '../../machines/flow-kit'

/*
 * The machine's definition as typed data: its state nodes, their formatted transitions and the
 * guards those declare. The model-based tests derive their model from it and the reviewer page
 * draws its chart from it, so neither keeps a copy that could drift from the machine.
 *
 * XState shares no public API for a state node's formatted transitions, for the nodes a snapshot
 * has active, or for "which transitions did this step take" (the inspection event
 * `@xstate.microstep` carries them as `_transitions`). This file is the one place that reads them.
 */

/** The parts of an XState state node that are read. */
export interface NodeView {
  id: string
  key: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  parent?: NodeView
  states: Record<string, NodeView>
  tags: string[]
  description?: string
  meta?: { screen?: string; path?: string; words?: Words }
  history?: 'shallow' | 'deep' | boolean
  initial?: { target?: NodeView[] }
  entry?: unknown[]
  exit?: unknown[]
  config: { route?: { guard?: unknown }; id?: string }
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
  actions?: unknown[]
  reenter?: boolean
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

/** The state nodes a snapshot has active, its ancestors and the root included. */
export function activeNodes(snapshot: AnyMachineSnapshot): NodeView[] {
  return (snapshot as unknown as { _nodes?: NodeView[] })._nodes ?? []
}

/** What one microstep took and where it left the machine; null for any other inspection event. */
export function microstepOf(event: InspectionEvent): { transitions: TransitionView[]; nodes: NodeView[] } | null {
  if (event.type !== '@xstate.microstep') return null
  const step = event as unknown as { _transitions: TransitionView[]; snapshot: AnyMachineSnapshot }
  return { transitions: step._transitions, nodes: activeNodes(step.snapshot) }
}

// ---- transitions, each with a stable key ----

/** Where a transition sits among its source's transitions for the same event: what a live page reports of a step. */
export function indexAmongSiblings(t: TransitionView): number {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  return list.indexOf(t)
}

export type TransitionKind = 'event' | 'done' | 'error' | 'after' | 'always' | 'route'

export interface TransitionInfo {
  /** Stable and readable: `source | label | index`, or `source | route→#target` for a route. */
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

/**
 * The guard a transition declares. A route on the root is made by XState from its target's
 * `route: {}` (a check that the event names the target, and'ed with the declared guard): the
 * declared one is read from the target's config.
 */
export function declaredGuard(view: TransitionView, kind: TransitionKind): unknown {
  if (kind !== 'route') return view.guard
  return view.target?.[0]?.config.route?.guard
}

export type GuardArgs = { context: unknown; event: EventObject }
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

interface Helper {
  check?: unknown
  guards?: unknown[]
  stateValue?: unknown
}

/*
 * XState's `and`, `or`, `not` and `stateIn` return functions that carry their own `check` (the
 * same function for every `and(…)`, and so on) and the guards they combine: they are recognised by
 * that, never by a function's name, which a bundler renames.
 */
const checkOf = (guard: unknown) => (guard as Helper).check
const combinators = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('x')), 'not'],
])
const stateInCheck = checkOf(stateIn('x'))

/** Fixed parameters as text: `(step: "basic")`; those computed at run time have no value to show. */
export function paramsText(params: unknown): string {
  if (params === undefined || params === null) return ''
  if (typeof params === 'function') return '(…)'
  if (typeof params !== 'object') return `(${String(params)})`
  return `(${Object.entries(params as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'function' ? '…' : JSON.stringify(value)}`)
    .join(', ')})`
}

/** A guard as the machine declares it; `where` names an inline guard by its place in the machine. */
export function describeGuard(guard: unknown, where: string): string | undefined {
  if (guard === undefined || guard === null) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const check = checkOf(guard)
    const op = combinators.get(check)
    const parts = (guard as Helper).guards
    if (op !== undefined && Array.isArray(parts)) return `${op}(${parts.map((g) => describeGuard(g, where)).join(', ')})`
    if (check !== undefined && check === stateInCheck) return `stateIn(${JSON.stringify((guard as Helper).stateValue)})`
    return `inline guard of ${where}`
  }
  const object = guard as { type?: unknown; params?: unknown }
  if (typeof object.type === 'string') return `${object.type}${paramsText(object.params)}`
  return `inline guard of ${where}`
}
