import type { Browser, CDPSession, Frame, Locator, Page } from 'playwright-core'
import { newPhoneContext } from '../support/browser'
import { answerAssets, fillBasicInfo, fillContacts, fillLoanDemand } from '../support/funnel-en'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * Step changes as a borrower feels them, at 4× CPU throttling against the sandbox on loopback:
 * from the tap (the click event's timestamp, which for a finger is its lift) to the next screen
 * painted (its `main[data-screen]` in the DOM and the frame after it, stamped as that frame's task
 * ends), split into before the first API request left, the requests (first start to last answer),
 * and after the last answer until the paint.
 */

export interface StepSample {
  step: string
  totalMs: number
  beforeRequestMs: number
  requestsMs: number
  afterAnswerMs: number
  /** Main-thread tasks over 50 ms between the tap and the paint. */
  longTasks: number
  longestTaskMs: number
}

declare global {
  interface Window {
    __bench?: { tapAt: number; longTasks: { start: number; duration: number }[] }
  }
}

// Runs in every frame before its scripts: records taps (absolute ms) and long tasks.
function instrument() {
  const absolute = (stamp: number) => performance.timeOrigin + stamp
  const top = window.top ?? window
  const state = { tapAt: 0, longTasks: [] as { start: number; duration: number }[] }
  if (window === top) window.__bench = state
  document.addEventListener('click', (event) => {
    const bench = (window.top ?? window).__bench
    if (bench) bench.tapAt = absolute(event.timeStamp)
  }, true)
  performance.setResourceTimingBufferSize(10_000)
  if (window === top && PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: absolute(entry.startTime), duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  }
}

/** The product's API calls, the requests a step's split counts. */
const productCalls = /\/(api|v2)\//

async function timeStep(
  page: Page,
  step: string,
  screen: string,
  tap: () => Promise<void>,
  { timeoutMs = 20_000, calls = productCalls }: { timeoutMs?: number; calls?: RegExp } = {},
): Promise<StepSample> {
  const painted = page.evaluate(
    ({ screen, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const selector = `main[data-screen="${screen}"]`
        // The frame's callbacks run before it is laid out and painted, in the same task. A user-blocking
        // task queued from one runs as soon as that task ends, ahead of what the page queued meanwhile
        // (timers, React's scheduler, both normal priority): those run after the pixels are out, so they
        // are not the frame's.
        const afterPaint = () =>
          requestAnimationFrame(() => {
            const scheduler = (window as unknown as { scheduler: { postTask(task: () => void, options: { priority: string }): Promise<void> } }).scheduler
            void scheduler.postTask(() => resolve(performance.timeOrigin + performance.now()), { priority: 'user-blocking' })
          })
        const timer = setTimeout(() => reject(new Error(`${selector} did not appear`)), timeoutMs)
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return
          observer.disconnect()
          clearTimeout(timer)
          afterPaint()
        })
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-screen'] })
      }),
    { screen, timeoutMs },
  )
  await tap()
  const paintAt = await painted
  return page.evaluate(
    ({ step, paintAt, callPattern }) => {
      const bench = window.__bench!
      const isCall = new RegExp(callPattern)
      const tapAt = bench.tapAt
      const calls = performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => isCall.test(entry.name) && ['xmlhttprequest', 'fetch'].includes(entry.initiatorType))
        .map((entry) => ({ start: performance.timeOrigin + entry.startTime, end: performance.timeOrigin + entry.responseEnd }))
        .filter((call) => call.start >= tapAt && call.end <= paintAt)
      const tasks = bench.longTasks.filter((task) => task.start + task.duration >= tapAt && task.start <= paintAt)
      const firstStart = calls.length ? Math.min(...calls.map((call) => call.start)) : paintAt
      const lastEnd = calls.length ? Math.max(...calls.map((call) => call.end)) : paintAt
      return {
        step,
        totalMs: paintAt - tapAt,
        beforeRequestMs: firstStart - tapAt,
        requestsMs: lastEnd - firstStart,
        afterAnswerMs: paintAt - lastEnd,
        longTasks: tasks.length,
        longestTaskMs: tasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
      }
    },
    { step, paintAt, callPattern: calls.source },
  )
}

/**
 * The bench presses a step's button as a phone does: a finger on the button's centre for
 * `fingerDownMs`, then lifted, sent as touch events (Chromium turns the lift into the tap's click,
 * stamped with the lift's time), so the press's own handlers are inside the measured time.
 */
/** About how long a finger rests on the glass in a tap; the press's handlers run meanwhile, as on a phone. */
const fingerDownMs = 80

/**
 * Finds where to press `button` (its centre, scrolled into view) and gives back the press itself,
 * so that a profile can start between the two and hold only the press and what it causes.
 */
