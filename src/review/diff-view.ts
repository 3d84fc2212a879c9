import type { MachineDiff } from '../../machines/model/machine-diff'
import { $ } from './dom'
import { diffHighlights, renderDiffPanel, type DiffHighlights } from './diff/diff-panel'
import { act, page } from './page-state'

/*
 * "What changed": the machine's differences from a base (data/machine-diff.json, from `npm run
 * review:diff`) listed beside Live and Drive, and marked on the chart and the map. With no diff
 * shipped, the card stays hidden and nothing is marked.
 */

let marks: DiffHighlights | null = null

export async function loadDiff(): Promise<void> {
  const url = page.manifest?.diff
  if (!url) return
  const response = await fetch(url).catch(() => null)
  if (!response?.ok) return
  const diff = (await response.json()) as MachineDiff
  marks = diffHighlights(diff)
  const card = $('diff')
  renderDiffPanel(card, diff, {
    onState: (id) => void (page.byId.has(id) ? act.pick(id) : undefined),
    onTransition: (_key, source) => void (page.byId.has(source) ? act.pick(source) : undefined),
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
  const { states, transitions } = marks
  for (const el of root.querySelectorAll('[data-state-id]')) mark(el, states.get(el.getAttribute('data-state-id') ?? ''))
  for (const el of root.querySelectorAll('[data-transition]')) mark(el, transitions.get(el.getAttribute('data-transition') ?? '')?.[0])
}

/** A screen's card is marked when its state, or a transition leaving it, changed. */
export function decorateDiffMap(root: Element): void {
  if (!marks) return
  const { states, transitions } = marks
  const sources = new Map<string, string>()
  for (const [key, hows] of transitions) {
    const source = key.split(' | ')[0] ?? ''
    if (!sources.has(source)) sources.set(source, hows[0] ?? 'changed')
  }
  for (const card of root.querySelectorAll('[data-card]')) {
    const id = card.getAttribute('data-card') ?? ''
    mark(card, states.get(id) ?? (sources.has(id) ? 'changed' : undefined))
  }
}
