import { defineConfig } from 'vitest/config'
import baseConfig from '../../vite.config'

/*
 * The whole suite as mutation testing can run it: every Vitest file except the ones that test the
 * built page in Chromium (they test dist/, which a mutant of the sources does not change).
 * MUTATION_SUITE_FAST=1 also leaves out the React-level model paths (minutes per surviving mutant
 * of the machine): what it kills is a lower bound of the whole suite's.
 */
// The root config is a function of the mode (the build's plugins); tests take its test mode.
const base = baseConfig({ mode: 'test', command: 'serve' })

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: [
      'tests/browser/**',
      'tests/model/browser-paths.test.ts',
      ...(process.env.MUTATION_SUITE_FAST ? ['tests/model/react-paths.test.tsx'] : []),
      '**/node_modules/**',
    ],
  },
})
