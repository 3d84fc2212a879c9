import type { ChartState, MachineGraph } from './machine-graph'
import { subtreeOf } from './state-summary'

/*
 * The map: the machine's parts as the borrower meets them. Each flow is a band of cards, in the
 * order a borrower walks them (the funnel left to right, demand to loan plan). Which flow a state
 * belongs to is the one thing written here; every card, thumbnail and arrow comes from the
 * machine, and a state with a screen that no flow names still gets a card, in "Other screens".
 */

export interface Flow {
  id: string
  name: string
  /** State ids, in the borrower's order. */
  members: string[]
}

export const flowTable: readonly Flow[] = [
  { id: 'boot', name: 'Boot and login', members: ['app.boot', 'login', 'reauth', 'verifyingBorrower'] },
  { id: 'home', name: 'Home', members: ['home'] },
  { id: 'rights', name: 'Rights card', members: ['rights'] },
  { id: 'overlays', name: 'Overlays', members: ['privacy', 'thirdProtocol', 'richText', 'webview'] },
  { id: 'funnel', name: 'The funnel', members: ['loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'review', 'result'] },
  { id: 'lending', name: 'Lending', members: ['match', 'lendConfirm', 'loanPlan'] },
  { id: 'repayment', name: 'Repayment', members: ['repayment', 'repayDetail', 'paymentConfirm', 'repaymentResult', 'repayPlan'] },
]

/** Bands laid out in rows: the funnel and lending share a row, so the whole application reads left to right. */
export const flowRows: readonly string[][] = [['boot', 'home', 'rights', 'overlays'], ['funnel', 'lending'], ['repayment', 'other']]

export interface MapCard {
  state: ChartState
  flow: string
}

export interface MapMove {
  from: string
  to: string
  /** The events that make the move, as the chart labels them. */
  labels: string[]
}

export interface MapModel {
  flows: Flow[]
  cards: MapCard[]
  moves: MapMove[]
}

/** The flows of this machine: members it does not have are dropped; screens no flow names are added. */
export function mapModel(graph: MachineGraph): MapModel {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const flows = flowTable.map((f) => ({ ...f, members: f.members.filter((id) => byId.has(id)) }))
  const listed = new Set(flows.flatMap((f) => f.members))
  const owner = new Map<string, string>()
  for (const id of listed) for (const inner of subtreeOf(graph, id)) owner.set(inner, id)
  const unlisted = graph.states.filter((s) => s.screen !== undefined && !owner.has(s.id) && !(s.parent !== null && owner.has(s.parent)))
  for (const s of unlisted) for (const inner of subtreeOf(graph, s.id)) owner.set(inner, s.id)
  const all = unlisted.length > 0 ? [...flows, { id: 'other', name: 'Other screens', members: unlisted.map((s) => s.id) }] : flows
  const cards = all.flatMap((f) => f.members.map((id) => ({ state: byId.get(id) as ChartState, flow: f.id })))
  const moves = new Map<string, MapMove>()
  for (const t of graph.transitions) {
    const from = owner.get(t.source)
    for (const target of t.targets) {
      const to = owner.get(target)
      if (from === undefined || to === undefined || from === to) continue
      const key = `${from}>${to}`
      const move = moves.get(key) ?? { from, to, labels: [] }
      if (!move.labels.includes(t.label)) move.labels.push(t.label)
      moves.set(key, move)
    }
  }
  return { flows: all.filter((f) => f.members.length > 0), cards, moves: [...moves.values()] }
}

/**
 * The part of the machine a card or a band stands for, as a graph of its own: the members with
 * everything inside them, their ancestors as frames, the transitions among them and the root's
 * routes into them. `leaving` counts the transitions that go elsewhere (the whole chart shows them).
 */
export function scopeGraph(graph: MachineGraph, members: readonly string[]): { graph: MachineGraph; leaving: number } {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const inside = new Set(members.flatMap((id) => subtreeOf(graph, id)))
  const kept = new Set(inside)
  for (const id of members) for (let at = byId.get(id)?.parent ?? null; at !== null; at = byId.get(at)?.parent ?? null) kept.add(at)
  const states = graph.states
    .filter((s) => kept.has(s.id))
    .map((s) => (inside.has(s.id) ? s : { ...s, children: s.children.filter((c) => kept.has(c)), initial: s.initial !== null && kept.has(s.initial) ? s.initial : null, invokes: [] }))
  let leaving = 0
  const transitions = graph.transitions.filter((t) => {
    const from = inside.has(t.source) || (t.source === graph.root && t.kind === 'route')
    if (!from) return false
    if (t.targets.every((target) => inside.has(target))) return true
    if (inside.has(t.source)) leaving += 1
    return false
  })
  return { graph: { ...graph, states, transitions }, leaving }
}
