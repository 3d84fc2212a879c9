import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { withLuhnDigit } from './banks'
import { sandboxForSuite } from '../tests/support/test-client'
import {
  assetInput,
  basicInput,
  contactsInput,
  debitCard,
  demandInput,
  statusOf,
  throughCard,
  throughFace,
} from '../tests/support/test-flows'

const sb = sandboxForSuite()

test('field rules are enforced with status 1001 and the field named', async () => {
  const phone = '13700000201'
  const { token } = await sb.login(phone)
  const { id, identity } = await throughFace(sb, token)
  const bad = async (input: Record<string, unknown>) =>
    (await sb.call('updateLoanUser', { token, params: { id }, input })).body
  const badId = `${identity.id_number.slice(0, 17)}${identity.id_number.endsWith('0') ? '1' : '0'}`
  expect(await bad({ ...basicInput(id, identity), id_number: badId })).toMatchObject({
    status: StatusCode.fieldRule,
    data: { field: 'id_number', code: 'idNumber.checkDigit' },
  })
  expect(await bad({ ...basicInput(id, identity), real_name: 'X' })).toMatchObject({
    data: { field: 'real_name', code: 'name.length' },
  })
  expect(await bad({ ...basicInput(id, identity), address: '短' })).toMatchObject({
    data: { field: 'address', code: 'address.length' },
  })
  expect(await bad({ ...basicInput(id, identity), email: 'not-an-email' })).toMatchObject({
    data: { field: 'email', code: 'email.invalid' },
  })
  expect(await bad({ ...demandInput(id), amount: 1_234_567 })).toMatchObject({
    status: StatusCode.fieldRule,
    data: { field: 'amount', code: 'amount.step' },
  })

  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  const contacts = async (list: { relation: string; name: string; phone: string }[]) =>
    (await sb.call('saveContacts', { token, input: { contacts: list, agreements: { form: true } } })).body
  const [first, second] = contactsInput.contacts as [{ relation: string; name: string; phone: string }, { relation: string; name: string; phone: string }]
  expect(await contacts([{ ...first, relation: 'friend' }, second])).toMatchObject({
    data: { field: 'contacts[0].relation', code: 'contacts.firstNotImmediate' },
  })
  expect(await contacts([first, { ...second, phone: first.phone }])).toMatchObject({
    data: { field: 'contacts[1].phone', code: 'contacts.phoneDuplicate' },
  })
  expect(await contacts([first, { ...second, phone }])).toMatchObject({
    data: { code: 'contacts.phoneIsBorrower' },
  })
  expect(await contacts([first, { ...second, name: identity.real_name }])).toMatchObject({
    data: { code: 'contacts.nameIsBorrower' },
  })
  await sb.ok('saveContacts', { token, input: contactsInput })

  const card = async (cardNumber: string, reserved = phone) =>
    (await sb.call('sendCardCode', { token, input: { card_number: cardNumber, reserved_phone: reserved } })).body
  expect(await card('6222020000123')).toMatchObject({ data: { field: 'card_number', code: 'bankCard.length' } })
  expect(await card('4111111111111112')).toMatchObject({ status: StatusCode.fieldRule, data: { code: 'bankCard.luhn' } })
  expect(await card(debitCard, '12345')).toMatchObject({ data: { field: 'reserved_phone', code: 'mobile.invalid' } })
  // 427020… is an ICBC credit card: refused with its own code even though the number is valid.
  const credit = await card(withLuhnDigit('427020000000000'))
  expect(credit.status).toBe(StatusCode.cardRefused)
  expect(credit.message).toContain('信用卡')

  const failingLuhn = '6222020000123456780'
  const warned = await sb.ok('sendCardCode', { token, input: { card_number: failingLuhn, reserved_phone: phone } })
  expect(warned.luhn_warning).toBe(true)
  const tooSoon = await card(debitCard)
  expect(tooSoon.status).toBe(StatusCode.smsTooSoon)
  const wrongCode = await sb.call('confirmCard', {
    token,
    idempotencyKey: 'wrong-code',
    input: { request_id: warned.request_id, code: '000000' === (await sb.smsCode(phone)) ? '111111' : '000000', agreements: { withhold_agreement: true } },
  })
  expect(wrongCode.body.status).toBe(StatusCode.smsCodeInvalid)
})

