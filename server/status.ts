import type * as z from 'zod/mini'
import type { LoanStep, loanPurpose } from '../src/contract/entities'
import { reviewDurationMs, decide } from './credit'
import type { Db } from './db'
import type { Locale } from './messages'
import { failureText, settleRepayments } from './payment-outcomes'
import { lenderNamesIn } from './lenders'
import {
  currentLoan,
  isoInstant,
  loanSummary,
  loanUserOf,
  loansOf,
  updateLoanUser,
  type LoanUserRow,
  type User,
} from './store'

/*
 * Time-driven changes (a review ending, an order settling, a loan disbursing) are applied lazily,
 * whenever a request looks, from the injected clock. There is no background timer, so tests move
 * time by moving the clock, and a restart loses nothing.
 */

/** How long a rights order stays `pending` before the simulated deduction succeeds. */
export const orderSettleMs = 2_000
export const rightsValidDays = 30

interface OrderRow {
  id: string
  user_id: string
  product_id: string
  card_id: string
  amount: number
  status: 'pending' | 'paid' | 'failed'
  failure_reason: string | null
  created_at: number
  paid_at: number | null
}

export function settleOrders(db: Db, userId: string, nowMs: number): void {
  db.prepare(
    `UPDATE reward_orders SET status = 'paid', paid_at = created_at + ?
     WHERE user_id = ? AND status = 'pending' AND settles_to = 'paid' AND created_at + ? <= ?`,
  ).run(orderSettleMs, userId, orderSettleMs, nowMs)
  db.prepare(
    `UPDATE reward_orders SET status = 'failed', failure_reason = 'card_declined'
     WHERE user_id = ? AND status = 'pending' AND settles_to = 'failed' AND created_at + ? <= ?`,
  ).run(userId, orderSettleMs, nowMs)
}

export function latestOrder(db: Db, userId: string, nowMs: number): OrderRow | undefined {
  settleOrders(db, userId, nowMs)
  return db
    .prepare('SELECT * FROM reward_orders WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(userId) as OrderRow | undefined
}

export function orderById(db: Db, userId: string, orderId: string, nowMs: number): OrderRow | undefined {
  settleOrders(db, userId, nowMs)
  return db
    .prepare('SELECT * FROM reward_orders WHERE id = ? AND user_id = ?')
    .get(orderId, userId) as OrderRow | undefined
}

export function orderView(order: OrderRow, locale: Locale) {
  return {
    order_id: order.id,
    product_id: order.product_id,
    amount: order.amount,
    status: order.status,
    created_at: isoInstant(order.created_at),
    paid_at: order.paid_at === null ? null : isoInstant(order.paid_at),
    failure_reason: failureText(order.failure_reason, locale),
  }
}

/** Whether the borrower holds a paid, unexpired rights card at `atMs`. */
export function rightsOwnedAt(db: Db, userId: string, atMs: number, nowMs: number): boolean {
  settleOrders(db, userId, nowMs)
  const row = db
    .prepare(
      `SELECT 1 FROM reward_orders WHERE user_id = ? AND status = 'paid'
       AND paid_at <= ? AND paid_at + ? > ? LIMIT 1`,
    )
    .get(userId, atMs, rightsValidDays * 86_400_000, atMs)
  return row !== undefined
}

export interface ReviewState {
  row: LoanUserRow
  priority: boolean
  /** When the decision is (or was) due, or null before the review started. */
  dueAt: number | null
}

/** Decides the review once its time has passed; answers the (possibly updated) row. */
export function settleReview(db: Db, user: User, nowMs: number): ReviewState {
  let row = loanUserOf(db, user.id, nowMs)
  if (row.review_started_at === null) return { row, priority: false, dueAt: null }
  // Priority counts if the card was owned at any point of the review, bought before or during it.
  const priority = rightsOwnedAt(db, user.id, Math.min(nowMs, row.decided_at ?? nowMs), nowMs)
  const dueAt = row.review_started_at + reviewDurationMs(user.persona, priority)
  if (row.step === 'review' && row.decision === null && nowMs >= dueAt) {
    const asset = row.asset_json ? (JSON.parse(row.asset_json) as Record<string, unknown>) : {}
    const outcome = decide({
      persona: user.persona,
      idNumber: row.id_number ?? '',
      asset,
      priority,
    })
    updateLoanUser(
      db,
      row.id,
      {
        step: outcome.decision,
        decision: outcome.decision,
        decided_at: nowMs,
        credit_limit: outcome.credit_limit,
        apr: outcome.apr,
        reason_code: outcome.reason_code,
      },
      nowMs,
    )
    row = loanUserOf(db, user.id, nowMs)
  }
  return { row, priority, dueAt }
}

interface RepaymentRow {
  id: string
  loan_id: string
  status: 'succeeded' | 'processing' | 'failed'
  amount: number
  failure_reason: string | null
}

/** `GET /v2/loan-user-status`: the step, with post-approval steps read from the current loan. */
export function buildStatus(db: Db, user: User, nowMs: number, locale: string) {
  const { row } = settleReview(db, user, nowMs)
  settleRepayments(db, user.id, nowMs)
  const loans = loansOf(db, user.id).map((loan) => loanSummary(db, loan, nowMs, lenderNamesIn(locale)))
  const current = currentLoan(db, user.id, nowMs)
  const currentSummary = current ? (loans.find((l) => l.loan_id === current.id) ?? null) : null
  let step = row.step
  if (row.decision === 'approved' && currentSummary) {
    const byLoan = {
      disbursing: 'applied',
      repaying: 'repaying',
      overdue: 'overdue',
      settled: 'settled',
    } as const
    step = byLoan[currentSummary.status]
  }
  const last = db
    .prepare('SELECT * FROM repayments WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(user.id) as RepaymentRow | undefined
  const demand = row.demand_json
    ? (JSON.parse(row.demand_json) as { amount: number; term: 3 | 6 | 9 | 12 | 24 | 36; purpose: string })
    : null
  return {
    id: row.id,
    step: step as LoanStep,
    demand: demand
      ? { amount: demand.amount, term: demand.term, purpose: demand.purpose as DemandPurpose }
      : null,
    loan: currentSummary,
    loans,
    last_repayment: last
      ? {
          repayment_id: last.id,
          loan_id: last.loan_id,
          status: last.status,
          amount: last.amount,
          failure_reason: failureText(last.failure_reason, locale as Locale),
        }
      : null,
    rights_owned: rightsOwnedAt(db, user.id, nowMs, nowMs),
  }
}

type DemandPurpose = z.infer<typeof loanPurpose>
