import { appMachine } from '../../machines/app.machine'
import { screenPaths } from '../../machines/screens'
import { layoutChart, type ChartLayout } from './chart-layout'
import { renderChartSvg } from './chart-svg'
import { startLiveClient, type LiveClient } from './live-client'
import type { PageReport } from './live-protocol'
import { activeStates, machineGraph, stateIdResolver, type ChartTransition } from './machine-graph'
import { machineToMermaid } from './mermaid-export'
import { panZoom } from './pan-zoom'
import { coverageLevels, produceCommand, type CoverageFile, type CoverageLevel, type ModelPath, type PathsFile, type ReviewManifest } from './review-data'
import './review.css'

/*
 * The reviewer page (issue #10): the application machine drawn from its definition, with the
 * screens the browser-level run captured, the coverage of each model level, generated paths to
 * step through, and any running page of the product followed live.
 */

const graph = machineGraph(appMachine)
const byId = new Map(graph.states.map((s) => [s.id, s]))
const resolveState = stateIdResolver(graph)
const screenStateIds = new Set(graph.states.filter((s) => s.screen !== undefined).map((s) => s.id))
const missingScreenHint = `No screenshot yet: run ${produceCommand.screenshots}, then ${produceCommand.rebuild}`

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const viewport = $('viewport')
const canvas = $('canvas')
const view = panZoom(viewport, canvas)

type Child = Node | string | null | undefined | false
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(key.replace(/^on/, '').toLowerCase(), value)
    else if (value === true) element.setAttribute(key, '')
    else if (value !== false) element.setAttribute(key, value)
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}

function missingNote(what: string, command: string): HTMLElement {
  return h('p', { class: 'missing' }, `${what} missing: run `, h('code', {}, command), ', then ', h('code', {}, produceCommand.rebuild), '.')
}

// ---- state of the page ----

const collapsed = new Set<string>()
let layout: ChartLayout | null = null
let manifest: ReviewManifest | null = null
let locale = ''
const coverage = new Map<CoverageLevel, CoverageFile>()
let coverageOn = false
let selected: string | null = null
let pathsFile: PathsFile | null | undefined
let live: LiveClient | null = null
let followed = ''
let liveActive = new Set<string>()
const trail: { keys: string[]; text: string; at: number; times: number }[] = []
let drive: { path: ModelPath; at: number; results: ('ok' | 'off' | undefined)[]; awaiting: number | null } | null = null

function svgElement(): SVGSVGElement | null {
  return canvas.querySelector('svg')
}

function thumbnails(): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, url] of Object.entries(manifest?.screenshots[locale] ?? {})) {
    const id = resolveState(name)
    if (id !== undefined) out.set(id, url)
  }
  return out
}

// ---- drawing ----

async function draw(): Promise<void> {
  const first = layout === null
  layout = await layoutChart(graph, { collapsed, thumbnails: screenStateIds })
  canvas.innerHTML = renderChartSvg(layout, { thumbnails: thumbnails(), missingThumbnailHint: missingScreenHint, title: `${graph.machineId} statechart` })
  view.setSize(layout.width, layout.height)
  if (first) view.fit()
  decorate()
  reportCounts()
}

function setClass(selector: string, cls: string, on: (el: Element) => boolean): void {
  for (const el of canvas.querySelectorAll(selector)) el.classList.toggle(cls, on(el))
}

/** Everything that changes without a new layout: selection, live highlight, trail, drive step, coverage. */
function decorate(): void {
  const svg = svgElement()
  if (!svg) return
  svg.classList.toggle('coverage', coverageOn)
  const trailKeys = new Set(trail.flatMap((t) => t.keys))
  const lastKeys = new Set(trail[0]?.keys ?? [])
  const driveActive = drive ? activeStates(graph, expectedAt(drive.path, drive.at)) : new Set<string>()
  const stepKeys = new Set(drive && drive.at > 0 ? stepTransitions(drive.path, drive.at).map((t) => t.key) : [])
  const highlighted = drive ? driveActive : liveActive
  setClass('[data-state-id]', 'selected', (el) => el.getAttribute('data-state-id') === selected)
  setClass('[data-state-id]', 'active', (el) => highlighted.has(el.getAttribute('data-state-id') ?? ''))
  setClass('[data-state-id]', 'leaf-active', (el) => {
    const id = el.getAttribute('data-state-id') ?? ''
    return highlighted.has(id) && !(byId.get(id)?.children ?? []).some((c) => highlighted.has(c))
  })
  setClass('[data-transition]', 'trail', (el) => !drive && trailKeys.has(el.getAttribute('data-transition') ?? ''))
  setClass('[data-transition]', 'trail-last', (el) => !drive && lastKeys.has(el.getAttribute('data-transition') ?? ''))
  setClass('[data-transition]', 'step', (el) => stepKeys.has(el.getAttribute('data-transition') ?? ''))
  applyCoverage()
}

