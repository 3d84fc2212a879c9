import { parseArgs } from 'node:util'
import { measureSteps } from './step-latency'
import { formatDifference, formatSteps, stepDifference, stepSummary } from './step-summary'
import { buildNames, inTurns, twoBuildsOptions, writeResult } from './two-builds'

/*
 * `npm run bench:steps -- --vs <built page dir>`: the benchmark's step latency (4× CPU, new
 * borrowers, sandbox on loopback) for two builds, one borrower of each in turns, so that a shared
 * machine's load falls on both alike. `dist/` (build it first) against the other directory, e.g.
 * a copy of `dist/` built at the branch point. Measures; nothing here passes or fails on a time.
 */

const { values } = parseArgs({
  options: {
    ...twoBuildsOptions({ rounds: 4, port: 8845 }),
  },
})

const run = await inTurns(values, (browser, url) => measureSteps(browser, url, 1))
const { builds, samples } = run
const result = {
  when: new Date().toISOString(),
  builds,
  loadAverage: run.loadAverage,
  vs: stepSummary(samples.vs),
  dist: stepSummary(samples.dist),
  distMinusVs: stepDifference(samples.vs, samples.dist),
}
const written = writeResult('steps-vs', result)
for (const name of buildNames) console.log(`\n${name} (${builds[name]}):\n${formatSteps(result[name]).join('\n')}`)
console.log(`\n${formatDifference('dist − vs, step totals', result.distMinusVs)}`)
console.log(`\n${written}`)
