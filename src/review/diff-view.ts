import type { MachineDiff } from '../../tests/model/engine/machine-diff'
import { $ } from './dom'
import { diffHighlights, renderDiffPanel, type DiffHighlights } from './diff/diff-panel'
import { act, page } from './page-state'

/*
 * "What changed": the machine's differences from a base (data/machine-diff.json, from `npm run
 * review:diff`) listed beside Live and Drive, and marked on the chart and the map. With no diff
 * shipped, the card stays hidden and nothing is marked.
 */

let marks: DiffHighlights | null = null

/** Opens a state the diff names (a removed one is not on the chart: nothing to open). */
function open(at: string): void {
  const id = page.resolveState(at)
  if (id !== undefined) void act.pick(id)
}

export async function loadDiff(): Promise<void> {
  const url = page.manifest?.diff
  if (!url) return
  const response = await fetch(url).catch(() => null)
  if (!response?.ok) return
  const diff = (await response.json()) as MachineDiff
  marks = diffHighlights(diff)
  const card = $('diff')
  renderDiffPanel(card, diff, {
    onState: (at) => open(at),
    onTransition: (_key, source) => open(source),
  })
  card.hidden = false
}

const markClasses = ['diff-added', 'diff-removed', 'diff-changed']
/** Added is green; anything else that differs (removed, retargeted, guard, actions) is orange. */
const classOf = (how: string) => (how === 'added' ? 'diff-added' : how === 'removed' ? 'diff-removed' : 'diff-changed')

function mark(el: Element, how: string | undefined): void {
  el.classList.remove(...markClasses)
  if (how !== undefined) el.classList.add(classOf(how))
}

export function decorateDiffChart(root: Element): void {
  if (!marks) return
  const { transitions } = marks
  const states = new Map([...marks.states].map(([at, how]) => [page.resolveState(at) ?? at, how]))
  for (const el of root.querySelectorAll('[data-state-id]')) mark(el, states.get(el.getAttribute('data-state-id') ?? ''))
  for (const el of root.querySelectorAll('[data-transition]')) mark(el, transitions.get(el.getAttribute('data-transition') ?? '')?.[0])
}

/** A screen's card is marked when its state or one inside it changed, or a transition leaving one. */
export function decorateDiffMap(root: Element): void {
  if (!marks) return
  const changed = new Map<string, string>()
  const note = (at: string, how: string) => {
    // The diff names states by their path from the root; the map's cards by the chart's state id.
    for (let id = page.resolveState(at) ?? null; id !== null; id = page.byId.get(id)?.parent ?? null) if (!changed.has(id)) changed.set(id, how)
  }
  for (const [at, how] of marks.states) note(at, how)
  for (const [key, hows] of marks.transitions) note(key.split(' | ')[0] ?? '', hows[0] === 'added' ? 'added' : 'changed')
  for (const card of root.querySelectorAll('[data-card]')) mark(card, changed.get(card.getAttribute('data-card') ?? ''))
}