function reportCounts(): void {
  const drawnStates = canvas.querySelectorAll('[data-state-id]').length
  const drawnTransitions = new Set([...canvas.querySelectorAll('[data-transition]')].map((el) => el.getAttribute('data-transition'))).size
  const folded = layout?.folded.length ?? 0
  const hidden = graph.states.length - drawnStates
  $('status').textContent =
    `Drawn: ${drawnStates} of ${graph.states.length} state nodes, ${drawnTransitions} of ${graph.transitions.length} transitions` +
    (hidden > 0 ? ` (${hidden} states and ${folded} transitions folded into collapsed states)` : '') +
    ` · read from appMachine (${graph.states.filter((s) => s.type !== 'history').length - 1} states, ${graph.states.filter((s) => s.type === 'history').length} history, ${graph.transitions.length} transitions)`
}

function centerOn(id: string): void {
  const placed = layout?.states.find((p) => p.state.id === id)
  if (placed) view.center(placed)
}

// ---- side panel: a state's details ----

function transitionLine(t: ChartTransition, direction: 'out' | 'in'): HTMLElement {
  const other = direction === 'out' ? t.targets : [t.source]
  return h(
    'li',
    {},
    h('code', {}, t.label),
    t.guard ? h('span', { class: 'mono' }, ` [${t.guard}]`) : null,
    t.internal ? ' (handled in place)' : ` ${direction === 'out' ? '→' : '←'} `,
    ...other.map((id) => h('button', { type: 'button', class: 'link', onclick: () => openState(id, true) }, id)),
  )
}

async function loadPaths(): Promise<PathsFile | null> {
  if (pathsFile !== undefined) return pathsFile
  if (!manifest?.paths) return (pathsFile = null)
  try {
    const response = await fetch(manifest.paths)
    pathsFile = response.ok ? ((await response.json()) as PathsFile) : null
  } catch {
    pathsFile = null
  }
  return pathsFile
}

function expectedAt(path: ModelPath, at: number): unknown {
  return at === 0 ? path.startExpect.state : path.steps[at - 1]?.expect.state
}

function pathsReaching(file: PathsFile, id: string): ModelPath[] {
  const all = [...file.statePaths, ...file.edgePaths]
  const reaching = all.filter((p) => [p.startExpect, ...p.steps.map((s) => s.expect)].some((e) => activeStates(graph, e.state).has(id)))
  return reaching.sort((a, b) => a.steps.length - b.steps.length)
}

function stepList(path: ModelPath, current = -1, results: ('ok' | 'off' | undefined)[] = [], onPick?: (at: number) => void): HTMLOListElement {
  const items = [`start: ${path.start}${path.startExpect.route ? ` (${path.startExpect.route.path})` : ''}`, ...path.steps.map((s) => `${s.label}${s.expect.route ? ` → ${s.expect.route.path}` : ''}`)]
  return h(
    'ol',
    { class: 'steps', start: '0' },
    ...items.map((text, i) =>
      h(
        'li',
        { class: [i === current ? 'current' : '', results[i] ?? ''].join(' ').trim(), ...(i === current ? { 'aria-current': 'step' } : {}) },
        onPick ? h('button', { type: 'button', class: 'link', onclick: () => onPick(i) }, text) : text,
      ),
    ),
  )
}

