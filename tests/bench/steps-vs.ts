import { parseArgs } from 'node:util'
import { measureSteps, stepInputOf } from './step-latency'
import { formatDifference, formatSteps, stepDifference, stepSummary } from './step-summary'
import { buildNames, inTurns, writeResult } from './two-builds'

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
    input: { type: 'string', default: 'touch' },
  },
})
if (!values.vs) throw new Error('name the build to compare with: --vs <dir>')
const input = stepInputOf(values.input)

const run = await inTurns({ vs: values.vs, dist: values.dist! }, { rounds: Number(values.rounds), firstPort: Number(values.port) }, (browser, url) => measureSteps(browser, url, 1, input))
const { builds, samples } = run
const result = {
  when: new Date().toISOString(),
  builds,
  loadAverage: run.loadAverage,
  vs: stepSummary(samples.vs, input),
  dist: stepSummary(samples.dist, input),
  distMinusVs: stepDifference(samples.vs, samples.dist),
}
const written = writeResult('steps-vs', result)
for (const name of buildNames) console.log(`\n${name} (${builds[name]}):\n${formatSteps(result[name]).join('\n')}`)
console.log(`\n${formatDifference('dist − vs, step totals', result.distMinusVs)}`)
console.log(`\n${written}`)
