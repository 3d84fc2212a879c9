import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import type { AnyMachineSnapshot } from 'xstate'
import { appMachine } from '../../../machines/app.machine'
import type { AppEvent } from '../../../machines/context'
import type { PortName } from '../../../machines/ports'
import type { StepAction } from './explore'
import type { StartSample } from './fixtures'
import { eventSamples, startSamples } from './fixtures'
import { activeNodes, allNodes, rootOf, type NodeView } from '../../../src/app/machine-definition'
import type { GoldenPath } from './golden'
import { goldenFile, parseGolden } from './golden'
import { problemsOf } from './properties'
import { delayMs } from './replay'
import type { Outcome, Pending, Trace, WalkSession, WorldData } from './walk'
import { openWalk, outcomesOf } from './walk'

/*
 * Orders explored (docs/product-rules.md#screens-and-flow). The states with concurrent work are read
 * from the machine's definition: every state node that invokes a call (while it runs, the host, the
 * network and the borrower can still send something), every parallel node whose regions invoke at
 * once (each combination of their calls), and every poll's wait (its timer races a tap). For each,
 * one generated path leads there; then every order is run on the real machine (walk.ts's session:
 * real invoked actors held open, a simulated clock): the calls answered in every permutation, each
 * with every outcome it can have (done with each variant, each failure kind), and each interfering
 * event (a bridge payload, Back, a reload, the host reopening the page at an agreement link) at
 * every position between them. After every step the temporal properties and the caller's checks
 * (the verifications' facts) must hold.
 *
 * The enumeration is written out, not sampled (fast-check's scheduler draws orders at random and
 * cannot say how many there are): the table's counts are the orders that exist under the bound.
 */

/** A set of state nodes whose work runs at once, as the machine's definition has it. */
export interface ConcurrentState {
  /** The innermost node that holds all of them (the parallel node, or the invoking node itself). */
  id: string
  kind: 'parallel' | 'call' | 'poll'
  /** The invoking (or waiting) nodes active together. */
  nodes: string[]
}

/** Every combination of invoking nodes that can be active at once below `node` (parallel regions multiply). */
function invokeSets(node: NodeView): string[][] {
  const own = node.invoke.length > 0 ? [node.id] : []
  const children = Object.values(node.states)
  let below: string[][]
  if (node.type === 'parallel') {
    below = children.reduce<string[][]>((acc, child) => {
      const sets = invokeSets(child)
      const options = sets.length === 0 ? [[]] : sets
      return acc.flatMap((left) => options.map((right) => [...left, ...right]))
    }, [[]])
    below = below.filter((set) => set.length > 0)
  } else below = children.flatMap(invokeSets)
  if (below.length === 0) return own.length > 0 ? [own] : []
  return below.map((set) => [...own, ...set])
}

export function concurrentStates(machine = appMachine): ConcurrentState[] {
  const root = rootOf(machine)
  const out: ConcurrentState[] = []
  const seen = new Set<string>()
  for (const set of invokeSets(root)) {
    const key = set.join('+')
    if (seen.has(key)) continue
    seen.add(key)
    // The innermost common ancestor names the combination.
    const chains = set.map((id) => id.split('.'))
    let common = chains[0]!
    for (const chain of chains) common = common.filter((part, i) => chain[i] === part)
    out.push({ id: set.length === 1 ? set[0]! : common.join('.'), kind: set.length > 1 ? 'parallel' : 'call', nodes: set })
  }
  for (const node of allNodes(root)) if (node.after.length > 0 && node.invoke.length === 0) out.push({ id: node.id, kind: 'poll', nodes: [node.id] })
  return out
}

// ---- one order ----

export type OrderItem =
  | { kind: 'answer'; call: number; src: PortName; outcome: Outcome }
  | { kind: 'time' }
  | { kind: 'event'; name: string; event: AppEvent }
  | { kind: 'reload' }
  | { kind: 'reopen'; address: { path: string; query?: Record<string, string> } }

