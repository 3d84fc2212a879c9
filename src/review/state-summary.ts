import type { ChartTransition, MachineGraph } from './machine-graph'

/*
 * What a state does, its inner states included: a compound screen's calls and events are made by
 * its inner states (bank card's `sendCardCode` is invoked by `bankCard.sendingCode`), so the
 * panel sums them, each with the inner state it belongs to.
 */

export interface Owned<T> {
  item: T
  /** The state (this one or an inner one) that declares it. */
  in: string
}

export interface StateSummary {
  calls: Owned<{ id: string; src: string }>[]
  /** Transitions its states take, inner ones included (moves inside it too). */
  events: Owned<ChartTransition>[]
  /** Transitions from outside that enter it, with the state they enter. */
  waysIn: Owned<ChartTransition>[]
}

export function subtreeOf(graph: MachineGraph, id: string): string[] {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const out: string[] = []
  const walk = (at: string) => {
    out.push(at)
    for (const child of byId.get(at)?.children ?? []) walk(child)
  }
  walk(id)
  return out
}

export function summarize(graph: MachineGraph, id: string): StateSummary {
  const order = subtreeOf(graph, id)
  const inside = new Set(order)
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const calls = order.flatMap((at) => (byId.get(at)?.invokes ?? []).map((item) => ({ item, in: at })))
  const events = graph.transitions.filter((t) => inside.has(t.source)).map((item) => ({ item, in: item.source }))
  const waysIn = graph.transitions.flatMap((t) => {
    if (inside.has(t.source)) return []
    const into = t.targets.find((target) => inside.has(target))
    return into === undefined ? [] : [{ item: t, in: into }]
  })
  return { calls, events, waysIn }
}