async function openState(id: string, center = false): Promise<void> {
  const state = byId.get(id)
  if (!state) return
  selected = id
  decorate()
  if (center) centerOn(id)
  const panel = $('panel')
  panel.hidden = false
  $('panel-title').textContent = state.id
  const body = $('panel-body')
  body.replaceChildren()
  const shot = state.screen !== undefined ? thumbnails().get(id) : undefined
  if (state.screen !== undefined) {
    body.append(
      shot !== undefined
        ? h('img', { class: 'screen-large', src: shot, alt: `The ${state.screen} screen (${locale}), as the browser-level run captured it` })
        : missingNote(`The screenshot of ${state.screen}${locale ? ` (${locale})` : ''} is`, produceCommand.screenshots),
    )
  }
  const route = state.screen !== undefined ? (screenPaths as Record<string, string>)[state.screen] : undefined
  const facts = h(
    'dl',
    { class: 'facts' },
    h('dt', {}, 'type'),
    h('dd', {}, state.type === 'history' ? `${state.history} history` : state.type),
    h('dt', {}, 'path'),
    h('dd', { class: 'mono' }, state.path),
    state.screen !== undefined ? h('dt', {}, 'screen') : null,
    state.screen !== undefined ? h('dd', {}, state.screen) : null,
    h('dt', {}, 'route'),
    h('dd', { class: 'mono' }, route ? `#${route}${state.routable ? ' (routable: the URL can bring the borrower here)' : ''}` : 'none (shares its parent screen’s URL)'),
    state.initial ? h('dt', {}, 'initial') : null,
    state.initial ? h('dd', {}, h('button', { type: 'button', class: 'link', onclick: () => openState(state.initial as string, true) }, state.initial)) : null,
    state.tags.length ? h('dt', {}, 'tags') : null,
    state.tags.length ? h('dd', {}, state.tags.join(', ')) : null,
  )
  body.append(facts)
  if (state.description) body.append(h('p', {}, state.description))
  if (state.children.length > 0) {
    body.append(
      h('div', { class: 'row' }, h('button', { type: 'button', onclick: () => toggle(id) }, collapsed.has(id) ? 'Expand this state' : 'Collapse this state')),
    )
  }
  body.append(h('h3', {}, 'Calls (invoked actors)'))
  body.append(state.invokes.length ? h('ul', { class: 'list' }, ...state.invokes.map((i) => h('li', {}, h('code', {}, i.src)))) : h('p', { class: 'note' }, 'none'))
  const out = graph.transitions.filter((t) => t.source === id)
  const into = graph.transitions.filter((t) => t.targets.includes(id) && t.source !== id)
  body.append(h('h3', {}, `Events it takes (${out.length})`))
  body.append(out.length ? h('ul', { class: 'list' }, ...out.map((t) => transitionLine(t, 'out'))) : h('p', { class: 'note' }, 'none of its own'))
  body.append(h('h3', {}, `Ways in (${into.length})`))
  body.append(into.length ? h('ul', { class: 'list' }, ...into.map((t) => transitionLine(t, 'in'))) : h('p', { class: 'note' }, 'entered as an initial or a parent’s state'))
  body.append(h('h3', {}, 'Generated paths that reach it'))
  const holder = h('div', {}, h('p', { class: 'note' }, 'Loading the paths…'))
  body.append(holder)
  const file = await loadPaths()
  if (selected !== id) return
  if (file === null) {
    holder.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const reaching = pathsReaching(file, id)
  holder.replaceChildren(
    h('p', { class: 'note' }, `${reaching.length} of ${file.statePaths.length + file.edgePaths.length} paths (seed ${file.seed}) pass through it; shortest first.`),
    ...reaching.slice(0, 12).map((p) =>
      h(
        'details',
        {},
        h('summary', {}, `${p.id} · ${p.steps.length} steps · ${p.goal}`),
        stepList(p),
        h('button', { type: 'button', onclick: () => startDrive(p) }, `Drive ${p.id}`),
      ),
    ),
  )
}

function toggle(id: string): void {
  if (collapsed.has(id)) collapsed.delete(id)
  else collapsed.add(id)
  void draw().then(() => {
    centerOn(id)
    const el = canvas.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(id)}"]`)
    el?.focus({ preventScroll: true })
    if (selected === id) void openState(id)
  })
}

// ---- search ----

