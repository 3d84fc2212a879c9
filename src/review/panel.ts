import { screenPaths } from '../../machines/screens'
import { decorateChart, toggle } from './chart-view'
import { $, h, missingNote } from './dom'
import { pageWord } from './page-words'
import { activeStates, type ChartState, type ChartTransition } from './machine-graph'
import { pathTitle, stepLines } from './path-names'
import { rulesSection } from './panel-rules'
import { act, graph, largeScreen, loadPaths, page, say, wordsFallbackNote, type StepResult } from './page-state'
import { capital } from './plain-words'
import { produceCommand, type ModelPath, type PathsFile } from './review-data'
import { summarize, type Owned } from './state-summary'
import { machineWords } from './machine-words'

/*
 * The side panel: one state's screen, route and facts, and what it does summed over its inner
 * states (the calls, events and ways in of each, labelled with the inner state), then the
 * generated paths that pass through it.
 */

function stateLink(id: string): HTMLElement {
  const state = page.byId.get(id)
  return h('button', { type: 'button', class: 'link', title: id, onclick: () => void act.openState(id, true) }, state?.said.full ?? id)
}

/** The inner state a line belongs to, in words, its id on hover. */
function ownerTag(open: string, id: string): HTMLElement | null {
  if (id === open) return null
  const inner = page.byId.get(id)?.said.full ?? id
  const base = `${page.byId.get(open)?.said.full ?? ''} · `
  return h('span', { class: 'owner-tag', title: id }, inner.startsWith(base) ? inner.slice(base.length) : inner)
}

function transitionLine(open: string, owned: Owned<ChartTransition>, direction: 'out' | 'in'): HTMLElement {
  const t = owned.item
  const other = direction === 'out' ? t.targets : [t.source]
  return h(
    'li',
    { title: t.said.code },
    ownerTag(open, owned.in),
    // Read as one sentence, tag included, by whoever copies it or hears it read.
    owned.in === open ? null : page.words === 'zh-Hans' ? '：' : ': ',
    h('strong', { 'data-event': t.event }, t.said.event),
    t.said.guard !== undefined ? h('span', { class: 'rule-words', 'data-guard': t.guard ?? '' }, `${page.words === 'zh-Hans' ? '，' : ', '}${t.said.guard}`) : null,
    t.internal ? ` (${machineWords.inPlace[page.words]})` : ` ${direction === 'out' ? '→' : '←'} `,
    // A route comes from the address or Back, wherever the borrower is: no state to link.
    ...(t.kind === 'route' && direction === 'in' ? [machineWords.anywhere[page.words]] : other.map(stateLink)),
  )
}

export function pathsReaching(file: PathsFile, id: string): ModelPath[] {
  const all = [...file.statePaths, ...file.edgePaths]
  const reaching = all.filter((p) => [p.startExpect, ...p.steps.map((s) => s.expect)].some((e) => activeStates(graph, e.state).has(id)))
  return reaching.sort((a, b) => a.steps.length - b.steps.length)
}

export function stepList(path: ModelPath, current = -1, results: StepResult[] = [], onPick?: (at: number) => void, notes: (string | undefined)[] = []): HTMLOListElement {
  return h(
    'ol',
    { class: 'steps', start: '0' },
    ...stepLines(path).map(({ text, code }, i) =>
      h(
        'li',
        { class: [i === current ? 'current' : '', results[i] ?? ''].join(' ').trim(), title: code, ...(i === current ? { 'aria-current': 'step' } : {}) },
        onPick ? h('button', { type: 'button', class: 'link', onclick: () => onPick(i) }, text) : text,
        results[i] === 'ok' ? h('span', { class: 'mark ok' }, ' ✓') : null,
        results[i] === 'off' ? h('span', { class: 'mark off' }, ` ✗ ${notes[i] ?? 'the page is elsewhere'}`) : null,
      ),
    ),
  )
}

/**
 * The screen large: the full capture, or else the small copy at its own size (stretched, its 240
 * pixels blur), saying where the full one comes from.
 */
function screenView(screen: string, shot: ReturnType<typeof largeScreen>): HTMLElement[] {
  const locale = page.locale ? ` (${page.locale})` : ''
  if (shot === undefined) return [missingNote(`The screenshot of ${screen}${locale} is`, produceCommand.screenshots)]
  const img = h('img', { class: 'screen-large', src: shot.url, alt: `The ${screen} screen${locale}, as the browser-level run captured it` })
  if (shot.full) return [img]
  return [
    img,
    h('p', { class: 'note', 'data-note': 'small-copy' }, pageWord('smallCopy', { shots: produceCommand.screenshots, rebuild: produceCommand.rebuild })),
  ]
}

