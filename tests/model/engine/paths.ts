import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { appMachine } from '../../../machines/app.machine'
import type { StepAction, StepResult } from './explore'
import { createStepper, expectationOf, identityOf, offersOf } from './explore'
import type { Instrumented } from './instrument'
import type { Inventory } from '../../../src/app/machine-definition'
import { instrument } from './instrument'
import { activeNodes, evaluateGuard } from '../../../src/app/machine-definition'
import { notExplored, startSamples } from './fixtures'
import type { ModelPath, PathSet, PathStep, Targets } from './model-path'
import { hostStart, namePath, walkThrough, wholeFunnel } from './path-names'

/*
 * Path generation over the test model: breadth-first from each way the page can start, in an
 * order shuffled by a seeded generator (same seed, same paths), then
 * - shortest paths: one per state node, the first (shallowest) way to enter it;
 * - an edge-covering set: every transition of the machine (each invoke's done and each error
 *   branch, each delay, each route) and each guard answer seen, greedily covered by few paths.
 * Each path is then replayed on the pure model to write down what a runner must see after every
 * step: the state value, the route (routeForState), the actors being waited on and key context.
 */

export function targetsOf(inventory: Inventory): Targets {
  return {
    states: [...inventory.states],
    transitions: inventory.transitions.map((t) => t.key),
    guardOutcomes: inventory.transitions.filter((t) => t.guarded).flatMap((t) => [`${t.key} = true`, `${t.key} = false`]),
  }
}

/** What a step covered, as target strings (`state:`, `transition:`, `guard:` prefixes). */
export function coveredBy(model: Instrumented, result: StepResult): string[] {
  const out: string[] = []
  for (const id of result.states) out.push(`state:${id}`)
  for (const t of result.transitions) {
    const key = model.keyOf.get(t)
    if (key !== undefined) out.push(`transition:${key}`)
  }
  for (const g of result.guards) out.push(`guard:${g}`)
  return out
}

/** mulberry32: a tiny seeded generator, so a seed names one exploration order. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Vertex {
  snapshot: AnyMachineSnapshot
  clock: number
  depth: number
  start: string
  /** The tree edge that discovered this vertex (null for a start). */
  via: number | null
}

interface Edge {
  from: number
  /** The vertex the edge leads to (its source again for a route the machine refuses). */
  to: number
  label: string
  action: StepAction
  covers: string[]
}

export interface Graph {
  vertices: Vertex[]
  edges: Edge[]
  /** Per start vertex, what its initial microsteps covered. */
  startCovers: Map<number, string[]>
  missing: string[]
  problems: string[]
}

export interface ExploreOptions {
  seed?: number
  /** A guard against an abstraction that leaks form data into identity. */
  maxVertices?: number
  /**
   * Which offers a runner can perform in a state (default: all). The rendering levels walk only
   * what a borrower's hands, the host and the network can do, so their paths leave out the rest.
   */
  allow?: (snapshot: AnyMachineSnapshot, action: StepAction) => boolean
  /** Which states a runner can check at rest (default: all); edges into the others are left out. */
  allowState?: (snapshot: AnyMachineSnapshot) => boolean
}

export function explore(model: Instrumented, options: ExploreOptions = {}): Graph {
  const random = seeded(options.seed ?? 1)
  const maxVertices = options.maxVertices ?? 20_000
  const stepper = createStepper(model)
  const vertices: Vertex[] = []
  const edges: Edge[] = []
  const byKey = new Map<string, number>()
  const startCovers = new Map<number, string[]>()
  const missing = new Set<string>()
  const problems: string[] = []
  const add = (snapshot: AnyMachineSnapshot, vertex: Omit<Vertex, 'snapshot'>): number => {
    // Until the first screen, the start's input (token, deep link) is what later states will read.
    const booting = (snapshot.context as { screen: unknown }).screen === null
    const key = `${identityOf(model, snapshot)}${booting ? `|start=${vertex.start}` : ''}`
    const known = byKey.get(key)
    if (known !== undefined) return known
    if (vertices.length >= maxVertices) throw new Error(`the model has more than ${maxVertices} vertices: state identity leaks data`)
    vertices.push({ snapshot, ...vertex })
    byKey.set(key, vertices.length - 1)
    return vertices.length - 1
  }
  for (const { name: start } of startSamples) {
    if (notExplored.starts.has(start)) continue
    stepper.clock.value = 0
    const result = stepper.start(start)
    const index = add(result.snapshot, { clock: 0, depth: 0, start, via: null })
    if (!startCovers.has(index)) startCovers.set(index, coveredBy(model, result))
  }
  for (let v = 0; v < vertices.length; v++) {
    const vertex = vertices[v] as Vertex
    if (vertex.snapshot.status !== 'active') continue
    const offers = offersOf(model, vertex.snapshot, missing).filter((offer) => options.allow?.(vertex.snapshot, offer.action) ?? true)
    for (let i = offers.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[offers[i], offers[j]] = [offers[j] as (typeof offers)[number], offers[i] as (typeof offers)[number]]
    }
    const routes = refusedRoutes(model, vertex.snapshot)
    for (const offer of offers) {
      const refused = routes(offer.action)
      if (refused !== null) {
        // A route the machine refuses changes nothing: record the guard's "no" without a transition.
        edges.push({ from: v, to: v, label: offer.label, action: offer.action, covers: refused })
        continue
      }
      stepper.clock.value = vertex.clock
      const result = stepper.apply(vertex.snapshot, offer.action)
      if (result.snapshot.status === 'error') {
        problems.push(`${JSON.stringify(vertex.snapshot.value)} + ${offer.label} stops the machine with an error`)
        continue
      }
      if (options.allowState?.(result.snapshot) === false) continue
      const edge: Edge = { from: v, to: v, label: offer.label, action: offer.action, covers: coveredBy(model, result) }
      edges.push(edge)
      edge.to = add(result.snapshot, { clock: stepper.clock.value, depth: vertex.depth + 1, start: vertex.start, via: edges.length - 1 })
    }
  }
  return { vertices, edges, startCovers, missing: [...missing].sort(), problems }
}