export function itemLabel(item: OrderItem): string {
  switch (item.kind) {
    case 'answer':
      return `${item.src}.${item.outcome.kind === 'done' ? `done:${item.outcome.name}` : `error:${item.outcome.kind}`}`
    case 'time':
      return 'wait'
    case 'event':
      return item.name
    case 'reload':
      return 'reload'
    case 'reopen':
      return `reopen:${item.address.path}`
  }
}

/** How the explorer gets to a state: a start and the steps of a generated path. */
export interface Prefix {
  start: StartSample
  steps: StepAction[]
}

/** The world a prefix runs in: the start's token and link; the server's data for the generated answers. */
export function worldOf(start: StartSample): WorldData {
  const token = start.input.bridge.token
  return {
    loginRequired: false,
    token: typeof token === 'string' && token !== '',
    locale: null,
    deepLink: start.input.initialDeepLink ? { ...start.input.initialDeepLink } : null,
    serverStep: 'repaying',
    begin: 'boot',
    loan: { amount: 1_000_000, apr: 0.18, term: 12, paid: 2, overdue: false },
  }
}

async function runPrefix(session: WalkSession, prefix: Prefix): Promise<string | null> {
  for (const action of prefix.steps) {
    switch (action.kind) {
      case 'event':
        await session.send(action.event as AppEvent)
        break
      case 'wait':
        await session.wait(action.ms)
        break
      case 'delay':
        await session.wait(delayMs(appMachine, session.snapshot(), action.delay))
        break
      case 'actor': {
        const call = session.pending().findLast((p) => p.src === action.src)
        if (call === undefined) return `the prefix answers ${action.src}, which is not pending`
        await session.answer(call, action.outcome === 'done' ? { name: action.fixture, kind: 'done' } : { name: action.error, kind: action.error })
        break
      }
    }
  }
  return null
}

export interface OrderRun {
  labels: string[]
  trace: Trace
  problems: string[]
}

/** Extra checks over a trace (the verifications' facts at machine level). */
export type TraceCheck = (trace: Trace) => string[]

/** Runs one order from a fresh machine: the prefix, then each item (a call already cancelled is skipped and said so). */
export async function runOrder(prefix: Prefix, items: readonly OrderItem[], options: { machine?: typeof appMachine; check?: TraceCheck } = {}): Promise<OrderRun> {
  const session = await openWalk(worldOf(prefix.start), options.machine ? { machine: options.machine } : {})
  const labels: string[] = []
  const problems: string[] = []
  try {
    const wrong = await runPrefix(session, prefix)
    if (wrong !== null) problems.push(wrong)
    for (const item of wrong === null ? items : []) {
      if (session.snapshot().status !== 'active') break
      switch (item.kind) {
        case 'answer': {
          // The call of that source pending now: the one the state sent, or, after a reload, the one
          // the restored machine sent again. None: a failure or an event cancelled it.
          const call = session.pending().find((p) => p.src === item.src)
          if (call === undefined) {
            labels.push(`(${item.src} cancelled)`)
            continue
          }
          await session.answer(call, item.outcome)
          break
        }
        case 'time':
          await session.wait(delayOfWait(session.snapshot()))
          break
        case 'event':
          await session.send(item.event, item.name)
          break
        case 'reload':
          await session.reload()
          break
        case 'reopen':
          await session.reload(item.address)
          break
      }
      labels.push(itemLabel(item))
    }
    if (wrong === null) {
      problems.push(...problemsOf(session.trace), ...(options.check?.(session.trace) ?? []))
    }
  } finally {
    session.stop()
  }
  return { labels, trace: session.trace, problems }
}

/** A poll's wait lasts what its delay says in this snapshot; the longest pending one passes. */
function delayOfWait(snapshot: AnyMachineSnapshot): number {
  const delays = activeNodes(snapshot).flatMap((node) => node.after.map((t) => t.delay))
  const ms = delays.map((d) => (typeof d === 'number' ? d : delayMs(appMachine, snapshot, String(d))))
  return Math.max(61_000, ...ms)
}

// ---- every order of a state ----

