import type { AnyStateMachine } from 'xstate'
import { allNodes, declaredGuard, describeGuard, inventoryOf, paramsText, rootOf, type NodeView } from '../../../src/app/machine-definition'
import { screenPaths, type ScreenName } from '../../../machines/screens'

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

/** XState schedules a state's `after` delays with its own entry raise and exit cancel: the `after` transitions already say it. */
const delayScheduling = (action: string) => action.startsWith('raise(xstate.after.') || action === 'cancel'

function describeState(node: NodeView): DescribedState {
  const path: string[] = []
  for (let at: NodeView | undefined = node; at !== undefined; at = at.parent) path.unshift(at.key)
  const screen = node.meta?.path ?? node.meta?.screen
  const initial = node.type === 'compound' ? node.initial?.target?.[0]?.id : undefined
  const route = screen !== undefined && screen in screenPaths ? screenPaths[screen as ScreenName] : undefined
  return {
    id: node.id,
    path: path.join('.'),
    parent: node.parent?.id ?? null,
    type: node.type,
    ...(initial !== undefined ? { initial } : {}),
    ...(node.type === 'history' ? { history: node.history === 'deep' ? ('deep' as const) : ('shallow' as const) } : {}),
    ...(screen !== undefined ? { screen } : {}),
    ...(route !== undefined ? { route } : {}),
    routable: node.config.route !== undefined,
    invokes: node.invoke.map((def) => (typeof def.src === 'string' ? def.src : def.id)),
    tags: [...node.tags].sort(),
    entry: (node.entry ?? []).map((a) => describeAction(a, `${node.id} entry`)).filter((a) => !delayScheduling(a)),
    exit: (node.exit ?? []).map((a) => describeAction(a, `${node.id} exit`)).filter((a) => !delayScheduling(a)),
  }
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
    const actions = (view.actions ?? []).map((a) => describeAction(a, where))
    transitions.push({
      key,
      source: info.source,
      event: view.eventType,
      kind: info.kind,
      targets: info.targets,
      ...(guard !== undefined ? { guard } : {}),
      actions,
      ...(view.reenter === true ? { reenter: true as const } : {}),
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
