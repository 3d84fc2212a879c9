import { defineConfig } from 'vitest/config'
import baseConfig, { productTests } from '../../vite.config'

/*
 * The whole suite as mutation testing can run it: every Vitest file except the ones that drive a
 * built page in Chromium (they test dist/ or the review page's build, not the mutated sources).
 * MUTATION_SUITE_FAST=1 also leaves out the React-level model paths and the generator's own
 * property tests (each a minute per surviving mutant of the machine; the latter check path
 * generation on edited copies of the machine, while the golden check in machine-paths.test.ts, kept, fails on any
 * mutant that changes the generated paths): what it kills is a lower bound of the whole suite's.
 */
// The root config is a function of the mode (the build's plugins); tests take its test mode.
const base = baseConfig({ mode: 'test', command: 'serve' })

export default defineConfig({
  ...base,
  test: {
    ...productTests,
    exclude: [
      '**/*.browser.test.ts',
      ...(process.env.MUTATION_SUITE_FAST ? ['tests/model/react-paths.test.tsx', 'tests/model/model-generation.test.ts'] : []),
      '**/node_modules/**',
    ],
  },
})
