import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk.bundled.js'
import { boxFor, isEntry, labelOf, sizes, textWidth, visibleOf, type StateText } from './chart-text'
import type { ChartState, ChartTransition, MachineGraph } from './machine-graph'

/*
 * The chart's geometry: every visible state as a box (compound states as containers), every
 * transition with a target as a routed arrow, laid out by elkjs's layered algorithm over the
 * whole hierarchy at once (INCLUDE_CHILDREN), so arrows between nested states are routed
 * around the boxes instead of through them; the boxes' sizes come from chart-text.ts.
 */

export interface PlacedState {
  state: ChartState
  x: number
  y: number
  width: number
  height: number
  collapsed: boolean
  text: StateText
  /** Height of the header band (a compound state's children start below it). */
  header: number
  hasThumb: boolean
  /** Shows its name across its header when the chart is too small to read. */
  farName: boolean
}

export interface PlacedTransition {
  transition: ChartTransition
  /** Further transitions drawn on the same route (a collapsed state standing in for their ends). */
  also: ChartTransition[]
  /** The visible boxes it joins (a collapsed ancestor stands in for a hidden state). */
  from: string
  to: string
  points: ElkPoint[]
  label: { x: number; y: number; width: number; height: number; lines: string[] } | null
}

export interface PlacedGoto extends Goto {
  x: number
  y: number
  width: number
  height: number
}

export interface InitialMarker {
  parent: string
  child: string
  dot: ElkPoint
  points: ElkPoint[]
}

export interface ChartLayout {
  width: number
  height: number
  states: PlacedState[]
  transitions: PlacedTransition[]
  initials: InitialMarker[]
  /** Transitions inside a collapsed state, not drawn until it is expanded. */
  folded: string[]
  /** The markers far arrows end on. */
  gotos: PlacedGoto[]
}

export interface LayoutOptions {
  /** Compound state ids shown folded. */
  collapsed?: ReadonlySet<string>
  /** State ids that get room for a screen thumbnail. */
  thumbnails?: ReadonlySet<string>
}


const initialId = (parent: string) => `initial:${parent}`
const gotoId = (container: string, target: string) => `goto:${container}>${target}`
const gotoWidth = (target: string) => textWidth(`→ ${target}`, sizes.small) + 12
/**
 * An arrow that would climb this many levels of nesting or more (a call's 401 from deep inside a
 * screen to the top-level reauth state) ends on a small "→ target" marker beside its source
 * instead: drawn in full, three dozen of them cross the whole chart.
 */
const gotoLevels = 3

export interface Goto {
  id: string
  container: string
  target: string
}

