import { layoutChart, restoreLayout, screenStatesOf, type ChartLayout, type LayoutOptions, type StoredLayout } from './chart-layout'
import { flowName, pageWord } from './page-words'
import { sizes } from './chart-text'
import { renderChartSvg } from './chart-svg'
import { decorateDiffChart } from './diff-view'
import { $, setClass } from './dom'
import { flowTable, scopeGraph } from './flows'
import { activeStates, type ChartTransition } from './machine-graph'
import { act, graph, missingScreenHint, page, thumbnails } from './page-state'

/*
 * The statechart: the whole machine or one part of it (a flow's screens, or one screen with all
 * it holds), laid out and drawn, then decorated in place (selection, live state, drive step,
 * coverage, search) without a new layout. Below a readable scale its small text gives way to
 * the names of the screens (semantic zoom); a minimap shows where the view is.
 */

const canvas = () => $('canvas')
const screenStateIds = screenStatesOf(graph)
/** Below this scale the chart's 10 px text is under 6 px on screen: names take over. */
const readableScale = 0.6
/** Where the screens' names across their headers (48 units at least) are 9 px on screen. */
const screenNamesScale = 9 / sizes.farName

export function partMembers(part: string | null): string[] | null {
  if (part === null) return null
  const flow = flowTable.find((f) => f.id === part)
  if (flow) return flow.members.filter((id) => page.byId.has(id))
  return page.byId.has(part) ? [part] : null
}

export function partName(part: string | null): string {
  if (part === null) return pageWord('theWholeMachine')
  const flow = flowTable.find((f) => f.id === part)
  return flow ? flowName(flow.id, flow.name) : (page.byId.get(part)?.said.full ?? part)
}

export async function draw(): Promise<void> {
  const members = partMembers(page.part)
  const scoped = members ? scopeGraph(graph, members) : { graph, leaving: 0 }
  page.shown = scoped.graph
  page.leaving = scoped.leaving
  const first = page.layout === null
  const options = { collapsed: page.collapsed, thumbnails: screenStateIds }
  page.layout = (members === null ? await builtLayout(options) : null) ?? (await layoutChart(page.shown, options))
  canvas().innerHTML = renderChartSvg(page.layout, { thumbnails: thumbnails(), missingThumbnailHint: missingScreenHint, title: `${graph.machineId} statechart: ${partName(page.part)}` })
  const view = page.view2d
  view?.setSize(page.layout.width, page.layout.height)
  // Fit stops where every box still reads: a part's inner states by their own names; the whole
  // machine, too large for that, by its screens' names across their headers.
  view?.setFitFloor(members === null ? screenNamesScale : readableScale)
  if (first || members) view?.fit()
  decorateChart()
  reportCounts()
  drawMinimap()
  if (performance.getEntriesByName('review:chart-drawn').length === 0) performance.mark('review:chart-drawn')
}

let stored: Promise<StoredLayout | null> | undefined

/** The whole machine as the build laid it out, when these are the options it was laid out with. */
async function builtLayout(options: LayoutOptions): Promise<ChartLayout | null> {
  const url = page.manifest?.chartLayout
  if (!url) return null
  stored ??= fetch(url).then((r) => (r.ok ? (r.json() as Promise<StoredLayout>) : null), () => null)
  const file = await stored
  return file === null ? null : restoreLayout(graph, options, file)
}

/** The states the chart shows as the page's: the followed page's, or where the drive's page is. */
function pageActive(): Set<string> {
  return page.liveActive
}

export function decorateChart(): void {
  const root = canvas()
  const svg = root.querySelector('svg')
  if (!svg) return
  svg.classList.toggle('coverage', page.coverageOn)
  svg.classList.toggle('far', (page.view2d?.seen().scale ?? 1) < readableScale)
  const drive = page.drive
  const trailKeys = new Set(page.trail.flatMap((t) => t.keys))
  const lastKeys = new Set(page.trail[0]?.keys ?? [])
  const expected = drive ? activeStates(graph, expectedAt(drive.path, drive.at)) : new Set<string>()
  const stepKeys = new Set(drive && drive.at > 0 ? stepTransitions(drive.path, drive.at).map((t) => t.key) : [])
  // The page's real state is always what is filled; a drive's expected state is outlined beside it.
  const active = page.live?.pages().length ? pageActive() : drive ? expected : page.liveActive
  const leafOf = (set: Set<string>, id: string) => set.has(id) && !(page.byId.get(id)?.children ?? []).some((c) => set.has(c))
  setClass(root, '[data-state-id]', 'selected', (el) => el.getAttribute('data-state-id') === page.selected)
  setClass(root, '[data-state-id]', 'active', (el) => active.has(el.getAttribute('data-state-id') ?? ''))
  setClass(root, '[data-state-id]', 'leaf-active', (el) => leafOf(active, el.getAttribute('data-state-id') ?? ''))
  setClass(root, '[data-state-id]', 'expected', (el) => drive !== null && leafOf(expected, el.getAttribute('data-state-id') ?? ''))
  setClass(root, '[data-transition]', 'trail', (el) => !drive && trailKeys.has(el.getAttribute('data-transition') ?? ''))
  setClass(root, '[data-transition]', 'trail-last', (el) => !drive && lastKeys.has(el.getAttribute('data-transition') ?? ''))
  setClass(root, '[data-transition]', 'step', (el) => stepKeys.has(el.getAttribute('data-transition') ?? ''))
  decorateDiffChart(root)
}

