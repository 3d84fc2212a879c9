import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Coverage, Level, Seen } from '../model/engine/coverage'
import { coverageOf } from '../model/engine/coverage'
import type { Targets } from '../model/engine/model-path'

/*
 * The coverage file a page-level runner writes (artifacts/model-coverage-<level>.json), in the
 * format `npm run paths -- --coverage` reads, plus how each step was performed, so the figures
 * never pass off events sent to the machine as things a borrower did.
 */

export interface StepCounts {
  /** Clicks and typing on a control found by role and accessible name. */
  ui: number
  /** A URL the borrower changes (a typed link, Back): the route events. */
  url: number
  /** Sent to the machine because the screen offers no control for it (the rendering levels allow none). */
  direct: number
  /** Bridge payloads the host posts (a login, a new token). */
  host: number
  /** Answers of the network (fixtures, HTTP errors, dropped connections). */
  network: number
}

export interface LevelReport extends Coverage {
  paths: { run: number; passed: number; ids: string[] }
  screenStates: { covered: number; total: number; missing: string[] }
  steps: StepCounts
  seconds: number
  notes: string[]
}

const artifactsDir = path.resolve(import.meta.dirname, '../../artifacts')

export function writeLevelReport(
  level: Level,
  targets: Targets,
  seen: Seen,
  extra: Omit<LevelReport, keyof Coverage | 'screenStates'>,
  screenStates: readonly string[],
): LevelReport {
  const coverage = coverageOf(level, targets, seen)
  const states = new Set(seen.states)
  const missing = screenStates.filter((s) => !states.has(s))
  const report: LevelReport = {
    ...coverage,
    screenStates: { covered: screenStates.length - missing.length, total: screenStates.length, missing },
    ...extra,
  }
  const file = path.join(artifactsDir, `model-coverage-${level}.json`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  return report
}