/** Lays the machine out; the same graph and options always give the same geometry. */
export async function layoutChart(graph: MachineGraph, options: LayoutOptions = {}): Promise<ChartLayout> {
  const collapsed = options.collapsed ?? new Set<string>()
  const thumbs = options.thumbnails ?? new Set<string>()
  const visible = visibleOf(graph, collapsed)
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const boxes = new Map<string, ReturnType<typeof boxFor>>()
  const isOpenContainer = (s: ChartState) => s.children.length > 0 && !collapsed.has(s.id)

  const rootState = byId.get(graph.root) as ChartState
  const ancestorsOf = (id: string) => {
    const out = [id]
    for (let at = byId.get(id)?.parent ?? null; at !== null; at = byId.get(at)?.parent ?? null) out.push(at)
    return out
  }
  const levelsUp = (from: string, to: string) => {
    const target = new Set(ancestorsOf(to))
    return ancestorsOf(from).findIndex((id) => target.has(id))
  }
  const gotos = new Map<string, Goto>()
  const edges: ElkExtendedEdge[] = []
  const routes: { first: ChartTransition; members: ChartTransition[]; from: string; end: string }[] = []
  const groups = new Map<string, ChartTransition[]>()
  const folded: string[] = []
  for (const t of graph.transitions) {
    if (t.internal || isEntry(graph, t)) {
      const owner = t.internal ? t.source : (t.targets[0] ?? t.source)
      if (visible.get(owner) !== owner) folded.push(t.key)
      continue
    }
    const from = visible.get(t.source) ?? t.source
    const to = visible.get(t.targets[0] ?? '') ?? t.source
    // Both ends folded into the same collapsed box: the box says how much it holds instead.
    if (from === to && from !== t.source && collapsed.has(from)) {
      folded.push(t.key)
      continue
    }
    const container = byId.get(from)?.parent ?? null
    const far = container !== null && levelsUp(from, to) >= gotoLevels
    const goto = far ? gotoId(container, to) : null
    if (goto !== null && !gotos.has(goto)) gotos.set(goto, { id: goto, container: container as string, target: to })
    // Arrows a collapsed state now stands in for, between the same two boxes, share one route.
    const stoodIn = from !== t.source || to !== (t.targets[0] ?? t.source)
    const pair = `${from}>${goto ?? to}`
    const group = stoodIn ? groups.get(pair) : undefined
    if (group) {
      group.push(t)
      continue
    }
    const members = [t]
    if (stoodIn) groups.set(pair, members)
    routes.push({ first: t, members, from, end: goto ?? to })
  }
  for (const route of routes) {
    const label = labelOf(route.members)
    edges.push({ id: route.first.key, sources: [route.from], targets: [route.end], labels: [{ text: label.lines.join('\n'), width: label.width, height: label.height }] })
  }
  const elkNode = (state: ChartState): ElkNode => {
    const folded = collapsed.has(state.id) && state.children.length > 0
    const box = boxFor(graph, state, folded, thumbs.has(state.id))
    boxes.set(state.id, box)
    if (!isOpenContainer(state)) return { id: state.id, width: box.width, height: box.height }
    const children = state.children.map((id) => elkNode(byId.get(id) as ChartState))
    if (state.initial !== null) children.unshift({ id: initialId(state.id), width: sizes.initialDot, height: sizes.initialDot })
    for (const goto of gotos.values()) {
      if (goto.container === state.id) children.push({ id: goto.id, width: gotoWidth(goto.target), height: 20 })
    }
    return {
      id: state.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${box.header + 6},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        // Laid out DOWN, ELK's layered algorithm reads a compound node's minimum size as (height, width)
        // (https://github.com/eclipse-elk/elk/issues/1033): given the other way, a frame came out
        // narrower than its name and as tall as its text is wide.
        'elk.nodeSize.minimum': `(${box.header + 20}, ${box.width})`,
      },
    }
  }

  for (const state of graph.states) {
    if (state.initial !== null && isOpenContainer(state) && visible.get(state.id) === state.id) {
      edges.push({ id: initialId(state.id), sources: [initialId(state.id)], targets: [state.initial] })
    }
  }

  // elkjs is most of the page's weight: loaded when a chart is first laid out, not for the map.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
  const elk = new ELK()
  const result: ElkNode = await elk.layout({
    id: '__chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '2',
      'elk.spacing.edgeNode': '12',
      'elk.layered.spacing.edgeNodeBetweenLayers': '12',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [elkNode(rootState)],
    edges,
  })

  // ELK answers in coordinates relative to each parent; the chart wants them absolute.
  const origin = new Map<string, ElkPoint>([['__chart', { x: 0, y: 0 }]])
  const states: PlacedState[] = []
  const initialDots = new Map<string, ElkPoint>()
  const placedGotos: PlacedGoto[] = []
  const place = (node: ElkNode, parentOrigin: ElkPoint) => {
    const x = parentOrigin.x + (node.x ?? 0)
    const y = parentOrigin.y + (node.y ?? 0)
    origin.set(node.id, { x, y })
    const goto = gotos.get(node.id)
    if (node.id.startsWith('initial:')) initialDots.set(node.id.slice('initial:'.length), { x: x + sizes.initialDot / 2, y: y + sizes.initialDot / 2 })
    else if (goto) placedGotos.push({ ...goto, x, y, width: node.width ?? 0, height: node.height ?? 0 })
    else {
      const state = byId.get(node.id) as ChartState
      const box = boxes.get(node.id) as ReturnType<typeof boxFor>
      states.push({
        state,
        x,
        y,
        width: node.width ?? box.width,
        height: node.height ?? box.height,
        collapsed: collapsed.has(state.id) && state.children.length > 0,
        text: box.text,
        header: box.header,
        hasThumb: thumbs.has(state.id),
        farName: box.farName,
      })
    }
    for (const child of node.children ?? []) place(child, { x, y })
  }
  for (const child of result.children ?? []) place(child, { x: 0, y: 0 })

  const edgeById = new Map<string, ElkExtendedEdge>()
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) edgeById.set(edge.id, edge)
    for (const child of node.children ?? []) collect(child)
  }
  collect(result)
  const pointsOf = (edge: ElkExtendedEdge | undefined): { points: ElkPoint[]; at: ElkPoint } => {
    const at = origin.get((edge as { container?: string } | undefined)?.container ?? '__chart') ?? { x: 0, y: 0 }
    const section = edge?.sections?.[0]
    if (!section) return { points: [], at }
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + at.x, y: p.y + at.y }))
    return { points, at }
  }

  const transitions: PlacedTransition[] = routes.map(({ first, members, from, end }) => {
    const edge = edgeById.get(first.key)
    const { points, at } = pointsOf(edge)
    const l = edge?.labels?.[0]
    return {
      transition: first,
      also: members.slice(1),
      from,
      to: end.startsWith('goto:') ? (gotos.get(end)?.target ?? end) : end,
      points,
      label: l ? { x: (l.x ?? 0) + at.x, y: (l.y ?? 0) + at.y, width: l.width ?? 0, height: l.height ?? 0, lines: labelOf(members).lines } : null,
    }
  })
  const initials: InitialMarker[] = []
  for (const [parent, dot] of initialDots) {
    const child = byId.get(parent)?.initial
    if (!child) continue
    initials.push({ parent, child, dot, points: pointsOf(edgeById.get(initialId(parent))).points })
  }

  return { width: result.width ?? 0, height: result.height ?? 0, states, transitions, initials, folded, gotos: placedGotos }
}

