import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { env } from '../support/env'

/*
 * One Lighthouse run: mobile defaults (simulated slow 4G, 4× CPU), performance only, in Debian's
 * Chromium. Lighthouse clears the cache and storage before each navigation, so every run is a
 * first visit.
 */

export interface LighthouseRun {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  bytes: number
  requests: number
  /** Requests that started (observed, unthrottled clock) before the observed LCP. */
  requestsBeforeLcp: number
  lcpElement: string | null
}

export const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export async function launchForLighthouse(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: env.chromiumPath, chromeFlags })
}

interface NetworkItem {
  url: string
  rendererStartTime?: number
}

type Audit = { numericValue?: number; details?: { items?: unknown[]; networkStartTimeTs?: number } }

export async function runLighthouse(chrome: chromeLauncher.LaunchedChrome, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const audits = lhr.audits as unknown as Record<string, Audit>
  const value = (id: string) => {
    const numeric = audits[id]?.numericValue
    if (typeof numeric !== 'number') throw new Error(`Lighthouse audit ${id} has no value for ${url}`)
    return numeric
  }
  const metrics = (audits.metrics?.details?.items?.[0] ?? {}) as { observedLargestContentfulPaintTs?: number }
  const network = audits['network-requests']?.details
  const items = (network?.items ?? []) as NetworkItem[]
  const startTs = network?.networkStartTimeTs ?? 0
  const lcpTs = metrics.observedLargestContentfulPaintTs ?? Number.POSITIVE_INFINITY
  const requestsBeforeLcp = items.filter((item) => startTs + (item.rendererStartTime ?? 0) * 1000 < lcpTs).length
  const lcpAudit = lhr.audits['largest-contentful-paint-element'] as unknown as {
    details?: { items?: { items?: { node?: { snippet?: string } }[] }[] }
  }
  const lcpElement = lcpAudit?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    requests: items.length,
    requestsBeforeLcp,
    lcpElement,
  }
}
