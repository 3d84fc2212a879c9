import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { coverageOf, uncoveredTransitions } from '../../machines/model/coverage'
import { instrument } from '../../machines/model/instrument'
import { generatePaths } from '../../machines/model/paths'
import { replayAll, replayPath } from '../../machines/model/replay'
import { machineVerifier } from './support/machine-verifier'

// Generated once, at collection, so each path is its own test (`-t edge-12` runs one).
const set = generatePaths({ seed: 1 })
const paths = [...set.statePaths, ...set.edgePaths]
const model = instrument(appMachine)

test.each(paths.map((p) => [p.id, p.goal, p] as const))('%s (%s) plays out on the machine step by step, every state as verifications.ts says', async (_id, _goal, path) => {
  const result = await replayPath(model, path, { verifier: machineVerifier })
  expect(result.failure).toBeNull()
})

test('the generated paths cover every state and every transition of the machine', async () => {
  const { results, seen } = await replayAll(model, paths)
  const coverage = coverageOf('machine', set.targets, seen)
  expect(results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.failure}`)).toEqual([])
  expect(coverage.states.missing).toEqual([])
  expect(uncoveredTransitions(coverage)).toEqual([])
  // Guard answers are reported, not required: some guards can never answer one way (see README).
  expect(coverage.guardOutcomes.percent).toBeGreaterThan(90)
})

test('the model has a fixture or a sample for everything the machine can be sent or answered', () => {
  expect(set.missing).toEqual([])
})

test('paths start only from the ways the page can be opened and end where they say', () => {
  for (const path of paths) {
    expect(['fresh', 'deepLink']).toContain(path.start)
    const last = path.steps.at(-1)?.expect ?? path.startExpect
    expect(last.state).toBeDefined()
  }
  expect(set.statePaths.every((p) => set.targets.states.includes(p.goal))).toBe(true)
})
