import { centerOn, decorateChart, draw, partMembers, partName, toggle, wireMinimap } from './chart-view'
import { applyCoverage, coveragePanel } from './coverage-view'
import { loadDiff, renderDiff } from './diff-view'
import { $, h } from './dom'
import { checkDriveAgainst, renderDrive, startDrive } from './drive'
import { download, exportSvg } from './export'
import { refreshPages, startLive } from './live-view'
import { decorateMap, drawArrows, renderMap } from './map-view'
import { wireMapPreview } from './map-preview'
import { machineToMermaid } from './mermaid-export'
import { act, graph, missingScreenHint, page, setLocale } from './page-state'
import { localeName } from './plain-words'
import { openState } from './panel'
import { panZoom } from './pan-zoom'
import { pageWord } from './page-words'
import { coverageLevels, type CoverageFile, type ReviewManifest } from './review-data'
import { pick, search, searchKey } from './search-view'
import './review.css'

/*
 * The reviewer page: a map of the flows first, each part's statechart a click away, with the
 * screens the browser-level run captured, the coverage of each model level, generated paths to
 * drive, and any running page of the product followed live. The address says what is shown:
 * `#map`, `#chart` (the whole machine), `#chart=<flow or state id>`.
 */

page.view2d = panZoom($('viewport'), $('canvas'))

Object.assign(act, {
  draw,
  decorate: () => {
    decorateChart()
    applyCoverage()
    decorateMap()
  },
  centerOn,
  openState,
  pick,
  startDrive,
  renderDrive,
  showPart: (part: string | null) => {
    const hash = part === null ? '#chart' : `#chart=${encodeURIComponent(part)}`
    if (location.hash !== hash) history.pushState(null, '', hash)
    return showFromAddress()
  },
})