export function reportCounts(): void {
  const root = canvas()
  const shown = page.shown
  const drawnStates = root.querySelectorAll('[data-state-id]').length
  const drawnTransitions = new Set([...root.querySelectorAll('[data-transition]')].map((el) => el.getAttribute('data-transition'))).size
  const folded = page.layout?.folded.length ?? 0
  const hidden = shown.states.length - drawnStates
  $('status').textContent = [
    pageWord('chartDrawn', { part: partName(page.part), states: drawnStates, of: shown.states.length, transitions: drawnTransitions, ofTransitions: shown.transitions.length }),
    hidden > 0 ? pageWord('chartFolded', { hidden, folded }) : '',
    page.leaving > 0 ? pageWord('chartLeaving', { n: page.leaving }) : '',
    pageWord('chartReadFrom', {
      states: graph.states.filter((s) => s.type !== 'history').length - 1,
      history: graph.states.filter((s) => s.type === 'history').length,
      transitions: graph.transitions.length,
    }),
  ].join('')
}

export function centerOn(id: string): void {
  const placed = page.layout?.states.find((p) => p.state.id === id)
  if (!placed) return
  // A screen's inner state is shown with its screen's name in view: the screen's top, not the state's middle.
  const screen = [...ancestry(id)].find((at) => page.byId.get(at)?.screen !== undefined && page.byId.get(at)?.children.length)
  const frame = screen ? page.layout?.states.find((p) => p.state.id === screen) : undefined
  page.view2d?.center(frame ? { ...frame, height: Math.min(frame.height, placed.y + placed.height - frame.y) } : placed, readableScale + 0.15)
}

function ancestry(id: string): string[] {
  const out: string[] = []
  for (let at: string | null = id; at !== null; at = page.byId.get(at)?.parent ?? null) out.push(at)
  return out
}

export function toggle(id: string): void {
  if (page.collapsed.has(id)) page.collapsed.delete(id)
  else page.collapsed.add(id)
  void draw().then(() => {
    centerOn(id)
    canvas().querySelector<SVGGElement>(`[data-state-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
    if (page.selected === id) void act.openState(id)
  })
}

export function expectedAt(path: { startExpect: { state: unknown }; steps: { expect: { state: unknown } }[] }, at: number): unknown {
  return at === 0 ? path.startExpect.state : path.steps[at - 1]?.expect.state
}

/** The chart transitions a path step took: from a state active before into one active after, by its event. */
export function stepTransitions(path: Parameters<typeof expectedAt>[0] & { steps: { do: { kind: string; event?: { type: string }; src?: string; outcome?: string } }[] }, at: number): ChartTransition[] {
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

// ---- minimap ----

const minimapWidth = 150

export function drawMinimap(): void {
  const box = $('minimap')
  const layout = page.layout
  if (!layout) return
  const k = minimapWidth / layout.width
  const height = Math.max(40, Math.round(layout.height * k))
  const frames = layout.states.filter((p) => p.state.children.length > 0 || p.state.screen !== undefined)
  const seen = page.view2d?.seen()
  box.innerHTML =
    `<svg width="${minimapWidth}" height="${height}" viewBox="0 0 ${minimapWidth} ${height}" aria-hidden="true">` +
    frames.map((p) => `<rect x="${(p.x * k).toFixed(1)}" y="${(p.y * k).toFixed(1)}" width="${(p.width * k).toFixed(1)}" height="${(p.height * k).toFixed(1)}" class="${p.state.screen ? 'screen' : 'frame'}"/>`).join('') +
    (seen ? `<rect class="seen" x="${(seen.x * k).toFixed(1)}" y="${(seen.y * k).toFixed(1)}" width="${(seen.width * k).toFixed(1)}" height="${(seen.height * k).toFixed(1)}"/>` : '') +
    '</svg>'
}

export function wireMinimap(): void {
  const box = $('minimap')
  const move = (e: PointerEvent) => {
    const layout = page.layout
    if (!layout) return
    const rect = box.getBoundingClientRect()
    const k = minimapWidth / layout.width
    page.view2d?.moveTo({ x: (e.clientX - rect.left) / k, y: (e.clientY - rect.top) / k })
  }
  box.addEventListener('pointerdown', (e) => {
    e.stopPropagation()
    move(e)
    box.setPointerCapture(e.pointerId)
  })
  box.addEventListener('pointermove', (e) => {
    if (box.hasPointerCapture(e.pointerId)) move(e)
  })
  page.view2d?.onChange(() => {
    drawMinimap()
    canvas().querySelector('svg')?.classList.toggle('far', (page.view2d?.seen().scale ?? 1) < readableScale)
  })
}
