import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startSandbox } from '../../server/start'
import { launchChromium } from '../support/browser'
import { settings } from '../support/env'

/*
 * `npm run bench:review`: what a reviewer's browser fetches to open /review/ (bytes on the wire,
 * cache off) and how long until the map is drawn, and until the whole machine's chart is, from
 * the navigation's start; the median of several loads. Writes its section of docs/performance.md.
 * Measured, never asserted: the figures depend on the machine.
 */

const runs = settings.benchRuns.value
const repoRoot = path.resolve(import.meta.dirname, '../..')
const env = { ...process.env }
delete env.NODE_ENV
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'src/review/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, env, stdio: 'inherit' })

const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', db: ':memory:' })
const browser = await launchChromium()
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

interface Load {
  bytes: number
  requests: number
  ms: number
}

async function load(address: string, mark: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  let bytes = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength
    requests += 1
  })
  await page.goto(`${sandbox.url}/review/${address}`)
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 120_000 })
  const ms = await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN, mark)
  // Whatever the page still fetches (screens below the fold) counts too.
  await page.waitForLoadState('networkidle')
  await context.close()
  return { bytes, requests, ms }
}

const maps: Load[] = []
const charts: Load[] = []
for (let i = 0; i < runs; i += 1) {
  maps.push(await load('', 'review:map-drawn'))
  charts.push(await load('#chart', 'review:chart-drawn'))
}
await browser.close()
await sandbox.close()

const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`
const line = (what: string, loads: Load[]) =>
  `| ${what} | ${kib(median(loads.map((l) => l.bytes)))} in ${median(loads.map((l) => l.requests))} requests | ${median(loads.map((l) => l.ms)).toFixed(0)} ms |`
const section = [
  '<!-- review-bench:start -->',
  '## Reviewer page (`npm run bench:review`)',
  '',
  `Chromium at 1280×800 against the sandbox on this machine, cache off, median of ${runs} loads; bytes are what crossed the wire (brotli where the server has a copy), screenshots included.`,
  '',
  '| opened on | transferred | drawn after the navigation starts |',
  '| --- | --- | --- |',
  line('the map (`/review/`)', maps),
  line('the whole machine (`/review/#chart`)', charts),
  '<!-- review-bench:end -->',
].join('\n')
console.log(section)
const docs = path.join(repoRoot, 'docs')
mkdirSync(docs, { recursive: true })
const file = path.join(docs, 'performance.md')
const before = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\nFigures measured by the commands named in each section; git keeps their history.\n'
const marked = /<!-- review-bench:start -->[\s\S]*<!-- review-bench:end -->/
writeFileSync(file, marked.test(before) ? before.replace(marked, section) : `${before.trimEnd()}\n\n${section}\n`)
