import { decorateChart, expectedAt } from './chart-view'
import { $, h, missingNote, type Child } from './dom'
import type { PageReport } from './live-protocol'
import { activeStates } from './machine-graph'
import { decorateMap } from './map-view'
import { stepList } from './panel'
import { act, graph, loadPaths, page } from './page-state'
import { pathTitle, pathWords, screenOf } from './path-names'
import { produceCommand, type ModelPath } from './review-data'
import { matchesWords } from './word-search'
import { describePage, followedPage } from './live-view'

/*
 * Drive: step through a generated path, on the chart alone or with a followed page. Forward
 * sends the step's event to the page; calls, answers and waits happen in the page against the
 * sandbox. Every step is checked against what the page then reports (✓, or ✗ with where the page
 * is), and the chart fills the page's real state with the path's expected one outlined.
 */

let filter = ''

function leafOf(value: unknown): string | undefined {
  const active = activeStates(graph, value)
  return [...active].filter((id) => !(page.byId.get(id)?.children ?? []).some((c) => active.has(c))).pop()
}

/**
 * A step is checked once. An event's step: against the first report after it was sent. An answer
 * or a wait happens in the page on its own time: ✓ when the page is there, or already past it on
 * the steps that follow without the borrower; still open while the page waits where the step
 * starts; ✗ otherwise, saying where the page is.
 */
export function checkDriveAgainst(report: PageReport): void {
  const drive = page.drive
  if (!drive || drive.awaiting === null) return
  const at = drive.awaiting
  const steps = drive.path.steps
  const actual = activeStates(graph, report.value)
  const fits = (k: number) => [...activeStates(graph, expectedAt(drive.path, k))].every((id) => actual.has(id))
  let ok = fits(at)
  if (!ok && steps[at - 1]?.do.kind !== 'event') {
    for (let k = at + 1; k <= steps.length && steps[k - 1]?.do.kind !== 'event' && !ok; k += 1) ok = fits(k)
    if (!ok && fits(at - 1)) return
  }
  drive.results[at] = ok ? 'ok' : 'off'
  drive.seen[at] = ok ? undefined : `the page is at ${leafOf(report.value) ?? 'an unknown state'} (screen ${screenOf(report.value) ?? 'none'})`
  drive.awaiting = null
  void renderDrive()
}

export function startDrive(path: ModelPath): void {
  page.drive = { path, at: 0, results: [], seen: [], awaiting: null }
  void renderDrive()
  $('drive').scrollIntoView({ block: 'nearest' })
}

function moveDrive(delta: number): void {
  const drive = page.drive
  if (!drive) return
  const next = Math.min(drive.path.steps.length, Math.max(0, drive.at + delta))
  if (next === drive.at) return
  const live = followedPage()
  if (live && delta > 0) {
    const action = drive.path.steps[next - 1]?.do
    if (action?.kind === 'event' && action.event) page.live?.drive(live.pageId, action.event)
  }
  if (live && delta < 0) {
    const routable = [...activeStates(graph, expectedAt(drive.path, next))].filter((id) => page.byId.get(id)?.routable).pop()
    if (routable) page.live?.drive(live.pageId, { type: 'xstate.route', to: `#${routable}` })
  }
  drive.at = next
  drive.awaiting = live && delta > 0 ? next : null
  // A call's answer or a wait may already have happened in the page: check it against the page now.
  if (live && delta > 0 && drive.path.steps[next - 1]?.do.kind !== 'event') checkDriveAgainst(live)
  void renderDrive()
  const leaf = leafOf(expectedAt(drive.path, next))
  if (leaf) act.centerOn(leaf)
}

function picker(all: ModelPath[]): HTMLElement[] {
  const input = h('input', { type: 'search', id: 'drive-filter', value: filter, placeholder: 'screen, state or event', 'aria-label': 'Filter the paths' }) as HTMLInputElement
  input.addEventListener('input', () => {
    filter = input.value
    const select = $<HTMLSelectElement>('drive-path')
    select.replaceChildren(...options(all))
  })
  const select = h('select', { id: 'drive-path', 'aria-label': 'Generated path', onchange: (e: Event) => startDrive(all.find((p) => p.id === (e.target as HTMLSelectElement).value) as ModelPath) }, ...options(all))
  return [h('label', {}, 'Find ', input), h('label', {}, 'Path ', select)]
}

function options(all: ModelPath[]): HTMLOptionElement[] {
  const shown = filter ? all.filter((p) => matchesWords(filter, pathWords(p))) : all
  // The longest first: the whole-funnel walk leads.
  const sorted = [...shown].sort((a, b) => screensOf(b) - screensOf(a) || a.steps.length - b.steps.length)
  return [
    h('option', { value: '' }, `choose one of ${shown.length} paths${filter ? ` (of ${all.length})` : ''}`),
    ...sorted.map((p) => h('option', { value: p.id, selected: page.drive?.path.id === p.id }, pathTitle(p))),
  ]
}

const screensOf = (p: ModelPath) => new Set([p.startExpect, ...p.steps.map((s) => s.expect)].map((e) => screenOf(e.state))).size

export async function renderDrive(): Promise<void> {
  const body = $('drive-body')
  const file = await loadPaths()
  if (file === null) {
    body.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const all = [...file.statePaths, ...file.edgePaths, ...(file.funnelPaths ?? [])]
  const parts: Child[] = [...picker(all)]
  const drive = page.drive
  if (drive) {
    const live = followedPage()
    parts.push(
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', id: 'drive-back', disabled: drive.at === 0, onclick: () => moveDrive(-1) }, '◀ Back'),
        h('span', {}, `step ${drive.at} of ${drive.path.steps.length}`),
        h('button', { type: 'button', id: 'drive-forward', disabled: drive.at === drive.path.steps.length, onclick: () => moveDrive(1) }, 'Forward ▶'),
        h('button', { type: 'button', onclick: () => ((page.drive = null), void renderDrive(), decorateChart(), decorateMap()) }, 'Stop'),
      ),
      h(
        'p',
        { class: 'note' },
        live
          ? `Driving the followed page (${describePage(live)}): Forward sends the step's event; calls, answers and waits happen in the page against the sandbox. Each step is checked against what the page reports: ✓, or ✗ with where the page is. The chart fills the page's state and outlines the one the path expects. Back sends the page to the step's screen by its route.`
          : 'No live page followed: the path moves on the chart only. Open the host simulator on this origin to drive a page with it.',
      ),
      // Picking a step moves the chart there without sending anything to the page.
      stepList(
        drive.path,
        drive.at,
        drive.results,
        (at) => {
          drive.at = at
          void renderDrive()
          const leaf = leafOf(expectedAt(drive.path, at))
          if (leaf) act.centerOn(leaf)
        },
        drive.seen,
      ),
    )
  }
  body.replaceChildren(...parts.filter((p): p is Node => p instanceof Node))
  body.querySelector('li.current')?.scrollIntoView({ block: 'nearest' })
  decorateChart()
  decorateMap()
}
