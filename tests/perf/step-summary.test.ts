import { expect, test } from 'vitest'
import type { StepSample } from '../bench/step-latency'
import { median, percentile, stepDifference, stepSummary } from '../bench/step-summary'

/*
 * The benchmark's step figures: what they report is only worth reading if the
 * arithmetic is right. Expected values are worked by hand from the definitions (nearest-rank
 * percentile, the vendor's Pass reported apart), not taken from a run.
 */

const tap = (step: string, totalMs: number): StepSample => ({
  step,
  totalMs,
  beforeRequestMs: 0,
  requestsMs: 0,
  afterAnswerMs: totalMs,
  longTasks: 0,
  longestTaskMs: 0,
})

// Twenty screen steps of 61…80 ms, as a build's taps might read.
const build = Array.from({ length: 20 }, (_, index) => tap(index % 2 ? 'basic info → assets' : 'home → loan demand', 61 + index))

test('median and p95 are the middle and the nearest-rank 95th of the taps', () => {
  expect(median([3, 1, 2])).toBe(2)
  expect(median([4, 1, 3, 2])).toBe(2.5)
  // Of 20 values the 95th percentile by nearest rank is the 19th smallest.
  expect(percentile(build.map((sample) => sample.totalMs), 95)).toBe(79)
  expect(percentile([10], 95)).toBe(10)
})

test("the vendor's Pass is told on its own, never in the screen steps' figures", () => {
  const withVendor = [...build, tap('vendor Pass → basic info', 5_000)]
  const summary = stepSummary(withVendor)
  expect(summary.samples).toBe(21)
  // Reported in whole milliseconds: the median 70.5 reads 71.
  expect(summary.total).toEqual({ median: 71, p95: 79 })
  expect(summary.byStep['vendor Pass → basic info'].total).toEqual({ median: 5_000, p95: 5_000 })
})

test('two equal builds differ by 0, inside an interval that spans 0', () => {
  const difference = stepDifference(build, [...build].reverse())
  expect(difference.median.difference).toBe(0)
  expect(difference.median.low).toBeLessThan(0)
  expect(difference.median.high).toBeGreaterThan(0)
  expect(difference.p95.low).toBeLessThanOrEqual(0)
  expect(difference.p95.high).toBeGreaterThanOrEqual(0)
})

test('a build 30 ms slower on every tap differs by +30 at the median and the p95, and the interval excludes 0', () => {
  const slower = build.map((sample) => ({ ...sample, totalMs: sample.totalMs + 30 }))
  const difference = stepDifference(build, slower)
  expect(difference.median.difference).toBe(30)
  expect(difference.p95.difference).toBe(30)
  expect(difference.median.low).toBeGreaterThan(0)
  // The sign says which build is slower: the second one, here.
  expect(stepDifference(slower, build).median.difference).toBe(-30)
})

test("the vendor's Pass is left out of the difference, and a run reads the same twice", () => {
  const vendorSlowedDown = [...build, tap('vendor Pass → basic info', 9_000)]
  expect(stepDifference(build, vendorSlowedDown)).toEqual(stepDifference(build, build))
  expect(stepDifference(build, vendorSlowedDown)).toEqual(stepDifference(build, vendorSlowedDown))
})
