import fc from 'fast-check'
import { expect, test } from 'vitest'
import { properties, problemsOf } from './engine/properties'
import { describeTrace, runWalk, walkArbitrary } from './engine/walk'
import { walkBudget, walkSeed } from './engine/walk-run'
import { ruleIds, rulesReport } from './engine/rules'
import { env } from '../support/env'

/*
 * Seeded random walks over the machine with generated server data (tests/model/engine/walk.ts), every
 * temporal property (tests/model/engine/properties.ts) checked over every step. A failure is shrunk by
 * fast-check to a shorter walk and reported with its seed and path; `npm run walks -- --replay
 * <seed> --path <path>` replays it.
 */

test(`${walkBudget} seeded walks hold every temporal property at every step`, { timeout: 600_000 }, async () => {
  let steps = 0
  await fc.assert(
    fc.asyncProperty(walkArbitrary(), async ({ world, steps: choices }) => {
      const trace = await runWalk(world, choices)
      steps += trace.steps.length
      const problems = problemsOf(trace)
      if (problems.length > 0) throw new Error(`${problems.join('\n')}\n--- walk ---\n${describeTrace(trace)}`)
    }),
    { seed: walkSeed, numRuns: walkBudget, endOnFailure: env.walkNoShrink },
  )
  expect(steps).toBeGreaterThan(walkBudget * 5)
})

test('every property names the product rules it holds', () => {
  for (const p of properties) expect(p.rules.length, p.id).toBeGreaterThan(0)
  expect(properties.length).toBeGreaterThanOrEqual(12)
})

test('every rule a property names is a rule of docs/product-rules.md, and the rules report lists every rule', () => {
  const ids = new Set(ruleIds(process.cwd()))
  for (const p of properties) for (const id of p.rules) expect(ids.has(id), `${p.id} names ${id}`).toBe(true)
  expect(rulesReport(process.cwd()).map((r) => r.id)).toEqual([...ids])
})
