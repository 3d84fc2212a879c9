import type { Targets } from './model-path'

/*
 * Coverage figures, the same for every level (machine, React, browser): which states were active,
 * which transitions were taken and which guard answers (true and false, per guarded transition)
 * were seen, against everything the machine's definition declares.
 */

export type Level = 'machine' | 'react' | 'browser'

export interface Figure {
  covered: number
  total: number
  percent: number
  missing: string[]
}

export interface Coverage {
  level: Level
  states: Figure
  transitions: Figure
  guardOutcomes: Figure
}

/**
 * Transitions the machine declares but no event can take, each with the reason. They are counted
 * (never hidden from the totals) and the test checks each is still unreachable, so the list
 * cannot outlive a fix. Only the machine's owner can remove an entry, by fixing the machine.
 */
export interface Seen {
  states: Iterable<string>
  transitions: Iterable<string>
  guardOutcomes: Iterable<string>
}

function figure(all: readonly string[], seen: Iterable<string>): Figure {
  const set = new Set(seen)
  const missing = all.filter((t) => !set.has(t))
  const covered = all.length - missing.length
  const percent = all.length === 0 ? 100 : Math.floor((covered / all.length) * 1000) / 10
  return { covered, total: all.length, percent, missing }
}

export function coverageOf(level: Level, targets: Targets, seen: Seen): Coverage {
  return {
    level,
    states: figure(targets.states, seen.states),
    transitions: figure(targets.transitions, seen.transitions),
    guardOutcomes: figure(targets.guardOutcomes, seen.guardOutcomes),
  }
}

/** Transitions left uncovered that are not known to be unreachable: each one fails the tests. */
export function uncoveredTransitions(coverage: Coverage): string[] {
  return coverage.transitions.missing
}

/** `listMissing: false` prints the figures only (the rendering levels run one path per screen state, so most of the machine is missing there by design). */
export function formatCoverage(coverage: Coverage, { listMissing = true }: { listMissing?: boolean } = {}): string {
  const line = (name: string, f: Figure) =>
    `  ${name.padEnd(15)} ${String(f.covered).padStart(4)} / ${String(f.total).padEnd(4)} ${f.percent.toFixed(1).padStart(5)}%`
  const lines = [
    `${coverage.level} level`,
    line('states', coverage.states),
    line('transitions', coverage.transitions),
    line('guard outcomes', coverage.guardOutcomes),
  ]
  if (!listMissing) return lines.join('\n')
  for (const s of coverage.states.missing) lines.push(`    state not covered: ${s}`)
  for (const t of coverage.transitions.missing) lines.push(`    transition not covered: ${t}`)
  for (const g of coverage.guardOutcomes.missing) lines.push(`    guard outcome not seen: ${g}`)
  return lines.join('\n')
}
