import type { PlanPeriod, RepayTrial as RepayTrialAnswer, SchedulePeriod } from '../machines/ports'

/*
 * Loan arithmetic for the sandbox: the equal-installment schedule (docs/product-rules.md#money-amortization), overdue
 * penalties and the price of repaying some periods. Pure functions, no I/O, so the server, the
 * tests and the docs all price a loan the same way. Money is integer fen; an APR is a fraction.
 */

export interface AmortizeInput {
  /** Principal in fen. */
  principal: number
  /** Nominal annual rate as a fraction (0.18 is 18%); the monthly rate is apr / 12. */
  apr: number
  /** Number of monthly periods. */
  term: number
  /** `YYYY-MM-DD`, the disbursement day; period k is due k months later. */
  startDate: string
  /** Monthly service fee as a fraction of the original principal; 0 when absent. */
  monthlyFeeRate?: number
}

export interface Amortization {
  periods: SchedulePeriod[]
  /** The regular installment (principal + interest + fee) of every period but possibly the last. */
  monthlyPayment: number
  totalInterest: number
  totalFee: number
  totalRepayment: number
}

export class AmortizationInputError extends Error {
  override name = 'AmortizationInputError'
}

/**
 * The payment that repays `principal` over `term` months at monthly rate `r`, before rounding:
 * P·r(1+r)^n / ((1+r)^n − 1), or P/n when the rate is zero.
 */
export function installmentExact(principal: number, apr: number, term: number): number {
  const r = apr / 12
  if (r === 0) return principal / term
  const growth = (1 + r) ** term
  return (principal * r * growth) / (growth - 1)
}

export function amortize(input: AmortizeInput): Amortization {
  const { principal, apr, term, startDate } = input
  const monthlyFeeRate = input.monthlyFeeRate ?? 0
  if (!Number.isInteger(principal) || principal <= 0) {
    throw new AmortizationInputError(`principal must be a positive integer of fen, got ${principal}`)
  }
  if (!Number.isInteger(term) || term <= 0) {
    throw new AmortizationInputError(`term must be a positive integer of months, got ${term}`)
  }
  if (!(apr >= 0 && apr <= 1)) {
    throw new AmortizationInputError(`apr must be a fraction between 0 and 1, got ${apr}`)
  }
  if (!(monthlyFeeRate >= 0 && monthlyFeeRate <= 1)) {
    throw new AmortizationInputError(`monthlyFeeRate must be a fraction, got ${monthlyFeeRate}`)
  }
  const start = parseIsoDate(startDate)
  const r = apr / 12
  const payment = Math.round(installmentExact(principal, apr, term))
  // The fee is charged on the original principal, as Chinese lenders quote a "monthly service
  // fee rate"; it is a flat amount per period, so rounding it once keeps every period equal.
  const fee = Math.round(principal * monthlyFeeRate)

  const periods: SchedulePeriod[] = []
  let remaining = principal
  for (let k = 1; k <= term; k += 1) {
    const interest = Math.round(remaining * r)
    // The last period repays whatever principal is left, absorbing every rounding before it, so
    // the principals add up to exactly the amount lent.
    const principalPart = k === term ? remaining : Math.min(remaining, payment - interest)
    remaining -= principalPart
    periods.push({
      period: k,
      due_date: formatIsoDate(addMonthsClamped(start, k)),
      principal: principalPart,
      interest,
      fee,
      amount: principalPart + interest + fee,
    })
  }

  const totalInterest = sum(periods.map((p) => p.interest))
  const totalFee = sum(periods.map((p) => p.fee))
  return {
    periods,
    monthlyPayment: payment + fee,
    totalInterest,
    totalFee,
    totalRepayment: principal + totalInterest + totalFee,
  }
}

/**
 * Overdue penalty rule of the sandbox: 0.05% of the overdue amount per day late (18.25% a year),
 * rounded to the fen, and never more than 24% of the overdue amount in total, the ceiling Chinese
 * courts have used for private lending. A period due today is not late yet.
 */
export const penaltyRule = {
  dailyRate: 0.0005,
  capRate: 0.24,
} as const

export function penaltyFor({ amountDue, daysOverdue }: { amountDue: number; daysOverdue: number }): number {
  if (amountDue <= 0 || daysOverdue <= 0) return 0
  const days = Math.floor(daysOverdue)
  const uncapped = Math.round(amountDue * penaltyRule.dailyRate * days)
  return Math.min(uncapped, Math.round(amountDue * penaltyRule.capRate))
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const msPerDay = 86_400_000
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / msPerDay)
}

/** A period as the server stores it: `paid_at` is null until it is repaid. */
export type RepayablePeriod = Pick<PlanPeriod, 'period' | 'due_date' | 'principal' | 'interest' | 'fee' | 'paid_at'>

/** The repay trial's price of the chosen periods (ascending); the route adds the loan's id. */
export type RepayTrial = Omit<RepayTrialAnswer, 'loan_id'>

export type RepayTrialErrorCode =
  | 'nothing_chosen'
  | 'unknown_period'
  | 'duplicate_period'
  | 'already_paid'
  | 'not_in_order'

