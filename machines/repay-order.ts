import type { PlanPeriod } from './ports'

/*
 * Periods are repaid oldest first (the sandbox refuses anything else with 1010): a choice is
 * always the earliest unpaid periods. The repayment screen builds its choices with `choosePeriod`
 * and the machine's `periodsPayable` guard accepts only what `isOldestFirst` says, so an invalid
 * choice can neither be made on the screen nor sent to the machine.
 */

function unpaidInOrder(periods: readonly Pick<PlanPeriod, 'period' | 'status'>[]): number[] {
  return periods
    .filter((p) => p.status !== 'paid')
    .map((p) => p.period)
    .sort((a, b) => a - b)
}

/**
 * The choice after the borrower ticks or unticks `period`: ticking a period takes every unpaid
 * period before it too; unticking one drops it and every period after it.
 */
export function choosePeriod(
  periods: readonly Pick<PlanPeriod, 'period' | 'status'>[],
  period: number,
  checked: boolean,
): number[] {
  const unpaid = unpaidInOrder(periods)
  return checked ? unpaid.filter((n) => n <= period) : unpaid.filter((n) => n < period)
}

/** Whether `chosen` is exactly the earliest unpaid periods (in any order, none twice). */
export function isOldestFirst(periods: readonly Pick<PlanPeriod, 'period' | 'status'>[], chosen: readonly number[]): boolean {
  const unpaid = unpaidInOrder(periods)
  const sorted = [...chosen].sort((a, b) => a - b)
  return sorted.every((n, i) => n === unpaid[i])
}

/**
 * What is left of a choice once the plan is read again: the chosen periods it still owes, while they are
 * still the earliest unpaid; else nothing, and the borrower chooses again.
 */
export function stillOwed(periods: readonly Pick<PlanPeriod, 'period' | 'status'>[], chosen: readonly number[]): number[] {
  const unpaid = new Set(unpaidInOrder(periods))
  const owed = [...chosen].filter((n) => unpaid.has(n)).sort((a, b) => a - b)
  return isOldestFirst(periods, owed) ? owed : []
}