function search(query: string): void {
  const list = $('search-results')
  const q = query.trim().toLowerCase()
  const matchStates = q ? graph.states.filter((s) => s.id.toLowerCase().includes(q) || s.path.toLowerCase().includes(q)) : []
  const matchTransitions = q ? graph.transitions.filter((t) => `${t.label} ${t.event} ${t.guard ?? ''}`.toLowerCase().includes(q)) : []
  const stateIds = new Set(matchStates.map((s) => s.id))
  const keys = new Set(matchTransitions.map((t) => t.key))
  setClass('[data-state-id]', 'match', (el) => stateIds.has(el.getAttribute('data-state-id') ?? ''))
  setClass('[data-transition]', 'match', (el) => keys.has(el.getAttribute('data-transition') ?? ''))
  const items = [
    ...matchStates.slice(0, 15).map((s) => h('li', {}, h('button', { type: 'button', onclick: () => pick(s.id) }, `state ${s.id}`))),
    ...matchTransitions.slice(0, 15).map((t) => h('li', {}, h('button', { type: 'button', onclick: () => pick(t.source) }, `event ${t.label} · ${t.source} → ${t.targets.join(', ') || '(in place)'}`))),
  ]
  list.replaceChildren(...items)
  if (q && items.length === 0) list.append(h('li', { class: 'note' }, 'No state or event by that name'))
  list.hidden = !q
}

function pick(id: string): void {
  // A state folded inside a collapsed one is shown by opening its ancestors first.
  let opened = false
  for (let at = byId.get(id)?.parent ?? null; at !== null; at = byId.get(at)?.parent ?? null) opened = collapsed.delete(at) || opened
  $('search-results').hidden = true
  const go = () => {
    void openState(id, true)
    canvas.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
  }
  if (opened) void draw().then(go)
  else go()
}

// ---- coverage ----

function coverageSets(level: CoverageLevel) {
  const file = coverage.get(level)
  if (!file) return null
  const missingStates = new Set(file.states.missing.map((name) => resolveState(name) ?? name))
  return { missingStates, missingTransitions: new Set(file.transitions.missing) }
}

function applyCoverage(): void {
  const sets = coverageLevels.map((level) => [level, coverageSets(level)] as const)
  for (const el of canvas.querySelectorAll('[data-state-id]')) {
    const id = el.getAttribute('data-state-id') ?? ''
    // The root and history pseudo-states are not coverage targets: always active, or never a place to be.
    if (id === graph.root || byId.get(id)?.type === 'history') {
      el.setAttribute('data-cov', 'n/a')
      continue
    }
    el.setAttribute('data-cov', sets.filter(([, s]) => s !== null && !s.missingStates.has(id)).map(([level]) => level).join(' '))
  }
  for (const el of canvas.querySelectorAll('[data-transition]')) {
    const key = el.getAttribute('data-transition') ?? ''
    el.setAttribute('data-cov', sets.filter(([, s]) => s !== null && !s.missingTransitions.has(key)).map(([level]) => level).join(' '))
  }
}

function coveragePanel(): void {
  const body = $('coverage-body')
  const row = (level: CoverageLevel) => {
    const file = coverage.get(level)
    if (!file) return h('tr', {}, h('th', {}, level), h('td', { colspan: '3' }, 'not run: ', h('code', {}, produceCommand[level])))
    const cell = (f: { covered: number; total: number; percent: number }) => h('td', {}, `${f.covered}/${f.total} (${f.percent}%)`)
    return h('tr', {}, h('th', {}, level), cell(file.states), cell(file.transitions), cell(file.guardOutcomes))
  }
  body.replaceChildren(
    h('table', { class: 'figures' }, h('tr', {}, h('th', {}, 'level'), h('th', {}, 'states'), h('th', {}, 'transitions'), h('th', {}, 'guard outcomes')), ...coverageLevels.map(row)),
    h(
      'p',
      { class: 'note' },
      h('span', { class: 'swatch', style: 'background:#dafbe1' }), 'browser ',
      h('span', { class: 'swatch', style: 'background:#ddf4ff' }), 'React ',
      h('span', { class: 'swatch', style: 'background:#fff8c5' }), 'machine only ',
      h('span', { class: 'swatch', style: 'background:#ffebe9' }), 'not covered. Dots above a state: machine, React, browser.',
    ),
  )
  if (coverage.size < coverageLevels.length) body.append(h('p', { class: 'note' }, `Then ${produceCommand.rebuild}.`))
}

// ---- live ----

function liveKeys(report: PageReport): string[] {
  return report.transitions.flatMap((taken) => {
    const t = graph.transitions.find((c) => c.source === taken.source && c.event === taken.event && c.index === taken.index)
    return t ? [t.key] : []
  })
}

