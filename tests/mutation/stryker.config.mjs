// StrykerJS over the machine, the route projection, the app edge, the request layer and the pages.
// `npm run mutation` runs it; docs/testing.md says how to read its report.
//   MUTATION_TESTS=model  (default) the model-based tests alone: tests/mutation/vitest.model.config.ts
//   MUTATION_TESTS=suite  the whole suite except the Chromium tests: tests/mutation/vitest.suite.config.ts
//     (MUTATION_SUITE_FAST=1: without the React-level model paths too, a lower bound)
//   MUTATION_SCOPE=machines (default: all) only machines/, the reading of its definition and the route projection
//   MUTATION_STATIC=ignore  leave out static mutants (quick)
//   MUTATION_SURVIVORS_OF=<report.json>  only the lines where that report's mutants survived or were
//     not reached: e.g. the whole suite on what the model-based tests left (its kills add to the report's)
//   MUTATION_INCREMENTAL_FROM=<report.json>  Stryker's incremental mode over that report (copied first, as
//     Stryker rewrites it): a mutant it killed is kept killed while its killing test is unchanged, the
//     rest run again; so exactly the report's survivors run, not every mutant on their spans
import { copyFileSync, readFileSync } from 'node:fs'

const tests = process.env.MUTATION_TESTS === 'suite' ? 'suite' : 'model'
const scope = process.env.MUTATION_SCOPE === 'machines' ? 'machines' : 'all'
const survivorsOf = process.env.MUTATION_SURVIVORS_OF

/**
 * Each survivor's span as a Stryker `mutate` range (`file:line:column-line:column`, columns counted
 * from 0 where the report counts from 1); a mutant nested in a survivor's span comes along.
 */
function survivorLines(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const spans = Object.entries(report.files).flatMap(([file, { mutants }]) =>
    mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .map(({ location: { start, end } }) => `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`),
  )
  return [...new Set(spans)]
}
const incrementalFrom = process.env.MUTATION_INCREMENTAL_FROM
const name = `${tests}${tests === 'suite' && process.env.MUTATION_SUITE_FAST ? '-fast' : ''}-${scope}${survivorsOf ? '-survivors' : ''}${incrementalFrom ? '-incremental' : ''}`
const incrementalFile = `artifacts/mutation/${name}-previous.json`
if (incrementalFrom) copyFileSync(incrementalFrom, incrementalFile)

const machines = ['machines/**/*.ts', 'src/app/machine-definition.ts', 'src/app/route-projection.tsx']
const rest = ['src/app/**/*.{ts,tsx}', '!src/app/**/*.test.{ts,tsx}', 'src/api/**/*.ts', '!src/api/**/*.test.ts', 'src/pages/**/*.tsx']

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/ignore-descriptions.mjs'],
  ignorers: ['descriptions'],
  vitest: { configFile: `tests/mutation/vitest.${tests}.config.ts`, related: false },
  mutate: survivorsOf ? survivorLines(survivorsOf) : scope === 'machines' ? machines : [...machines, ...rest],
  coverageAnalysis: 'perTest',
  ...(incrementalFrom ? { incremental: true, incrementalFile } : {}),
  // Static mutants (the machine's definition object, read at import) need every test each; set
  // MUTATION_STATIC=ignore for a quick run that leaves them out (they are then reported as ignored).
  ignoreStatic: process.env.MUTATION_STATIC === 'ignore',
  concurrency: 2,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `artifacts/mutation/${name}.json` },
  htmlReporter: { fileName: `artifacts/mutation/${name}.html` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
}
