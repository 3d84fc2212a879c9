import { draw } from './chart-view'
import { $, h, setClass } from './dom'
import { act, graph, page } from './page-state'
import { matchesWords } from './word-search'

/* Find a state or an event by its name's word parts (`sendCode` finds `sendCardCode`). */

export function search(query: string): void {
  const list = $('search-results')
  const q = query.trim()
  const matchStates = q ? graph.states.filter((s) => matchesWords(q, s.id) || matchesWords(q, s.path)) : []
  const matchTransitions = q ? graph.transitions.filter((t) => [t.label, t.event, t.guard ?? '', ...graph.states.filter((s) => s.id === t.source).flatMap((s) => s.invokes.map((i) => i.src))].some((text) => matchesWords(q, text))) : []
  const stateIds = new Set(matchStates.map((s) => s.id))
  const keys = new Set(matchTransitions.map((t) => t.key))
  setClass($('canvas'), '[data-state-id]', 'match', (el) => stateIds.has(el.getAttribute('data-state-id') ?? ''))
  setClass($('canvas'), '[data-transition]', 'match', (el) => keys.has(el.getAttribute('data-transition') ?? ''))
  const items = [
    ...matchStates.slice(0, 15).map((s) => h('li', {}, h('button', { type: 'button', onclick: () => pick(s.id) }, `state ${s.id}`))),
    ...matchTransitions
      .slice(0, 15)
      .map((t) => h('li', {}, h('button', { type: 'button', onclick: () => pick(t.source) }, `event ${t.label}${t.guard ? ` [${t.guard}]` : ''} · ${t.source} → ${t.targets.join(', ') || '(in place)'}`))),
  ]
  list.replaceChildren(...items)
  if (q && items.length === 0) list.append(h('li', { class: 'note' }, 'No state or event by that name'))
  list.hidden = !q
}

/** Shows a state on the chart: the whole machine's chart if the part shown lacks it, its collapsed ancestors opened. */
export async function pick(id: string): Promise<void> {
  $('search-results').hidden = true
  if (page.view !== 'chart' || !page.shown.states.some((s) => s.id === id)) await act.showPart(null)
  let opened = false
  for (let at = page.byId.get(id)?.parent ?? null; at !== null; at = page.byId.get(at)?.parent ?? null) opened = page.collapsed.delete(at) || opened
  if (opened) await draw()
  void act.openState(id, true)
  $('canvas').querySelector<SVGGElement>(`[data-state-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
}
