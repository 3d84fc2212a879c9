import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { makeIdNumber } from '../src/contract/field-rules'
import { sandboxForSuite } from '../tests/support/test-client'
import { basicInput, contactsInput, statusOf, throughFace, assetInput, debitCard } from '../tests/support/test-flows'

/*
 * Over real signed HTTP: the field rules the sandbox shares with the page (docs/product-rules.md#field-rules), the
 * SMS try limit (docs/product-rules.md#field-sms-code) and the payments that do not simply succeed.
 */

const sb = sandboxForSuite()

async function toCardStep(phone: string) {
  const { token } = await sb.login(phone)
  const { id, identity } = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  return { token, id, identity }
}

// rules: field-mobile, field-bank-card, field-id-number
test('the sandbox refuses unassigned mobile ranges, cards starting with 0 and ID numbers outside a province; it accepts pasted +86 numbers and spaced IDs', async () => {
  expect((await sb.raw('/sandbox/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '14012345678', code: '123456' }) })).body).toMatchObject({
    status: StatusCode.fieldRule,
    data: { code: 'mobile.invalid' },
  })
  const phone = '13700001401'
  const pasted = await sb.raw('/sandbox/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '+86 137-0000-1401', code: '123456' }),
  })
  expect(pasted.body).toMatchObject({ status: 0, data: { user: { phone } } })

  const { token } = await sb.login(phone)
  const { id, identity } = await throughFace(sb, token)
  const outside = makeIdNumber('440305', '1990-03-07', 123).replace(/^44/, '99')
  const badRegion = await sb.call('updateLoanUser', { token, params: { id }, input: { ...basicInput(id, identity), id_number: outside } })
  expect(badRegion.body).toMatchObject({ status: StatusCode.fieldRule, data: { field: 'id_number', code: 'idNumber.region' } })
  await sb.ok('updateLoanUser', { token, params: { id }, input: { ...basicInput(id, identity), id_number: ` ${identity.id_number} ` } })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  const zeros = await sb.call('sendCardCode', { token, input: { card_number: '0000000000000000', reserved_phone: phone } })
  expect(zeros.body).toMatchObject({ status: StatusCode.fieldRule, data: { field: 'card_number', code: 'bankCard.leadingZero' } })
  const badPhone = await sb.call('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: '19412345678' } })
  expect(badPhone.body).toMatchObject({ data: { field: 'reserved_phone', code: 'mobile.invalid' } })
  const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: '0086 137 0000 1401' } })
  expect(sent.phone_masked).toMatch(/^137/)
})

// rules: field-sms-code
test('five wrong SMS codes spend the code: even the right one is refused after, and a new code works', async () => {
  const phone = '13700001402'
  const { token } = await toCardStep(phone)
  const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  const right = await sb.smsCode(phone)
  const wrong = right === '000000' ? '111111' : '000000'
  const confirm = (code: string, key: string) =>
    sb.call('confirmCard', { token, idempotencyKey: key, input: { request_id: sent.request_id, code, agreements: { withhold_agreement: true } }, locale: 'en' })
  const lefts: unknown[] = []
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await confirm(wrong, `wrong-${attempt}`)
    expect(answer.body.status).toBe(StatusCode.smsCodeInvalid)
    lefts.push((answer.body.data as { attempts_left: number }).attempts_left)
  }
  expect(lefts).toEqual([4, 3, 2, 1, 0])
  const spent = await confirm(right, 'right-after-five')
  expect(spent.body).toMatchObject({ status: StatusCode.smsCodeInvalid, data: { attempts_left: 0 } })
  expect(spent.body.message).toMatch(/new code/i)
  sb.clock.advance(61_000)
  const again = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  const fresh = await sb.smsCode(phone)
  const bound = await sb.call('confirmCard', { token, idempotencyKey: 'fresh', input: { request_id: again.request_id, code: fresh, agreements: { withhold_agreement: true } } })
  expect(bound.body.status).toBe(0)
})

