import { defineConfig } from 'vitest/config'
import baseConfig, { productTests } from '../../vite.config'

/*
 * The model-based tests alone, for mutation testing: the approved golden paths
 * replayed on the machine with the verification table (and what the page would send, the drafts,
 * a reload after each step), the same paths through the route projection in jsdom, and the
 * table's own completeness and routes. The
 * generating suites (machine-paths, model-generation) regenerate paths from the mutated machine,
 * so they would restate the mutant; the rendering levels need a build per mutant.
 */
// Spread, not mergeConfig: mergeConfig would add these to the base's include instead of replacing it.
// The root config is a function of the mode (the build's plugins); tests take its test mode.
const base = baseConfig({ mode: 'test', command: 'serve' })

export default defineConfig({
  ...base,
  test: { ...productTests, include: ['tests/model/golden-replay.test.ts', 'tests/model/verifications.test.ts', 'tests/model/route-projection.test.tsx', 'tests/model/boundaries.test.ts'] },
})
