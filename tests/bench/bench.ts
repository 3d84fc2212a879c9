import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { build } from 'vite'
import { startSandbox, type RunningSandbox } from '../../server/start'
import { bundleReport, type BundleReport } from '../../src/build/bundle-report'
import { launchChromium } from '../support/browser'
import { writeDocBlock } from '../support/doc-block'
import { loginPersona, pageUrl } from '../support/sandbox'
import { measureEmptyLcp, measureHomeReady, type HomeReadySample } from './home-ready'
import { launchForLighthouse, runLighthouse, type LighthouseRun } from './lighthouse-runs'
import { measureBareSteps, measureSteps, type StepSample } from './step-latency'
import { formatDifference, formatSteps, median, round, stepDifference, stepSummary } from './step-summary'

/*
 * `npm run bench`: builds the page and an empty React 19 page with the same Vite
 * config, serves both with the same server code on loopback, runs Lighthouse's mobile defaults on
 * them in turns, and reports medians with ratios product/empty; in the same rounds, under the same
 * throttling applied by DevTools, the time until the logged-in entry's home shows the borrower's figures
 * with its button live, beside the empty page's largest paint (the headline); then the bundle's first-load
 * bytes, step-change latency at 4× CPU (beside the same taps on bare React forms, the steps'
 * yardstick), and the time to generate the model-based paths.
 * Writes artifacts/bench.json. It measures; nothing here passes or fails on a time.
 * `--report` measures nothing: it rewrites the figures table of docs/performance.md from the last
 * artifacts/bench.json.
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'step-rounds': { type: 'string', default: '3' },
    port: { type: 'string', default: '8802' },
    'empty-port': { type: 'string', default: '8812' },
    'bare-port': { type: 'string', default: '8822' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-steps': { type: 'boolean', default: false },
    'skip-paths': { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
  },
})

const repoRoot = path.resolve(import.meta.dirname, '../..')
const artifacts = path.join(repoRoot, 'artifacts')
const emptyRoot = path.join(import.meta.dirname, 'empty')
const emptyDist = path.join(artifacts, 'bench', 'empty-dist')
const bareStepsRoot = path.join(import.meta.dirname, 'bare-steps')
const bareStepsDist = path.join(artifacts, 'bench', 'bare-steps-dist')

/** The page, and with the same Vite config (less the page's own plugins) the two yardsticks. */
async function buildAll(): Promise<{ product: BundleReport; empty: BundleReport }> {
  let product: BundleReport | undefined
  let empty: BundleReport | undefined
  // Hidden sourcemaps: the same code (no sourceMappingURL comment), and the maps the report needs to say
  // which library each minified byte came from. The server never serves them.
  await build({ root: repoRoot, logLevel: 'warn', build: { sourcemap: 'hidden' }, plugins: [bundleReport((report) => (product = report))] })
  // The `bench-empty` mode leaves out the page's own plugins (vite.config.ts).
  await build({
    root: emptyRoot,
    mode: 'bench-empty',
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: emptyDist, emptyOutDir: true },
    plugins: [bundleReport((report) => (empty = report))],
  })
  await build({
    root: bareStepsRoot,
    mode: 'bench-empty',
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: bareStepsDist, emptyOutDir: true },
  })
  if (!product || !empty) throw new Error('a build produced no bundle report')
  return { product, empty }
}

type Metric = keyof Omit<LighthouseRun, 'lcpElement'>
const metrics: Metric[] = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'bytes', 'requests', 'requestsBeforeLcp']

function summarize(runs: LighthouseRun[]) {
  const medians = Object.fromEntries(metrics.map((metric) => [metric, round(median(runs.map((run) => run[metric])), metric === 'cls' ? 3 : 0)]))
  return { ...medians, runs }
}

