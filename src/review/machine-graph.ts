import type { AnyStateMachine } from 'xstate'
import { allNodes, declaredGuard, describeGuard, indexAmongSiblings, inventoryOf, rootOf, type NodeView, type TransitionKind, type TransitionView } from '../app/machine-definition'
import type { Words } from '../../machines/flow-kit'
import { machineWords } from './machine-words'
import { fill, speaker } from './plain-words'

/*
 * The statechart as data, read from the machine's own definition (src/app/machine-definition.ts), never
 * from a hand-kept copy: a state added to the machine is a state on the chart. Transition keys and
 * guard names are the ones the model-based tests' coverage files and the committed machine
 * description use, so the overlay, the chart and a diff address a transition and say a rule the
 * same way.
 */

export type StateType = NodeView['type']
export type { TransitionKind }

export interface ChartState {
  /** The full id, as XState names it (`#id` targets it). */
  id: string
  key: string
  /** The keys from the root down, the root's own key first: `app.session.screens.home`. */
  path: string
  parent: string | null
  children: string[]
  type: StateType
  history?: 'shallow' | 'deep'
  /** The id of the initial child of a compound state. */
  initial: string | null
  description?: string
  invokes: { id: string; src: string }[]
  tags: string[]
  /** The screen a state shows (`meta.screen`, or `meta.path` for the liveness web view). */
  screen?: string
  /** Routable (`route: {}`): the URL can bring the borrower here. */
  routable: boolean
  /** The screen's purpose in the reviewer's words (`meta.words`). */
  words?: Words
  /** How the page says it (`speakGraph`): its box's name, its whole name ("Bank card · sending the code"), its calls and purpose. */
  said: { name: string; full: string; calls: string[]; purpose?: string }
}

export interface ChartTransition {
  /** The coverage key: `source | label | index`, or `source | route→#target` for a route. */
  key: string
  source: string
  targets: string[]
  /** The event type as XState names it (`""` for `always`). */
  event: string
  /** Its place among its source's transitions for the same event (what a live page reports). */
  index: number
  kind: TransitionKind
  /** How the chart labels it: the event, `showUser.done`, `after creditPollDelay`, `always`. */
  label: string
  guard?: string
  /** No target: the state handles the event itself (actions only). */
  internal: boolean
  reenter: boolean
  /**
   * How the page says it (`speakGraph`): the event as a button says it, the guard as a condition
   * ("if the code is typed"), the whole move as a sentence, and the code names it stands for.
   */
  said: { event: string; guard?: string; sentence: string; code: string }
}

export interface MachineGraph {
  machineId: string
  root: string
  states: ChartState[]
  transitions: ChartTransition[]
}

function chartState(node: NodeView): ChartState {
  const path: string[] = []
  for (let at: NodeView | undefined = node; at !== undefined; at = at.parent) path.unshift(at.key)
  const screen = node.meta?.path ?? node.meta?.screen
  const initial = node.type === 'compound' ? (node.initial?.target?.[0]?.id ?? null) : null
  return {
    id: node.id,
    key: node.key,
    path: path.join('.'),
    parent: node.parent?.id ?? null,
    children: Object.values(node.states).map((child) => child.id),
    type: node.type,
    ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
    initial,
    ...(node.description ? { description: node.description } : {}),
    invokes: node.invoke.map((def) => ({ id: def.id, src: typeof def.src === 'string' ? def.src : def.id })),
    tags: [...node.tags],
    ...(screen !== undefined ? { screen } : {}),
    routable: node.config.route !== undefined,
    ...(node.meta?.words ? { words: node.meta.words } : {}),
    said: { name: node.key, full: node.id, calls: [] },
  }
}

function displayLabel(t: TransitionView, kind: TransitionKind, inventoryLabel: string): string {
  if (kind === 'after') return `after ${String(t.delay)}`
  if (kind === 'route') return 'route'
  return inventoryLabel
}

