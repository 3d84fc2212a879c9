import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { machineGraph } from '../../src/review/machine-graph'
import { summarize } from '../../src/review/state-summary'

/*
 * A compound screen's panel sums what its inner states do. The expected calls and events are read
 * here from XState's own state nodes (each node's `invoke` and `transitions`), walking the screen's
 * inner states directly, not through the summary under test.
 */

interface Node {
  id: string
  states: Record<string, Node>
  invoke: { src: unknown }[]
  transitions: Map<string, unknown[]>
  always?: unknown[]
}

function nodeById(id: string): Node {
  const find = (node: Node): Node | undefined => (node.id === id ? node : Object.values(node.states).map(find).find(Boolean))
  return find(appMachine.root as unknown as Node) as Node
}

function inner(node: Node): Node[] {
  return [node, ...Object.values(node.states).flatMap(inner)]
}

test('the bank card screen sums the calls and events of its inner states, each with the state it belongs to', () => {
  const bankCard = nodeById('bankCard')
  const states = inner(bankCard)
  const expectedCalls = states.flatMap((n) => n.invoke.map((i) => `${n.id}:${String(i.src)}`)).sort()
  const expectedEvents = states.flatMap((n) => [...n.transitions.values(), n.always ?? []].reduce((sum, list) => sum + list.length, 0))
  const summary = summarize(machineGraph(appMachine), 'bankCard')
  // The screen itself declares no call: all three come from its inner states.
  expect(bankCard.invoke).toEqual([])
  expect(expectedCalls.length).toBeGreaterThanOrEqual(3)
  expect(summary.calls.map((c) => `${c.in}:${c.item.src}`).sort()).toEqual(expectedCalls)
  expect(summary.calls.map((c) => c.item.src)).toEqual(expect.arrayContaining(['sendCardCode', 'confirmCard']))
  expect(summary.events.length).toBe(expectedEvents.reduce((a, b) => a + b, 0))
  const events = new Set(summary.events.map((e) => e.item.event))
  for (const event of ['sms.send', 'form.submit', 'step.back']) expect(events, event).toContain(event)
  // Each event is labelled with the inner state that declares it.
  for (const e of summary.events) expect(states.map((n) => n.id)).toContain(e.in)
  expect(summary.events.find((e) => e.item.event === 'sms.send')?.in).not.toBe('bankCard')
})

test('ways into a compound screen come from outside it and name the inner state they enter', () => {
  const graph = machineGraph(appMachine)
  const inside = new Set(inner(nodeById('bankCard')).map((n) => n.id))
  const summary = summarize(graph, 'bankCard')
  expect(summary.waysIn.length).toBeGreaterThan(0)
  for (const way of summary.waysIn) {
    expect(inside.has(way.item.source), way.item.key).toBe(false)
    expect(inside.has(way.in)).toBe(true)
    expect(way.item.targets).toContain(way.in)
  }
  // The contact screen's call that moves on, and the URL's route, both enter the bank card screen.
  expect(summary.waysIn.map((w) => w.item.source)).toEqual(expect.arrayContaining(['app']))
})