test('the wrong-code count is per code, so per phone and per card: another borrower is not affected', async () => {
  const phone = '13700001403'
  const { token } = await toCardStep(phone)
  const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  const right = await sb.smsCode(phone)
  const wrong = right === '000000' ? '111111' : '000000'
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await sb.call('confirmCard', { token, idempotencyKey: `w-${attempt}`, input: { request_id: sent.request_id, code: wrong, agreements: { withhold_agreement: true } } })
  }
  const fifthIsRight = await sb.call('confirmCard', { token, idempotencyKey: 'r', input: { request_id: sent.request_id, code: right, agreements: { withhold_agreement: true } } })
  expect(fifthIsRight.body.status).toBe(0)
})

async function repayFirstPeriod(phone: string, key: string) {
  const { token } = await sb.login(phone)
  const loan = (await statusOf(sb, token)).loan
  if (!loan) throw new Error(`${phone} has no loan`)
  const trial = await sb.ok('trialRepayment', { token, input: { loan_id: loan.loan_id, periods: '1' } })
  const card = await sb.ok('showCard', { token })
  const answer = await sb.call('submitRepayment', {
    token,
    idempotencyKey: key,
    locale: 'en',
    input: { loan_id: loan.loan_id, periods: [1], amount: trial.total, card_id: card.card?.card_id ?? '' },
  })
  return { token, loan, answer }
}

test('the repay_refused persona is refused by the bank at once and nothing is recorded', async () => {
  const { token, loan, answer } = await repayFirstPeriod('13800000007', 'refused-1')
  expect(answer.body).toMatchObject({ status: StatusCode.cardRefused, data: { reason: 'insufficient_funds' } })
  expect(answer.body.message).toMatch(/not enough money/)
  expect((await statusOf(sb, token)).last_repayment).toBeNull()
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })
  expect(plan.periods[0]?.status).toBe('due')
})

test('the repay_fails persona is processing, then failed with a reason in the borrower language, and the period is owed again', async () => {
  const { token, loan, answer } = await repayFirstPeriod('13800000008', 'fails-1')
  expect(answer.body).toMatchObject({ status: 0, data: { status: 'processing' } })
  const card = await sb.ok('showCard', { token })
  const again = await sb.call('submitRepayment', {
    token,
    idempotencyKey: 'fails-2',
    input: { loan_id: loan.loan_id, periods: [1], amount: loan.next_due_amount ?? 0, card_id: card.card?.card_id ?? '' },
  })
  expect(again.body).toMatchObject({ status: StatusCode.notPayable, data: { reason: 'processing' } })
  sb.clock.advance(5_000)
  const status = await sb.call('getLoanUserStatus', { token, locale: 'en' })
  expect(status.body.data).toMatchObject({ last_repayment: { status: 'failed' } })
  expect((status.body.data as { last_repayment: { failure_reason: string } }).last_repayment.failure_reason).toMatch(/not enough money/)
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })
  expect(plan.periods[0]?.status).toBe('due')
})

test('the repay_slow persona is processing for 20 s, then succeeded and the period paid', async () => {
  const { token, loan, answer } = await repayFirstPeriod('13800000009', 'slow-1')
  expect(answer.body).toMatchObject({ status: 0, data: { status: 'processing' } })
  sb.clock.advance(10_000)
  expect((await statusOf(sb, token)).last_repayment?.status).toBe('processing')
  sb.clock.advance(10_000)
  expect((await statusOf(sb, token)).last_repayment?.status).toBe('succeeded')
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })
  expect(plan.periods[0]?.status).toBe('paid')
})

test('the rights_fails persona has its rights order fail after 2 s, not owned, with a reason', async () => {
  const { token } = await sb.login('13800000010')
  const product = await sb.ok('showRewardProduct', { token })
  const card = await sb.ok('showCard', { token })
  const bought = await sb.ok('buyRewardProduct', {
    token,
    input: { product_id: product.product?.product_id ?? '', card_id: card.card?.card_id ?? '', agreements: { reward: true, withhold_agreement: true } },
  })
  expect(bought.order.status).toBe('pending')
  sb.clock.advance(2_000)
  const order = await sb.call('getRewardOrder', { token, input: { order_id: bought.order.order_id }, locale: 'en' })
  expect(order.body.data).toMatchObject({ order: { status: 'failed' } })
  expect((order.body.data as { order: { failure_reason: string } }).order.failure_reason).toMatch(/declined/)
  expect((await sb.ok('showRewardProduct', { token })).owned).toBe(false)
})