async function showFromAddress(): Promise<void> {
  // An in-page link (the skip link's `#live`) is not a view: what is shown stays.
  if (!/^(#map|#chart(=.*)?)?$/.test(location.hash) && document.body.dataset.ready === 'true') return
  const match = /^#chart(?:=(.+))?$/.exec(location.hash)
  const part = match?.[1] !== undefined ? decodeURIComponent(match[1]) : null
  const view = match && (part === null || partMembers(part) !== null) ? 'chart' : 'map'
  $('map').hidden = view !== 'chart' ? false : true
  $('viewport').hidden = view !== 'chart'
  $('minimap').hidden = view !== 'chart'
  $('to-map').hidden = view !== 'chart'
  $('chart-tools').hidden = view !== 'chart'
  $('export-tools').hidden = view !== 'chart'
  $('whole-chart').setAttribute('aria-pressed', String(view === 'chart' && part === null))
  sayViewTitle(view, part)
  const changed = view !== page.view || part !== page.part
  page.view = view
  if (view === 'map') {
    requestAnimationFrame(drawArrows)
    return
  }
  if (changed || page.layout === null) {
    page.part = part
    page.collapsed.clear()
    await draw()
    applyCoverage()
  }
}

function wireChart(): void {
  const canvas = $('canvas')
  const view = page.view2d
  canvas.addEventListener('click', (e) => {
    if (view?.dragged()) return
    const target = e.target as Element
    const toggleId = target.closest('[data-toggle]')?.getAttribute('data-toggle')
    if (toggleId) return toggle(toggleId)
    const gotoId = target.closest('[data-goto]')?.getAttribute('data-goto')
    if (gotoId) return void pick(gotoId)
    const id = target.closest('[data-state-id]')?.getAttribute('data-state-id')
    if (id) void openState(id)
  })
  canvas.addEventListener('keydown', (e) => {
    const el = e.target as Element
    const transition = el.getAttribute?.('data-transition')
    if (transition && (e.key === 'Enter' || e.key === ' ')) {
      // A transition opens its source in the panel, with its target a link beside it, and shows both.
      e.preventDefault()
      e.stopPropagation()
      const t = graph.transitions.find((c) => c.key === transition)
      if (t) void openState(t.source, true).then(() => $('panel').querySelector<HTMLElement>(`[data-summary="events"] button`)?.focus())
      return
    }
    const id = el.closest?.('[data-state-id]')?.getAttribute('data-state-id')
    if (!id) return
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      void openState(id, true)
    } else if ((e.key === '-' || e.key === '+') && page.byId.get(id)?.children.length) {
      e.preventDefault()
      if ((e.key === '-') !== page.collapsed.has(id)) toggle(id)
    }
  })
  canvas.addEventListener('focusin', (e) => {
    const id = (e.target as Element).getAttribute?.('data-state-id') ?? (e.target as Element).getAttribute?.('data-source')
    const placed = id ? page.layout?.states.find((p) => p.state.id === id) : undefined
    if (placed) view?.center(placed, 0.75)
  })
  $('fit').addEventListener('click', () => view?.fit())
  $('zoom-in').addEventListener('click', () => view?.zoomBy(1.25))
  $('zoom-out').addEventListener('click', () => view?.zoomBy(0.8))
  $('expand-all').addEventListener('click', () => {
    page.collapsed.clear()
    void draw().then(() => view?.fit())
  })
  $('collapse-screens').addEventListener('click', () => {
    for (const s of page.shown.states) if (s.screen !== undefined && s.children.length > 0) page.collapsed.add(s.id)
    void draw().then(() => view?.fit())
  })
  wireMinimap()
  wireMapPreview()
}

function wireTools(): void {
  $('to-map').addEventListener('click', () => {
    history.pushState(null, '', '#map')
    void showFromAddress()
  })
  $('whole-chart').addEventListener('click', () => void act.showPart(null))
  window.addEventListener('popstate', () => void showFromAddress())
  window.addEventListener('resize', () => requestAnimationFrame(drawArrows))
  $('coverage-toggle').addEventListener('click', () => {
    page.coverageOn = !page.coverageOn
    $('coverage-toggle').setAttribute('aria-pressed', String(page.coverageOn))
    $('coverage').hidden = !page.coverageOn
    coveragePanel()
    decorateChart()
    applyCoverage()
  })
  const redrawScreens = () => {
    renderMap()
    if (page.view === 'chart') void draw().then(() => page.selected && void openState(page.selected))
  }
  $<HTMLSelectElement>('locale').addEventListener('change', (e) => {
    setLocale((e.target as HTMLSelectElement).value)
    redrawScreens()
    renderDiff()
    sayViewTitle(page.view, page.part)
    if (page.view === 'map') sayMapStatus()
    refreshPages()
    void renderDrive()
  })
  $<HTMLSelectElement>('mode').addEventListener('change', (e) => {
    page.mode = (e.target as HTMLSelectElement).value
    redrawScreens()
  })
  $('export-svg').addEventListener('click', () => void exportSvg())
  $('export-mermaid').addEventListener('click', () => download('machine.mmd', 'text/plain', machineToMermaid(graph)))
  $('panel-close').addEventListener('click', () => {
    $('panel').hidden = true
    const was = page.selected
    page.selected = null
    decorateChart()
    if (was) $('canvas').querySelector<SVGGElement>(`[data-state-id="${CSS.escape(was)}"]`)?.focus({ preventScroll: true })
  })
  const input = $<HTMLInputElement>('search')
  input.addEventListener('input', () => search(input.value))
  input.addEventListener('keydown', (e) => searchKey(e, input))
}

function sayViewTitle(view: 'map' | 'chart', part: string | null): void {
  $('view-title').textContent = view === 'map' ? pageWord('mapTitle') : part === null ? pageWord('wholeTitle') : pageWord('chartOf', { part: partName(part) })
}

function sayMapStatus(): void {
  $('status').textContent = pageWord('mapStatus', { screens: graph.states.filter((s) => s.screen !== undefined).length, flows: document.querySelectorAll('#map .band').length, states: graph.states.length, transitions: graph.transitions.length })
}

async function loadManifest(): Promise<void> {
  try {
    const response = await fetch('data/manifest.json')
    page.manifest = response.ok ? ((await response.json()) as ReviewManifest) : null
  } catch {
    page.manifest = null
  }
  const manifest = page.manifest
  const locales = Object.keys(manifest?.screenshots ?? {}).sort()
  setLocale(manifest?.screenshotLocale && locales.includes(manifest.screenshotLocale) ? manifest.screenshotLocale : (locales[0] ?? 'en'))
  $('locale').replaceChildren(...(locales.length ? locales.map((l) => h('option', { value: l, selected: l === page.locale }, localeName(l))) : [h('option', { value: '' }, 'none captured')]))
  // The elder mode's capture is offered only when one was shipped.
  $('mode-label').hidden = Object.keys(manifest?.elderScreenshots ?? {}).length === 0
  await Promise.all(
    coverageLevels.map(async (level) => {
      const url = manifest?.coverage[level]
      if (!url) return
      const response = await fetch(url).catch(() => null)
      if (response?.ok) page.coverage.set(level, (await response.json()) as CoverageFile)
    }),
  )
}

async function main(): Promise<void> {
  wireChart()
  wireTools()
  await loadManifest()
  await loadDiff()
  renderMap()
  await showFromAddress()
  if (page.view === 'map') sayMapStatus()
  if (page.locale === '') $('status').append(' · ', missingScreenHint)
  void renderDrive()
  startLive(checkDriveAgainst)
  document.body.dataset.ready = 'true'
}

void main()
