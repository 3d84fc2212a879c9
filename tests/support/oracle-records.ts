import type { Db } from '../../server/db'
import { lenders as lenderPricing } from '../../server/lenders'
import type { PeriodRow } from '../../server/store'

/*
 * The oracle's side of the money: a borrower's rows read straight from the sandbox's database, and
 * what they mean worked out here from docs/product-rules.md (money-amortization, money-penalty,
 * flow-lender-offer, flow-lenders-cheapest-first), not by the sandbox's handlers nor by the page's
 * code. A fault in either therefore shows as a difference: a screen that shows a figure the rows do
 * not give, or rows that break the rules they were written by.
 */

export interface LoanRecord {
  id: string
  lender_id: string
  amount: number
  term: number
  apr: number
  start_date: string
  created_at: number
  disbursed_at: number
  periods: PeriodRow[]
}

export interface Records {
  nowMs: number
  /** The borrower's calendar day: the sandbox keeps China time (UTC+8), with no daylight saving. */
  today: string
  user: { id: string; phone: string; nick_name: string }
  loanUser: { step: string; decision: string | null; credit_limit: number | null; apr: number | null; demand_json: string | null }
  /** Newest first. */
  loans: LoanRecord[]
  card: { bank_name: string; card_number: string } | null
  /** Newest first. */
  repayments: { id: string; loan_id: string; periods_json: string; amount: number; status: string }[]
}

const chinaOffsetMs = 8 * 3_600_000

export function chinaDay(ms: number): string {
  return new Date(ms + chinaOffsetMs).toISOString().slice(0, 10)
}

/** The rows the sandbox holds for the borrower with this phone, at the sandbox's `nowMs`. */
export function recordsOf(db: Db, phone: string, nowMs: number): Records {
  const user = db.prepare('SELECT id, phone, nick_name FROM users WHERE phone = ?').get(phone) as Records['user'] | undefined
  if (user === undefined) throw new Error(`the sandbox has no borrower with phone ${phone}`)
  const loanUser = db.prepare('SELECT step, decision, credit_limit, apr, demand_json FROM loan_users WHERE user_id = ?').get(user.id) as Records['loanUser']
  const loans = (db.prepare('SELECT * FROM loans WHERE user_id = ? ORDER BY created_at DESC, rowid DESC').all(user.id) as Omit<LoanRecord, 'periods'>[]).map((loan) => ({
    ...loan,
    periods: db.prepare('SELECT * FROM loan_periods WHERE loan_id = ? ORDER BY period').all(loan.id) as PeriodRow[],
  }))
  const card = (db.prepare('SELECT bank_name, card_number FROM bank_cards WHERE user_id = ? AND active = 1 ORDER BY created_at DESC, rowid DESC LIMIT 1').get(user.id) ?? null) as Records['card']
  const repayments = db.prepare('SELECT id, loan_id, periods_json, amount, status FROM repayments WHERE user_id = ? ORDER BY created_at DESC, rowid DESC').all(user.id) as Records['repayments']
  return { nowMs, today: chinaDay(nowMs), user, loanUser, loans, card, repayments }
}

export interface SchedulePeriod {
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
}

/** `date` (YYYY-MM-DD) `months` later, on the same day or the month's last when it is shorter. */
export function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const monthDays = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, monthDays))
  return target.toISOString().slice(0, 10)
}

/**
 * money-amortization: equal installments P·r(1+r)^n/((1+r)^n − 1) with r = APR/12, rounded to the
 * fen; interest on what is left; the last period takes the rest of the principal. No fee: the
 * sandbox's lenders charge none.
 */
export function equalInstallments(principal: number, apr: number, term: number, startDate: string): SchedulePeriod[] {
  const monthly = apr / 12
  const factor = (1 + monthly) ** term
  const installment = Math.round(monthly === 0 ? principal / term : (principal * monthly * factor) / (factor - 1))
  const out: SchedulePeriod[] = []
  let left = principal
  for (let period = 1; period <= term; period += 1) {
    const interest = Math.round(left * monthly)
    const principalPart = period === term ? left : installment - interest
    left -= principalPart
    out.push({ period, due_date: monthsLater(startDate, period), principal: principalPart, interest, fee: 0 })
  }
  return out
}

/** A priced loan as a trial shows it: APR, the first installment, interest, fees, and the total. */
export function trialOf(amount: number, apr: number, term: number, startDate: string) {
  const schedule = equalInstallments(amount, apr, term, startDate)
  const interest = schedule.reduce((sum, p) => sum + p.interest, 0)
  const fee = schedule.reduce((sum, p) => sum + p.fee, 0)
  const first = schedule[0]!
  return { amount, term, apr, monthly: first.principal + first.interest + first.fee, interest, fee, total: amount + interest + fee, schedule }
}

/** Whole days from `from` to `to`, both calendar days. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** money-penalty: 0.05% of the overdue amount a day, at most 24% of it. */
export function penaltyOf(base: number, daysLate: number): number {
  if (daysLate <= 0) return 0
  return Math.min(Math.round(base * 0.0005 * daysLate), Math.round(base * 0.24))
}

