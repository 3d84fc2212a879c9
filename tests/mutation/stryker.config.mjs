// StrykerJS over the machine, the route projection, the app edge, the request layer and the pages
// (issue #12 item 5). `npm run mutation` runs it; see the README's "Mutation testing".
//   MUTATION_TESTS=model  (default) the model-based tests alone: tests/mutation/vitest.model.config.ts
//   MUTATION_TESTS=suite  the whole suite except the Chromium tests: tests/mutation/vitest.suite.config.ts
//   MUTATION_SCOPE=machines (default: all) only machines/ and the route projection
//   MUTATION_STATIC=ignore  leave out static mutants (quick)
const tests = process.env.MUTATION_TESTS === 'suite' ? 'suite' : 'model'
const scope = process.env.MUTATION_SCOPE === 'machines' ? 'machines' : 'all'

const machines = ['machines/**/*.ts', '!machines/**/*.test.ts', '!machines/model/**', '!machines/test-kit.ts', 'src/app/route-projection.tsx']
const rest = ['src/app/**/*.{ts,tsx}', '!src/app/**/*.test.{ts,tsx}', 'src/api/**/*.ts', '!src/api/**/*.test.ts', 'src/pages/**/*.tsx']

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/ignore-descriptions.mjs'],
  ignorers: ['descriptions'],
  vitest: { configFile: `tests/mutation/vitest.${tests}.config.ts`, related: false },
  mutate: scope === 'machines' ? machines : [...machines, ...rest],
  coverageAnalysis: 'perTest',
  // Static mutants (the machine's definition object, read at import) need every test each; set
  // MUTATION_STATIC=ignore for a quick run that leaves them out (they are then reported as ignored).
  ignoreStatic: process.env.MUTATION_STATIC === 'ignore',
  concurrency: 2,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `artifacts/mutation/${tests}-${scope}.json` },
  htmlReporter: { fileName: `artifacts/mutation/${tests}-${scope}.html` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
}
