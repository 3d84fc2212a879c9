import { writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { build } from 'vite'
import { startSandbox } from '../../server/start'
import { launchChromium, newPhoneContext } from '../support/browser'
import { answerAssets, fillBasicInfo, fillLoanDemand } from '../support/funnel-en'
import { loginPersona, pageUrl } from '../support/sandbox'
import { commitsSinceTap, formatCommits, recordReactCommits, startCommits, type ReactCommit } from './react-commits'
import { aimWith } from './step-latency'
import { rendererMainThreads, type TraceEvent } from './trace'

/*
 * `npm run bench:profile -- --dist <dir>`: where a step's time goes. Walks a new borrower through
 * the funnel's first form steps at 4× CPU (`--cpu-rate`), records a CPU profile (CDP Profiler)
 * from each tap to the next screen's paint, and prints the functions with the most self time
 * across the steps.
 * `--trace` records a Chromium trace instead: each step's main-thread tasks of 8 ms or more with
 * their parts, then the trace's events by self time across the steps.
 * `--commits` lists each step's React commits instead: when each came after the tap, and which
 * components rendered in it (a render that changes nothing still costs a commit and its effects).
 * `--bare` takes the same measures on the bench's yardstick, the bare React forms, so that a step's
 * parts can be set beside theirs; `--task-ms` lowers the 8 ms from which a task is listed (the bare
 * forms' frames take about 4 ms).
 * Build the page unminified first for readable names:
 * `npx vite build --minify false --outDir artifacts/profile-dist`.
 */

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'artifacts/profile-dist' },
    port: { type: 'string', default: '8843' },
    rounds: { type: 'string', default: '2' },
    top: { type: 'string', default: '40' },
    trace: { type: 'boolean', default: false },
    commits: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    'task-ms': { type: 'string', default: '8' },
    // At 4× the sampling profiler charges throttling's pauses to whatever ran before them; at
    // `--cpu-rate 1` each function gets its own time, about a quarter of what it takes at 4×.
    'cpu-rate': { type: 'string', default: '4' },
    interval: { type: 'string', default: '200' },
  },
})

/** The sampling profiler, unless another instrument was asked for: one at a time, each one's overhead would fill the others'. */
const profiling = !values.trace && !values.commits

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const selfTime = new Map<string, number>()
const totalTime = new Map<string, number>()
let totalSampled = 0

