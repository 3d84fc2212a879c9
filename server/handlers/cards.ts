import { StatusCode } from '../../src/contract/envelope'
import { checkBankCard, checkMobile, checkSmsCode, isBlockingRule, normaliseMobile } from '../../src/contract/field-rules'
import { binOf } from '../banks'
import { signedIn, type Handlers } from '../call-context'
import { lenderById } from '../lenders'
import { Refusal } from '../refusal'
import { enforce, fieldRefusal } from '../rules'
import { consumeCode, sendCode } from '../sms'
import { activeCard, cardView, loanUserOf, newId, stepIndex, updateLoanUser } from '../store'
import { buildStatus, settleReview } from '../status'

/** A 62-card outside the BIN table is taken as a UnionPay debit card of an unlisted bank. */
const unionPay = { bank_code: 'UNIONPAY', bank_name: '银联借记卡' } as const

function stepRefusal(step: string): Refusal {
  return new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step })
}

/** Binding the repayment card, and the card binding each lender asks for. */
export const cardHandlers: Pick<
  Handlers,
  'sendCardCode' | 'confirmCard' | 'sendLenderCardCode' | 'confirmLenderCard' | 'showCard' | 'checkCard'
> = {
  sendCardCode: (ctx) => {
    const user = signedIn(ctx)
    const row = loanUserOf(ctx.db, user.id, ctx.now)
    // No bank card before contacts; afterwards the card may be replaced at any time.
    if (stepIndex(row.step) < stepIndex('bank_card')) throw stepRefusal(row.step)
    const { card_number: cardNumber, reserved_phone: typedPhone } = ctx.input
    const cardRule = checkBankCard(cardNumber)
    if (isBlockingRule(cardRule) && cardRule) throw fieldRefusal('card_number', cardRule)
    enforce([['reserved_phone', checkMobile(typedPhone)]])
    const phone = normaliseMobile(typedPhone)
    const bin = binOf(cardNumber)
    if (bin?.card_type === 'credit') {
      throw new Refusal(StatusCode.cardRefused, 'creditCardRefused', {}, { reason: 'credit_card' })
    }
    if (!bin && !cardNumber.startsWith('62')) {
      throw new Refusal(StatusCode.cardRefused, 'bankUnknown', {}, { reason: 'unknown_bank' })
    }
    const bank = bin ?? unionPay
    const sent = sendCode(
      ctx.db,
      {
        userId: user.id,
        phone,
        purpose: 'card',
        payload: { card_number: cardNumber, reserved_phone: phone, bank_code: bank.bank_code, bank_name: bank.bank_name },
      },
      ctx.now,
    )
    return { ...sent, bank_name: bank.bank_name, luhn_warning: cardRule === 'bankCard.luhnWarning' }
  },

  confirmCard: (ctx) => {
    const user = signedIn(ctx)
    const { db, now } = ctx
    const row = loanUserOf(db, user.id, now)
    if (stepIndex(row.step) < stepIndex('bank_card')) throw stepRefusal(row.step)
    enforce([['code', checkSmsCode(ctx.input.code)]])
    const payload = consumeCode(
      db,
      { userId: user.id, requestId: ctx.input.request_id, code: ctx.input.code, purpose: 'card' },
      now,
    )
    db.prepare('UPDATE bank_cards SET active = 0 WHERE user_id = ?').run(user.id)
    const cardId = newId('card')
    db.prepare(
      `INSERT INTO bank_cards (id, user_id, card_number, bank_code, bank_name, reserved_phone, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      cardId,
      user.id,
      String(payload['card_number']),
      String(payload['bank_code']),
      String(payload['bank_name']),
      String(payload['reserved_phone']),
      now,
    )
    if (row.step === 'bank_card') {
      // The application is complete: the review starts now.
      updateLoanUser(db, row.id, { step: 'review', review_started_at: now }, now)
    }
    const card = activeCard(db, user.id)
    if (!card) throw new Refusal(StatusCode.invalidRequest, 'internal')
    return { card: cardView(card), status: buildStatus(db, user, now, ctx.locale) }
  },

  sendLenderCardCode: (ctx) => {
    const user = signedIn(ctx)
    const { row } = settleReview(ctx.db, user, ctx.now)
    if (row.decision !== 'approved') throw stepRefusal(row.step)
    if (!lenderById(ctx.input.lender_id)) throw new Refusal(StatusCode.notFound, 'lenderNotMatched')
    const card = activeCard(ctx.db, user.id)
    if (!card) throw new Refusal(StatusCode.cardRefused, 'cardNotBound', {}, { reason: 'no_card' })
    return sendCode(
      ctx.db,
      {
        userId: user.id,
        phone: card.reserved_phone,
        purpose: 'lender_card',
        payload: { lender_id: ctx.input.lender_id, card_id: card.id },
      },
      ctx.now,
    )
  },

  confirmLenderCard: (ctx) => {
    const user = signedIn(ctx)
    enforce([['code', checkSmsCode(ctx.input.code)]])
    const payload = consumeCode(
      ctx.db,
      { userId: user.id, requestId: ctx.input.request_id, code: ctx.input.code, purpose: 'lender_card' },
      ctx.now,
    )
    if (payload['lender_id'] !== ctx.input.lender_id) {
      throw new Refusal(StatusCode.smsCodeInvalid, 'smsCodeInvalid')
    }
    const cardId = String(payload['card_id'])
    ctx.db
      .prepare(
        `INSERT INTO lender_bindings (user_id, lender_id, card_id, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, lender_id) DO UPDATE SET card_id = excluded.card_id, created_at = excluded.created_at`,
      )
      .run(user.id, ctx.input.lender_id, cardId, ctx.now)
    return { lender_id: ctx.input.lender_id, card_id: cardId, bound: true as const }
  },

  showCard: (ctx) => {
    const card = activeCard(ctx.db, signedIn(ctx).id)
    return { card: card ? cardView(card) : null }
  },

  checkCard: (ctx) => {
    const card = activeCard(ctx.db, signedIn(ctx).id)
    return { bound: card !== undefined, usable: card !== undefined, reason: card ? null : 'no_card' }
  },
}
