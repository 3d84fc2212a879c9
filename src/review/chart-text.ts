import type { ChartState, ChartTransition, MachineGraph } from './machine-graph'

/*
 * The chart's text and the boxes it needs, measured by arithmetic, not by a DOM: the chart's
 * text is monospaced, so the page and the node export (review:export) get the same layout from
 * the same numbers.
 */

export const font = { family: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace', advance: 0.6 }
export const sizes = {
  name: 12,
  small: 10,
  line: 14,
  pad: 8,
  thumb: { width: 72, height: 156 },
  descriptionChars: 44,
  descriptionLines: 4,
  initialDot: 10,
  /** The tallest a frame's far name is drawn (semantic zoom); its box's header keeps room for it. */
  farName: 48,
} as const

/** A text's box is about this many ems tall (the monospaced font's ascent and descent). */
const lineEms = 1.2

/** Width of monospaced text; CJK glyphs take a full em. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0
  for (const ch of text) ems += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : font.advance
  return Math.ceil(ems * fontSize)
}

/** Word-wrapped lines, at most `maxLines` (the last one ends with … when text was cut). */
export function wrap(text: string, chars: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  // Chinese has no spaces: a run longer than a line is cut where the line ends (a CJK glyph is about two characters wide).
  const words = text.split(/\s+/).filter(Boolean).flatMap((word) => {
    const room = /[\u2e80-\u9fff]/.test(word) ? Math.floor(chars / 2) : chars
    return word.length <= room ? [word] : Array.from({ length: Math.ceil(word.length / room) }, (_, i) => word.slice(i * room, (i + 1) * room))
  })
  for (const word of words) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, chars - 1)}…`
  return kept
}

/** How many characters a rule's line takes before it wraps, and how many lines it may take. */
const guardChars = 40
const guardLines = 3

/** A transition's words: its event, then its guard as a sentence ("if the code is typed"). */
export function transitionText(t: ChartTransition): string[] {
  if (t.said.guard === undefined) return [t.said.event]
  return [t.said.event, ...wrap(t.said.guard, guardChars, guardLines).map((line, i) => (i === 0 ? line : `  ${line}`))]
}

/** What a state's box shows above its children (or as its body, for an atomic state). */
export interface StateText {
  name: string
  invokes: string[]
  description: string[]
  /** Transitions without a target, handled in place. */
  internal: ChartTransition[]
  /** Routes into this state from anywhere (the URL). */
  entries: ChartTransition[]
  /** Shown when the state is collapsed: how much is folded inside. */
  folded?: string
}

function descendantsOf(graph: MachineGraph, id: string): string[] {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const out: string[] = []
  const walk = (at: string) => {
    for (const child of byId.get(at)?.children ?? []) {
      out.push(child)
      walk(child)
    }
  }
  walk(id)
  return out
}

/** For each state, the visible box that stands for it (itself, or its outermost collapsed ancestor). */
export function visibleOf(graph: MachineGraph, collapsed: ReadonlySet<string>): Map<string, string> {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const visible = new Map<string, string>()
  for (const state of graph.states) {
    let shown = state.id
    for (let at = byId.get(state.parent ?? ''); at !== undefined; at = byId.get(at.parent ?? '')) {
      if (collapsed.has(at.id)) shown = at.id
    }
    visible.set(state.id, shown)
  }
  return visible
}

function stateText(graph: MachineGraph, state: ChartState, collapsed: boolean): StateText {
  const hidden = collapsed ? descendantsOf(graph, state.id).length : 0
  const name = state.type === 'history' ? (state.history === 'deep' ? 'H*' : 'H') : state.said.name
  return {
    name,
    invokes: state.said.calls.map((call) => `⇄ ${call}`),
    description: (state.said.purpose ?? state.description) ? wrap(state.said.purpose ?? state.description ?? '', sizes.descriptionChars, sizes.descriptionLines) : [],
    internal: graph.transitions.filter((t) => t.source === state.id && t.internal),
    entries: graph.transitions.filter((t) => isEntry(graph, t) && t.targets[0] === state.id),
    ...(collapsed ? { folded: `▸ ${hidden} states inside` } : {}),
  }
}

function textLines(text: StateText): { width: number; height: number } {
  const small = [
    ...text.entries.map((t) => `⇢ ${transitionText(t).join(' ')}`),
    ...text.invokes,
    ...text.description,
    ...text.internal.map((t) => `↺ ${transitionText(t).join(' ')}`),
  ]
  if (text.folded) small.push(text.folded)
  const width = Math.max(textWidth(text.name, sizes.name) + 24, ...small.map((l) => textWidth(l, sizes.small)))
  return { width, height: sizes.line + 4 + small.length * (sizes.line - 1) }
}

/**
 * Whether a state shows its name across its header when the chart is too small to read (semantic
 * zoom): a screen, or a frame outside any screen; a screen's inner states are read under its name.
 */
export function carriesFarName(graph: MachineGraph, state: ChartState): boolean {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  for (let at = byId.get(state.parent ?? ''); at !== undefined; at = byId.get(at.parent ?? '')) if (at.screen !== undefined) return false
  return state.screen !== undefined || state.children.length > 0
}

export function boxFor(graph: MachineGraph, state: ChartState, collapsed: boolean, thumb: boolean) {
  const text = stateText(graph, state, collapsed)
  if (state.type === 'history') return { text, width: 34, height: 34, header: 34, farName: false }
  const lines = textLines(text)
  const thumbWidth = thumb ? sizes.thumb.width + sizes.pad : 0
  // The header is what ELK keeps free above a frame's children: room for the far name too, at its full size, so no child covers it.
  const farName = carriesFarName(graph, state)
  const header = Math.max(lines.height, thumb ? sizes.thumb.height : 0, farName ? Math.ceil(sizes.farName * lineEms) : 0) + sizes.pad * 2
  const width = Math.max(lines.width, farName ? textWidth(state.said.name, sizes.farName) : 0)
  return { text, width: width + thumbWidth + sizes.pad * 2, height: header, header, farName }
}

/**
 * Where and how large a state's far name is drawn: across its header, left of its thumbnail, as
 * large as that band allows (at most twice `sizes.farName`, for a screen's tall header).
 */
export function farNamePlace(box: { x: number; y: number; width: number; header: number; hasThumb: boolean }, name: string) {
  const band = {
    x: box.x + sizes.pad,
    y: box.y + sizes.pad,
    width: box.width - sizes.pad * 2 - (box.hasThumb ? sizes.thumb.width + sizes.pad : 0),
    height: box.header - sizes.pad * 2,
  }
  const size = Math.floor(Math.min(sizes.farName * 2, band.height / lineEms, band.width / (textWidth(name, 100) / 100)))
  return { x: band.x, baseline: band.y + (band.height - size * lineEms) / 2 + size * 0.95, size, band }
}

export function labelOf(members: ChartTransition[]) {
  const first = members[0] as ChartTransition
  const lines = members.length === 1 ? transitionText(first) : [first.label, `+${members.length - 1} more`]
  return {
    lines,
    width: Math.max(...lines.map((l) => textWidth(l, sizes.small))) + 6,
    height: lines.length * (sizes.small + 3) + 2,
  }
}

/**
 * A route declared on the root: the URL can bring the borrower to its target from anywhere. It is
 * drawn as an entry line on the target state, not as an arrow from the chart's outer border
 * across everything (twenty of them would cross the whole chart and say nothing more).
 */
export function isEntry(graph: MachineGraph, t: ChartTransition): boolean {
  return t.kind === 'route' && t.source === graph.root && t.targets.length === 1
}