/** The code names of a state, for an engineer: behind one "details" line, so what the panel says stays in words. */
function codeDetails(state: ChartState, route: string | undefined): HTMLElement {
  const fact = (term: string, value: Node | string | null) => (value === null ? [] : [h('dt', {}, term), h('dd', {}, value)])
  return h(
    'details',
    { class: 'code-names', 'data-details': 'code' },
    h('summary', {}, pageWord('details')),
    h(
      'dl',
      { class: 'facts' },
      ...fact('id', h('span', { class: 'mono' }, state.id)),
      ...fact('type', state.type === 'history' ? `${state.history} history` : state.type),
      ...fact('path', h('span', { class: 'mono' }, state.path)),
      ...fact('screen', state.screen ?? null),
      ...fact('route', h('span', { class: 'mono' }, route ? `#${route}${state.routable ? ' (routable: the URL can bring the borrower here)' : ''}` : 'none (shares its parent screen’s URL)')),
      ...fact('initial', state.initial ? h('span', { class: 'mono' }, state.initial) : null),
      ...fact('tags', state.tags.length ? state.tags.join(', ') : null),
      ...fact('note', state.description ?? null),
    ),
  )
}

export async function openState(id: string, center = false): Promise<void> {
  const state = page.byId.get(id)
  if (!state) return
  page.selected = id
  decorateChart()
  if (center) act.centerOn(id)
  $('panel').hidden = false
  const title = $('panel-title')
  title.textContent = state.said.full
  title.title = state.id
  const body = $('panel-body')
  body.replaceChildren()
  if (state.screen !== undefined) body.append(...screenView(state.said.full, largeScreen(id)))
  const route = state.screen !== undefined ? (screenPaths as Record<string, string>)[state.screen] : undefined
  const purpose = state.words?.[page.words]
  if (purpose) body.append(h('p', { class: 'purpose' }, purpose))
  if (page.words !== page.locale && page.locale !== 'en') body.append(h('p', { class: 'note', 'data-note': 'words-fallback' }, wordsFallbackNote()))
  body.append(codeDetails(state, route))
  body.append(rulesSection(id))
  if (state.children.length > 0) {
    body.append(
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', onclick: () => toggle(id) }, page.collapsed.has(id) ? pageWord('expandState') : pageWord('collapseState')),
        page.part !== id ? h('button', { type: 'button', onclick: () => act.showPart(id) }, pageWord('chartAlone')) : null,
      ),
    )
  }
  const { calls, events, waysIn } = summarize(graph, id)
  const none = h('p', { class: 'note' }, pageWord(state.children.length > 0 ? 'noneInside' : 'none'))
  body.append(h('h3', {}, pageWord('calls', { n: calls.length })))
  body.append(
    calls.length
      ? h('ul', { class: 'list', 'data-summary': 'calls' }, ...calls.map((c) => h('li', { title: c.item.src }, ownerTag(id, c.in), c.in === id ? null : page.words === 'zh-Hans' ? '：' : ': ', capital(say().call(c.item.src)))))
      : none.cloneNode(true),
  )
  body.append(h('h3', {}, pageWord('canDo', { n: events.length })))
  body.append(events.length ? h('ul', { class: 'list', 'data-summary': 'events' }, ...events.map((t) => transitionLine(id, t, 'out'))) : none)
  body.append(h('h3', {}, pageWord('waysIn', { n: waysIn.length })))
  body.append(waysIn.length ? h('ul', { class: 'list', 'data-summary': 'ways-in' }, ...waysIn.map((t) => transitionLine(id, t, 'in'))) : h('p', { class: 'note' }, pageWord('enteredFirst')))
  body.append(h('h3', {}, pageWord('pathsReaching')))
  const holder = h('div', {}, h('p', { class: 'note' }, pageWord('pathsLoading')))
  body.append(holder)
  const file = await loadPaths()
  if (page.selected !== id) return
  if (file === null) {
    holder.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const reaching = pathsReaching(file, id)
  holder.replaceChildren(
    h('p', { class: 'note' }, pageWord('pathsThrough', { n: reaching.length, of: file.statePaths.length + file.edgePaths.length })),
    ...reaching.slice(0, 12).map((p) =>
      h('details', {}, h('summary', {}, pathTitle(p)), stepList(p), h('button', { type: 'button', onclick: () => act.startDrive(p) }, pageWord('drivePath'))),
    ),
  )
}