export type PeriodStatus = 'paid' | 'overdue' | 'due' | 'upcoming'

export interface PlanPeriod extends SchedulePeriod {
  status: PeriodStatus
  penalty: number
  amount: number
  daysLate: number
}

/**
 * A loan's periods on `today`: paid (with the penalty it was charged), overdue (past its day, with
 * the penalty accrued), the first other one due, the rest upcoming.
 */
export function planOf(loan: LoanRecord, today: string): PlanPeriod[] {
  let dueSeen = false
  return loan.periods.map((row) => {
    const base = row.principal + row.interest + row.fee
    const shape = { period: row.period, due_date: row.due_date, principal: row.principal, interest: row.interest, fee: row.fee }
    if (row.paid_at !== null) return { ...shape, status: 'paid', penalty: row.penalty_paid, amount: base + row.penalty_paid, daysLate: 0 }
    const daysLate = daysFrom(row.due_date, today)
    if (daysLate > 0) {
      const penalty = penaltyOf(base, daysLate)
      return { ...shape, status: 'overdue', penalty, amount: base + penalty, daysLate }
    }
    const status: PeriodStatus = dueSeen ? 'upcoming' : 'due'
    dueSeen = true
    return { ...shape, status, penalty: 0, amount: base, daysLate: 0 }
  })
}

export type LoanStatus = 'disbursing' | 'repaying' | 'overdue' | 'settled'

export function loanStatusOf(loan: LoanRecord, records: Pick<Records, 'nowMs' | 'today'>): LoanStatus {
  if (loan.periods.every((p) => p.paid_at !== null)) return 'settled'
  if (records.nowMs < loan.disbursed_at) return 'disbursing'
  return loan.periods.some((p) => p.paid_at === null && p.due_date < records.today) ? 'overdue' : 'repaying'
}

/** The application's step as home names it: after approval, the current loan's. */
export function stepOf(records: Records): string {
  const open = records.loans.find((loan) => loanStatusOf(loan, records) !== 'settled') ?? records.loans[0]
  if (records.loanUser.decision !== 'approved' || open === undefined) return records.loanUser.step
  return { disbursing: 'applied', repaying: 'repaying', overdue: 'overdue', settled: 'settled' }[loanStatusOf(open, records)]
}

export interface Offer {
  lender_id: string
  credit_limit: number
  apr: number
  terms: number[]
}

/**
 * flow-lender-offer: a lender lends up to its ceiling of the borrower's line, in whole hundreds of
 * CNY, at the borrower's APR plus its own margin (kept within 7.2%–24%, to the hundredth of a percent);
 * flow-lenders-cheapest-first: listed by lower APR, then higher limit.
 */
export function offersFor(creditLimit: number, apr: number): Offer[] {
  return lenderPricing
    .map((lender) => ({
      lender_id: lender.id,
      credit_limit: Math.floor(Math.min(creditLimit, lender.maxAmount) / 10_000) * 10_000,
      apr: Math.round(Math.min(0.24, Math.max(0.072, apr + lender.aprDelta)) * 10_000) / 10_000,
      terms: [...lender.terms],
    }))
    .sort((a, b) => a.apr - b.apr || b.credit_limit - a.credit_limit)
}

/** flow-lender-offer: the amount within the lender's limit; the same term if offered, else the longest shorter one, else its shortest. */
export function withinOffer(offer: Offer, amount: number, term: number): { amount: number; term: number } {
  const shorter = offer.terms.filter((t) => t <= term)
  return { amount: Math.min(amount, offer.credit_limit), term: shorter.length > 0 ? Math.max(...shorter) : Math.min(...offer.terms) }
}

/**
 * The rows' own consistency with the rules they were written by: each loan's periods are its
 * equal-installment schedule from its start day, and each repayment is the sum its periods owed.
 */
export function recordProblems(records: Records): string[] {
  const problems: string[] = []
  for (const loan of records.loans) {
    const expected = equalInstallments(loan.amount, loan.apr, loan.term, loan.start_date)
    const stored = loan.periods.map(({ period, due_date, principal, interest, fee }) => ({ period, due_date, principal, interest, fee }))
    if (JSON.stringify(stored) !== JSON.stringify(expected)) {
      problems.push(`the sandbox's loan ${loan.id} holds periods ${JSON.stringify(stored)}, not its equal-installment schedule ${JSON.stringify(expected)}`)
    }
  }
  for (const repayment of records.repayments.filter((r) => r.status === 'succeeded')) {
    const loan = records.loans.find((l) => l.id === repayment.loan_id)
    const periods = JSON.parse(repayment.periods_json) as number[]
    const owed = (loan?.periods ?? [])
      .filter((p) => periods.includes(p.period))
      .reduce((sum, p) => sum + p.principal + p.interest + p.fee + p.penalty_paid, 0)
    if (owed !== repayment.amount) problems.push(`the sandbox's repayment ${repayment.id} took ${repayment.amount} fen for periods ${periods.join(', ')}, which owed ${owed}`)
  }
  return problems
}
