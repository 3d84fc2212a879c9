import { defineConfig } from 'vitest/config'
import baseConfig from '../../vite.config'

/*
 * The whole suite as mutation testing can run it: every Vitest file except the ones that test the
 * built page in Chromium (they test dist/, which a mutant of the sources does not change).
 */
// The root config is a function of the mode (the build's plugins); tests take its test mode.
const base = baseConfig({ mode: 'test', command: 'serve' })

export default defineConfig({
  ...base,
  test: { ...base.test, exclude: ['tests/browser/**', 'tests/model/browser-paths.test.ts', '**/node_modules/**'] },
})
