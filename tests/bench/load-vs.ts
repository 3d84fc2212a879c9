import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { newPhoneContext } from '../support/browser'
import { writeDocBlock } from '../support/doc-block'
import { loginPersona, pageUrl } from '../support/sandbox'
import { measureHomeReady } from './home-ready'
import { launchForLighthouse, runLighthouse } from './lighthouse-runs'
import { median, round } from './step-summary'
import { rendererMainThreads, type TraceEvent } from './trace'
import { buildNames, inTurns, twoBuildsOptions, writeResult } from './two-builds'

/*
 * `npm run bench:load -- --vs <built page dir>`: the logged-in entry's load in Chromium (persona
 * 13800000001 as a host payload, sandbox on loopback) for two builds in turns: at 4× CPU on the
 * loopback's network, when home shows with its figures (ms after the navigation began), the long
 * tasks' time over 50 ms in the first 5 s, and with `--trace` the main thread's parse and compile
 * time; under Lighthouse's mobile throttling applied by DevTools (slow 4G too), when home with the
 * borrower's data is painted with its button live, the bench's headline, and with `--timeline` every
 * request of that load, to see which of them home waited for; with `--lighthouse`,
 * Lighthouse's own TBT and score. `dist/` (build it first) against the other directory. Measures only.
 * With `--record "<change>"` (`--vs` the build before the change), the medians before → after and their
 * ranges go in docs/performance.md's table of changes, one row per change, replaced when measured again;
 * `--report --record "<change>"` writes that row from the last run (artifacts/bench/load-vs.json).
 */

const { values } = parseArgs({
  options: {
    ...twoBuildsOptions({ rounds: 8, port: 8855 }),
    trace: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    record: { type: 'string' },
    report: { type: 'boolean', default: false },
  },
})

interface LoadSample {
  homeShownMs: number
  /** Home with data painted and its button live, under Lighthouse's mobile throttling (slow 4G too). */
  homeReadySlow4gMs: number
  lighthouseTbtMs?: number
  lighthouseScore?: number
  longTasks: number
  blockingMs: number
  /** Main-thread parse and compile (traced runs only). */
  compileMs?: number
}

const compileEvents = new Set(['V8.ParseFunction', 'V8.CompileCode', 'V8.CompileIgnition', 'V8.PreParse', 'V8.ParseProgram', 'V8.CompileLazy'])

/** Parse and compile on the renderer's main thread, nested events counted once. */
function mainThreadCompileMs(events: TraceEvent[]): number {
  const main = rendererMainThreads(events)
  const compiles = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && compileEvents.has(e.name)).sort((a, b) => a.ts - b.ts)
  let total = 0
  let until = 0
  for (const event of compiles) {
    if (event.ts < until) continue
    total += event.dur ?? 0
    until = event.ts + (event.dur ?? 0)
  }
  return total / 1000
}

const lighthouseChrome = values.lighthouse && !values.report ? await launchForLighthouse() : null