function describePage(report: PageReport): string {
  return `${report.framed ? 'framed' : 'tab'} ${report.pageId.slice(0, 6)} · ${report.location} · ${report.lang}`
}

function refreshPages(): void {
  const select = $<HTMLSelectElement>('live-page')
  const pages = live?.pages() ?? []
  if (!pages.some((p) => p.report.pageId === followed)) followed = pages[0]?.report.pageId ?? ''
  select.replaceChildren(...(pages.length ? pages.map((p) => h('option', { value: p.report.pageId, selected: p.report.pageId === followed }, describePage(p.report))) : [h('option', { value: '' }, 'no page reporting')]))
  $('live-status').textContent = pages.length
    ? `${pages.length} page${pages.length > 1 ? 's' : ''} reporting.`
    : 'Listening. Open or reload a page of the product on this origin (the host simulator at /host/, or the page at /) and it reports here.'
}

function onReport(report: PageReport): void {
  if (!followed) followed = report.pageId
  if (report.pageId !== followed) return refreshPages()
  liveActive = activeStates(graph, report.value)
  const keys = liveKeys(report)
  if (keys.length > 0) {
    const text = graph.transitions.filter((t) => keys.includes(t.key)).map((t) => `${t.label}: ${t.source} → ${t.targets.join(', ') || '(in place)'}`).join('; ')
    // Typing sends a change per keystroke: one line with a count, not a trail of the same line.
    if (trail[0]?.text === text) Object.assign(trail[0], { at: report.at, times: trail[0].times + 1 })
    else trail.unshift({ keys, text, at: report.at, times: 1 })
    trail.splice(8)
  }
  $('trail').replaceChildren(...trail.map((t) => h('li', {}, `${new Date(t.at).toLocaleTimeString()} ${t.text}${t.times > 1 ? ` ×${t.times}` : ''}`)))
  if (drive) checkDriveAgainst(report)
  else decorate()
  refreshPages()
  if ($<HTMLInputElement>('live-keep').checked && !drive) {
    const leaf = [...liveActive].filter((id) => !(byId.get(id)?.children ?? []).some((c) => liveActive.has(c)))
    const shown = leaf.map((id) => layout?.states.find((p) => p.state.id === id)).find((p) => p !== undefined)
    if (shown) view.center(shown, 0.5)
  }
}

// ---- drive ----

/** The chart transitions a path step took: from a state active before into one active after, by its event. */
function stepTransitions(path: ModelPath, at: number): ChartTransition[] {
  const before = activeStates(graph, expectedAt(path, at - 1))
  const after = activeStates(graph, expectedAt(path, at))
  const action = path.steps[at - 1]?.do
  const fits = (t: ChartTransition) => {
    if (!action) return false
    if (action.kind === 'event') return t.event === action.event?.type
    if (action.kind === 'actor') return t.label === `${action.src}.${action.outcome === 'done' ? 'done' : 'error'}`
    if (action.kind === 'delay') return t.kind === 'after'
    return t.kind === 'after' || t.kind === 'always'
  }
  return graph.transitions.filter((t) => before.has(t.source) && fits(t) && (t.internal || t.targets.some((target) => after.has(target))))
}

function followedPage(): PageReport | undefined {
  return live?.pages().find((p) => p.report.pageId === followed)?.report
}

/** A step is checked once: against the first report after it was taken, or the page's state then if it already moved. */
function checkDriveAgainst(report: PageReport, now = false): void {
  if (!drive || drive.awaiting === null) return
  const expected = activeStates(graph, expectedAt(drive.path, drive.awaiting))
  const actual = activeStates(graph, report.value)
  const matches = [...expected].every((id) => actual.has(id))
  if (now && !matches) return
  drive.results[drive.awaiting] = matches ? 'ok' : 'off'
  drive.awaiting = null
  void renderDrive()
}

function startDrive(path: ModelPath): void {
  drive = { path, at: 0, results: [], awaiting: null }
  renderDrive()
  $('drive').scrollIntoView({ block: 'nearest' })
}

