import { StatusCode } from '../../src/contract/envelope'
import { amortize, planPeriods, repayTrial, RepayTrialError, type RepayTrialErrorCode } from '../amortization'
import { signedIn, type CallContext, type Handlers } from '../call-context'
import { assertWithinOffer, lenderById, lenderNamesIn, priceOf } from '../lenders'
import { refuseWhileProcessing, repaymentPlanFor, settleRepayments } from '../payment-outcomes'
import type { MessageKey } from '../messages'
import { Refusal } from '../refusal'
import {
  activeCard,
  createLoan,
  loanById,
  loanStatusOf,
  loanSummary,
  loansOf,
  newId,
  periodsOf,
  repayable,
  todayOf,
  type LoanRow,
  type User,
} from '../store'
import { buildStatus, settleReview } from '../status'

/** Simulated disbursement: the loan shows `disbursing` this long, then `repaying`. */
export const disbursementMs = 5_000

function ownLoan(ctx: CallContext<'getRepayPlan' | 'trialRepayment' | 'submitRepayment'>, user: User): LoanRow {
  const loan = loanById(ctx.db, ctx.input.loan_id)
  if (!loan || loan.user_id !== user.id) throw new Refusal(StatusCode.notFound, 'notFound')
  return loan
}

/** Each reason a choice of periods is refused, said to the borrower. */
const repayRefusalMessage = {
  nothing_chosen: 'repayNothingChosen',
  unknown_period: 'repayUnknownPeriod',
  duplicate_period: 'repayDuplicatePeriod',
  already_paid: 'repayAlreadyPaid',
  not_in_order: 'repayNotInOrder',
} as const satisfies Record<RepayTrialErrorCode, MessageKey>

/** Prices the chosen periods, or refuses with 1010 and the reason. */
function trialOf(ctx: CallContext<'trialRepayment' | 'submitRepayment'>, loan: LoanRow, chosen: number[]) {
  const periods = periodsOf(ctx.db, loan.id)
  if (loanStatusOf(loan, periods, ctx.now) === 'disbursing') {
    throw new Refusal(StatusCode.notPayable, 'loanDisbursing', {}, { reason: 'disbursing' })
  }
  try {
    return repayTrial({ periods: repayable(periods), chosen, today: todayOf(ctx.now) })
  } catch (error) {
    if (error instanceof RepayTrialError) {
      const period = error.period ?? 0
      throw new Refusal(StatusCode.notPayable, repayRefusalMessage[error.code], { period }, { reason: error.code, period: error.period })
    }
    throw error
  }
}

