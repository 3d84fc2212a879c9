import { afterAll, afterEach, beforeEach, expect, test } from 'vitest'
import { StatusCode } from '../../src/contract/envelope'
import type { Db } from '../../server/db'
import { startTestSandbox, type CallOptions, type CallResult, type TestSandbox } from '../support/test-client'
import { assetInput, basicInput, bindLender, contactsInput, debitCard, statusOf, throughCard, throughFace } from '../support/test-flows'
import { recordFigures } from '../support/figures'

/*
 * Once only, over HTTP: each committing action the borrower can repeat by accident,
 * sent the ways a page, a flaky network or a reload repeat it, on a fresh sandbox each time, and
 * counted in the sandbox's database afterwards: one record per action, whatever arrived.
 */

type Action = 'applyLoan' | 'confirmCard' | 'confirmLenderCard' | 'submitRepayment' | 'buyRewardProduct'

interface Prepared {
  send: (key: string, variant?: 'other body') => Promise<CallResult>
  records: () => number
}

let sb: TestSandbox
const outcomes: { action: Action; pattern: string; records: number; ok: boolean }[] = []

beforeEach(async () => {
  sb = await startTestSandbox()
})
afterEach(async () => {
  await sb.close()
})
afterAll(() => {
  recordFigures('once-only', {
    headline: `HTTP: ${outcomes.length} action × repeat cases, ${outcomes.filter((o) => o.ok).length} with exactly one record`,
    outcomes,
  })
})

const count = (db: Db, sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n

async function prepare(action: Action): Promise<Prepared> {
  const call = (name: Action, options: CallOptions) => sb.call(name, options)
  if (action === 'confirmCard') {
    const phone = '13700002001'
    const { token } = await sb.login(phone)
    const { id, identity } = await throughFace(sb, token)
    await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
    await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
    await sb.ok('saveContacts', { token, input: contactsInput })
    const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
    const code = await sb.smsCode(phone)
    const userId = (await sb.ok('showUser', { token })).user_id
    return {
      send: (key, variant) =>
        call('confirmCard', { token, idempotencyKey: key, input: { request_id: sent.request_id, code, agreements: { withhold_agreement: true }, ...(variant ? { note: 'x' } : {}) } }),
      records: () => count(sb.db, 'SELECT COUNT(*) AS n FROM bank_cards WHERE user_id = ?', userId),
    }
  }
  if (action === 'submitRepayment') {
    const { token } = await sb.login('13800000004')
    const loan = (await statusOf(sb, token)).loan
    const card = await sb.ok('showCard', { token })
    const trial = await sb.ok('trialRepayment', { token, input: { loan_id: loan?.loan_id ?? '', periods: '1' } })
    const trial2 = await sb.ok('trialRepayment', { token, input: { loan_id: loan?.loan_id ?? '', periods: '1,2' } })
    return {
      send: (key, variant) =>
        call('submitRepayment', {
          token,
          idempotencyKey: key,
          input: variant
            ? { loan_id: loan?.loan_id, periods: [1, 2], amount: trial2.total, card_id: card.card?.card_id }
            : { loan_id: loan?.loan_id, periods: [1], amount: trial.total, card_id: card.card?.card_id },
        }),
      records: () => count(sb.db, 'SELECT COUNT(*) AS n FROM repayments WHERE loan_id = ?', loan?.loan_id),
    }
  }
  // The rest need a borrower through the funnel with the card bound.
  const phone = '13800000001'
  const { token, userId } = await sb.login(phone)
  const { card } = await throughCard(sb, token, phone)
  if (action === 'buyRewardProduct') {
    const product = await sb.ok('showRewardProduct', { token })
    return {
      send: (key, variant) =>
        call('buyRewardProduct', {
          token,
          idempotencyKey: key,
          input: { product_id: product.product?.product_id, card_id: card.card_id, agreements: { reward: true, withhold_agreement: true }, ...(variant ? { note: 'x' } : {}) },
        }),
      records: () => count(sb.db, 'SELECT COUNT(*) AS n FROM reward_orders WHERE user_id = ?', userId),
    }
  }
  sb.clock.advance(3_000)
  await sb.ok('getCreditDecision', { token })
  const lender = (await sb.ok('listMatches', { token })).items.find((m) => m.recommended)
  const lenderId = lender?.lender_id ?? ''
  if (action === 'confirmLenderCard') {
    const sent = await sb.ok('sendLenderCardCode', { token, input: { lender_id: lenderId } })
    const code = await sb.smsCode(phone)
    return {
      send: (key, variant) =>
        call('confirmLenderCard', { token, idempotencyKey: key, input: { request_id: sent.request_id, code, lender_id: lenderId, ...(variant ? { note: 'x' } : {}) } }),
      records: () => count(sb.db, 'SELECT COUNT(*) AS n FROM lender_bindings WHERE user_id = ?', userId),
    }
  }
  await bindLender(sb, token, phone, lenderId)
  return {
    send: (key, variant) =>
      call('applyLoan', {
        token,
        idempotencyKey: key,
        input: { lender_id: lenderId, amount: variant ? 2_500_000 : 2_400_000, term: 12, purpose: 'shopping', agreements: { loan: true, contract: true, third_party: true } },
      }),
    records: () => count(sb.db, 'SELECT COUNT(*) AS n FROM loans WHERE user_id = ?', userId),
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How an action arrives more than once; each answers every request it sent. */
const patterns: Record<string, (p: Prepared) => Promise<CallResult[]>> = {
  // The page sends each tap; the key was made once when the borrower committed.
  'double tap under 50 ms': (p) => Promise.all([p.send('k'), wait(20).then(() => p.send('k'))]),
  'five rapid taps': (p) => Promise.all([0, 10, 20, 30, 40].map((ms) => wait(ms).then(() => p.send('k')))),
  // The first answer was lost to a client timeout; the retry re-sends the kept key.
  'retry after a timeout': async (p) => [await p.send('k'), await p.send('k')],
  // The page reloads mid-request and the restored draft sends the same key while the first is in flight.
  'reload while submitting': (p) => Promise.all([p.send('k'), p.send('k')]),
  'the same key concurrently (10)': (p) => Promise.all(Array.from({ length: 10 }, () => p.send('k'))),
}

const actions: Action[] = ['applyLoan', 'confirmCard', 'confirmLenderCard', 'submitRepayment', 'buyRewardProduct']
const cases = actions.flatMap((action) => Object.keys(patterns).map((pattern) => [action, pattern] as const))

// rules: idem-server
test.each(cases)('%s, %s: one record, every answer the same success', async (action, pattern) => {
  const prepared = await prepare(action)
  const before = prepared.records()
  const answers = await (patterns[pattern] as (p: Prepared) => Promise<CallResult[]>)(prepared)
  const records = prepared.records() - before
  outcomes.push({ action, pattern, records, ok: records === 1 })
  expect(answers.map((answer) => [answer.http, answer.body.status])).toEqual(answers.map(() => [200, 0]))
  expect(new Set(answers.map((answer) => JSON.stringify(answer.body.data))).size, 'one stored answer for the key').toBe(1)
  expect(records).toBe(1)
})

// rules: idem-server
test.each(actions)('%s, the same key with another body: refused with 1005, still one record', async (action) => {
  const prepared = await prepare(action)
  const before = prepared.records()
  expect((await prepared.send('k')).body.status).toBe(0)
  const other = await prepared.send('k', 'other body')
  const records = prepared.records() - before
  outcomes.push({ action, pattern: 'same key, another body', records, ok: records === 1 })
  expect(other.body.status).toBe(StatusCode.idempotencyConflict)
  expect(records).toBe(1)
})
