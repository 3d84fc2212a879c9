import { defineConfig } from 'vitest/config'
import base from '../../vite.config'

/*
 * The whole suite as mutation testing can run it: every Vitest file except the ones that test the
 * built page in Chromium (they test dist/, which a mutant of the sources does not change).
 */
export default defineConfig({
  ...base,
  test: { ...base.test, exclude: ['tests/browser/**', 'tests/model/browser-paths.test.ts', '**/node_modules/**'] },
})