function addProfile(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const keyOf = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || ''}:${frame.lineNumber + 1}`
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000
    const frame = byId.get(id)!.callFrame
    if (frame.functionName === '(idle)') return
    selfTime.set(keyOf(frame), (selfTime.get(keyOf(frame)) ?? 0) + delta)
    totalSampled += delta
    const onStack = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) onStack.add(keyOf(byId.get(node)!.callFrame))
    for (const key of onStack) totalTime.set(key, (totalTime.get(key) ?? 0) + delta)
  })
}

const traceSelf = new Map<string, number>()

/** What a trace event is counted as: a script call by its function and file, a DOM event by its type. */
function traceKey(event: TraceEvent): string {
  const data = event.args?.data
  if (event.name === 'FunctionCall') return `FunctionCall ${data?.functionName ?? ''}@${(data?.url ?? '').split('/').pop()}`
  if (event.name === 'EvaluateScript') return `EvaluateScript ${(data?.url ?? '').split('/').pop()}`
  if (event.name === 'EventDispatch') return `EventDispatch ${data?.type ?? ''}`
  return event.name
}

/** Adds the self time of `events` (one thread's, sorted by start) by key: a Layout inside a FunctionCall counts as Layout. */
function addSelfTimes(events: TraceEvent[], into: Map<string, number>) {
  const stack: { end: number; key: string; self: number }[] = []
  const flush = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!
      into.set(done.key, (into.get(done.key) ?? 0) + done.self / 1000)
    }
  }
  for (const event of events) {
    flush(event.ts)
    if (stack.length) stack[stack.length - 1].self -= event.dur!
    stack.push({ end: event.ts + event.dur!, key: traceKey(event), self: event.dur! })
  }
  flush(Number.POSITIVE_INFINITY)
}

/** A layout's size, from its trace event: how many of the page's layout objects it laid out. */
function laidOut(inside: TraceEvent[]): string {
  const layouts = inside.filter((event) => event.name === 'Layout')
  const objects = layouts.reduce((sum, event) => sum + ((event.args as { beginData?: { dirtyObjects?: number } }).beginData?.dirtyObjects ?? 0), 0)
  return layouts.length === 0 ? '' : ` (layout of ${objects} objects)`
}

/**
 * Adds a step's trace to the totals, and prints the step's main-thread tasks of `--task-ms` or
 * more: when each began after the step's first task, how long it ran, the DOM events it dispatched,
 * how much it laid out and where its time went. A long task's parts are what this shows; the totals cannot.
 */
function addTrace(events: TraceEvent[]) {
  const mainThreads = rendererMainThreads(events)
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ph !== 'X' || !mainThreads.has(thread) || event.dur === undefined) continue
    byThread.set(thread, [...(byThread.get(thread) ?? []), event])
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    addSelfTimes(list, traceSelf)
    const tasks = list.filter((event) => event.name === 'RunTask')
    for (const task of tasks.filter((candidate) => candidate.dur! >= Number(values['task-ms']) * 1000)) {
      const inside = list.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!)
      const self = new Map<string, number>()
      addSelfTimes(inside, self)
      const domEvents = [...new Set(inside.filter((event) => event.name === 'EventDispatch').map((event) => event.args?.data?.type))]
      const parts = [...self.entries()].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1.5).slice(0, 8)
      console.log(
        `  +${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms [${domEvents.join(' ')}]${laidOut(inside)} ` +
          parts.map(([key, ms]) => `${key} ${ms.toFixed(1)}`).join(' | '),
      )
    }
  }
}

const stepCommits: [string, ReactCommit[]][] = []

async function profiledStep(page: Page, cdp: CDPSession, name: string, screen: string, aimed: Promise<() => Promise<void>>) {
  const tap = await aimed
  if (values.trace) {
    await page.context().browser()!.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'blink.user_timing'] })
  }
  if (profiling) await cdp.send('Profiler.start')
  if (values.commits) await startCommits(page)
  const started = Date.now()
  // Waited for in the page, as the bench does: Playwright's own polling would fill the profile.
  const painted = page.evaluate(
    (selector) =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return
          observer.disconnect()
          requestAnimationFrame(() => setTimeout(resolve, 0))
        })
        observer.observe(document.body, { childList: true, subtree: true, attributes: true })
      }),
    `main[data-screen="${screen}"]`,
  )
  await tap()
  await painted
  console.log(`${name}: ${Date.now() - started} ms wall (${values.trace ? 'tracing' : values.commits ? 'commits recorded' : 'profiler'} on)`)
  if (profiling) addProfile(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile)
  if (values.commits) {
    const commits = await commitsSinceTap(page)
    stepCommits.push([name, commits])
    for (const line of formatCommits(commits)) console.log(line)
  }
  if (values.trace) {
    const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    addTrace(trace.traceEvents)
  }
}

/** A new borrower's page, instrumented and throttled, with the way its buttons are pressed. */
async function profiledPage(browser: Browser) {
  const context = await newPhoneContext(browser, 'en-US')
  await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
  if (values.commits) await context.addInitScript(recordReactCommits)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(values.interval) })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values['cpu-rate']) })
  return { context, page, cdp, aim: aimWith(page, cdp) }
}

async function walkFunnel(browser: Browser, sandboxUrl: string) {
  const phone = `1372${String(Date.now() % 10_000_000).padStart(7, '0')}`
  const { token, user } = await loginPersona(sandboxUrl, phone)
  const { context, page, cdp, aim } = await profiledPage(browser)
  await page.goto(pageUrl(sandboxUrl, { lang: 'en' }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
  await page.getByRole('button', { name: 'Start an application' }).waitFor({ timeout: 30_000 })
  await page.waitForTimeout(1_500)
  await profiledStep(page, cdp, 'home → loan demand', 'loanDemand', aim(page.getByRole('button', { name: 'Start an application' })))
  await fillLoanDemand(page)
  await page.waitForTimeout(500)
  await profiledStep(page, cdp, 'loan demand → face', 'facialIdentification', aim(page.getByRole('button', { name: 'Apply now' })))
  await page.getByLabel(/Authorisation to Process Facial Information/).check()
  await page.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
  await page.waitForTimeout(500)
  await profiledStep(page, cdp, 'face → vendor page', 'webview', aim(page.getByRole('button', { name: 'Start verification' })))
  const frame = await (await page.locator('iframe.webview-frame').elementHandle())!.contentFrame()
  await frame!.getByRole('button', { name: 'Pass' }).waitFor()
  await page.waitForTimeout(500)
  await frame!.getByRole('button', { name: 'Pass' }).click()
  await page.locator('main[data-screen="basicInfo"]').waitFor({ timeout: 60_000 })
  await fillBasicInfo(page)
  await page.waitForTimeout(500)
  await profiledStep(page, cdp, 'basic info → assets', 'assetInfo', aim(page.getByRole('button', { name: 'Next' })))
  await answerAssets(page)
  await page.waitForTimeout(500)
  await profiledStep(page, cdp, 'assets → contacts', 'contact', aim(page.getByRole('button', { name: 'Next' })))
  await context.close()
}

/** The bare forms as the step benchmark takes them: the first field typed into, then Next. */
async function walkBareForms(browser: Browser, url: string) {
  const { context, page, cdp, aim } = await profiledPage(browser)
  await page.goto(url)
  await page.locator('main[data-screen="form1"]').waitFor({ timeout: 30_000 })
  await page.waitForTimeout(1_500)
  for (let form = 1; form <= 5; form += 1) {
    await page.getByLabel(`Question 1 of form ${form}`).fill('Li Lei')
    await page.waitForTimeout(500)
    await profiledStep(page, cdp, `bare form ${form} → ${form + 1}`, `form${form + 1}`, aim(page.getByRole('button', { name: 'Next' })))
  }
  await context.close()
}

/** The bare forms built as the page is for a profile: the bench's own build, unminified. */
async function buildBareForms(): Promise<string> {
  const outDir = path.resolve('artifacts/profile-bare-dist')
  await build({
    root: path.join(import.meta.dirname, 'bare-steps'),
    mode: 'bench-empty',
    configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: false },
  })
  return outDir
}

const distDir = values.bare ? await buildBareForms() : path.resolve(values.dist!)
const sandbox = await startSandbox({ port: Number(values.port), host: '127.0.0.1', db: ':memory:', distDir })
const browser = await launchChromium()
try {
  for (let round = 0; round < Number(values.rounds); round += 1) {
    if (values.bare) await walkBareForms(browser, `${sandbox.url}/`)
    else await walkFunnel(browser, sandbox.url)
  }
} finally {
  await browser.close()
  await sandbox.close()
}

const rows = [...selfTime.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))
if (profiling) {
  console.log(`\nbusy time sampled: ${totalSampled.toFixed(0)} ms (${values['cpu-rate']}× CPU)`)
  for (const [key, ms] of rows) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`)
  console.log('\ninclusive time (functions of the page):')
  const own = [...totalTime.entries()].filter(([key]) => /\.js:/.test(key)).sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))
  for (const [key, ms] of own) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`)
}
const traceRows = [...traceSelf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)
if (values.trace) {
  console.log('\ntrace self time by event (renderer main threads):')
  for (const [key, ms] of traceRows) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`)
}
mkdirSync('artifacts/bench', { recursive: true })
if (values.commits) writeFileSync('artifacts/bench/profile-commits.json', JSON.stringify(stepCommits, null, 2))
else writeFileSync('artifacts/bench/profile-steps.json', JSON.stringify(Object.fromEntries(values.trace ? traceRows : rows), null, 2))
