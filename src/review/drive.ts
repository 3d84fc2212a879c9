import { decorateChart, expectedAt } from './chart-view'
import { pageWord } from './page-words'
import { $, h, missingNote, type Child } from './dom'
import { byThePage, leafOf, onItsWay, reached, reservedPhoneBefore, typesCode, whereThePageIs } from './drive-check'
import { answerLiveness, newBorrower, sentCode } from './drive-sandbox'
import { driveSteps, picker, tally } from './drive-steps'
import type { PageReport } from './live-protocol'
import { activeStates } from './machine-graph'
import { decorateMap } from './map-view'
import { act, graph, loadPaths, page, type Drive } from './page-state'
import { produceCommand, type ModelPath } from './review-data'
import { describePage, followedPage, refreshPages } from './live-view'

/*
 * Drive: step through a generated path, on the chart alone or with a followed page. Forward
 * sends the step's event to the page once the page is where the step starts; calls, answers and
 * waits happen in the page against the sandbox, and the drive waits for them. What the borrower
 * does outside the page, the drive asks the sandbox for: the SMS code it sent, the liveness
 * vendor's Pass. Every step is checked against what the page then reports (✓, or ✗ with where
 * the page is), and the chart fills the page's real state with the path's expected one outlined.
 */

/** How long a step may wait for the page: a slow review persona takes 60 s; a sent event answers at once. */
const waitLimitMs = { page: 90_000, event: 15_000 }
let timer: number | undefined
let vendor: { stop(): void } | null = null
/** When the awaited step started waiting, and the states the page passed meanwhile. */
let waiting = { since: 0, via: [] as string[] }

function stopWaiting(): void {
  window.clearTimeout(timer)
  vendor?.stop()
  vendor = null
}

function settle(drive: Drive, at: number, ok: boolean, why?: string): void {
  stopWaiting()
  drive.results[at] = ok ? 'ok' : 'off'
  drive.seen[at] = ok ? undefined : why
  if (ok && drive.notes[at]?.startsWith('waiting for the page')) {
    drive.notes[at] = `the page got there after ${((Date.now() - waiting.since) / 1000).toFixed(1)} s, by way of ${waiting.via.join(', ')}`
  }
  drive.awaiting = null
  drive.hold = null
  drive.sent = null
  if (!ok || at === drive.path.steps.length) drive.playing = false
  void renderDrive()
  if (drive.playing) window.setTimeout(() => page.drive === drive && drive.playing && moveDrive(1), 250)
}

function arm(drive: Drive, at: number, limit: number): void {
  window.clearTimeout(timer)
  timer = window.setTimeout(() => {
    if (page.drive !== drive || drive.awaiting !== at) return
    const live = followedPage()
    settle(drive, at, false, `the page did not get there within ${limit / 1000} s; ${live ? whereThePageIs(live.value) : 'no page reports'}`)
  }, limit)
}

/**
 * Sends the held event, with what the sandbox really gave where the path has a sample: the code
 * it sent, the lender the page lists first (the cheapest, as the page orders them).
 */
async function send(drive: Drive, at: number, report: PageReport): Promise<void> {
  const event = drive.hold
  if (!event) return
  drive.hold = null
  const typing = typesCode(drive.path.steps[at - 1])
  let sending = event
  if (event.type === 'match.select') {
    const lender = report.lenders?.[0]
    if (lender === undefined) return settle(drive, at, false, 'the page lists no lender to choose')
    sending = { ...event, lender_id: lender }
    drive.notes[at] = `chose ${lender}, the first lender the page lists (the path's sample is ${String(event['lender_id'])})`
  }
  if (typing) {
    const found = await sentCode(typing.step, reservedPhoneBefore(drive.path, at))
    if (page.drive !== drive || drive.awaiting !== at) return
    if ('problem' in found) return settle(drive, at, false, found.problem)
    sending = { ...event, patch: { ...typing.patch, code: found.code } }
    drive.notes[at] = `typed ${found.code}, the ${found.purpose} code the sandbox sent to ${found.phone} (the path's sample code is ${String(typing.patch['code'])})`
  }
  drive.sent = sending.type
  page.live?.drive(report.pageId, sending)
  arm(drive, at, waitLimitMs.event)
  void renderDrive()
}

/**
 * A step is checked once. An event is held until the page is where the step starts, then sent;
 * the page's report of it decides. A step the page takes itself is ✓ when the page is there or
 * past it; the drive waits while the page is on its way, and says ✗ with where the page is
 * otherwise.
 */