/** Why a choice of periods cannot be repaid; the server maps it to `StatusCode.notPayable`. */
export class RepayTrialError extends Error {
  override name = 'RepayTrialError'
  constructor(
    readonly code: RepayTrialErrorCode,
    message: string,
    /** The period the refusal is about (for not_in_order: the earliest unpaid one left out). */
    readonly period: number | null = null,
  ) {
    super(message)
  }
}

/**
 * What repaying the chosen periods costs on `today`. Periods must be repaid oldest first, so the
 * choice must be exactly the earliest unpaid periods (in any order in the request; the answer is
 * ascending). Late periods carry the penalty of `penaltyFor`.
 */
export function repayTrial({
  periods,
  chosen,
  today,
}: {
  periods: readonly RepayablePeriod[]
  chosen: readonly number[]
  today: string
}): RepayTrial {
  if (chosen.length === 0) throw new RepayTrialError('nothing_chosen', 'choose at least one period')
  const byNumber = new Map(periods.map((p) => [p.period, p]))
  const sorted = [...chosen].sort((a, b) => a - b)
  for (let i = 0; i < sorted.length; i += 1) {
    const n = sorted[i] as number
    const found = byNumber.get(n)
    if (!found) throw new RepayTrialError('unknown_period', `period ${n} does not exist`, n)
    if (i > 0 && sorted[i - 1] === n) throw new RepayTrialError('duplicate_period', `period ${n} chosen twice`, n)
    if (found.paid_at !== null) throw new RepayTrialError('already_paid', `period ${n} is already paid`, n)
  }
  const unpaid = periods
    .filter((p) => p.paid_at === null)
    .map((p) => p.period)
    .sort((a, b) => a - b)
  const earliest = unpaid.slice(0, sorted.length)
  if (earliest.some((n, i) => n !== sorted[i])) {
    throw new RepayTrialError(
      'not_in_order',
      `periods must be repaid oldest first: expected ${earliest.join(',')}, got ${sorted.join(',')}`,
      earliest.find((n) => !sorted.includes(n)) ?? null,
    )
  }

  const totals = { principal: 0, interest: 0, fee: 0, penalty: 0 }
  for (const n of sorted) {
    const p = byNumber.get(n) as RepayablePeriod
    totals.principal += p.principal
    totals.interest += p.interest
    totals.fee += p.fee
    totals.penalty += penaltyFor({
      amountDue: p.principal + p.interest + p.fee,
      daysOverdue: daysBetween(p.due_date, today),
    })
  }
  return {
    periods: sorted,
    ...totals,
    total: totals.principal + totals.interest + totals.fee + totals.penalty,
  }
}

export type PlanPeriodStatus = 'paid' | 'due' | 'upcoming' | 'overdue'

/**
 * The status a repayment plan shows for each period on `today`: `paid`, `overdue` (unpaid and past
 * its due date), `due` (the earliest unpaid period that is not late), else `upcoming`; with the
 * penalty a late period has accrued and the amount owed including it.
 */
export function planPeriods(
  periods: readonly RepayablePeriod[],
  today: string,
): (RepayablePeriod & { status: PlanPeriodStatus; penalty: number; amount: number })[] {
  let dueMarked = false
  return [...periods]
    .sort((a, b) => a.period - b.period)
    .map((p) => {
      const base = p.principal + p.interest + p.fee
      if (p.paid_at !== null) return { ...p, status: 'paid' as const, penalty: 0, amount: base }
      const late = daysBetween(p.due_date, today)
      if (late > 0) {
        const penalty = penaltyFor({ amountDue: base, daysOverdue: late })
        return { ...p, status: 'overdue' as const, penalty, amount: base + penalty }
      }
      const status = dueMarked ? ('upcoming' as const) : ('due' as const)
      dueMarked = true
      return { ...p, status, penalty: 0, amount: base }
    })
}

/**
 * The annual rate (12 × the monthly internal rate of return) at which `payments` repay
 * `principal`: the all-in APR when fees are charged, which regulators want shown. Bisection, since
 * the present value falls monotonically as the rate rises.
 */
export function aprOf({ principal, payments }: { principal: number; payments: readonly number[] }): number {
  const presentValue = (monthly: number) =>
    payments.reduce((acc, amount, i) => acc + amount / (1 + monthly) ** (i + 1), 0)
  if (presentValue(0) <= principal) return 0
  let low = 0
  let high = 1
  while (presentValue(high) > principal) high *= 2
  for (let i = 0; i < 200 && high - low > 1e-12; i += 1) {
    const mid = (low + high) / 2
    if (presentValue(mid) > principal) low = mid
    else high = mid
  }
  return ((low + high) / 2) * 12
}

function sum(values: readonly number[]): number {
  return values.reduce((acc, v) => acc + v, 0)
}

function parseIsoDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) throw new AmortizationInputError(`expected a YYYY-MM-DD date, got ${value}`)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new AmortizationInputError(`not a calendar date: ${value}`)
  }
  return date
}

/** The same day of the month `months` later, or that month's last day when it is shorter. */
function addMonthsClamped(start: Date, months: number): Date {
  const monthIndex = start.getUTCMonth() + months
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12)
  const month = ((monthIndex % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay)))
}

function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
