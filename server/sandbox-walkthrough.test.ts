import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { amortize, installmentExact } from './amortization'
import { todayOf } from './store'
import { sandboxForSuite } from '../tests/support/test-client'
import { assetInput, basicInput, bindLender, contactsInput, debitCard, statusOf, throughFace } from '../tests/support/test-flows'

/* Its own server: the walk moves the clock a year ahead, which would age every other persona. */
const sb = sandboxForSuite()

test('the approve persona walks from demand to a settled loan, paying every period', async () => {
  const phone = '13800000001'
  const { token, persona } = await sb.login(phone)
  expect(persona).toBe('approve')
  expect((await statusOf(sb, token)).step).toBe('demand')

  const { id, identity } = await throughFace(sb, token)
  expect(identity.real_name).toBe('王晓明')
  expect((await statusOf(sb, token)).step).toBe('basic')

  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  expect((await sb.ok('saveContacts', { token, input: contactsInput })).step).toBe('bank_card')
  const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  expect(sent.bank_name).toBe('中国工商银行')
  const bound = await sb.ok('confirmCard', {
    token,
    input: { request_id: sent.request_id, code: await sb.smsCode(phone), agreements: { withhold_agreement: true } },
  })
  expect(bound.status.step).toBe('review')
  await sb.ok('reportDevice', {
    token,
    input: { device_id: 'd', model: 'Pixel 7', brand: 'Google', os: 'android', os_name: 'Android 14', screen: '1080*2400', locale: 'zh-Hans' },
  })

  const reviewing = await sb.ok('getCreditDecision', { token })
  expect(reviewing.status).toBe('reviewing')
  expect(reviewing.retry_after).toBeGreaterThan(0)
  sb.clock.advance(3_000)
  const decision = await sb.ok('getCreditDecision', { token })
  expect(decision).toMatchObject({ status: 'approved', credit_limit: 5_000_000, apr: 0.108 })

  const matches = await sb.ok('listMatches', { token })
  const lender = matches.items.find((m) => m.recommended)
  if (!lender) throw new Error('no recommended lender')
  const amount = 2_400_000
  const term = 12
  const trial = await sb.ok('trialLoan', { token, input: { amount, term, lender_id: lender.lender_id } })
  expect(trial.apr).toBe(lender.apr)
  await sb.ok('getContract', { token, input: { lender_id: lender.lender_id, kind: 'contract', amount: String(amount), term: String(term) } })

  await bindLender(sb, token, phone, lender.lender_id)
  const applied = await sb.ok('applyLoan', {
    token,
    input: { lender_id: lender.lender_id, amount, term, purpose: 'shopping', agreements: { loan: true, contract: true, third_party: true } },
  })
  const appliedAt = sb.clock.now()
  expect(applied.loan.status).toBe('disbursing')
  expect(applied.status.step).toBe('applied')
  sb.clock.advance(5_000)

  const loanId = applied.loan.loan_id
  const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loanId } })
  const expected = amortize({ principal: amount, apr: lender.apr, term, startDate: todayOf(appliedAt) })
  expect(plan.loan.status).toBe('repaying')
  expect(plan.totals.principal).toBe(amount)
  expect(plan.totals.interest).toBe(expected.totalInterest)
  expect(plan.totals.amount).toBe(expected.totalRepayment)
  expect(plan.periods[0]?.amount).toBe(Math.round(installmentExact(amount, lender.apr, term)))
  expect(plan.periods.map((p) => p.due_date)).toEqual(expected.periods.map((p) => p.due_date))
  expect(trial.total_repayment).toBe(expected.totalRepayment)

  for (const period of plan.periods) {
    // Pay each period on its due day, as a punctual borrower would.
    sb.clock.set(Date.parse(`${period.due_date}T10:00:00+08:00`))
    // Months pass between payments: the borrower opens the page again with a fresh token.
    const { token } = await sb.login(phone)
    const priced = await sb.ok('trialRepayment', { token, input: { loan_id: loanId, periods: String(period.period) } })
    expect(priced.penalty).toBe(0)
    expect(priced.total).toBe(period.amount)
    const paid = await sb.ok('submitRepayment', {
      token,
      input: { loan_id: loanId, periods: [period.period], amount: priced.total, card_id: bound.card.card_id },
    })
    expect(paid.status).toBe('succeeded')
  }

  const { token: lastToken } = await sb.login(phone)
  const settled = await statusOf(sb, lastToken)
  expect(settled.step).toBe('settled')
  expect(settled.loan?.status).toBe('settled')
  const finalPlan = await sb.ok('getRepayPlan', { token: lastToken, input: { loan_id: loanId } })
  expect(finalPlan.totals.paid).toBe(expected.totalRepayment)
  expect(finalPlan.totals.outstanding).toBe(0)

  const again = await sb.call('submitRepayment', {
    token: lastToken,
    idempotencyKey: 'after-settled',
    input: { loan_id: loanId, periods: [1], amount: finalPlan.periods[0]?.amount ?? 0, card_id: bound.card.card_id },
  })
  expect(again.body.status).toBe(StatusCode.notPayable)
})