export function checkDriveAgainst(report: PageReport): void {
  const drive = page.drive
  if (!drive || drive.awaiting === null) return
  const at = drive.awaiting
  const path = drive.path
  if (drive.hold) {
    if (reached(path, at - 1, report.value)) return void send(drive, at, report)
    if (onItsWay(path, at - 1, report.value)) return waitNote(drive, at, report)
    return settle(drive, at, false, whereThePageIs(report.value))
  }
  if (!byThePage(path.steps[at - 1])) {
    if (drive.sent === null || report.event !== drive.sent) return
    return settle(drive, at, reached(path, at, report.value), whereThePageIs(report.value))
  }
  if (reached(path, at, report.value)) return settle(drive, at, true)
  if (onItsWay(path, at, report.value)) return waitNote(drive, at, report)
  settle(drive, at, false, whereThePageIs(report.value))
}

function waitNote(drive: Drive, at: number, report: PageReport): void {
  const leafId = leafOf(report.value)
  const leaf = leafId === undefined ? 'a state this machine does not have' : (page.byId.get(leafId)?.said.full ?? leafId)
  if (!waiting.via.includes(leaf)) waiting.via.push(leaf)
  const said = /^(tap|tapped|asking) /.test(drive.notes[at] ?? '') ? drive.notes[at] : undefined
  drive.notes[at] = said ?? `waiting for the page, now at ${leaf}`
  void renderDrive()
}

/** The liveness vendor's page is outside the page: the drive taps Pass there, as the borrower would. */
function answerVendor(drive: Drive, at: number): void {
  drive.notes[at] = 'asking the sandbox\'s liveness page to pass the check, as the borrower taps Pass'
  vendor = answerLiveness('passed', (sessionId) => {
    drive.notes[at] = `tapped Pass on the sandbox's liveness page (session ${sessionId}); the page reads the result`
    void renderDrive()
  })
  window.setTimeout(() => {
    if (page.drive !== drive || drive.awaiting !== at || !drive.notes[at]?.startsWith('asking')) return
    drive.notes[at] = 'tap Pass on the liveness page in the followed page: no sandbox liveness page answered the drive; it waits for the page to read the result'
    void renderDrive()
  }, 5_000)
}

export function startDrive(path: ModelPath): void {
  stopWaiting()
  page.drive = { path, at: 0, results: [], seen: [], notes: [], awaiting: null, hold: null, sent: null, playing: false }
  void renderDrive()
  $('drive').scrollIntoView({ block: 'nearest' })
}

/** From where the followed page is: the answers it already had (its start) are checked off at once. */
function checkOffStart(drive: Drive, live: PageReport, note: string): void {
  while (drive.at < drive.path.steps.length && byThePage(drive.path.steps[drive.at]) && reached(drive.path, drive.at + 1, live.value)) {
    drive.at += 1
    drive.results[drive.at] = 'ok'
    drive.notes[drive.at] = note
  }
}

/**
 * The first move of a drive on a followed page: a new borrower of its own, the page opened at
 * home for it, so that what was done by hand to a persona cannot trip it. Without a host to log
 * it in, it says what to do, and Forward goes on with the page as it is.
 */
async function startOnOwnBorrower(drive: Drive, before: PageReport): Promise<void> {
  const present = new Set(page.live?.pages().map((p) => p.report.pageId))
  drive.borrower = 'asking'
  drive.notes[0] = 'making a new borrower for this drive and asking the host simulator to log it in…'
  void renderDrive()
  const made = await newBorrower()
  if (page.drive !== drive) return
  if ('problem' in made) {
    drive.borrower = 'none'
    drive.playing = false
    drive.notes[0] = `${made.problem}. Forward goes on with the followed page as it is`
    checkOffStart(drive, before, 'the page had done this when the drive started')
    return void renderDrive()
  }
  drive.borrower = made.phone
  drive.notes[0] = `a new borrower, ${made.phone} (fares as the approve persona): the host simulator logged it in and is opening the page at home`
  void renderDrive()
  // The reopened page reports under a new id: the drive follows it.
  const since = Date.now()
  const fresh = await new Promise<PageReport | undefined>((resolve) => {
    const look = () => {
      const found = page.live?.pages().find((p) => !present.has(p.report.pageId))?.report
      if (found || Date.now() - since > waitLimitMs.event) resolve(found)
      else window.setTimeout(look, 100)
    }
    look()
  })
  if (page.drive !== drive) return
  if (fresh === undefined) {
    drive.playing = false
    drive.notes[0] = `the page for ${made.phone} did not report within ${waitLimitMs.event / 1000} s: is the host simulator's page open on this origin? Pick the path again to start over`
    return void renderDrive()
  }
  page.followed = fresh.pageId
  refreshPages()
  drive.notes[0] = `a new borrower, ${made.phone} (fares as the approve persona): the host simulator logged it in and opened the page at home`
  moveDrive(1)
}