async function timePaths(): Promise<number> {
  const started = performance.now()
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/model/engine/paths-cli.ts', '--quiet', '--fresh', '--out', 'artifacts/bench/model-paths.json'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
  return performance.now() - started
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

const spread = (list: number[], digits = 0) => ({ median: round(median(list), digits), min: round(Math.min(...list), digits), max: round(Math.max(...list), digits) })

/** Home with data ÷ the empty page's largest paint, round by round. */
const ratiosOf = (samples: { emptyLcpMs: number; homeReadyMs: number }[]) => spread(samples.map((sample) => sample.homeReadyMs / sample.emptyLcpMs), 2)

/** The headline: home with the borrower's data against the empty page's largest paint, round by round. */
function homeWithDataSummary(emptyLcps: number[], readies: HomeReadySample[]) {
  return {
    throttling: 'Lighthouse mobile, applied by DevTools: 4× CPU, 562.5 ms a request, 1.47 Mbps down',
    emptyLcpMs: spread(emptyLcps),
    homeReadyMs: spread(readies.map((sample) => sample.readyMs)),
    ratio: ratiosOf(readies.map((sample, index) => ({ emptyLcpMs: emptyLcps[index], homeReadyMs: sample.readyMs }))),
    samples: readies.map((sample, index) => ({ emptyLcpMs: round(emptyLcps[index]), homeInDomMs: round(sample.inDomMs), homeReadyMs: round(sample.readyMs) })),
  }
}

async function main() {
  const started = Date.now()
  mkdirSync(path.join(artifacts, 'bench'), { recursive: true })
  console.log('building the page, the empty React page and the bare React forms…')
  const bundles = await buildAll()

  let product: RunningSandbox | undefined
  let empty: RunningSandbox | undefined
  let bare: RunningSandbox | undefined
  // Step latency is measured on the real clock: a busy machine shows in it, so the load is recorded.
  const result: Record<string, unknown> = {
    when: new Date().toISOString(),
    lighthouse: '12.8.2 mobile defaults (simulated slow 4G, 4× CPU)',
    machine: { cpus: cpus().length, loadAverageAtStart: loadavg().map((value) => round(value, 1)) },
  }
  try {
    product = await startSandbox({ port: Number(values.port), host: '127.0.0.1', db: ':memory:' })
    empty = await startSandbox({ port: Number(values['empty-port']), host: '127.0.0.1', db: ':memory:', distDir: emptyDist })
    bare = await startSandbox({ port: Number(values['bare-port']), host: '127.0.0.1', db: ':memory:', distDir: bareStepsDist })
    const { token, user } = await loginPersona(product.url, '13800000001')
    const targets = {
      empty: `${empty.url}/`,
      productLoggedOut: `${product.url}/`,
      productLoggedIn: pageUrl(product.url, {}, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }),
    }

    const lighthouseRuns: Record<keyof typeof targets, LighthouseRun[]> = { empty: [], productLoggedOut: [], productLoggedIn: [] }
    const emptyLcps: number[] = []
    const homeReadies: HomeReadySample[] = []
    if (!values['skip-lighthouse']) {
      const chrome = await launchForLighthouse()
      const browser = await launchChromium()
      try {
        const runs = Number(values.runs)
        for (let index = 0; index < runs; index += 1) {
          // Alternating, so a slow moment of the machine falls on every target alike.
          for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
            const run = await runLighthouse(chrome, url)
            lighthouseRuns[name].push(run)
            console.log(`  round ${index + 1} ${name.padEnd(16)} score ${run.score} FCP ${Math.round(run.fcpMs)} LCP ${Math.round(run.lcpMs)} TBT ${Math.round(run.tbtMs)}`)
          }
          emptyLcps.push(await measureEmptyLcp(browser, targets.empty))
          homeReadies.push(await measureHomeReady(browser, targets.productLoggedIn))
          console.log(`  round ${index + 1} applied throttling: empty LCP ${Math.round(emptyLcps[index])}, home with data ${Math.round(homeReadies[index].readyMs)}`)
        }
      } finally {
        chrome.kill()
        await browser.close()
      }
      result.homeWithData = homeWithDataSummary(emptyLcps, homeReadies)
    }

    const targetResult = (name: keyof typeof targets, bundle: BundleReport) => ({
      url: targets[name].replace(/bridge=[^&#]+/, 'bridge=…'),
      ...(lighthouseRuns[name].length ? summarize(lighthouseRuns[name]) : {}),
      initialJs: bundle.initialJs,
      initialCss: bundle.initialCss,
    })
    result.empty = targetResult('empty', bundles.empty)
    result.productLoggedOut = targetResult('productLoggedOut', bundles.product)
    result.productLoggedIn = targetResult('productLoggedIn', bundles.product)
    if (lighthouseRuns.empty.length) {
      const ratios: Record<string, Record<string, number>> = {}
      for (const name of ['productLoggedOut', 'productLoggedIn'] as const) {
        const product = result[name] as Record<string, number>
        const base = result.empty as Record<string, number>
        ratios[name] = Object.fromEntries(
          (['score', 'fcpMs', 'lcpMs', 'bytes', 'requestsBeforeLcp'] as const).map((metric) => [metric, round(product[metric] / base[metric], 2)]),
        )
      }
      result.ratios = ratios
    }
    result.bundle = {
      initialJs: bundles.product.initialJs,
      initialCss: bundles.product.initialCss,
      initialByLibraryRenderedBytes: bundles.product.initialByLibrary,
      initialGzipByLibrary: bundles.product.initialGzipByLibrary,
      chunks: bundles.product.chunks.map(({ file, name, lazy, raw, gzip, brotli }) => ({ file, name, lazy, raw, gzip, brotli })),
    }

    if (!values['skip-steps']) {
      console.log('step changes at 4× CPU, the product and the bare React forms in turns…')
      const samples: Record<'product' | 'bare', StepSample[]> = { product: [], bare: [] }
      const browser = await launchChromium()
      const urls = { product: product.url, bare: `${bare.url}/` }
      const measure = { product: measureSteps, bare: measureBareSteps }
      try {
        for (let round = 0; round < Number(values['step-rounds']); round += 1) {
          const order = round % 2 === 0 ? (['product', 'bare'] as const) : (['bare', 'product'] as const)
          // In turns, as Lighthouse's targets are, so that a slow moment falls on both alike.
          for (const name of order) samples[name].push(...(await measure[name](browser, urls[name], 1)))
        }
      } finally {
        await browser.close()
      }
      result.steps = stepSummary(samples.product)
      result.bareSteps = stepSummary(samples.bare)
      result.stepsMinusBare = stepDifference(samples.bare, samples.product)
    }
  } finally {
    await product?.close()
    await empty?.close()
    await bare?.close()
  }
  if (!values['skip-paths']) {
    console.log('model-based paths…')
    result.modelPathsMs = round(await timePaths())
  }
  result.benchSeconds = round((Date.now() - started) / 1000)
  ;(result.machine as Record<string, unknown>).loadAverageAtEnd = loadavg().map((value) => round(value, 1))
  writeFileSync(path.join(artifacts, 'bench.json'), `${JSON.stringify(result, null, 2)}\n`)
  console.log(`\n${formatTable(result)}\nwritten artifacts/bench.json (${result.benchSeconds} s)`)
}

function formatTable(result: Record<string, unknown>): string {
  const rows: string[] = []
  const targets = ['empty', 'productLoggedOut', 'productLoggedIn'] as const
  const get = (name: string) => result[name] as Record<string, number> & { initialJs: { gzip: number; brotli: number } }
  const ratios = (result.ratios ?? {}) as Record<string, Record<string, number>>
  const cell = (name: string, metric: string, unit = '') => {
    const value = get(name)[metric]
    if (value === undefined) return '–'
    const ratio = ratios[name]?.[metric]
    return `${value}${unit}${ratio !== undefined ? ` (${ratio}×)` : ''}`
  }
  const headline = result.homeWithData as ReturnType<typeof homeWithDataSummary> | undefined
  if (headline) {
    const range = (figure: { median: number; min: number; max: number }, unit = ' ms') => `${figure.median}${unit} (${figure.min}–${figure.max})`
    const loggedIn = get('productLoggedIn')
    const ratio = ratiosOf(headline.samples)
    rows.push(
      `| logged in, ${headline.samples.length} rounds | median (range) |`,
      '|---|---|',
      `| home with the borrower's data, button live | ${range(headline.homeReadyMs)} |`,
      `| empty React 19 page's LCP, same throttling | ${range(headline.emptyLcpMs)} |`,
      `| **ratio, home with data ÷ empty page's LCP** | **${ratio.median}×** (${ratio.min}–${ratio.max}×) |`,
      `| Lighthouse TBT | ${loggedIn.tbtMs} ms |`,
      `| Lighthouse performance score | ${loggedIn.score} |`,
      '',
    )
  }
  rows.push(`| | empty React 19 page | product, logged out | product, logged in |`, `|---|---|---|---|`)
  const line = (label: string, metric: string, unit = '') => rows.push(`| ${label} | ${targets.map((name) => cell(name, metric, unit)).join(' | ')} |`)
  line('Lighthouse performance score', 'score')
  line('FCP', 'fcpMs', ' ms')
  line('LCP', 'lcpMs', ' ms')
  line('TBT', 'tbtMs', ' ms')
  line('CLS', 'cls')
  line('bytes transferred', 'bytes', ' B')
  line('requests before LCP', 'requestsBeforeLcp')
  rows.push(`| initial JS (gzip / brotli) | ${targets.map((name) => `${kib(get(name).initialJs.gzip)} / ${kib(get(name).initialJs.brotli)} KiB`).join(' | ')} |`)
  const steps = result.steps as ReturnType<typeof stepSummary> | undefined
  if (steps) rows.push('', ...formatSteps(steps))
  const bareSteps = result.bareSteps as ReturnType<typeof stepSummary> | undefined
  if (bareSteps) {
    rows.push('', ...formatSteps(bareSteps, 'The same taps on bare React forms (React and fetch only, the yardstick)'))
    rows.push(formatDifference('product − bare forms, step totals', result.stepsMinusBare as ReturnType<typeof stepDifference>))
  }
  const bundle = result.bundle as Pick<BundleReport, 'initialGzipByLibrary'> & { initialByLibraryRenderedBytes: Record<string, number> }
  const total = Object.values(bundle.initialByLibraryRenderedBytes).reduce((a, b) => a + b, 0)
  rows.push('', 'Initial JS by library (share of rendered bytes):')
  rows.push(`  ${Object.entries(bundle.initialByLibraryRenderedBytes).filter(([, bytes]) => bytes > 0).map(([name, bytes]) => `${name} ${((100 * bytes) / total).toFixed(1)}%`).join(', ')}`)
  if (bundle.initialGzipByLibrary) {
    const gzipTotal = Object.values(bundle.initialGzipByLibrary).reduce((a, b) => a + b, 0)
    rows.push('', `Initial JS by library (minified, each gzipped on its own; ${kib(gzipTotal)} KiB in all):`)
    rows.push(`  ${Object.entries(bundle.initialGzipByLibrary).map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ')}`)
  }
  if (result.modelPathsMs !== undefined) rows.push('', `Model-based paths generated in ${result.modelPathsMs} ms`)
  return rows.join('\n')
}

/** The latest figures as docs/performance.md shows them, the headline first; replaced on every report. */
function writeReport(): void {
  const result = JSON.parse(readFileSync(path.join(artifacts, 'bench.json'), 'utf8')) as Record<string, unknown>
  const machine = (result.machine ?? {}) as Record<string, unknown>
  const when = typeof result.when === 'string' ? result.when.slice(0, 16).replace('T', ' ') + ' UTC' : 'at an unrecorded time'
  const context = [`measured ${when}`, machine.cpus ? `${String(machine.cpus)} CPUs` : null, machine.loadAverageAtEnd ? `load average at the end ${String(machine.loadAverageAtEnd)}` : null]
  const lines = formatTable(result).split('\n')
  // The tables come first, each followed by its blank line; everything after them is the bench's own text.
  const firstText = lines.findIndex((line) => line !== '' && !line.startsWith('|'))
  const tables = firstText < 0 ? lines : lines.slice(0, firstText)
  const rest = firstText < 0 ? [] : lines.slice(firstText).join('\n').trim().split('\n')
  const body = [
    '## Latest figures (`npm run bench`, then `npm run bench -- --report`)',
    '',
    `From artifacts/bench.json (${context.filter(Boolean).join(', ')}). Medians; ratios are product ÷ empty React 19 page.`,
    '',
    // The headline and first-load tables are Markdown; the step and library breakdowns are the bench's own text.
    ...tables,
    '',
    '```',
    ...rest,
    '```',
  ].join('\n')
  writeDocBlock(path.join(repoRoot, 'docs', 'performance.md'), 'bench', body)
  console.log('docs/performance.md: figures rewritten from artifacts/bench.json')
}

if (values.report) writeReport()
else await main()
