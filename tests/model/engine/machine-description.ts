import { and, not, or, stateIn, type AnyStateMachine } from 'xstate'
import { screenPaths, type ScreenName } from '../../../machines/screens'
import { allNodes, inventoryOf, rootOf, type NodeView, type TransitionView } from './instrument'

/*
 * The machine's behaviour as a document a reviewer can diff: every state (its type, initial
 * child, screen, route, invokes, entry and exit actions) and every transition (its event, guard,
 * targets and actions), sorted, with nothing in it that a rename of a function or a production
 * build could change. Committed as tests/model/machine-description.json next to the golden
 * paths, and compared with the machine by a test; `npm run paths -- --approve` rewrites it.
 */

export const descriptionFile = 'tests/model/machine-description.json'

export interface DescribedState {
  id: string
  /** The keys from the root down: `app.session.screens.home`. */
  path: string
  parent: string | null
  type: string
  initial?: string
  history?: 'shallow' | 'deep'
  screen?: string
  /** The URL path the screen shows (the router's projection of this state). */
  route?: string
  /** The URL can bring the borrower here (`route: {}`). */
  routable: boolean
  /** The invoked actors' src names, in declaration order. */
  invokes: string[]
  tags: string[]
  entry: string[]
  exit: string[]
}

export interface DescribedTransition {
  /** The coverage key: `source | label | index`, or `source | route→#target` for a route. */
  key: string
  source: string
  /** The event type as the machine names it (`""` for `always`, `xstate.after.*` for a delay). */
  event: string
  kind: string
  targets: string[]
  guard?: string
  actions: string[]
  reenter?: true
}

export interface MachineDescription {
  format: 'huaqian.machine-description/1'
  machine: string
  states: DescribedState[]
  transitions: DescribedTransition[]
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

function paramsText(params: unknown): string {
  if (params === undefined || params === null) return ''
  // Parameters computed at run time (from the event or the context) have no fixed value to show.
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

interface BuiltIn {
  type?: unknown
  assignment?: unknown
  event?: unknown
  params?: unknown
}

/**
 * An action as the machine declares it: its name and fixed parameters; XState's built-ins by the
 * type they carry (`xstate.assign` lists the keys it assigns); an inline function by its place.
 */
export function describeAction(action: unknown, where: string): string {
  if (typeof action === 'string') return action
  const builtIn = action as BuiltIn
  if (typeof action === 'function') {
    if (builtIn.type === 'xstate.assign') {
      const keys = builtIn.assignment !== null && typeof builtIn.assignment === 'object' ? Object.keys(builtIn.assignment).sort() : null
      return keys === null ? `assign(inline, of ${where})` : `assign(${keys.join(', ')})`
    }
    if (builtIn.type === 'xstate.raise') {
      const event = builtIn.event as { type?: unknown } | undefined
      return `raise(${typeof event?.type === 'string' ? event.type : '…'})`
    }
    if (typeof builtIn.type === 'string' && builtIn.type.startsWith('xstate.')) return builtIn.type.slice('xstate.'.length)
    return `inline action of ${where}`
  }
  if (action !== null && typeof action === 'object' && typeof builtIn.type === 'string') return `${builtIn.type}${paramsText(builtIn.params)}`
  return `inline action of ${where}`
}

interface NodeDetails {
  meta?: { screen?: string; path?: string }
  history?: 'shallow' | 'deep' | boolean
  initial?: { target?: NodeView[] }
  entry?: unknown[]
  exit?: unknown[]
  config: { route?: { guard?: unknown } }
}

/** XState schedules a state's `after` delays with its own entry raise and exit cancel: the `after` transitions already say it. */
const delayScheduling = (action: string) => action.startsWith('raise(xstate.after.') || action === 'cancel'

function describeState(node: NodeView): DescribedState {
  const details = node as unknown as NodeDetails
  const path: string[] = []
  for (let at: NodeView | undefined = node; at !== undefined; at = at.parent) path.unshift(at.key)
  const screen = details.meta?.path ?? details.meta?.screen
  const initial = node.type === 'compound' ? details.initial?.target?.[0]?.id : undefined
  const route = screen !== undefined && screen in screenPaths ? screenPaths[screen as ScreenName] : undefined
  return {
    id: node.id,
    path: path.join('.'),
    parent: node.parent?.id ?? null,
    type: node.type,
    ...(initial !== undefined ? { initial } : {}),
    ...(node.type === 'history' ? { history: details.history === 'deep' ? ('deep' as const) : ('shallow' as const) } : {}),
    ...(screen !== undefined ? { screen } : {}),
    ...(route !== undefined ? { route } : {}),
    routable: details.config.route !== undefined,
    invokes: node.invoke.map((def) => (typeof def.src === 'string' ? def.src : def.id)),
    tags: [...node.tags].sort(),
    entry: (details.entry ?? []).map((a) => describeAction(a, `${node.id} entry`)).filter((a) => !delayScheduling(a)),
    exit: (details.exit ?? []).map((a) => describeAction(a, `${node.id} exit`)).filter((a) => !delayScheduling(a)),
  }
}

/**
 * The guard a transition declares. A route on the root is made by XState from its target's
 * `route: {}` (a check that the event names the target, and'ed with the declared guard): the
 * declared one is read from the target's config.
 */
export function declaredGuard(view: TransitionView, kind: string): unknown {
  if (kind !== 'route') return view.guard
  return (view.target?.[0] as unknown as NodeDetails | undefined)?.config.route?.guard
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export function describeMachine(machine: AnyStateMachine): MachineDescription {
  const { inventory, keyOf } = inventoryOf(machine)
  const infoOf = new Map(inventory.transitions.map((info) => [info.key, info]))
  const transitions: DescribedTransition[] = []
  for (const [view, key] of keyOf) {
    const info = infoOf.get(key)
    if (info === undefined) continue
    const where = `${info.source} on ${info.label}`
    const guard = describeGuard(declaredGuard(view, info.kind), where)
    const actions = ((view as unknown as { actions?: unknown[] }).actions ?? []).map((a) => describeAction(a, where))
    transitions.push({
      key,
      source: info.source,
      event: view.eventType,
      kind: info.kind,
      targets: info.targets,
      ...(guard !== undefined ? { guard } : {}),
      actions,
      ...((view as unknown as { reenter?: boolean }).reenter === true ? { reenter: true as const } : {}),
    })
  }
  return {
    format: 'huaqian.machine-description/1',
    machine: machine.id,
    states: allNodes(rootOf(machine))
      .map(describeState)
      .sort((a, b) => byString(a.id, b.id)),
    transitions: transitions.sort((a, b) => byString(a.key, b.key)),
  }
}

/** The description as committed: two-space JSON, one trailing newline. */
export function descriptionText(description: MachineDescription): string {
  return `${JSON.stringify(description, null, 2)}\n`
}
