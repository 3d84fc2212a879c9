import { decorateChart } from './chart-view'
import { pageWord } from './page-words'
import { $, h } from './dom'
import { startLiveClient } from './live-client'
import type { PageReport } from './live-protocol'
import { activeStates } from './machine-graph'
import { decorateMap } from './map-view'
import { machineWords } from './machine-words'
import { act, graph, page } from './page-state'
import { screenOf } from './path-names'

/*
 * Live: any page of the product on this origin reports its state; the chart and the map follow
 * the one picked. The trail keeps the screen changes: typing (a change per keystroke) is one
 * line with a count, and lines that changed nothing but the form go first when it is full.
 */

const trailLength = 14
let lastScreen: string | undefined

function liveKeys(report: PageReport): string[] {
  return report.transitions.flatMap((taken) => {
    const t = graph.transitions.find((c) => c.source === taken.source && c.event === taken.event && c.index === taken.index)
    return t ? [t.key] : []
  })
}

export function describePage(report: PageReport): string {
  return `${report.framed ? 'framed' : 'tab'} ${report.pageId.slice(0, 6)} · ${report.location} · ${report.lang}`
}

export function followedPage(): PageReport | undefined {
  return page.live?.pages().find((p) => p.report.pageId === page.followed)?.report
}

export function refreshPages(): void {
  const select = $<HTMLSelectElement>('live-page')
  const pages = page.live?.pages() ?? []
  if (!pages.some((p) => p.report.pageId === page.followed)) page.followed = pages[0]?.report.pageId ?? ''
  select.replaceChildren(
    ...(pages.length ? pages.map((p) => h('option', { value: p.report.pageId, selected: p.report.pageId === page.followed }, describePage(p.report))) : [h('option', { value: '' }, pageWord('noPageReporting'))]),
  )
  $('live-status').textContent = pages.length
    ? pageWord('reporting', { n: pages.length })
    : pageWord('listening')
}

function addToTrail(keys: string[], at: number, screen: string | undefined): void {
  const trail = page.trail
  const taken = graph.transitions.filter((t) => keys.includes(t.key))
  const text = taken.map((t) => `${t.said.event} → ${t.targets.map((id) => page.byId.get(id)?.said.full ?? id).join(', ') || machineWords.inPlace[page.words]}`).join('; ')
  const code = taken.map((t) => t.said.code).join('\n')
  const changed = screen !== undefined && screen !== lastScreen && lastScreen !== undefined
  if (!changed && trail[0]?.text === text) Object.assign(trail[0], { at, times: trail[0].times + 1 })
  else trail.unshift({ keys, text, code, at, times: 1, ...(changed ? { screen } : {}) })
  while (trail.length > trailLength) {
    const drop = trail.findLastIndex((line) => line.screen === undefined)
    trail.splice(drop === -1 ? trail.length - 1 : drop, 1)
  }
}

function renderTrail(): void {
  $('trail').replaceChildren(
    ...page.trail.map((t) =>
      h(
        'li',
        { class: t.screen ? 'screen-change' : '', title: t.code },
        `${new Date(t.at).toLocaleTimeString()} ${t.text}${t.times > 1 ? ` ×${t.times}` : ''}`,
        t.screen ? h('strong', { title: t.screen }, ` ⇒ ${page.byId.get(t.screen)?.said.full ?? t.screen}`) : null,
      ),
    ),
  )
}

export function onReport(report: PageReport, checkDrive: (report: PageReport) => void): void {
  if (!page.followed) page.followed = report.pageId
  if (report.pageId !== page.followed) return refreshPages()
  page.liveActive = activeStates(graph, report.value)
  const screen = screenOf(report.value)
  const keys = liveKeys(report)
  if (keys.length > 0) addToTrail(keys, report.at, screen)
  lastScreen = screen
  renderTrail()
  if (page.drive) checkDrive(report)
  decorateChart()
  decorateMap()
  refreshPages()
  if ($<HTMLInputElement>('live-keep').checked && page.view === 'chart') {
    const leaf = [...page.liveActive].filter((id) => !(page.byId.get(id)?.children ?? []).some((c) => page.liveActive.has(c))).pop()
    if (leaf) act.centerOn(leaf)
  }
}

export function startLive(checkDrive: (report: PageReport) => void): void {
  page.live = startLiveClient(window, (report) => onReport(report, checkDrive), refreshPages)
  refreshPages()
  $<HTMLSelectElement>('live-page').addEventListener('change', (e) => {
    page.followed = (e.target as HTMLSelectElement).value
    page.trail.splice(0)
    lastScreen = undefined
    const report = followedPage()
    if (report) onReport(report, checkDrive)
  })
}