/** Applying for a loan, its plan, and repaying it. */
export const loanHandlers: Pick<Handlers, 'applyLoan' | 'getRepayPlan' | 'trialRepayment' | 'submitRepayment'> = {
  applyLoan: (ctx) => {
    const user = signedIn(ctx)
    const { db, now, input } = ctx
    const { row } = settleReview(db, user, now)
    if (row.decision !== 'approved' || row.credit_limit === null || row.apr === null) {
      throw new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step: row.step })
    }
    // One open loan at a time; after settling, the approved line can be drawn again.
    const open = loansOf(db, user.id).find((loan) => loanStatusOf(loan, periodsOf(db, loan.id), now) !== 'settled')
    if (open) {
      const status = buildStatus(db, user, now, ctx.locale)
      throw new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step: status.step })
    }
    const lender = lenderById(input.lender_id)
    if (!lender) throw new Refusal(StatusCode.notFound, 'lenderNotMatched')
    const offer = priceOf(lender, row.credit_limit, row.apr)
    assertWithinOffer(offer, input.amount, input.term)
    const binding = db
      .prepare('SELECT card_id FROM lender_bindings WHERE user_id = ? AND lender_id = ?')
      .get(user.id, lender.id)
    if (!binding) {
      throw new Refusal(StatusCode.stepOutOfOrder, 'lenderCardNotBound', {}, { step: row.step })
    }
    const startDate = todayOf(now)
    const plan = amortize({ principal: input.amount, apr: offer.apr, term: input.term, startDate })
    const loan = createLoan(
      db,
      {
        user_id: user.id,
        lender_id: lender.id,
        amount: input.amount,
        term: input.term,
        apr: offer.apr,
        purpose: input.purpose,
        start_date: startDate,
        created_at: now,
        disbursed_at: now + disbursementMs,
      },
      plan.periods,
    )
    return {
      loan: loanSummary(db, loan, now, lenderNamesIn(ctx.locale)),
      status: buildStatus(db, user, now, ctx.locale),
    }
  },

  getRepayPlan: (ctx) => {
    const user = signedIn(ctx)
    const loan = ownLoan(ctx, user)
    settleRepayments(ctx.db, user.id, ctx.now)
    const stored = periodsOf(ctx.db, loan.id)
    const penaltyPaid = new Map(stored.map((p) => [p.period, p.penalty_paid]))
    const periods = planPeriods(repayable(stored), todayOf(ctx.now)).map((p) => {
      // A paid period shows the penalty it was actually charged.
      const penalty = p.status === 'paid' ? (penaltyPaid.get(p.period) ?? 0) : p.penalty
      return {
        period: p.period,
        due_date: p.due_date,
        principal: p.principal,
        interest: p.interest,
        fee: p.fee,
        penalty,
        amount: p.principal + p.interest + p.fee + penalty,
        status: p.status,
        paid_at: p.paid_at,
      }
    })
    const total = (pick: (p: (typeof periods)[number]) => number, filter = (_p: (typeof periods)[number]) => true) =>
      periods.filter(filter).reduce((acc, p) => acc + pick(p), 0)
    return {
      loan: loanSummary(ctx.db, loan, ctx.now, lenderNamesIn(ctx.locale)),
      periods,
      totals: {
        principal: total((p) => p.principal),
        interest: total((p) => p.interest),
        fee: total((p) => p.fee),
        penalty: total((p) => p.penalty),
        amount: total((p) => p.amount),
        paid: total((p) => p.amount, (p) => p.status === 'paid'),
        outstanding: total((p) => p.amount, (p) => p.status !== 'paid'),
      },
    }
  },

  trialRepayment: (ctx) => {
    const user = signedIn(ctx)
    const loan = ownLoan(ctx, user)
    const chosen = ctx.input.periods.split(',').map(Number)
    return { loan_id: loan.id, ...trialOf(ctx, loan, chosen) }
  },

  submitRepayment: (ctx) => {
    const user = signedIn(ctx)
    const { db, now, input } = ctx
    const loan = ownLoan(ctx, user)
    const card = activeCard(db, user.id)
    if (!card || card.id !== input.card_id) {
      throw new Refusal(StatusCode.cardRefused, 'cardNotBound', {}, { reason: 'card_not_bound' })
    }
    settleRepayments(db, user.id, now)
    refuseWhileProcessing(db, user.id)
    const trial = trialOf(ctx, loan, input.periods)
    if (trial.total !== input.amount) {
      throw new Refusal(StatusCode.notPayable, 'amountChanged', {}, { reason: 'amount_changed', total: trial.total })
    }
    const penalties = new Map(
      planPeriods(repayable(periodsOf(db, loan.id)), todayOf(now)).map((p) => [p.period, p.penalty]),
    )
    const plan = repaymentPlanFor(user.persona, now)
    const processing = plan.kind === 'processing'
    const repaymentId = newId('rp')
    db.prepare(
      `INSERT INTO repayments (id, user_id, loan_id, periods_json, amount, card_id, status, created_at, settles_at, settles_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      repaymentId,
      user.id,
      loan.id,
      JSON.stringify(trial.periods),
      trial.total,
      card.id,
      processing ? 'processing' : 'succeeded',
      now,
      processing ? plan.settlesAt : null,
      processing ? plan.settlesTo : null,
    )
    // A processing repayment holds its periods (repayment_id) but pays them only when it settles.
    const markPaid = db.prepare(
      'UPDATE loan_periods SET paid_at = ?, penalty_paid = ?, repayment_id = ? WHERE loan_id = ? AND period = ?',
    )
    for (const period of trial.periods) {
      markPaid.run(processing ? null : now, penalties.get(period) ?? 0, repaymentId, loan.id, period)
    }
    return {
      repayment_id: repaymentId,
      status: processing ? ('processing' as const) : ('succeeded' as const),
      failure_reason: null,
      loan: loanSummary(db, loan, now, lenderNamesIn(ctx.locale)),
    }
  },
}
