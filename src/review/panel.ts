import { screenPaths } from '../../machines/screens'
import { decorateChart, toggle } from './chart-view'
import { $, h, missingNote } from './dom'
import { activeStates, type ChartTransition } from './machine-graph'
import { pathTitle } from './path-names'
import { rulesSection } from './panel-rules'
import { act, graph, largeScreen, loadPaths, page, type StepResult } from './page-state'
import { produceCommand, type ModelPath, type PathsFile } from './review-data'
import { summarize, type Owned } from './state-summary'

/*
 * The side panel: one state's screen, route and facts, and what it does summed over its inner
 * states (the calls, events and ways in of each, labelled with the inner state), then the
 * generated paths that pass through it.
 */

function stateLink(id: string): HTMLElement {
  return h('button', { type: 'button', class: 'link', onclick: () => void act.openState(id, true) }, id)
}

/** The inner state's name relative to the one open (`sendingCode` inside `bankCard`). */
function relative(open: string, id: string): string {
  const base = page.byId.get(open)?.path ?? ''
  const path = page.byId.get(id)?.path ?? id
  return path.startsWith(`${base}.`) ? path.slice(base.length + 1) : id
}

function ownerTag(open: string, id: string): HTMLElement | null {
  return id === open ? null : h('span', { class: 'owner-tag', title: id }, relative(open, id))
}

function transitionLine(open: string, owned: Owned<ChartTransition>, direction: 'out' | 'in'): HTMLElement {
  const t = owned.item
  const other = direction === 'out' ? t.targets : [t.source]
  return h(
    'li',
    {},
    ownerTag(open, owned.in),
    h('code', {}, t.label),
    t.guard ? h('span', { class: 'mono' }, ` [${t.guard}]`) : null,
    t.internal ? ' (handled in place)' : ` ${direction === 'out' ? '→' : '←'} `,
    ...other.map(stateLink),
  )
}

export function pathsReaching(file: PathsFile, id: string): ModelPath[] {
  const all = [...file.statePaths, ...file.edgePaths]
  const reaching = all.filter((p) => [p.startExpect, ...p.steps.map((s) => s.expect)].some((e) => activeStates(graph, e.state).has(id)))
  return reaching.sort((a, b) => a.steps.length - b.steps.length)
}

export function stepList(path: ModelPath, current = -1, results: StepResult[] = [], onPick?: (at: number) => void, notes: (string | undefined)[] = []): HTMLOListElement {
  const items = [`start: ${path.start}${path.startExpect.route ? ` (${path.startExpect.route.path})` : ''}`, ...path.steps.map((s) => `${s.label}${s.expect.route ? ` → ${s.expect.route.path}` : ''}`)]
  return h(
    'ol',
    { class: 'steps', start: '0' },
    ...items.map((text, i) =>
      h(
        'li',
        { class: [i === current ? 'current' : '', results[i] ?? ''].join(' ').trim(), ...(i === current ? { 'aria-current': 'step' } : {}) },
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
    h('p', { class: 'note', 'data-note': 'small-copy' }, 'The small copy the map shows, at its own size. For the full-size screen, run ', h('code', {}, produceCommand.screenshots), ' (the browser-level run captures every screen), then ', h('code', {}, produceCommand.rebuild), '.'),
  ]
}

export async function openState(id: string, center = false): Promise<void> {
  const state = page.byId.get(id)
  if (!state) return
  page.selected = id
  decorateChart()
  if (center) act.centerOn(id)
  $('panel').hidden = false
  $('panel-title').textContent = state.id
  const body = $('panel-body')
  body.replaceChildren()
  if (state.screen !== undefined) body.append(...screenView(state.screen, largeScreen(id)))
  const route = state.screen !== undefined ? (screenPaths as Record<string, string>)[state.screen] : undefined
  const fact = (term: string, value: Node | string | null) => (value === null ? [] : [h('dt', {}, term), h('dd', {}, value)])
  body.append(
    h(
      'dl',
      { class: 'facts' },
      ...fact('type', state.type === 'history' ? `${state.history} history` : state.type),
      ...fact('path', h('span', { class: 'mono' }, state.path)),
      ...fact('screen', state.screen ?? null),
      ...fact('route', h('span', { class: 'mono' }, route ? `#${route}${state.routable ? ' (routable: the URL can bring the borrower here)' : ''}` : 'none (shares its parent screen’s URL)')),
      ...fact('initial', state.initial ? stateLink(state.initial) : null),
      ...fact('tags', state.tags.length ? state.tags.join(', ') : null),
    ),
  )
  if (state.description) body.append(h('p', {}, state.description))
  body.append(rulesSection(id))
  if (state.children.length > 0) {
    body.append(
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', onclick: () => toggle(id) }, page.collapsed.has(id) ? 'Expand this state' : 'Collapse this state'),
        page.part !== id ? h('button', { type: 'button', onclick: () => act.showPart(id) }, 'Chart of this state alone') : null,
      ),
    )
  }
  const { calls, events, waysIn } = summarize(graph, id)
  const inner = state.children.length > 0 ? ', its inner states included' : ''
  body.append(h('h3', {}, `Calls (${calls.length})`))
  body.append(
    calls.length
      ? h('ul', { class: 'list', 'data-summary': 'calls' }, ...calls.map((c) => h('li', {}, ownerTag(id, c.in), h('code', {}, c.item.src))))
      : h('p', { class: 'note' }, `none${inner}`),
  )
  body.append(h('h3', {}, `Events it takes (${events.length})`))
  body.append(events.length ? h('ul', { class: 'list', 'data-summary': 'events' }, ...events.map((t) => transitionLine(id, t, 'out'))) : h('p', { class: 'note' }, `none${inner}`))
  body.append(h('h3', {}, `Ways in (${waysIn.length})`))
  body.append(waysIn.length ? h('ul', { class: 'list', 'data-summary': 'ways-in' }, ...waysIn.map((t) => transitionLine(id, t, 'in'))) : h('p', { class: 'note' }, 'entered as an initial or a parent’s state'))
  body.append(h('h3', {}, 'Generated paths that reach it'))
  const holder = h('div', {}, h('p', { class: 'note' }, 'Loading the paths…'))
  body.append(holder)
  const file = await loadPaths()
  if (page.selected !== id) return
  if (file === null) {
    holder.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const reaching = pathsReaching(file, id)
  holder.replaceChildren(
    h('p', { class: 'note' }, `${reaching.length} of ${file.statePaths.length + file.edgePaths.length} paths (seed ${file.seed}) pass through it; shortest first.`),
    ...reaching.slice(0, 12).map((p) =>
      h('details', {}, h('summary', {}, pathTitle(p)), stepList(p), h('button', { type: 'button', onclick: () => act.startDrive(p) }, `Drive this path`)),
    ),
  )
}
