// @vitest-environment jsdom
import mermaid from 'mermaid'
import { expect, test } from 'vitest'
import { createMachine, type AnyStateMachine } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { layoutChart, restoreLayout, screenStatesOf, storeLayout, type ChartLayout } from '../../src/review/chart-layout'
import { renderChartSvg } from '../../src/review/chart-svg'
import { machineGraph } from '../../src/review/machine-graph'
import { machineToMermaid, mermaidIdOf } from '../../src/review/mermaid-export'

/*
 * The chart is drawn from the machine's definition. The expected figures here are read
 * from the machine's state nodes directly (XState's own `root`, `states`, `transitions`,
 * `always`), not from the chart's reader, so a reader that drops or invents a state fails.
 */

interface DefinitionNode {
  id: string
  key: string
  states: Record<string, DefinitionNode>
  transitions: Map<string, { target?: DefinitionNode[] }[]>
  always?: { target?: DefinitionNode[] }[]
}

function definition(machine: AnyStateMachine) {
  const nodes: DefinitionNode[] = []
  const walk = (node: DefinitionNode) => {
    nodes.push(node)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root as unknown as DefinitionNode)
  const transitions = nodes.flatMap((node) =>
    [...node.transitions.entries(), ['', node.always ?? []] as const].flatMap(([event, list]) =>
      list.map((t) => ({ source: node.id, event, targets: (t.target ?? []).map((n) => n.id) })),
    ),
  )
  return { nodes, transitions, events: new Set(nodes.flatMap((node) => [...node.transitions.keys()])) }
}

let appLayout: Promise<ChartLayout> | undefined

async function drawn(machine: AnyStateMachine): Promise<Document> {
  const layout = machine === appMachine ? await (appLayout ??= layoutChart(machineGraph(appMachine))) : await layoutChart(machineGraph(machine))
  return new DOMParser().parseFromString(renderChartSvg(layout), 'image/svg+xml')
}

const attributes = (doc: Document, name: string) => [...doc.querySelectorAll(`[${name}]`)].map((el) => el.getAttribute(name) as string)

test('every state node and every transition of the application machine is drawn, each once', { timeout: 120_000 }, async () => {
  const { nodes, transitions, events } = definition(appMachine)
  const doc = await drawn(appMachine)
  const stateIds = attributes(doc, 'data-state-id')
  expect(stateIds.sort()).toEqual(nodes.map((n) => n.id).sort())
  const transitionKeys = attributes(doc, 'data-transition')
  expect(new Set(transitionKeys).size).toBe(transitionKeys.length)
  expect(transitionKeys.length).toBe(transitions.length)
  // Each drawn transition names an event the machine handles (`""` is XState's name for `always`).
  for (const event of attributes(doc, 'data-event')) expect(event === '' || events.has(event), `unknown event ${event}`).toBe(true)
  // A transition with a target is an arrow to a drawn state, except the root's routes (the URL can
  // bring the borrower there from anywhere), each a line on its target; one without is a line on its state.
  const rootRoutes = transitions.filter((t) => t.source === appMachine.root.id && t.event === 'xstate.route')
  const arrows = [...doc.querySelectorAll('g.transition')]
  expect(arrows.length).toBe(transitions.filter((t) => t.targets.length > 0).length - rootRoutes.length)
  for (const arrow of arrows) expect(stateIds).toContain(arrow.getAttribute('data-target'))
  expect(doc.querySelectorAll('text.entry').length).toBe(rootRoutes.length)
  for (const route of rootRoutes) expect(doc.querySelector(`[data-state-id="${route.targets[0]}"] text.entry[data-event="xstate.route"]`)).not.toBeNull()
  expect(doc.querySelectorAll('text.internal').length).toBe(transitions.filter((t) => t.targets.length === 0).length)
})

function withAddedStates(): AnyStateMachine {
  const config = appMachine.config as { states: Record<string, { states?: Record<string, unknown> }> }
  const session = config.states.session as { states: Record<string, { states?: Record<string, unknown> }> }
  const screens = session.states.screens as { states: Record<string, unknown> }
  return createMachine(
    {
      ...(appMachine.config as object),
      states: {
        ...config.states,
        reviewProbe: { description: 'A state only this test adds.', on: { 'probe.leave': 'boot' } },
        session: {
          ...session,
          states: { ...session.states, screens: { ...screens, states: { ...screens.states, probeScreen: { on: { 'probe.back': '#home' } } } } },
        },
      },
    } as never,
    appMachine.implementations as never,
  ) as unknown as AnyStateMachine
}

