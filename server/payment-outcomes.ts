import { StatusCode } from '../src/contract/envelope'
import type { Db } from './db'
import { translate, type Locale, type MessageKey } from './messages'
import { Refusal } from './refusal'

/*
 * The sandbox can fail a payment, so the refused, failed and processing paths are
 * seen over HTTP, not only in fixtures. Which outcome a borrower gets is their persona's
 * (personas.ts); everyone else's payments succeed. Like every time-driven change here, a
 * processing repayment or a pending order settles when a request looks, by the server's clock.
 */

/** A repayment of `repay_fails` or `repay_slow` is `processing` this long. */
export const repaymentSettleMs = { fails: 5_000, slow: 20_000 } as const

export type RepaymentPlan =
  | { kind: 'now' }
  | { kind: 'processing'; settlesAt: number; settlesTo: 'succeeded' | 'failed' }

/** What happens to a repayment the persona submits; `repay_refused` is refused outright (1009). */
export function repaymentPlanFor(persona: string | null, nowMs: number): RepaymentPlan {
  if (persona === 'repay_refused') {
    throw new Refusal(StatusCode.cardRefused, 'repaymentRefused', {}, { reason: 'insufficient_funds' })
  }
  if (persona === 'repay_fails') return { kind: 'processing', settlesAt: nowMs + repaymentSettleMs.fails, settlesTo: 'failed' }
  if (persona === 'repay_slow') return { kind: 'processing', settlesAt: nowMs + repaymentSettleMs.slow, settlesTo: 'succeeded' }
  return { kind: 'now' }
}

/** A rights order of `rights_fails` fails when it settles instead of being paid. */
export function orderFailsFor(persona: string | null): boolean {
  return persona === 'rights_fails'
}

const failureMessages: Record<string, MessageKey> = {
  insufficient_funds: 'paymentFailedFunds',
  card_declined: 'paymentCardDeclined',
}

/** A failure reason is shown to the borrower as it comes: a sentence in their language. */
export function failureText(reason: string | null, locale: Locale): string | null {
  if (reason === null) return null
  const key = failureMessages[reason]
  return key ? translate(key, locale) : reason
}

/** Settles the borrower's processing repayments that are due: success marks their periods paid. */
export function settleRepayments(db: Db, userId: string, nowMs: number): void {
  const due = db
    .prepare(
      `SELECT id, loan_id, periods_json, settles_at, settles_to FROM repayments
       WHERE user_id = ? AND status = 'processing' AND settles_at <= ?`,
    )
    .all(userId, nowMs) as { id: string; loan_id: string; periods_json: string; settles_at: number; settles_to: string }[]
  for (const repayment of due) {
    if (repayment.settles_to === 'succeeded') {
      db.prepare(`UPDATE repayments SET status = 'succeeded' WHERE id = ?`).run(repayment.id)
      const markPaid = db.prepare('UPDATE loan_periods SET paid_at = ? WHERE loan_id = ? AND period = ? AND repayment_id = ?')
      for (const period of JSON.parse(repayment.periods_json) as number[]) {
        markPaid.run(repayment.settles_at, repayment.loan_id, period, repayment.id)
      }
    } else {
      db.prepare(`UPDATE repayments SET status = 'failed', failure_reason = 'insufficient_funds' WHERE id = ?`).run(repayment.id)
      // The periods are owed again.
      db.prepare('UPDATE loan_periods SET repayment_id = NULL, penalty_paid = 0 WHERE repayment_id = ?').run(repayment.id)
    }
  }
}

/** A repayment still processing blocks another one (the same periods would be charged twice). */
export function refuseWhileProcessing(db: Db, userId: string): void {
  const processing = db.prepare(`SELECT 1 FROM repayments WHERE user_id = ? AND status = 'processing'`).get(userId)
  if (processing) throw new Refusal(StatusCode.notPayable, 'repayProcessing', {}, { reason: 'processing' })
}
