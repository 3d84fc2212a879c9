import type { StepSample } from './step-latency'

/** Medians, percentiles and the step-latency summary the benchmark and `bench:steps` report alike. */

export const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
export const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
export const round = (value: number, digits = 0) => Number(value.toFixed(digits))

/** The taps of screen steps: the vendor's Pass includes the liveness result poll, so it is reported on its own, not in the step figure. */
const screenStepsOf = (samples: StepSample[]) => samples.filter((sample) => !sample.step.startsWith('vendor'))

export function stepSummary(samples: StepSample[]) {
  const of = (pick: (sample: StepSample) => number, list = samples) => ({
    median: round(median(list.map(pick))),
    p95: round(percentile(list.map(pick), 95)),
  })
  const steps = [...new Set(samples.map((sample) => sample.step))]
  const screenSteps = screenStepsOf(samples)
  return {
    cpuThrottling: 4,
    input: 'touch',
    samples: samples.length,
    total: of((sample) => sample.totalMs, screenSteps),
    beforeRequest: of((sample) => sample.beforeRequestMs, screenSteps),
    requests: of((sample) => sample.requestsMs, screenSteps),
    afterAnswer: of((sample) => sample.afterAnswerMs, screenSteps),
    longTasksOver50ms: screenSteps.reduce((count, sample) => count + sample.longTasks, 0),
    longestTaskMs: round(Math.max(0, ...screenSteps.map((sample) => sample.longestTaskMs))),
    byStep: Object.fromEntries(
      steps.map((step) => {
        const list = samples.filter((sample) => sample.step === step)
        return [step, { total: of((s) => s.totalMs, list), beforeRequest: of((s) => s.beforeRequestMs, list), requests: of((s) => s.requestsMs, list), afterAnswer: of((s) => s.afterAnswerMs, list), longTasks: list.reduce((n, s) => n + s.longTasks, 0) }]
      }),
    ),
  }
}

/** The step figures as the benchmark prints them. */
export function formatSteps(steps: ReturnType<typeof stepSummary>, title = 'Step changes'): string[] {
  const lines: string[] = []
  const pressed = steps.input === 'touch' ? "a finger's tap" : "Playwright's mouse click"
  lines.push(`${title} at ${steps.cpuThrottling}× CPU (${steps.samples} samples; ${pressed} → next screen painted), median / p95:`)
  lines.push(`  total ${steps.total.median} / ${steps.total.p95} ms; before the request ${steps.beforeRequest.median} / ${steps.beforeRequest.p95} ms; requests ${steps.requests.median} / ${steps.requests.p95} ms; after the answer ${steps.afterAnswer.median} / ${steps.afterAnswer.p95} ms; long tasks > 50 ms: ${steps.longTasksOver50ms} (longest ${steps.longestTaskMs} ms)`)
  for (const [step, figures] of Object.entries(steps.byStep)) {
    lines.push(`  ${step.padEnd(26)} ${figures.total.median} / ${figures.total.p95} ms (before ${figures.beforeRequest.median}, requests ${figures.requests.median}, after ${figures.afterAnswer.median})`)
  }
  return lines
}

/**
 * How far apart two builds' step totals are, with a 95% bootstrap interval: each build's taps are
 * drawn again with replacement, 2,000 times (a fixed seed, so a run reads the same twice), and the
 * difference `b − a` of the median and of the p95 taken each time. An interval that spans 0 is a
 * difference the runs cannot tell from noise.
 */
export function stepDifference(a: StepSample[], b: StepSample[], draws = 2_000) {
  const totals = (samples: StepSample[]) => screenStepsOf(samples).map((sample) => sample.totalMs)
  const [first, second] = [totals(a), totals(b)]
  let seed = 0x2545f491
  const random = () => {
    // xorshift32: enough to draw indices, and the same draws every run.
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 4294967296
  }
  const redraw = (list: number[]) => list.map(() => list[Math.floor(random() * list.length)])
  const interval = (statistic: (list: number[]) => number) => {
    const differences = Array.from({ length: draws }, () => statistic(redraw(second)) - statistic(redraw(first)))
    return { difference: round(statistic(second) - statistic(first)), low: round(percentile(differences, 2.5)), high: round(percentile(differences, 97.5)) }
  }
  return { median: interval(median), p95: interval((list) => percentile(list, 95)) }
}

/** The difference as `bench:steps` prints it. */
export function formatDifference(name: string, difference: ReturnType<typeof stepDifference>): string {
  const part = (label: string, { difference: value, low, high }: { difference: number; low: number; high: number }) =>
    `${label} ${value > 0 ? '+' : ''}${value} ms (95% interval ${low} … ${high}${low <= 0 && high >= 0 ? ', within the noise' : ''})`
  return `${name}: ${part('median', difference.median)}; ${part('p95', difference.p95)}`
}