export function aimWith(page: Page, cdp: CDPSession) {
  return async (button: Locator): Promise<() => Promise<void>> => {
    await button.scrollIntoViewIfNeeded()
    const box = await button.boundingBox()
    if (box === null) throw new Error(`${button} has no box to tap`)
    const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    // The forms were filled with Playwright's mouse, which stays over the page, and Chromium sends a
    // hovered mouse a move (over, out, enter, leave) whenever the content under it changes: a few
    // milliseconds of React's event handling in every frame of a step that a phone, with no mouse,
    // never pays. Outside the page it hovers nothing.
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: -1, y: -1 })
    return async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] })
      await page.waitForTimeout(fingerDownMs)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
  }
}

/** A phone-sized page with the bench's instruments, throttled, and the way its steps are pressed. */
async function stepPage(browser: Browser, cpuRate: number) {
  const context = await newPhoneContext(browser, 'en-US')
  // tsx compiles with esbuild's keepNames, which wraps functions passed to the page in `__name`.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
  await context.addInitScript(instrument)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  const aim = aimWith(page, cdp)
  const press = async (button: Locator) => (await aim(button))()
  return { context, page, press }
}

/** One new borrower through the funnel's first steps, by taps and typing in English. */
async function walkFunnel(browser: Browser, sandboxUrl: string, phone: string, cpuRate: number): Promise<StepSample[]> {
  const { token, user } = await loginPersona(sandboxUrl, phone)
  const { context, page, press } = await stepPage(browser, cpuRate)
  const samples: StepSample[] = []
  try {
    await page.goto(pageUrl(sandboxUrl, { lang: 'en' }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
    await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Start an application' }).waitFor()
    // Let the idle prefetch of the next pages happen, as it would while the borrower reads.
    await page.waitForTimeout(1_500)

    samples.push(await timeStep(page, 'home → loan demand', 'loanDemand', () => press(page.getByRole('button', { name: 'Start an application' }))))
    await fillLoanDemand(page)
    samples.push(await timeStep(page, 'loan demand → face', 'facialIdentification', () => press(page.getByRole('button', { name: 'Apply now' }))))

    await page.getByLabel(/Authorisation to Process Facial Information/).check()
    await page.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
    samples.push(await timeStep(page, 'face → vendor page', 'webview', () => press(page.getByRole('button', { name: 'Start verification' }))))
    const vendor: Frame = await (async () => {
      await page.locator('iframe.webview-frame').waitFor()
      const handle = await page.locator('iframe.webview-frame').elementHandle()
      const frame = await handle!.contentFrame()
      await frame!.getByRole('button', { name: 'Pass' }).waitFor()
      return frame!
    })()
    samples.push(await timeStep(page, 'vendor Pass → basic info', 'basicInfo', () => press(vendor.getByRole('button', { name: 'Pass' })), { timeoutMs: 60_000 }))

    await fillBasicInfo(page)
    samples.push(await timeStep(page, 'basic info → assets', 'assetInfo', () => press(page.getByRole('button', { name: 'Next' }))))

    await answerAssets(page)
    samples.push(await timeStep(page, 'assets → contacts', 'contact', () => press(page.getByRole('button', { name: 'Next' }))))

    await fillContacts(page)
    samples.push(await timeStep(page, 'contacts → bank card', 'bankCard', () => press(page.getByRole('button', { name: 'Next' }))))

    return samples
  } finally {
    await context.close()
  }
}

export async function measureSteps(browser: Browser, sandboxUrl: string, rounds: number, cpuRate = 4): Promise<StepSample[]> {
  const samples: StepSample[] = []
  for (let round = 0; round < rounds; round += 1) {
    // A new borrower each round: the funnel's steps can be walked once per borrower.
    const phone = `1371${String(Date.now() % 10_000_000).padStart(7, '0')}`
    samples.push(...(await walkFunnel(browser, sandboxUrl, phone, cpuRate)))
  }
  return samples
}

/** The funnel's screen steps in one round (the vendor's Pass is reported apart). */
const bareStepsPerRound = 6

/** As many steps of the bare React forms (`tests/bench/bare-steps`) as a funnel round has screen steps. */
async function walkBareForms(browser: Browser, url: string, cpuRate: number): Promise<StepSample[]> {
  const { context, page, press } = await stepPage(browser, cpuRate)
  const samples: StepSample[] = []
  try {
    await page.goto(url)
    await page.locator('main[data-screen="form1"]').waitFor({ timeout: 30_000 })
    // The same pause as the funnel's on home, so both first taps find the page settled alike.
    await page.waitForTimeout(1_500)
    for (let form = 1; form <= bareStepsPerRound; form += 1) {
      // Typed into first, as the funnel's forms are, so the tap also takes the focus from a field.
      await page.getByLabel(`Question 1 of form ${form}`).fill('Li Lei')
      const next = `form${form + 1}`
      samples.push(await timeStep(page, 'bare form → form', next, () => press(page.getByRole('button', { name: 'Next' })), { calls: /\/config\/init\.json/ }))
    }
    return samples
  } finally {
    await context.close()
  }
}

export async function measureBareSteps(browser: Browser, url: string, rounds: number, cpuRate = 4): Promise<StepSample[]> {
  const samples: StepSample[] = []
  for (let round = 0; round < rounds; round += 1) samples.push(...(await walkBareForms(browser, url, cpuRate)))
  return samples
}