/** The events the host, the network and the borrower may send while a call is under way. */
export function interferers(state: ConcurrentState, snapshot: AnyMachineSnapshot): OrderItem[] {
  const out: OrderItem[] = [
    { kind: 'event', name: 'bridge.payload(token)', event: { type: 'bridge.payload', token: 'tok-2' } },
    { kind: 'event', name: 'step.back', event: { type: 'step.back' } },
    { kind: 'reload' },
    { kind: 'reopen', address: { path: '/pages/privacy/index', query: { key: 'privacy', title: 'x' } } },
  ]
  // A poll's wait races the borrower's taps: every event the state takes now.
  if (state.kind === 'poll') {
    for (const [type, samples] of Object.entries(eventSamples)) {
      if (type === 'bridge.payload' || type === 'step.back') continue
      for (const sample of samples) if (snapshot.can(sample.event)) out.push({ kind: 'event', name: sample.name ? `${type}(${sample.name})` : type, event: sample.event })
    }
  }
  return out
}

/** How far the outcomes were cut where the count explodes (the bound): said in the table. */
export type Reduction = 'none' | 'one answer per kind' | 'done, 401, network' | 'done, 401'

function reduce(outcomes: Outcome[], reduction: Reduction): Outcome[] {
  if (reduction === 'none') return outcomes
  const firstDone = outcomes.find((o) => o.kind === 'done')
  const failures = outcomes.filter((o) => o.kind !== 'done')
  const kept = reduction === 'one answer per kind' ? failures : failures.filter((o) => o.kind === 'unauthorized' || (reduction === 'done, 401, network' && o.kind === 'network'))
  return [...(firstDone ? [firstDone] : []), ...kept]
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

function product<T>(lists: readonly T[][]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((left) => list.map((right) => [...left, right])), [[]])
}

export interface StatePlan {
  state: ConcurrentState
  prefix: Prefix
  /** The start's name and the generated path the prefix comes from. */
  via: string
  /** The calls pending there (src), in the order they went out. */
  calls: string[]
  interferers: string[]
  /** Orders without any bound, and with the reduction applied. */
  fullCount: number
  reduction: Reduction
  orders: OrderItem[][]
}

const reductions: Reduction[] = ['none', 'one answer per kind', 'done, 401, network', 'done, 401']

/**
 * Every order at a state under `bound`: the first reduction whose count fits is taken (the last one otherwise).
 * Null when the prefix, from its start, leads elsewhere: boot's path is tried from every start, and a token
 * takes boot another way after the base URL.
 */
export async function planOrders(state: ConcurrentState, prefix: Prefix, via: string, bound: number): Promise<StatePlan | null> {
  const session = await openWalk(worldOf(prefix.start))
  let pending: Pending[] = []
  let snapshot: AnyMachineSnapshot
  try {
    const wrong = await runPrefix(session, prefix)
    if (wrong !== null) throw new Error(`${state.id} via ${via}: ${wrong}`)
    pending = session.pending()
    snapshot = session.snapshot()
  } finally {
    session.stop()
  }
  const active = new Set(activeNodes(snapshot).map((node) => node.id))
  if (!state.nodes.every((id) => active.has(id))) return null
  const events = interferers(state, snapshot)
  const base: OrderItem[][] = state.kind === 'poll' ? [[{ kind: 'time' }]] : []
  const count = (reduction: Reduction) => {
    const outcomes = pending.map((p) => reduce(outcomesOf(p), reduction).length)
    const slots = pending.length + (state.kind === 'poll' ? 1 : 0)
    const perms = permutations(pending).length
    return perms * outcomes.reduce((a, b) => a * b, 1) * (1 + events.length * (slots + 1))
  }
  const fullCount = count('none')
  const reduction = reductions.find((r) => count(r) <= bound) ?? reductions[reductions.length - 1]!
  const orders: OrderItem[][] = []
  const sequences: OrderItem[][] = []
  if (state.kind === 'poll') sequences.push(...base)
  else {
    for (const perm of permutations(pending.map((p, index) => ({ p, index })))) {
      for (const outcomes of product(perm.map(({ p }) => reduce(outcomesOf(p), reduction)))) {
        sequences.push(perm.map(({ p, index }, i) => ({ kind: 'answer' as const, call: index, src: p.src, outcome: outcomes[i]! })))
      }
    }
  }
  for (const sequence of sequences) {
    orders.push(sequence)
    for (const event of events) for (let at = 0; at <= sequence.length; at++) orders.push([...sequence.slice(0, at), event, ...sequence.slice(at)])
  }
  return {
    state,
    prefix,
    via,
    calls: pending.map((p) => p.src),
    interferers: events.map(itemLabel),
    fullCount,
    reduction,
    orders,
  }
}

