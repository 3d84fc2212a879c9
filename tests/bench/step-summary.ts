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

export function stepSummary(samples: StepSample[]) {
  const of = (pick: (sample: StepSample) => number, list = samples) => ({
    median: round(median(list.map(pick))),
    p95: round(percentile(list.map(pick), 95)),
  })
  const steps = [...new Set(samples.map((sample) => sample.step))]
  // The vendor's Pass includes the liveness result poll: reported on its own, not in the step figure.
  const screenSteps = samples.filter((sample) => !sample.step.startsWith('vendor'))
  return {
    cpuThrottling: 4,
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
export function formatSteps(steps: ReturnType<typeof stepSummary>): string[] {
  const lines: string[] = []
  lines.push(`Step changes at ${steps.cpuThrottling}× CPU (${steps.samples} samples; tap → next screen painted), median / p95:`)
  lines.push(`  total ${steps.total.median} / ${steps.total.p95} ms; before the request ${steps.beforeRequest.median} / ${steps.beforeRequest.p95} ms; requests ${steps.requests.median} / ${steps.requests.p95} ms; after the answer ${steps.afterAnswer.median} / ${steps.afterAnswer.p95} ms; long tasks > 50 ms: ${steps.longTasksOver50ms} (longest ${steps.longestTaskMs} ms)`)
  for (const [step, figures] of Object.entries(steps.byStep)) {
    lines.push(`  ${step.padEnd(26)} ${figures.total.median} / ${figures.total.p95} ms (before ${figures.beforeRequest.median}, requests ${figures.requests.median}, after ${figures.afterAnswer.median})`)
  }
  return lines
}