/**
 * Most offers are typed URLs (a route to every routable screen, from every vertex), and most are
 * refused. Where no active state below the root handles `xstate.route` itself, the root's route
 * transition for the URL decides alone, so its guard answers without running a transition: null
 * when the route would be taken (run it), else what the refusal covers.
 */
function refusedRoutes(model: Instrumented, snapshot: AnyMachineSnapshot): (action: StepAction) => string[] | null {
  const nodes = activeNodes(snapshot)
  const handledBelow = nodes.some((n) => n.parent !== undefined && n.transitions.has('xstate.route'))
  return (action) => {
    if (handledBelow || action.kind !== 'event' || action.event.type !== 'xstate.route') return null
    const to = (action.event as { to?: string }).to
    const root = nodes.find((n) => n.parent === undefined)
    const transition = root?.transitions.get('xstate.route')?.find((t) => `#${t.target?.[0]?.id ?? ''}` === to)
    if (transition === undefined) return []
    const key = model.keyOf.get(transition) ?? ''
    const guard = model.originalGuard.get(transition)
    if (guard === undefined || evaluateGuard(model.machine, guard, { context: snapshot.context, event: action.event })) return null
    return model.inventory.transitions.some((t) => t.key === key && t.guarded) ? [`guard:${key} = false`] : []
  }
}

function treePath(graph: Graph, vertex: number): { start: string; edges: number[] } {
  const edges: number[] = []
  let v = graph.vertices[vertex] as Vertex
  while (v.via !== null) {
    edges.unshift(v.via)
    v = graph.vertices[(graph.edges[v.via] as Edge).from] as Vertex
  }
  return { start: v.start, edges }
}

/** A path to a goal: the tree path to an edge's source, then the edge; or a start alone. */
interface Route {
  start: string
  edges: number[]
}

function routeTo(graph: Graph, where: { edge: number } | { startVertex: number }): Route {
  if ('startVertex' in where) return { start: (graph.vertices[where.startVertex] as Vertex).start, edges: [] }
  const edge = graph.edges[where.edge] as Edge
  const tree = treePath(graph, edge.from)
  return { start: tree.start, edges: [...tree.edges, where.edge] }
}

/** Replays a route on the pure model, writing down what a runner must see after each step. */
function materialise(model: Instrumented, graph: Graph, route: Route, id: string, kind: ModelPath['kind'], goal: string): ModelPath {
  const stepper = createStepper(model)
  let result = stepper.start(route.start)
  const startExpect = expectationOf(result.snapshot, model.inventory.invokeSrc)
  const steps: PathStep[] = []
  for (const index of route.edges) {
    const { action, label } = graph.edges[index] as Edge
    result = stepper.apply(result.snapshot, action)
    steps.push({ label, do: action, expect: expectationOf(result.snapshot, model.inventory.invokeSrc) })
  }
  return { id, kind, goal, start: route.start, startExpect, steps }
}

export interface GenerateOptions extends ExploreOptions {
  machine?: AnyStateMachine
  /** Also search the whole-funnel walk (a search of its own, seconds of CPU: for the paths file, not for every test). */
  funnelWalk?: boolean
  /**
   * How the edge-covering set is drawn: `paths` (default), each from a start to the edge it is for,
   * so paths share their beginnings; `walks`, each going on from where its last edge left it
   * (coveringWalks), for a level where every step costs a rendered page.
   */
  cover?: 'paths' | 'walks'
}