test('steps cannot be taken out of order', async () => {
  const phone = '13700000202'
  const { token } = await sb.login(phone)
  const { id } = await statusOf(sb, token)
  const skipAhead = await sb.call('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  expect(skipAhead.body).toMatchObject({ status: StatusCode.stepOutOfOrder, data: { step: 'demand' } })

  const { identity } = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  const cardBeforeContacts = await sb.call('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  expect(cardBeforeContacts.body).toMatchObject({ status: StatusCode.stepOutOfOrder, data: { step: 'asset' } })
  // Going back to an earlier section is fine and keeps the place.
  await sb.ok('updateLoanUser', { token, params: { id }, input: demandInput(id) })
  expect((await statusOf(sb, token)).step).toBe('asset')

  const applyEarly = await sb.call('applyLoan', {
    token,
    idempotencyKey: 'early',
    input: { lender_id: 'lender_chenxing', amount: 1_000_000, term: 12, purpose: 'other', agreements: { loan: true, contract: true, third_party: true } },
  })
  expect(applyEarly.body.status).toBe(StatusCode.stepOutOfOrder)
  expect((await sb.call('listMatches', { token })).body.status).toBe(StatusCode.stepOutOfOrder)
  expect((await sb.call('getCreditDecision', { token })).body.status).toBe(StatusCode.stepOutOfOrder)
})

test('the reject persona is declined and sees other lenders’ products', async () => {
  const phone = '13800000002'
  const { token } = await sb.login(phone)
  await throughCard(sb, token, phone)
  sb.clock.advance(3_000)
  const decision = await sb.ok('getCreditDecision', { token })
  expect(decision).toMatchObject({ status: 'rejected', credit_limit: null, reason_code: 'credit_history_insufficient' })
  expect((await statusOf(sb, token)).step).toBe('rejected')
  const products = await sb.ok('listSupermarketProducts', { token, input: { page: 1, page_size: 3 } })
  expect(products.items).toHaveLength(3)
  expect(products.total).toBeGreaterThan(3)
})

test('the slow review takes a minute, half with the rights card', async () => {
  const phone = '13800000003'
  const { token } = await sb.login(phone)
  const { card } = await throughCard(sb, token, phone)
  sb.clock.advance(3_000)
  expect((await sb.ok('getCreditDecision', { token })).status).toBe('reviewing')
  const product = await sb.ok('showRewardProduct', { token })
  expect(product.owned).toBe(false)
  const bought = await sb.ok('buyRewardProduct', {
    token,
    input: { product_id: product.product?.product_id ?? '', card_id: card.card_id, agreements: { reward: true, withhold_agreement: true } },
  })
  expect(bought.order.status).toBe('pending')
  sb.clock.advance(2_000)
  expect((await sb.ok('getRewardOrder', { token, input: { order_id: bought.order.order_id } })).order.status).toBe('paid')
  sb.clock.advance(25_000)
  const decided = await sb.ok('getCreditDecision', { token })
  expect(decided).toMatchObject({ status: 'approved', priority: true })
  expect((await sb.ok('showRewardProduct', { token })).owned).toBe(true)
})

test('the repaying persona has a period due today and repays it', async () => {
  const { token } = await sb.login('13800000004')
  const status = await statusOf(sb, token)
  expect(status.step).toBe('repaying')
  const loan = status.loan
  if (!loan) throw new Error('no loan')
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })
  expect(plan.periods[0]?.status).toBe('due')
  expect(loan.next_due_amount).toBe(plan.periods[0]?.amount)
  const outOfOrder = await sb.call('trialRepayment', { token, input: { loan_id: loan.loan_id, periods: '2' } })
  expect(outOfOrder.body.status).toBe(StatusCode.notPayable)
  const trial = await sb.ok('trialRepayment', { token, input: { loan_id: loan.loan_id, periods: '1,2' } })
  const card = await sb.ok('showCard', { token })
  const changedPrice = await sb.call('submitRepayment', {
    token,
    idempotencyKey: 'cheaper',
    input: { loan_id: loan.loan_id, periods: [1, 2], amount: trial.total - 1, card_id: card.card?.card_id ?? '' },
  })
  expect(changedPrice.body.status).toBe(StatusCode.notPayable)
  const paid = await sb.ok('submitRepayment', {
    token,
    input: { loan_id: loan.loan_id, periods: [1, 2], amount: trial.total, card_id: card.card?.card_id ?? '' },
  })
  expect(paid.loan.periods_paid).toBe(2)
  expect((await statusOf(sb, token)).last_repayment).toMatchObject({ status: 'succeeded', amount: trial.total })
})

// rules: money-penalty
test('the overdue persona owes a penalty on the late period', async () => {
  const { token } = await sb.login('13800000005')
  const status = await statusOf(sb, token)
  expect(status.step).toBe('overdue')
  const loanId = status.loan?.loan_id ?? ''
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loanId } })
  expect(plan.periods.map((p) => p.status).slice(0, 3)).toEqual(['paid', 'overdue', 'due'])
  const late = plan.periods[1]
  if (!late) throw new Error('no period 2')
  expect(late.penalty).toBeGreaterThan(0)
  const trial = await sb.ok('trialRepayment', { token, input: { loan_id: loanId, periods: '2' } })
  expect(trial.penalty).toBe(late.penalty)
  expect(trial.total).toBe(late.principal + late.interest + late.fee + late.penalty)
})
