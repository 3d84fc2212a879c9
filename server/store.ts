import { createHash, randomBytes } from 'node:crypto'
import { daysBetween, planPeriods, type RepayablePeriod } from './amortization'
import type { Db } from './db'

/*
 * The sandbox's domain model over the database: users, the loan-user record and its step, loans
 * and their periods. Handlers call these inside one transaction per request, so every read they
 * make sees the writes of the same request and nothing half-done of another.
 */

export interface User {
  id: string
  phone: string
  nick_name: string
  persona: string | null
  created_at: number
}

export interface LoanUserRow {
  id: string
  user_id: string
  step: string
  demand_json: string | null
  basic_json: string | null
  asset_json: string | null
  contacts_json: string | null
  real_name: string | null
  id_number: string | null
  review_started_at: number | null
  decision: 'approved' | 'rejected' | null
  decided_at: number | null
  credit_limit: number | null
  apr: number | null
  reason_code: string | null
  updated_at: number
}

export interface LoanRow {
  id: string
  user_id: string
  lender_id: string
  amount: number
  term: number
  apr: number
  purpose: string
  start_date: string
  created_at: number
  disbursed_at: number
}

export interface PeriodRow {
  loan_id: string
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
  penalty_paid: number
  paid_at: number | null
  repayment_id: string | null
}

/** Steps a borrower moves through before a decision, in order. */
export const applicationSteps = ['demand', 'face', 'basic', 'asset', 'contact', 'bank_card', 'review'] as const
export type ApplicationStep = (typeof applicationSteps)[number]