export function generatePaths(options: GenerateOptions = {}): PathSet {
  const model = instrument(options.machine ?? appMachine)
  const seed = options.seed ?? 1
  const graph = explore(model, { ...options, seed })
  const targets = targetsOf(model.inventory)
  const all = [
    ...targets.states.map((s) => `state:${s}`),
    ...targets.transitions.map((t) => `transition:${t}`),
    ...targets.guardOutcomes.map((g) => `guard:${g}`),
  ]
  // The first (shallowest) place each target is covered: BFS order is depth order.
  const firstAt = new Map<string, { edge: number } | { startVertex: number }>()
  for (const [vertex, covers] of graph.startCovers) for (const c of covers) if (!firstAt.has(c)) firstAt.set(c, { startVertex: vertex })
  graph.edges.forEach((edge, index) => {
    for (const c of edge.covers) if (!firstAt.has(c)) firstAt.set(c, { edge: index })
  })
  const unreachedOf = (prefix: string, list: string[]) => list.filter((t) => !firstAt.has(`${prefix}${t}`))

  const coversOfRoute = (route: Route): string[] => [
    ...(graph.startCovers.get(graph.vertices.findIndex((v) => v.via === null && v.start === route.start)) ?? []),
    ...route.edges.flatMap((e) => (graph.edges[e] as Edge).covers),
  ]

  const statePaths: ModelPath[] = []
  const seenRoutes = new Set<string>()
  for (const state of targets.states) {
    const where = firstAt.get(`state:${state}`)
    if (where === undefined) continue
    const route = routeTo(graph, where)
    const key = `${route.start}:${route.edges.join(',')}`
    if (seenRoutes.has(key)) continue
    seenRoutes.add(key)
    statePaths.push(materialise(model, graph, route, `state-${statePaths.length + 1}`, 'state', state))
  }

  const wanted = new Set(all)
  const edgePaths: ModelPath[] = []
  // Greedy cover: longest candidate paths first, each kept only if it covers something new. A
  // path's goal is what its last step was chosen for.
  const goalsOf = new Map<string, string[]>()
  for (const target of all) {
    const where = firstAt.get(target)
    if (where === undefined) continue
    const id = 'edge' in where ? `e${where.edge}` : `s${where.startVertex}`
    goalsOf.set(id, [...(goalsOf.get(id) ?? []), target])
  }
  if (options.cover === 'walks') {
    for (const { route, goal } of coveringWalks(model, graph, new Set(all.filter((t) => firstAt.has(t))), maxWalkSteps, options)) {
      edgePaths.push(materialise(model, graph, route, `walk-${edgePaths.length + 1}`, 'transition', goal))
    }
  }
  const candidates = options.cover === 'walks' ? [] : [...new Set(all.map((t) => firstAt.get(t)).filter((w) => w !== undefined))]
  const routes = candidates.map((where) => ({ where, route: routeTo(graph, where) }))
  routes.sort((a, b) => b.route.edges.length - a.route.edges.length || order(a.where) - order(b.where))
  const covered = new Set<string>()
  for (const { where, route } of routes) {
    const covers = coversOfRoute(route)
    if (!covers.some((c) => !covered.has(c) && wanted.has(c))) continue
    for (const c of covers) covered.add(c)
    const goals = goalsOf.get('edge' in where ? `e${where.edge}` : `s${where.startVertex}`) ?? []
    const goal = (goals.find((c) => c.startsWith('transition:')) ?? goals[0] ?? '').replace(/^\w+:/, '')
    edgePaths.push(materialise(model, graph, route, `edge-${edgePaths.length + 1}`, 'transition', goal))
  }

  const funnel = options.funnelWalk === true ? walkThrough(model, wholeFunnel, 'funnel-1', { starts: [hostStart] }) : null
  const named = (list: ModelPath[]) => list.map((p) => namePath(model.machine, p))
  return {
    format: 'huaqian.model-paths/1',
    seed,
    targets,
    unreached: {
      states: unreachedOf('state:', targets.states),
      transitions: unreachedOf('transition:', targets.transitions),
      guardOutcomes: unreachedOf('guard:', targets.guardOutcomes),
    },
    missing: [...graph.missing, ...graph.problems],
    graph: { vertices: graph.vertices.length, edges: graph.edges.length },
    statePaths: named(statePaths),
    edgePaths: named(edgePaths),
    funnelPaths: named(funnel === null ? [] : [funnel]),
  }
}

/** A walk long enough to share many beginnings, short enough that a failure names a short story. */
const maxWalkSteps = 60

/**
 * Walks covering every target the graph reaches. A walk starts as a path does (the tree path to
 * the shallowest edge that covers something new), then goes on from where it stands, breadth-first
 * to the nearest edge that covers something still uncovered. The graph merges states the model
 * tells apart only by data, so each stretch is replayed on the model from the walk's own state and
 * kept only where every step is allowed there and covers what the graph says; else, or past `maxSteps`, the walk ends
 * and the next starts afresh. Paths that each go back to the start repeat their common beginnings;
 * a walk takes each once.
 */