/**
 * The state nodes a golden line's state text names (`a.b.c + d.e`: the later parts are the parallel
 * regions' leaves, each named from its parallel node, which may sit inside an earlier part's region).
 */
function idsOfText(text: string, known: ReadonlySet<string>): Set<string> {
  const [first = '', ...rest] = text.split(' + ')
  const ids = new Set<string>()
  // The ancestors of the parts read so far, the latest part's innermost first.
  let ancestors: string[] = []
  const addChain = (id: string) => {
    const parts = id.split('.')
    for (let i = 1; i <= parts.length; i++) ids.add(parts.slice(0, i).join('.'))
    ancestors = [...parts.map((_, i) => parts.slice(0, parts.length - i).join('.')), ...ancestors]
  }
  addChain(`app.${first}`)
  for (const piece of rest) {
    const home = ancestors.find((a) => known.has(`${a}.${piece}`))
    if (home !== undefined) addChain(`${home}.${piece}`)
  }
  return ids
}

/**
 * The shortest approved path (tests/model/golden-paths.txt, generated from the machine) into each
 * concurrent state, cut where the state is reached. Boot's states are tried from every start, a deep
 * link at boot being a start (fixtures.ts's startSamples): the starts whose token leads boot another
 * way do not reach the state, and planOrders says so.
 */
export function prefixesOf(states: readonly ConcurrentState[], golden: readonly GoldenPath[] = parseGolden(readFileSync(goldenFile, 'utf8'))): { state: ConcurrentState; prefix: Prefix; via: string }[] {
  const known = new Set(allNodes(rootOf(appMachine)).map((n) => n.id))
  const out: { state: ConcurrentState; prefix: Prefix; via: string }[] = []
  const shown = golden.map((g) => g.shows.map((s) => idsOfText(s.state, known)))
  for (const state of states) {
    let best: { index: number; at: number } | null = null
    golden.forEach((_, index) => {
      const at = shown[index]!.findIndex((ids) => state.nodes.every((n) => ids.has(n)))
      if (at !== -1 && (best === null || at < best.at)) best = { index, at }
    })
    if (best === null) continue
    const { index, at } = best as { index: number; at: number }
    const path = golden[index]!.path
    // shows[0] is the start; shows[k] follows step k.
    const steps = path.steps.slice(0, at).map((s) => s.do)
    const via = `${path.id}:${at}`
    const starts = state.id.startsWith('app.boot.') ? startSamples : startSamples.filter((s) => s.name === path.start)
    for (const start of starts) out.push({ state, prefix: { start, steps }, via: starts.length > 1 ? `${start.name} ${via}` : via })
  }
  return out
}

// ---- the table ----

export interface StateResult {
  id: string
  kind: ConcurrentState['kind']
  via: string
  calls: string[]
  interferers: number
  fullCount: number
  explored: number
  distinct: number
  reduction: Reduction
  failed: number
  firstFailure: { order: string[]; problems: string[] } | null
  ms: number
}

export interface ExploreOptions {
  bound: number
  machine?: typeof appMachine
  check?: TraceCheck
  /** Only these states; all when absent. */
  only?: (state: ConcurrentState) => boolean
  /** Only these ways in (a boot state is reached from every start); all when absent. */
  reach?: (state: ConcurrentState, prefix: Prefix) => boolean
  /** After each state (progress). */
  onState?: (result: StateResult) => void
  /** Stop a state's orders after its first failure (a fault hunt); a full count otherwise. */
  stopAtFailure?: boolean
  /**
   * A seed: a state whose orders, at its last reduction, still number more than `bound` runs `bound` of
   * them drawn with it (a quick run's share of a large state); every order otherwise.
   */
  sampleSeed?: number
}