test('a state added to a copy of the machine appears on the chart by its id, with its transition', { timeout: 120_000 }, async () => {
  const copy = withAddedStates()
  const doc = await drawn(copy)
  expect(doc.querySelector('[data-state-id="app.reviewProbe"]')).not.toBeNull()
  expect(doc.querySelector('[data-state-id="app.session.screens.probeScreen"]')).not.toBeNull()
  expect(doc.querySelector('[data-event="probe.leave"][data-source="app.reviewProbe"][data-target="app.boot"]')).not.toBeNull()
  expect(doc.querySelector('[data-event="probe.back"][data-target="home"]')).not.toBeNull()
  expect(doc.querySelector('[data-state-id="app.reviewProbe"]')?.textContent).toContain('A state only this test adds.')
  expect(attributes(doc, 'data-state-id').length).toBe(definition(appMachine).nodes.length + 2)
})

test('a layout stored at build time comes back whole, and only for the machine and options it was laid out with', { timeout: 120_000 }, async () => {
  const graph = machineGraph(appMachine)
  const layout = await (appLayout ??= layoutChart(graph))
  const file = JSON.parse(JSON.stringify(storeLayout(graph, {}, layout))) as ReturnType<typeof storeLayout>
  expect(restoreLayout(graph, {}, file)).toEqual(layout)
  expect(restoreLayout(graph, { collapsed: new Set(['app.boot']) }, file)).toBeNull()
  expect(restoreLayout(graph, { thumbnails: screenStatesOf(graph) }, file)).toBeNull()
  expect(restoreLayout(machineGraph(withAddedStates()), {}, file)).toBeNull()
})

interface ParsedState {
  id: string
  label?: string
  shape?: string
}

async function parseMermaid(text: string) {
  await mermaid.parse(text)
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text)
  const db = diagram.db as unknown as { getData(): { nodes: ParsedState[]; edges: { start: string; end: string; label?: string }[] } }
  return db.getData()
}

test('the Mermaid export parses as stateDiagram-v2 and names every state', { timeout: 60_000 }, async () => {
  const text = machineToMermaid(machineGraph(appMachine))
  expect(text.startsWith('stateDiagram-v2\n')).toBe(true)
  const { nodes, edges } = await parseMermaid(text)
  const { nodes: states, transitions } = definition(appMachine)
  // Mermaid's own nodes aside (start and end markers, notes and their groups, the dividers it makes
  // for a parallel state's regions), one node per state node of the machine, named by its key (H or
  // H* for history), at its own nested place.
  const mermaidOwn = new Set(['note', 'noteGroup', 'divider'])
  const named = nodes.filter((n) => !/_start$|_end$/.test(n.id) && !mermaidOwn.has(n.shape ?? ''))
  const ids = mermaidIdOf(machineGraph(appMachine))
  expect(named.map((n) => n.id).sort()).toEqual(states.map((state) => ids.get(state.id)).sort())
  for (const state of states) {
    const node = named.find((n) => n.id === ids.get(state.id))
    expect(node?.label, state.id).toBe(state.key === 'hist' ? 'H*' : state.key)
  }
  // Every transition with a target is an edge with its event label; plus one `[*] -->` per initial.
  const labelled = edges.filter((e) => e.label !== undefined && e.label !== '')
  expect(labelled.length).toBe(transitions.filter((t) => t.targets.length > 0).length)
})

test('a broken Mermaid text is refused by the same parser (the check can fail)', async () => {
  await expect(mermaid.parse('stateDiagram-v2\n  state a {\n')).rejects.toThrow()
})

test('collapsing a compound state hides what it holds, and every transition is still drawn or counted as folded', { timeout: 120_000 }, async () => {
  const { nodes, transitions } = definition(appMachine)
  const screens = nodes.find((n) => n.id === 'app.session.screens') as DefinitionNode
  const inside: string[] = []
  const walk = (node: DefinitionNode) => {
    for (const child of Object.values(node.states)) {
      inside.push(child.id)
      walk(child)
    }
  }
  walk(screens)
  const layout = await layoutChart(machineGraph(appMachine), { collapsed: new Set([screens.id]) })
  const doc = new DOMParser().parseFromString(renderChartSvg(layout), 'image/svg+xml')
  const shown = attributes(doc, 'data-state-id')
  expect(shown.sort()).toEqual(nodes.map((n) => n.id).filter((id) => !inside.includes(id)).sort())
  expect(doc.querySelector(`[data-state-id="${screens.id}"]`)?.textContent).toContain(`${inside.length} states inside`)
  const drawnKeys = new Set(attributes(doc, 'data-transition'))
  expect(drawnKeys.size + layout.folded.length).toBe(transitions.length)
  for (const key of layout.folded) expect(drawnKeys.has(key)).toBe(false)
})