function moveDrive(delta: number): void {
  if (!drive) return
  const next = Math.min(drive.path.steps.length, Math.max(0, drive.at + delta))
  if (next === drive.at) return
  const page = followedPage()
  if (page && delta > 0) {
    const action = drive.path.steps[next - 1]?.do
    // Events are the borrower's to send; calls, delays and waits happen in the page against the sandbox.
    if (action?.kind === 'event' && action.event) live?.drive(page.pageId, action.event)
  }
  if (page && delta < 0) {
    const routable = [...activeStates(graph, expectedAt(drive.path, next))].filter((id) => byId.get(id)?.routable).pop()
    if (routable) live?.drive(page.pageId, { type: 'xstate.route', to: `#${routable}` })
  }
  drive.at = next
  drive.awaiting = page && delta > 0 ? next : null
  if (page && delta > 0 && drive.path.steps[next - 1]?.do.kind !== 'event') checkDriveAgainst(page, true)
  void renderDrive()
  const leaf = [...activeStates(graph, expectedAt(drive.path, next))].pop()
  if (leaf) centerOn(leaf)
}

async function renderDrive(): Promise<void> {
  const body = $('drive-body')
  const file = await loadPaths()
  if (file === null) {
    body.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const all = [...file.statePaths, ...file.edgePaths]
  const select = h(
    'select',
    { id: 'drive-path', 'aria-label': 'Generated path', onchange: (e: Event) => startDrive(all.find((p) => p.id === (e.target as HTMLSelectElement).value) as ModelPath) },
    h('option', { value: '' }, `choose one of ${all.length} paths`),
    ...all.map((p) => h('option', { value: p.id, selected: drive?.path.id === p.id }, `${p.id} (${p.steps.length}) ${p.goal}`)),
  )
  const parts: Child[] = [h('label', {}, 'Path ', select)]
  if (drive) {
    const page = followedPage()
    parts.push(
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', id: 'drive-back', disabled: drive.at === 0, onclick: () => moveDrive(-1) }, '◀ Back'),
        h('span', {}, `step ${drive.at} of ${drive.path.steps.length}`),
        h('button', { type: 'button', id: 'drive-forward', disabled: drive.at === drive.path.steps.length, onclick: () => moveDrive(1) }, 'Forward ▶'),
        h('button', { type: 'button', onclick: () => ((drive = null), renderDrive(), decorate()) }, 'Stop'),
      ),
      h(
        'p',
        { class: 'note' },
        page
          ? `Driving the followed page (${describePage(page)}): Forward sends the step's event; calls, delays and waits happen in the page against the sandbox, and each step is checked against what the page reports. Back sends the page to the step's screen by its route; calls already made stay made.`
          : 'No live page followed: the path moves on the chart only. Open the host simulator on this origin to drive a page with it.',
      ),
      // Picking a step moves the chart there without sending anything to the page.
      stepList(drive.path, drive.at, drive.results, (at) => {
        if (!drive) return
        drive.at = at
        void renderDrive()
        const leaf = [...activeStates(graph, expectedAt(drive.path, at))].pop()
        if (leaf) centerOn(leaf)
      }),
    )
  }
  body.replaceChildren(...parts.filter((p): p is Node => p instanceof Node))
  body.querySelector('li.current')?.scrollIntoView({ block: 'nearest' })
  decorate()
}

// ---- export ----

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = h('a', { href: url, download: name })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

/** Thumbnails as small inline images, so the exported file stands alone. */
async function inlineImages(svg: SVGSVGElement): Promise<void> {
  for (const image of svg.querySelectorAll('image')) {
    const href = image.getAttribute('href')
    if (!href || href.startsWith('data:')) continue
    const img = new Image()
    img.src = href
    try {
      await img.decode()
    } catch {
      image.remove()
      continue
    }
    const width = Number(image.getAttribute('width')) * 2
    const scaled = document.createElement('canvas')
    scaled.width = width
    scaled.height = Math.round((img.naturalHeight / img.naturalWidth) * width)
    scaled.getContext('2d')?.drawImage(img, 0, 0, scaled.width, scaled.height)
    image.setAttribute('href', scaled.toDataURL('image/png'))
  }
}

async function exportSvg(): Promise<void> {
  const svg = svgElement()
  if (!svg) return
  const copy = svg.cloneNode(true) as SVGSVGElement
  await inlineImages(copy)
  download('machine.svg', 'image/svg+xml', new XMLSerializer().serializeToString(copy))
}

// ---- wiring ----