async function loadOnce(browser: Browser, sandboxUrl: string): Promise<LoadSample> {
  const { token, user } = await loginPersona(sandboxUrl, '13800000001')
  const url = pageUrl(sandboxUrl, {}, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } })
  const { readyMs: homeReadySlow4gMs, timeline } = await measureHomeReady(browser, url, { timeline: values.timeline })
  if (timeline) {
    console.log(`  requests until home with data (${Math.round(homeReadySlow4gMs)} ms): asked for, first byte, last byte (ms), bytes, path`)
    for (const row of timeline) console.log(`    ${row.startMs}\t${row.firstByteMs}\t${row.endMs}\t${row.bytes}\t${row.path}`)
  }
  const lighthouse = lighthouseChrome ? await runLighthouse(lighthouseChrome, url) : null
  const context = await newPhoneContext(browser, 'zh-CN')
  await context.addInitScript(() => {
    const durations: number[] = []
    ;(window as unknown as { __longTasks: number[] }).__longTasks = durations
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    if (values.trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.compile'] })
    await page.goto(url)
    // Home with its figures: the live page has replaced the prerendered boot screen and home's calls have answered.
    await page.locator('main[data-screen="home"]').waitFor({ timeout: 60_000 })
    const homeShownMs = await page.evaluate(() => performance.now())
    await page.waitForTimeout(5_000)
    const compileMs = values.trace ? mainThreadCompileMs((JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents) : undefined
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
    return {
      homeShownMs,
      homeReadySlow4gMs,
      ...(lighthouse ? { lighthouseTbtMs: lighthouse.tbtMs, lighthouseScore: lighthouse.score } : {}),
      longTasks: longTasks.length,
      blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      ...(compileMs === undefined ? {} : { compileMs }),
    }
  } finally {
    await context.close()
  }
}

function summary(samples: LoadSample[]) {
  const of = (pick: (sample: LoadSample) => number | undefined) => {
    const list = samples.map(pick).filter((value): value is number => value !== undefined)
    return list.length ? round(median(list)) : null
  }
  return {
    loads: samples.length,
    homeShownMs: of((s) => s.homeShownMs),
    homeReadySlow4gMs: of((s) => s.homeReadySlow4gMs),
    lighthouseTbtMs: of((s) => s.lighthouseTbtMs),
    lighthouseScore: of((s) => s.lighthouseScore),
    blockingMs: of((s) => s.blockingMs),
    longTasks: of((s) => s.longTasks),
    compileMs: of((s) => s.compileMs),
    samples: samples.map((s) => Object.fromEntries(Object.entries(s).map(([key, value]) => [key, round(value)])) as unknown as LoadSample),
  }
}

type LoadResult = {
  when: string
  builds: Record<(typeof buildNames)[number], string>
  loadAverage: { atStart: number[]; atEnd: number[] }
} & Record<(typeof buildNames)[number], ReturnType<typeof summary>>

async function measure(): Promise<LoadResult> {
  const run = await inTurns(values, async (browser, url) => [await loadOnce(browser, url)]).finally(() => lighthouseChrome?.kill())
  const { builds, samples } = run
  const result = {
    when: new Date().toISOString(),
    builds,
    cpuThrottling: 4,
    loadAverage: run.loadAverage,
    vs: summary(samples.vs),
    dist: summary(samples.dist),
  }
  const written = writeResult('load-vs', result)
  for (const name of buildNames) {
    const s = result[name]
    const sorted = (pick: (sample: LoadSample) => number | undefined) =>
      samples[name].map(pick).filter((v): v is number => v !== undefined).sort((a, b) => a - b).map((v) => round(v)).join(' ')
    console.log(`\n${name} (${builds[name]}), medians of ${s.loads} loads:`)
    console.log(`  slow 4G, 4× CPU: home with data, button live ${s.homeReadySlow4gMs} ms (${sorted((x) => x.homeReadySlow4gMs)})${s.lighthouseTbtMs === null ? '' : `; Lighthouse TBT ${s.lighthouseTbtMs} ms (${sorted((x) => x.lighthouseTbtMs)}), score ${s.lighthouseScore} (${sorted((x) => x.lighthouseScore)})`}`)
    console.log(`  loopback, 4× CPU: home shown ${s.homeShownMs} ms (${sorted((x) => x.homeShownMs)}); long tasks' time over 50 ms ${s.blockingMs} ms (${sorted((x) => x.blockingMs)}); long tasks ${s.longTasks}${s.compileMs === null ? '' : `; main-thread parse and compile ${s.compileMs} ms`}`)
  }
  console.log(`\n${written}`)
  return result
}

const result: LoadResult = values.report ? (JSON.parse(readFileSync('artifacts/bench/load-vs.json', 'utf8')) as LoadResult) : await measure()

/** One change's row: each figure's median before → after, with each build's range. */
function changeRow(change: string): string {
  const figure = (pick: (sample: LoadSample) => number | undefined, unit: string) => {
    const of = (name: (typeof buildNames)[number]) => result[name].samples.map(pick).filter((v): v is number => v !== undefined)
    const [before, after] = [of('vs'), of('dist')]
    if (before.length === 0 || after.length === 0) return '–'
    const range = (list: number[]) => `${round(Math.min(...list))}–${round(Math.max(...list))}`
    return `${round(median(before))} → ${round(median(after))}${unit} (${range(before)} → ${range(after)})`
  }
  const load = `${result.loadAverage.atStart[0]} → ${result.loadAverage.atEnd[0]}`
  return `| ${change} | ${result.when.slice(0, 16).replace('T', ' ')} UTC, ${result.dist.loads} loads each, load average ${load} | ${figure((s) => s.homeReadySlow4gMs, ' ms')} | ${figure((s) => s.lighthouseTbtMs, ' ms')} | ${figure((s) => s.lighthouseScore, '')} | ${figure((s) => s.homeShownMs, ' ms')} |`
}

if (values.record) {
  const doc = path.resolve(import.meta.dirname, '../../docs/performance.md')
  const block = /<!-- load-changes:start -->([\s\S]*?)<!-- load-changes:end -->/.exec(readFileSync(doc, 'utf8'))?.[1] ?? ''
  const rows = block.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| change |') && !line.startsWith(`| ${values.record} |`))
  writeDocBlock(
    doc,
    'load-changes',
    [
      "## What each change bought (`npm run bench:load -- --vs <build before it> --lighthouse --record <change>`)",
      '',
      "The build before the change and the build with it, loaded in turns on this machine: medians before → after, each build's range in brackets. Home with data is timed under Lighthouse's mobile throttling applied by DevTools (slow 4G, 4× CPU); home shown on loopback at 4× CPU. The machine is shared, so the ranges are wide: a change whose ranges overlap has not shown a gain.",
      '',
      "| change | measured | home with data, button live | Lighthouse TBT | Lighthouse score | home shown, loopback |",
      '|---|---|---|---|---|---|',
      ...rows,
      changeRow(values.record),
    ].join('\n'),
  )
  console.log(`recorded "${values.record}" in docs/performance.md`)
}