export function stepIndex(step: string): number {
  const index = (applicationSteps as readonly string[]).indexOf(step)
  // Every decided step (approved, rejected, applied, ...) lies beyond review.
  return index === -1 ? applicationSteps.length : index
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A number in [0, 100) from a hash of `text`: the sandbox's deterministic dice. */
export function percentile(text: string): number {
  return Number.parseInt(sha256Hex(text).slice(0, 8), 16) % 100
}

/*
 * Dates: the sandbox lives in China Standard Time (UTC+8, no daylight saving), so "today" and due
 * dates are calendar days there, whatever the host machine's zone.
 */
const cstOffsetMs = 8 * 3_600_000

export function todayOf(nowMs: number): string {
  return new Date(nowMs + cstOffsetMs).toISOString().slice(0, 10)
}

export function isoInstant(ms: number): string {
  return new Date(ms).toISOString()
}

export function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const monthIndex = m - 1 + months
  const year = y + Math.floor(monthIndex / 12)
  const month = ((monthIndex % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10)
}

export function addDaysIso(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

export function userByToken(db: Db, token: string, nowMs: number): User | undefined {
  return db
    .prepare(
      `SELECT users.* FROM tokens JOIN users ON users.id = tokens.user_id
       WHERE tokens.token = ? AND tokens.expires_at > ?`,
    )
    .get(token, nowMs) as User | undefined
}

export function userByPhone(db: Db, phone: string): User | undefined {
  return db.prepare('SELECT * FROM users WHERE phone = ?').get(phone) as User | undefined
}

export function loanUserOf(db: Db, userId: string, nowMs: number): LoanUserRow {
  const found = db.prepare('SELECT * FROM loan_users WHERE user_id = ?').get(userId) as
    | LoanUserRow
    | undefined
  if (found) return found
  const id = newId('lu')
  db.prepare('INSERT INTO loan_users (id, user_id, step, updated_at) VALUES (?, ?, ?, ?)').run(
    id,
    userId,
    'demand',
    nowMs,
  )
  return db.prepare('SELECT * FROM loan_users WHERE id = ?').get(id) as LoanUserRow
}

export function updateLoanUser(db: Db, id: string, fields: Partial<LoanUserRow>, nowMs: number): void {
  const entries = Object.entries(fields)
  if (entries.length === 0) return
  const sets = entries.map(([column]) => `${column} = ?`).join(', ')
  db.prepare(`UPDATE loan_users SET ${sets}, updated_at = ? WHERE id = ?`).run(
    ...entries.map(([, value]) => value as unknown),
    nowMs,
    id,
  )
}

/** Moves the step forward to `step`, never back (re-saving an earlier section keeps the place). */
export function advanceStep(db: Db, row: LoanUserRow, step: ApplicationStep, nowMs: number): void {
  if (stepIndex(step) > stepIndex(row.step)) updateLoanUser(db, row.id, { step }, nowMs)
}

export function loansOf(db: Db, userId: string): LoanRow[] {
  return db
    .prepare('SELECT * FROM loans WHERE user_id = ? ORDER BY created_at DESC, rowid DESC')
    .all(userId) as LoanRow[]
}

export function loanById(db: Db, loanId: string): LoanRow | undefined {
  return db.prepare('SELECT * FROM loans WHERE id = ?').get(loanId) as LoanRow | undefined
}

export function periodsOf(db: Db, loanId: string): PeriodRow[] {
  return db
    .prepare('SELECT * FROM loan_periods WHERE loan_id = ? ORDER BY period')
    .all(loanId) as PeriodRow[]
}

export function repayable(periods: readonly PeriodRow[]): RepayablePeriod[] {
  return periods.map((p) => ({
    period: p.period,
    due_date: p.due_date,
    principal: p.principal,
    interest: p.interest,
    fee: p.fee,
    paid_at: p.paid_at === null ? null : isoInstant(p.paid_at),
  }))
}

export type LoanStatus = 'disbursing' | 'repaying' | 'overdue' | 'settled'

export function loanStatusOf(loan: LoanRow, periods: readonly PeriodRow[], nowMs: number): LoanStatus {
  if (periods.every((p) => p.paid_at !== null)) return 'settled'
  if (nowMs < loan.disbursed_at) return 'disbursing'
  const today = todayOf(nowMs)
  return periods.some((p) => p.paid_at === null && p.due_date < today) ? 'overdue' : 'repaying'
}

export interface LenderNames {
  nameOf: (lenderId: string) => string
}

export function loanSummary(db: Db, loan: LoanRow, nowMs: number, lenders: LenderNames) {
  const periods = periodsOf(db, loan.id)
  const status = loanStatusOf(loan, periods, nowMs)
  const plan = planPeriods(repayable(periods), todayOf(nowMs))
  const next = plan.find((p) => p.status === 'overdue' || p.status === 'due')
  return {
    loan_id: loan.id,
    lender_id: loan.lender_id,
    lender_name: lenders.nameOf(loan.lender_id),
    amount: loan.amount,
    term: loan.term as 3 | 6 | 9 | 12 | 24 | 36,
    apr: loan.apr,
    status,
    created_at: isoInstant(loan.created_at),
    disbursed_at: nowMs >= loan.disbursed_at ? isoInstant(loan.disbursed_at) : null,
    next_due_date: status === 'settled' || !next ? null : next.due_date,
    next_due_amount: status === 'settled' || !next ? null : next.amount,
    next_due_penalty: status === 'settled' || !next ? 0 : next.penalty,
    next_due_days_late: status === 'settled' || !next || next.status !== 'overdue' ? 0 : daysBetween(next.due_date, todayOf(nowMs)),
    outstanding_principal: periods
      .filter((p) => p.paid_at === null)
      .reduce((acc, p) => acc + p.principal, 0),
    periods_paid: periods.filter((p) => p.paid_at !== null).length,
  }
}

export type LoanSummaryData = ReturnType<typeof loanSummary>

/** The loan the page shows: the newest unsettled one, else the newest. */
export function currentLoan(db: Db, userId: string, nowMs: number): LoanRow | undefined {
  const loans = loansOf(db, userId)
  return (
    loans.find((loan) => loanStatusOf(loan, periodsOf(db, loan.id), nowMs) !== 'settled') ??
    loans[0]
  )
}

/** Creates a loan and its equal-installment periods (period k due k months after `startDate`). */
export function createLoan(
  db: Db,
  loan: Omit<LoanRow, 'id'>,
  schedule: readonly { period: number; due_date: string; principal: number; interest: number; fee: number }[],
): LoanRow {
  const id = newId('loan')
  db.prepare(
    `INSERT INTO loans (id, user_id, lender_id, amount, term, apr, purpose, start_date, created_at, disbursed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, loan.user_id, loan.lender_id, loan.amount, loan.term, loan.apr, loan.purpose, loan.start_date, loan.created_at, loan.disbursed_at)
  const insert = db.prepare(
    `INSERT INTO loan_periods (loan_id, period, due_date, principal, interest, fee) VALUES (?, ?, ?, ?, ?, ?)`,
  )
  for (const p of schedule) insert.run(id, p.period, p.due_date, p.principal, p.interest, p.fee)
  return { id, ...loan }
}

export interface CardRow {
  id: string
  user_id: string
  card_number: string
  bank_code: string
  bank_name: string
  reserved_phone: string
  created_at: number
  active: number
}

export function activeCard(db: Db, userId: string): CardRow | undefined {
  return db
    .prepare('SELECT * FROM bank_cards WHERE user_id = ? AND active = 1 ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(userId) as CardRow | undefined
}

export function cardView(card: CardRow) {
  return {
    card_id: card.id,
    bank_name: card.bank_name,
    bank_code: card.bank_code,
    last4: card.card_number.slice(-4),
    card_type: 'debit' as const,
    reserved_phone_masked: `${card.reserved_phone.slice(0, 3)}****${card.reserved_phone.slice(7)}`,
  }
}