function wire(): void {
  canvas.addEventListener('click', (e) => {
    if (view.dragged()) return
    const target = e.target as Element
    const toggleId = target.closest('[data-toggle]')?.getAttribute('data-toggle')
    if (toggleId) return toggle(toggleId)
    const gotoId = target.closest('[data-goto]')?.getAttribute('data-goto')
    if (gotoId) return pick(gotoId)
    const id = target.closest('[data-state-id]')?.getAttribute('data-state-id')
    if (id) void openState(id)
  })
  canvas.addEventListener('keydown', (e) => {
    const id = (e.target as Element).closest?.('[data-state-id]')?.getAttribute('data-state-id')
    if (!id) return
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      void openState(id, true)
    } else if ((e.key === '-' || e.key === '+') && byId.get(id)?.children.length) {
      e.preventDefault()
      if ((e.key === '-') !== collapsed.has(id)) toggle(id)
    }
  })
  canvas.addEventListener('focusin', (e) => {
    const id = (e.target as Element).getAttribute?.('data-state-id')
    const placed = id ? layout?.states.find((p) => p.state.id === id) : undefined
    if (placed) view.center(placed, 0.5)
  })
  $('fit').addEventListener('click', () => view.fit())
  $('zoom-in').addEventListener('click', () => view.zoomBy(1.25))
  $('zoom-out').addEventListener('click', () => view.zoomBy(0.8))
  $('expand-all').addEventListener('click', () => {
    collapsed.clear()
    void draw().then(() => view.fit())
  })
  $('collapse-screens').addEventListener('click', () => {
    for (const s of graph.states) if (s.screen !== undefined && s.children.length > 0) collapsed.add(s.id)
    void draw().then(() => view.fit())
  })
  $('coverage-toggle').addEventListener('click', () => {
    coverageOn = !coverageOn
    $('coverage-toggle').setAttribute('aria-pressed', String(coverageOn))
    $('coverage').hidden = !coverageOn
    coveragePanel()
    decorate()
  })
  $<HTMLSelectElement>('locale').addEventListener('change', (e) => {
    locale = (e.target as HTMLSelectElement).value
    void draw().then(() => {
      if (selected) void openState(selected)
    })
  })
  $('export-svg').addEventListener('click', () => void exportSvg())
  $('export-mermaid').addEventListener('click', () => download('machine.mmd', 'text/plain', machineToMermaid(graph)))
  $('panel-close').addEventListener('click', () => {
    $('panel').hidden = true
    const was = selected
    selected = null
    decorate()
    if (was) canvas.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(was)}"]`)?.focus({ preventScroll: true })
  })
  const input = $<HTMLInputElement>('search')
  input.addEventListener('input', () => search(input.value))
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') $('search-results').querySelector('button')?.click()
    if (e.key === 'Escape') {
      input.value = ''
      search('')
    }
  })
  $<HTMLSelectElement>('live-page').addEventListener('change', (e) => {
    followed = (e.target as HTMLSelectElement).value
    trail.splice(0)
    const report = followedPage()
    if (report) onReport(report)
  })
}

async function loadManifest(): Promise<void> {
  try {
    const response = await fetch('data/manifest.json')
    manifest = response.ok ? ((await response.json()) as ReviewManifest) : null
  } catch {
    manifest = null
  }
  const locales = Object.keys(manifest?.screenshots ?? {}).sort()
  locale = manifest?.screenshotLocale && locales.includes(manifest.screenshotLocale) ? manifest.screenshotLocale : (locales[0] ?? '')
  $('locale').replaceChildren(...(locales.length ? locales.map((l) => h('option', { value: l, selected: l === locale }, l)) : [h('option', { value: '' }, 'none captured')]))
  await Promise.all(
    coverageLevels.map(async (level) => {
      const url = manifest?.coverage[level]
      if (!url) return
      const response = await fetch(url).catch(() => null)
      if (response?.ok) coverage.set(level, (await response.json()) as CoverageFile)
    }),
  )
}

async function main(): Promise<void> {
  wire()
  await loadManifest()
  await draw()
  if (locale === '') $('status').append(' · ', missingScreenHint)
  void renderDrive()
  live = startLiveClient(window, onReport, refreshPages)
  refreshPages()
  document.body.dataset.ready = 'true'
}

void main()