function moveDrive(delta: number): void {
  const drive = page.drive
  if (!drive) return
  const next = Math.min(drive.path.steps.length, Math.max(0, drive.at + delta))
  if (next === drive.at) return
  const live = followedPage()
  if (live && delta > 0 && drive.at === 0 && drive.borrower === undefined) return void startOnOwnBorrower(drive, live)
  if (drive.borrower === 'asking') return
  stopWaiting()
  Object.assign(drive, { awaiting: null, hold: null, sent: null })
  const step = drive.path.steps[next - 1]
  if (live && delta < 0) {
    drive.playing = false
    const routable = [...activeStates(graph, expectedAt(drive.path, next))].filter((id) => page.byId.get(id)?.routable).pop()
    if (routable) page.live?.drive(live.pageId, { type: 'xstate.route', to: `#${routable}` })
  }
  drive.at = next
  waiting = { since: Date.now(), via: [] }
  if (live && delta > 0) {
    drive.awaiting = next
    drive.results[next] = undefined
    if (step?.do.event?.type === 'liveness.returned') answerVendor(drive, next)
    if (!byThePage(step) && step?.do.event) drive.hold = step.do.event
    arm(drive, next, waitLimitMs.page)
    checkDriveAgainst(live)
  }
  void renderDrive()
  const leaf = leafOf(expectedAt(drive.path, next))
  if (leaf) act.centerOn(leaf)
}

export async function renderDrive(): Promise<void> {
  const body = $('drive-body')
  const file = await loadPaths()
  if (file === null) {
    body.replaceChildren(missingNote('The generated paths are', produceCommand.paths))
    return
  }
  const all = [...file.statePaths, ...file.edgePaths, ...(file.funnelPaths ?? [])]
  const parts: Child[] = [...picker(all, startDrive)]
  const drive = page.drive
  if (drive) {
    const live = followedPage()
    const busy = drive.awaiting !== null || drive.borrower === 'asking'
    const play = () => {
      drive.playing = !drive.playing
      if (drive.playing && !busy) moveDrive(1)
      else void renderDrive()
    }
    parts.push(
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', id: 'drive-back', disabled: drive.at === 0, onclick: () => moveDrive(-1) }, pageWord('back')),
        h('span', { id: 'drive-at' }, `${pageWord('stepOf', { at: drive.at, n: drive.path.steps.length })}${busy ? pageWord('waiting') : ''}`),
        h('button', { type: 'button', id: 'drive-forward', disabled: drive.at === drive.path.steps.length || busy, onclick: () => moveDrive(1) }, pageWord('forward')),
        live ? h('button', { type: 'button', id: 'drive-play', disabled: drive.at === drive.path.steps.length, onclick: play }, drive.playing ? pageWord('pause') : pageWord('play')) : null,
        h('button', { type: 'button', onclick: () => (stopWaiting(), (page.drive = null), void renderDrive(), decorateChart(), decorateMap()) }, pageWord('stop')),
      ),
      h('p', { class: 'drive-tally', id: 'drive-tally' }, tally(drive)),
      h(
        'p',
        { class: 'note' },
        live
          ? `Driving the followed page (${describePage(live)}). Forward sends the step's event once the page is where the step starts; the page's calls go to the sandbox and the drive waits for the answers. The SMS code and the liveness Pass come from the sandbox, as the borrower gets them. ✓ the page did it, ✗ where it went instead. The chart fills the page's state and outlines the path's. Back routes the page to the step's screen.`
          : 'No live page followed: the path moves on the chart only. Open the host simulator on this origin to drive a page with it.',
      ),
      // Picking a step moves the chart there without sending anything to the page.
      driveSteps(drive, (at) => {
        stopWaiting()
        Object.assign(drive, { at, awaiting: null, hold: null, sent: null, playing: false })
        void renderDrive()
        const leaf = leafOf(expectedAt(drive.path, at))
        if (leaf) act.centerOn(leaf)
      }),
    )
  }
  body.replaceChildren(...parts.filter((p): p is Node => p instanceof Node))
  body.querySelector('li.current')?.scrollIntoView({ block: 'nearest' })
  decorateChart()
  decorateMap()
}
