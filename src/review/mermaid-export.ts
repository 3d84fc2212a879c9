import type { ChartState, ChartTransition, MachineGraph } from './machine-graph'

/*
 * The machine as Mermaid `stateDiagram-v2` text: states nested as the machine nests them, each
 * compound state's initial state as `[*] -->`, every transition with a target as an arrow
 * labelled with its event (and guard), each placed in the innermost composite block holding
 * both ends so Mermaid keeps it inside the box. Transitions without a target and invoked actors
 * are listed as the state's description lines (a note, for a composite state), as Mermaid has no
 * arrow for "handled in place".
 */

/** Mermaid ids allow letters, digits and `_`; the state's dotted path keeps them readable and unique. */
function mermaidIds(graph: MachineGraph): Map<string, string> {
  const ids = new Map<string, string>()
  const used = new Set<string>()
  for (const state of graph.states) {
    const base = state.path.replace(/[^A-Za-z0-9_]/g, '_')
    let id = base
    for (let i = 2; used.has(id); i += 1) id = `${base}_${i}`
    used.add(id)
    ids.set(state.id, id)
  }
  return ids
}

/** Label text Mermaid reads as plain text: no `:` `;` `{` `}` or `#`, which its grammar claims. */
function safe(text: string): string {
  return text.replace(/[:;{}#]/g, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim()
}

function transitionLabel(t: ChartTransition): string {
  return safe(t.guard ? `${t.label} [${t.guard}]` : t.label)
}

function displayName(state: ChartState): string {
  if (state.type === 'history') return state.history === 'deep' ? 'H*' : 'H'
  return state.key
}

export function machineToMermaid(graph: MachineGraph): string {
  const ids = mermaidIds(graph)
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const ancestors = (id: string): string[] => {
    const out: string[] = []
    for (let at = byId.get(id)?.parent ?? null; at !== null; at = byId.get(at)?.parent ?? null) out.push(at)
    return out
  }
  /** The innermost state that is a proper ancestor of every end; null: the top level. */
  const blockOf = (t: ChartTransition): string | null => {
    const ends = [t.source, ...t.targets]
    const [first, ...rest] = ends.map(ancestors)
    return first?.find((candidate) => rest.every((list) => list.includes(candidate))) ?? null
  }
  const edgesIn = new Map<string | null, ChartTransition[]>()
  for (const t of graph.transitions) {
    if (t.internal) continue
    const block = blockOf(t)
    edgesIn.set(block, [...(edgesIn.get(block) ?? []), t])
  }
  const id = (stateId: string) => ids.get(stateId) as string
  const lines: string[] = ['stateDiagram-v2']
  const edgeLines = (block: string | null, indent: string) => {
    for (const t of edgesIn.get(block) ?? []) {
      for (const target of t.targets) lines.push(`${indent}${id(t.source)} --> ${id(target)} : ${transitionLabel(t)}`)
    }
  }
  const declare = (state: ChartState, indent: string) => {
    const own = id(state.id)
    lines.push(`${indent}state "${safe(displayName(state))}" as ${own}`)
    const extras = [
      ...state.invokes.map((invoke) => `invoke ${safe(invoke.src)}`),
      ...graph.transitions.filter((t) => t.source === state.id && t.internal).map((t) => `↺ ${transitionLabel(t)}`),
    ]
    // Mermaid allows description lines on simple states only; a composite state gets a note.
    if (state.children.length === 0) {
      for (const extra of extras) lines.push(`${indent}${own} : ${extra}`)
      return
    }
    if (extras.length > 0) lines.push(`${indent}note left of ${own} : ${extras.join(', ')}`)
    lines.push(`${indent}state ${own} {`)
    const inner = `${indent}  `
    if (state.initial !== null) lines.push(`${inner}[*] --> ${id(state.initial)}`)
    state.children.forEach((childId, index) => {
      if (state.type === 'parallel' && index > 0) lines.push(`${inner}--`)
      declare(byId.get(childId) as ChartState, inner)
    })
    edgeLines(state.id, inner)
    lines.push(`${indent}}`)
  }
  const root = byId.get(graph.root) as ChartState
  lines.push(`  [*] --> ${id(root.id)}`)
  declare(root, '  ')
  edgeLines(null, '  ')
  return `${lines.join('\n')}\n`
}

/** The Mermaid id each state got, for tests and for linking a Mermaid rendering back to the chart. */
export function mermaidIdOf(graph: MachineGraph): ReadonlyMap<string, string> {
  return mermaidIds(graph)
}
