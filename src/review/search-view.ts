import { draw } from './chart-view'
import { pageWord } from './page-words'
import { $, h, setClass } from './dom'
import { act, graph, page } from './page-state'
import { find, foundBy, searchIndex, type Entry, type Hit } from './search-index'

/*
 * Find a screen by what a reviewer would type (its title or text in any locale, a rule's or an
 * event's words, a code name): the results are a list the arrow keys move through, Enter opens
 * the one marked, and the chart marks every state and transition found.
 */

let index: { locale: string; entries: Entry[] } | null = null
let hits: Hit[] = []
let active = -1

function entries(): Entry[] {
  // The words follow the locale picked: the index is made again when it changes.
  if (index?.locale !== page.locale) index = { locale: page.locale, entries: searchIndex(graph) }
  return index.entries
}

function mark(at: number): void {
  active = hits.length === 0 ? -1 : (at + hits.length) % hits.length
  const input = $<HTMLInputElement>('search')
  const options = [...$('search-results').querySelectorAll<HTMLElement>('[role="option"]')]
  options.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)))
  const chosen = options[active]
  if (chosen) {
    input.setAttribute('aria-activedescendant', chosen.id)
    chosen.scrollIntoView({ block: 'nearest' })
  } else input.removeAttribute('aria-activedescendant')
}

export function search(query: string): void {
  const list = $('search-results')
  hits = find(entries(), query)
  const states = new Set(hits.filter((hit) => hit.entry.kind !== 'rule').map((hit) => hit.entry.state))
  const sources = new Set(hits.filter((hit) => hit.entry.kind === 'rule').map((hit) => hit.entry.label))
  setClass($('canvas'), '[data-state-id]', 'match', (el) => states.has(el.getAttribute('data-state-id') ?? ''))
  setClass($('canvas'), '[data-transition]', 'match', (el) => sources.has(graph.transitions.find((t) => t.key === el.getAttribute('data-transition'))?.said.sentence ?? ''))
  list.replaceChildren(
    ...hits.map((hit, i) =>
      h(
        'li',
        { role: 'option', id: `search-hit-${i}`, 'aria-selected': 'false', 'data-state': hit.entry.state, 'data-kind': hit.entry.kind, title: hit.entry.state, onclick: () => void pick(hit.entry.state) },
        h('span', { class: 'hit-label' }, hit.entry.label),
        h('span', { class: 'hit-kind' }, ` · ${pageWord(hit.entry.kind === 'screen' ? 'kindScreen' : hit.entry.kind === 'rule' ? 'kindRule' : 'kindStep')}`),
        h('span', { class: 'hit-by' }, foundBy(hit)),
      ),
    ),
  )
  if (query.trim() && hits.length === 0) list.append(h('li', { class: 'note' }, pageWord('nothingFound')))
  list.hidden = !query.trim()
  $('search').setAttribute('aria-expanded', String(!list.hidden))
  mark(0)
}

/** The arrow keys move through the results, Enter opens the one marked, Escape clears the search. */
export function searchKey(e: KeyboardEvent, input: HTMLInputElement): void {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault()
    mark(active + (e.key === 'ArrowDown' ? 1 : -1))
  } else if (e.key === 'Enter') {
    const hit = hits[active]
    if (hit) void pick(hit.entry.state)
  } else if (e.key === 'Escape') {
    input.value = ''
    search('')
  }
}

/** Shows a state on the chart: the whole machine's chart if the part shown lacks it, its collapsed ancestors opened. */
export async function pick(id: string): Promise<void> {
  $('search-results').hidden = true
  $('search').setAttribute('aria-expanded', 'false')
  if (page.view !== 'chart' || !page.shown.states.some((s) => s.id === id)) await act.showPart(null)
  let opened = false
  for (let at = page.byId.get(id)?.parent ?? null; at !== null; at = page.byId.get(at)?.parent ?? null) opened = page.collapsed.delete(at) || opened
  if (opened) await draw()
  void act.openState(id, true)
  $('canvas').querySelector<SVGGElement>(`[data-state-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
}