/** Every state node (the root, history pseudo-states included) and every transition the machine declares. */
export function machineGraph(machine: AnyStateMachine, locale = 'en'): MachineGraph {
  const root = rootOf(machine)
  const nodes = allNodes(root)
  const { inventory, keyOf } = inventoryOf(machine)
  const byKey = new Map(inventory.transitions.map((info) => [info.key, info]))
  const transitions: ChartTransition[] = []
  for (const [view, key] of keyOf) {
    const info = byKey.get(key)
    if (info === undefined) continue
    // Only the root's routes are the URL's way in; a state's own `xstate.route` handler is an event like any other.
    const kind: TransitionKind = info.kind
    const guard = describeGuard(declaredGuard(view, kind), `${info.source} on ${info.label}`)
    transitions.push({
      key,
      source: info.source,
      targets: info.targets,
      event: view.eventType,
      index: indexAmongSiblings(view),
      kind,
      label: displayLabel(view, kind, info.label),
      ...(guard !== undefined ? { guard } : {}),
      internal: info.targets.length === 0,
      reenter: view.reenter === true,
      said: { event: view.eventType, sentence: key, code: key },
    })
  }
  return speakGraph({ machineId: machine.id, root: root.id, states: nodes.map(chartState), transitions }, locale)
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Puts the reviewer's words on every state and transition of the graph, in place, in a locale's
 * language (English where the machine has no words in it): the chart, the panel and the live log
 * show these; the code names stay the ids, the keys and the labels.
 */
export function speakGraph(graph: MachineGraph, locale: string): MachineGraph {
  const say = speaker(graph.states, locale)
  for (const state of graph.states) {
    const full = say.state(state.id)
    state.said = {
      name: state.type === 'history' ? full : capital(full.split(' · ').at(-1) ?? full),
      full,
      calls: state.invokes.map((i) => capital(say.call(i.src))),
      // Without words of its own a state shows its description, which is written in English: in
      // another language it shows none (the description stays on hover).
      ...(state.words ? { purpose: state.words[say.lang] } : say.lang === 'en' ? {} : { purpose: '' }),
    }
  }
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const full = (id: string) => byId.get(id)?.said.full ?? id
  const comma = say.lang === 'zh-Hans' ? '，' : ', '
  for (const t of graph.transitions) {
    const event = say.event(t)
    const guard = t.guard !== undefined ? fill(machineWords.condition[say.lang], { rule: say.guard(t.guard) }) : undefined
    const to = t.targets.map(full).join(', ') || machineWords.inPlace[say.lang]
    t.said = {
      event,
      ...(guard !== undefined ? { guard } : {}),
      sentence: `${full(t.source)}: ${event}${guard !== undefined ? `${comma}${guard}` : ''} → ${to}`,
      code: `${t.label}${t.guard !== undefined ? ` [${t.guard}]` : ''}: ${t.source} → ${t.targets.join(', ') || '(in place)'}`,
    }
  }
  return graph
}

/** The graph's states by id, made once per graph: a drive asks for active states thousands of times a step. */
const statesById = new WeakMap<MachineGraph, Map<string, MachineGraph['states'][number]>>()

/** Every state id active in a state value, ancestors included (the root too). */
export function activeStates(graph: MachineGraph, value: unknown): Set<string> {
  let byId = statesById.get(graph)
  if (byId === undefined) {
    byId = new Map(graph.states.map((s) => [s.id, s]))
    statesById.set(graph, byId)
  }
  const active = new Set<string>([graph.root])
  const childByKey = (parentId: string, key: string) =>
    byId.get(parentId)?.children.map((id) => byId.get(id)).find((child) => child?.key === key)
  const walk = (parentId: string, v: unknown) => {
    if (typeof v === 'string') {
      const child = childByKey(parentId, v)
      if (child) active.add(child.id)
      return
    }
    if (v === null || typeof v !== 'object') return
    for (const [key, sub] of Object.entries(v as Record<string, unknown>)) {
      const child = childByKey(parentId, key)
      if (!child) continue
      active.add(child.id)
      walk(child.id, sub)
    }
  }
  walk(graph.root, value)
  return active
}

/**
 * A state named by a coverage list or a file name: its id, or its dotted path from the root
 * (`app.session.screens.home` is the state whose id is `home`).
 */
export function stateIdResolver(graph: MachineGraph): (name: string) => string | undefined {
  const ids = new Set(graph.states.map((s) => s.id))
  const byPath = new Map(graph.states.map((s) => [s.path, s.id]))
  return (name) => (ids.has(name) ? name : byPath.get(name))
}