/** `bound` of a plan's orders drawn with `seed`, in the plan's order; all of them when they fit. */
function drawOrders(orders: OrderItem[][], bound: number, seed: number): OrderItem[][] {
  if (orders.length <= bound) return orders
  const indexes = fc.sample(fc.uniqueArray(fc.nat({ max: orders.length - 1 }), { minLength: bound, maxLength: bound }), { seed, numRuns: 1 })[0]!
  return indexes.sort((a, b) => a - b).map((index) => orders[index]!)
}

export async function exploreOrders(options: ExploreOptions): Promise<{ results: StateResult[]; unreached: string[] }> {
  const states = concurrentStates(options.machine ?? appMachine).filter(options.only ?? (() => true))
  const reached = prefixesOf(states).filter((r) => options.reach?.(r.state, r.prefix) ?? true)
  const unreached = states.filter((s) => !reached.some((r) => r.state === s)).map((s) => s.id)
  const results: StateResult[] = []
  for (const { state, prefix, via } of reached) {
    const started = Date.now()
    const plan = await planOrders(state, prefix, via, options.bound)
    if (plan === null) continue
    const distinct = new Set<string>()
    let failed = 0
    let firstFailure: StateResult['firstFailure'] = null
    let explored = 0
    const orders = options.sampleSeed === undefined ? plan.orders : drawOrders(plan.orders, options.bound, options.sampleSeed)
    for (const order of orders) {
      const run = await runOrder(prefix, order, { ...(options.machine ? { machine: options.machine } : {}), ...(options.check ? { check: options.check } : {}) })
      explored += 1
      distinct.add(run.labels.join(' '))
      if (run.problems.length > 0) {
        failed += 1
        firstFailure ??= { order: run.labels, problems: run.problems }
        if (options.stopAtFailure) break
      }
    }
    const result: StateResult = {
      id: state.id,
      kind: state.kind,
      via,
      calls: plan.calls,
      interferers: plan.interferers.length,
      fullCount: plan.fullCount,
      explored,
      distinct: distinct.size,
      reduction: plan.reduction,
      failed,
      firstFailure,
      ms: Date.now() - started,
    }
    results.push(result)
    options.onState?.(result)
  }
  return { results, unreached }
}

export function formatOrders(results: readonly StateResult[], unreached: readonly string[], bound: number): string {
  const rows = results.map((r) =>
    [
      r.id.replace(/^app\.session\.screens\.|^app\.session\.|^app\./, ''),
      r.kind,
      r.via,
      r.calls.join('+') || '(wait)',
      String(r.interferers),
      String(r.fullCount),
      String(r.explored),
      String(r.distinct),
      r.reduction,
      String(r.failed),
    ].join(' | '),
  )
  const total = results.reduce((s, r) => s + r.explored, 0)
  const seconds = Math.round(results.reduce((s, r) => s + r.ms, 0) / 100) / 10
  const failures = results.filter((r) => r.firstFailure !== null).map((r) => `FAILED ${r.id}: ${r.firstFailure!.order.join(' → ')}\n  ${r.firstFailure!.problems.slice(0, 3).join('\n  ')}`)
  return [
    `Orders explored per state with concurrent work (bound ${bound} per state; where the full count is above it, outcomes are cut as the reduction column says)`,
    'state | kind | reached by | calls pending | interfering events | orders (full) | orders run | distinct runs | reduction | failed',
    ...rows,
    `${results.length} states, ${total} orders run, ${results.reduce((s, r) => s + r.failed, 0)} failed, ${seconds} s`,
    ...(unreached.length > 0 ? [`not reached by any generated path: ${unreached.join(', ')}`] : []),
    ...failures,
  ].join('\n')
}
