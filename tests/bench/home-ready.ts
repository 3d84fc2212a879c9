import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js'
import type { Browser, Page } from 'playwright-core'

/*
 * What a logged-in borrower waits for, timed in Chromium under the throttling Lighthouse's mobile
 * run stands for (its own constants: 4× CPU, slow 4G as DevTools applies it: 562.5 ms a request,
 * 1.47 Mbps down, 675 kbps up; its phone's screen and user agent): from the navigation until home
 * shows the borrower's own figures and its primary button takes a tap. Lighthouse's simulated
 * throttling cannot time a point the page defines, so this loads the page for real under the
 * applied throttling, and times the empty React page's largest paint the same way for the ratio.
 */

const slow4g = throttling.mobileSlow4G
const phone = screenEmulationMetrics.mobile

/**
 * Home with the borrower's data: the live screen (the prerendered one is the boot screen), its
 * loading over (`aria-busy` false once the user, status and rights calls answered), and the
 * application card's primary button enabled. Persona 13800000001 has one.
 */
export const homeWithData = 'main[data-screen="home"][aria-busy="false"] .ui-entrance .ui-button:not(.ui-button--secondary):not([disabled])'

export interface HomeReadySample {
  /** Home with data first in the DOM (ms since the navigation began). */
  inDomMs: number
  /** The frame that shows it painted and a task queued after that frame started: a tap then is handled at once. */
  readyMs: number
}

/** One request of the load: when it was asked for, its first byte and its last (ms since the navigation began). */
export interface TimelineRow {
  startMs: number
  firstByteMs: number
  endMs: number
  bytes: number
  path: string
}

async function throttledPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: phone.width, height: phone.height },
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    locale: 'zh-CN',
  })
  // tsx compiles with esbuild's keepNames, which wraps functions passed to the page in `__name`.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4g.requestLatencyMs,
    downloadThroughput: (slow4g.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow4g.uploadThroughputKbps * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4g.cpuSlowdownMultiplier })
  return { page, close: () => context.close() }
}

/** Runs in the page before its own scripts: watches the DOM for home with data, then waits out the frame and the task that paint it. */
function watchForHome(selector: string) {
  const found = new Promise<{ inDomMs: number; readyMs: number }>((resolve) => {
    const check = () => {
      if (document.querySelector(selector) === null) return false
      const inDomMs = performance.now()
      requestAnimationFrame(() => {
        // The frame is being produced; a message task posted now runs after it is painted, unless the main thread is still busy.
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve({ inDomMs, readyMs: performance.now() })
        channel.port2.postMessage(null)
      })
      return true
    }
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect()
    })
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'disabled', 'data-screen'] })
  })
  ;(window as unknown as { __homeReady: typeof found }).__homeReady = found
}

/** With `timeline`, also every request the page made until home was ready, in the order they were asked for. */
export async function measureHomeReady(browser: Browser, url: string, options: { timeline?: boolean } = {}): Promise<HomeReadySample & { timeline?: TimelineRow[] }> {
  const { page, close } = await throttledPage(browser)
  try {
    await page.addInitScript(watchForHome, homeWithData)
    await page.goto(url, { waitUntil: 'commit' })
    const sample = await page.evaluate(() => (window as unknown as { __homeReady: Promise<HomeReadySample> }).__homeReady, undefined)
    if (!options.timeline) return sample
    const timeline = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        startMs: Math.round(entry.startTime),
        firstByteMs: Math.round(entry.responseStart),
        endMs: Math.round(entry.responseEnd),
        bytes: entry.transferSize,
        path: new URL(entry.name).pathname,
      })),
    )
    return { ...sample, timeline }
  } finally {
    await close()
  }
}

/** The empty page's largest contentful paint under the same throttling (ms since the navigation began). */
export async function measureEmptyLcp(browser: Browser, url: string): Promise<number> {
  const { page, close } = await throttledPage(browser)
  try {
    await page.goto(url, { waitUntil: 'load' })
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries()
            resolve(entries[entries.length - 1].startTime)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
    )
  } finally {
    await close()
  }
}
