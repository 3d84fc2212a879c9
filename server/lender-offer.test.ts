import { expect, test } from 'vitest'
import { sandboxForSuite } from '../tests/support/test-client'

/*
 * A lender prices and lends only what it offers this borrower: the match list, the lender's trial
 * and the application agree, as a real lender's would. The approved persona's own match list is the
 * reference; every term the contract allows is tried against it.
 */

const sb = sandboxForSuite()
const approvedPhone = '13800000006'
const contractTerms = [3, 6, 9, 12, 24, 36]

// rules: flow-lender-offer
test('each lender\'s trial prices exactly the terms and amounts its match card offers, and refuses the others', async () => {
  const { token } = await sb.login(approvedPhone)
  const { items } = await sb.ok('listMatches', { token })
  expect(items.length).toBeGreaterThan(1)
  for (const lender of items) {
    for (const term of contractTerms) {
      const asked = await sb.call('trialLoan', { token, input: { amount: 1_000_000, term, lender_id: lender.lender_id } })
      expect([lender.lender_id, term, asked.body.status === 0]).toEqual([lender.lender_id, term, lender.terms.includes(term as never)])
    }
    const term = lender.terms[0]!
    const within = await sb.call('trialLoan', { token, input: { amount: lender.credit_limit, term, lender_id: lender.lender_id } })
    expect(within.body.status).toBe(0)
    const over = await sb.call('trialLoan', { token, input: { amount: lender.credit_limit + 10_000, term, lender_id: lender.lender_id } })
    expect(over.body.status).not.toBe(0)
  }
})

// rules: flow-lender-offer
test('an application for a term its lender does not offer is refused before anything is bound or lent', async () => {
  const { token } = await sb.login(approvedPhone)
  const { items } = await sb.ok('listMatches', { token })
  const lender = items.find((item) => contractTerms.some((term) => !item.terms.includes(term as never)))!
  const missing = contractTerms.find((term) => !lender.terms.includes(term as never))!
  const applied = await sb.call('applyLoan', {
    token,
    idempotencyKey: 'apply-missing-term',
    input: { lender_id: lender.lender_id, amount: 1_000_000, term: missing, purpose: 'shopping', agreements: { loan: true, contract: true, third_party: true } },
  })
  expect(applied.body).toMatchObject({ data: { field: 'term', code: 'term.invalid' } })
  expect((await sb.ok('getLoanUserStatus', { token })).loan).toBeNull()
})
