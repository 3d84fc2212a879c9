import { writeFileSync, mkdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startSandbox, type RunningSandbox } from '../../server/start'
import { launchChromium } from '../support/browser'
import { measureSteps, type StepSample } from './step-latency'
import { formatDifference, formatSteps, stepDifference, stepSummary } from './step-summary'

/*
 * `npm run bench:steps -- --vs <built page dir>`: the benchmark's step latency (4× CPU, new
 * borrowers, sandbox on loopback) for two builds, one borrower of each in turns, so that a shared
 * machine's load falls on both alike. `dist/` (build it first) against the other directory, e.g.
 * a copy of `dist/` built at the branch point. Measures; nothing here passes or fails on a time.
 */

const { values } = parseArgs({
  options: {
    vs: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    rounds: { type: 'string', default: '4' },
    port: { type: 'string', default: '8845' },
  },
})
if (!values.vs) throw new Error('name the build to compare with: --vs <dir>')

const builds = { vs: path.resolve(values.vs), dist: path.resolve(values.dist!) }
const samples: Record<keyof typeof builds, StepSample[]> = { vs: [], dist: [] }
const loadAtStart = loadavg()
const servers: RunningSandbox[] = []
const browser = await launchChromium()
try {
  const serve = async (distDir: string, port: number) => {
    const server = await startSandbox({ port, host: '127.0.0.1', db: ':memory:', distDir })
    servers.push(server)
    return server.url
  }
  const urls = { vs: await serve(builds.vs, Number(values.port)), dist: await serve(builds.dist, Number(values.port) + 1) }
  for (let round = 0; round < Number(values.rounds); round += 1) {
    // Which goes first alternates too: the first walk of a round is not always the same build's.
    const order = round % 2 === 0 ? (['vs', 'dist'] as const) : (['dist', 'vs'] as const)
    for (const name of order) {
      samples[name].push(...(await measureSteps(browser, urls[name], 1)))
      console.log(`  round ${round + 1} ${name} done (load ${loadavg()[0].toFixed(1)})`)
    }
  }
} finally {
  await browser.close()
  for (const server of servers) await server.close()
}

const result = {
  when: new Date().toISOString(),
  builds,
  loadAverage: { atStart: loadAtStart.map((v) => Number(v.toFixed(1))), atEnd: loadavg().map((v) => Number(v.toFixed(1))) },
  vs: stepSummary(samples.vs),
  dist: stepSummary(samples.dist),
  distMinusVs: stepDifference(samples.vs, samples.dist),
}
mkdirSync('artifacts/bench', { recursive: true })
writeFileSync('artifacts/bench/steps-vs.json', `${JSON.stringify(result, null, 2)}\n`)
for (const name of ['vs', 'dist'] as const) console.log(`\n${name} (${builds[name]}):\n${formatSteps(result[name]).join('\n')}`)
console.log(`\n${formatDifference('dist − vs, step totals', result.distMinusVs)}`)
console.log(`\nload average ${result.loadAverage.atStart.join(' ')} → ${result.loadAverage.atEnd.join(' ')}; written artifacts/bench/steps-vs.json`)