/** The states that get room for a screen thumbnail: those that show a screen. */
export function screenStatesOf(graph: MachineGraph): Set<string> {
  return new Set(graph.states.filter((s) => s.screen !== undefined).map((s) => s.id))
}

/**
 * A layout laid out ahead, as a file: the states and transitions by id and key (the page puts its
 * own graph's back), under a key of everything the layout was made from.
 */
export interface StoredLayout {
  key: string
  layout: Omit<ChartLayout, 'states' | 'transitions'> & {
    states: (Omit<PlacedState, 'state'> & { state: string })[]
    transitions: (Omit<PlacedTransition, 'transition' | 'also'> & { transition: string; also: string[] })[]
  }
}

/** FNV-1a, twice with different offsets: a key, not a defence against anyone. */
function fingerprint(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x811c9dc5)
  }
  return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}`
}

function layoutKey(graph: MachineGraph, options: LayoutOptions): string {
  const sorted = (set: ReadonlySet<string> | undefined) => [...(set ?? [])].sort()
  return fingerprint(JSON.stringify({ graph, collapsed: sorted(options.collapsed), thumbnails: sorted(options.thumbnails) }))
}

export function storeLayout(graph: MachineGraph, options: LayoutOptions, layout: ChartLayout): StoredLayout {
  return {
    key: layoutKey(graph, options),
    layout: {
      ...layout,
      states: layout.states.map((placed) => ({ ...placed, state: placed.state.id })),
      transitions: layout.transitions.map((placed) => ({ ...placed, transition: placed.transition.key, also: placed.also.map((t) => t.key) })),
    },
  }
}

/** The stored layout with this graph's own states and transitions, or null when it was made from anything else. */
export function restoreLayout(graph: MachineGraph, options: LayoutOptions, stored: StoredLayout): ChartLayout | null {
  if (stored.key !== layoutKey(graph, options)) return null
  const states = new Map(graph.states.map((s) => [s.id, s]))
  const transitions = new Map(graph.transitions.map((t) => [t.key, t]))
  const state = (id: string) => states.get(id) as ChartState
  const transition = (key: string) => transitions.get(key) as ChartTransition
  return {
    ...stored.layout,
    states: stored.layout.states.map((placed) => ({ ...placed, state: state(placed.state) })),
    transitions: stored.layout.transitions.map((placed) => ({ ...placed, transition: transition(placed.transition), also: placed.also.map(transition) })),
  }
}