function coveringWalks(model: Instrumented, graph: Graph, wanted: Set<string>, maxSteps: number, options: ExploreOptions): { route: Route; goal: string }[] {
  const leaving = new Map<number, number[]>()
  graph.edges.forEach((edge, index) => leaving.set(edge.from, [...(leaving.get(edge.from) ?? []), index]))
  const covered = new Set<string>()
  const isFresh = (c: string) => wanted.has(c) && !covered.has(c)
  const freshEdge = (e: number) => (graph.edges[e] as Edge).covers.some(isFresh)
  /** The shortest way from `source` through an edge that covers something new, avoiding `dead` edges. */
  const nearest = (source: number, dead: Set<number>): number[] | null => {
    const via = new Map<number, number | null>([[source, null]])
    const queue = [source]
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head] as number
      for (const e of leaving.get(v) ?? []) {
        if (dead.has(e)) continue
        const edge = graph.edges[e] as Edge
        if (freshEdge(e)) {
          const edges = [e]
          for (let at = via.get(v); at !== null && at !== undefined; at = via.get((graph.edges[at] as Edge).from)) edges.unshift(at)
          return edges
        }
        if (!via.has(edge.to)) {
          via.set(edge.to, e)
          queue.push(edge.to)
        }
      }
    }
    return null
  }
  const stepper = createStepper(model)
  /** Replays a stretch from `from`; the results, or null where a step does not cover what its edge says. */
  const replay = (from: StepResult, stretch: number[]): StepResult[] | null => {
    const clock = stepper.clock.value
    const results: StepResult[] = []
    let result = from
    try {
      for (const e of stretch) {
        const edge = graph.edges[e] as Edge
        if (options.allow?.(result.snapshot, edge.action) === false) throw new Error('not offered here')
        result = stepper.apply(result.snapshot, edge.action)
        const covers = new Set(coveredBy(model, result))
        if (result.snapshot.status === 'error' || options.allowState?.(result.snapshot) === false || !edge.covers.every((c) => covers.has(c))) throw new Error('merged state')
        results.push(result)
      }
      return results
    } catch {
      stepper.clock.value = clock
      return null
    }
  }
  const byDepth = graph.edges.map((_, e) => e).sort((a, b) => (graph.vertices[(graph.edges[a] as Edge).from] as Vertex).depth - (graph.vertices[(graph.edges[b] as Edge).from] as Vertex).depth)
  // What is covered only grows: an edge passed over as stale stays stale, so the search for the
  // shallowest fresh edge goes on from where the last one stopped.
  let shallowest = 0
  const shallowestFresh = (): number | undefined => {
    while (shallowest < byDepth.length && !freshEdge(byDepth[shallowest] as number)) shallowest++
    return byDepth[shallowest]
  }
  const walks: { route: Route; goal: string }[] = []
  for (;;) {
    const quietStart = [...graph.startCovers].find(([, covers]) => covers.some(isFresh))
    const firstEdge = quietStart === undefined ? shallowestFresh() : undefined
    if (quietStart === undefined && firstEdge === undefined) break
    const route = quietStart === undefined ? routeTo(graph, { edge: firstEdge as number }) : routeTo(graph, { startVertex: quietStart[0] })
    const goal = [...(quietStart?.[1] ?? []), ...(firstEdge === undefined ? [] : (graph.edges[firstEdge] as Edge).covers)].find((c) => isFresh(c) && c.startsWith('transition:')) ?? ''
    stepper.clock.value = 0
    let at = stepper.start(route.start)
    for (const c of coveredBy(model, at)) covered.add(c)
    let stretch = [...route.edges]
    const dead = new Set<number>()
    for (;;) {
      const results = replay(at, stretch)
      if (results === null) {
        // Only a continuation can fail: a tree path replays as the graph was built.
        for (const e of stretch) dead.add(e)
        route.edges.splice(route.edges.length - stretch.length)
      } else {
        for (const r of results) for (const c of coveredBy(model, r)) covered.add(c)
        at = results.at(-1) ?? at
      }
      const where = route.edges.length === 0 ? graph.vertices.findIndex((v) => v.via === null && v.start === route.start) : (graph.edges[route.edges.at(-1) as number] as Edge).to
      const next = nearest(where, dead)
      if (next === null || route.edges.length + next.length > maxSteps) break
      route.edges.push(...next)
      stretch = next
    }
    walks.push({ route, goal: goal.replace(/^\w+:/, '') })
  }
  return walks
}

function order(where: { edge: number } | { startVertex: number }): number {
  return 'edge' in where ? where.edge : -1
}
