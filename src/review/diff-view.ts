import type { MachineDiff } from '../../tests/model/engine/machine-diff'
import { $, h } from './dom'
import { baseName, diffHighlights, renderDiffPanel, type DiffHighlights } from './diff/diff-panel'
import { pageWord } from './page-words'
import { act, graph, page } from './page-state'

/*
 * "What changed": the machine's differences from a base (data/machine-diff.json, from `npm run
 * review:diff`) listed beside Live and Drive, and marked on the chart and the map. With no diff
 * shipped, the card stays hidden and nothing is marked.
 */

let marks: DiffHighlights | null = null
let shown: { diffs: { against: string; diff: MachineDiff }[]; at: number } | null = null

/** Opens a state the diff names (a removed one is not on the chart: nothing to open). */
function open(at: string): void {
  const id = page.resolveState(at)
  if (id !== undefined) void act.pick(id)
}

/** The diffs the build shipped (the approved machine's first), and any `npm run review:diff` left beside them. */
export async function loadDiff(): Promise<void> {
  const listed = [...(page.manifest?.diffs ?? []), ...(page.manifest?.diff ? [{ against: 'npm run review:diff', url: page.manifest.diff }] : [])]
  const loaded = await Promise.all(
    listed.map(async ({ against, url }) => {
      const response = await fetch(url).catch(() => null)
      return response?.ok ? { against, diff: (await response.json()) as MachineDiff } : null
    }),
  )
  const diffs = loaded.filter((d): d is { against: string; diff: MachineDiff } => d !== null)
  if (diffs.length === 0) return
  shown = { diffs, at: 0 }
  renderDiff()
}

/** The list in the page's language, against the base picked; the map and the chart marked for it. */
export function renderDiff(): void {
  if (shown === null) return
  const { diff } = shown.diffs[shown.at] as { diff: MachineDiff }
  marks = diffHighlights(diff)
  const card = $('diff')
  renderDiffPanel(card, diff, {
    onState: (at) => open(at),
    onTransition: (_key, source) => open(source),
    locale: page.locale,
    states: graph.states,
  })
  if (shown.diffs.length > 1) {
    const picker = h(
      'select',
      { 'aria-label': pageWord('comparedWith'), onchange: (e: Event) => {
        if (shown) shown.at = Number((e.target as HTMLSelectElement).value)
        renderDiff()
        act.decorate()
      } },
      ...shown.diffs.map((d, i) => h('option', { value: String(i), selected: i === shown?.at }, baseName(d.diff.base))),
    )
    card.querySelector('.diff-sides')?.before(h('label', { class: 'diff-against' }, `${pageWord('comparedWith')} `, picker))
  }
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
