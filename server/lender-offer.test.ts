import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { offersFor, recordsOf } from '../tests/support/oracle-records'
import { sandboxForSuite } from '../tests/support/test-client'
import { bindLender, throughCard } from '../tests/support/test-flows'

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

/** An application to `lender_id`; its answer's status and data. */
async function apply(token: string, lender_id: string, amount: number, term: number) {
  const agreements = { loan: true, contract: true, third_party: true }
  const { body } = await sb.call('applyLoan', { token, idempotencyKey: randomUUID(), input: { lender_id, amount, term, purpose: 'shopping', agreements } })
  return body
}

// rules: flow-lender-offer
test('the match list, each lender\'s trial and the application agree with what the lender\'s records offer the borrower', async () => {
  const { token } = await sb.login(approvedPhone)
  const records = recordsOf(sb.db, approvedPhone, sb.clock.now())
  const offers = offersFor(records.loanUser.credit_limit!, records.loanUser.apr!)
  const { items } = await sb.ok('listMatches', { token })
  expect(items.map(({ lender_id, credit_limit, apr, terms }) => ({ lender_id, credit_limit, apr, terms }))).toEqual(offers)
  for (const offer of offers) {
    for (const term of contractTerms) {
      const offered = offer.terms.includes(term)
      const trial = await sb.call('trialLoan', { token, input: { amount: offer.credit_limit, term, lender_id: offer.lender_id } })
      expect([offer.lender_id, term, trial.body.status === 0 ? (trial.body.data as { apr: number }).apr : 'refused']).toEqual([offer.lender_id, term, offered ? offer.apr : 'refused'])
      if (!offered) expect(await apply(token, offer.lender_id, offer.credit_limit, term)).toMatchObject({ data: { field: 'term', code: 'term.invalid' } })
    }
    const over = offer.credit_limit + 10_000
    expect((await sb.call('trialLoan', { token, input: { amount: over, term: offer.terms[0]!, lender_id: offer.lender_id } })).body).toMatchObject({ data: { field: 'amount', code: 'amount.range' } })
    expect(await apply(token, offer.lender_id, over, offer.terms[0]!)).toMatchObject({ data: { field: 'amount', code: 'amount.range' } })
  }
  expect(recordsOf(sb.db, approvedPhone, sb.clock.now()).loans).toEqual([])

  // Within the offer each lender lends: at its limit, over its longest term, at its APR, to a borrower bound to it.
  for (const offer of offers) {
    const created = await sb.raw('/sandbox/borrowers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ like: 'approve' }) })
    const { phone } = created.body.data as { phone: string }
    const borrower = await sb.login(phone)
    await throughCard(sb, borrower.token, phone)
    sb.clock.advance(3_000)
    await sb.ok('getLoanUserStatus', { token: borrower.token })
    const own = recordsOf(sb.db, phone, sb.clock.now())
    const mine = offersFor(own.loanUser.credit_limit!, own.loanUser.apr!).find((o) => o.lender_id === offer.lender_id)!
    await bindLender(sb, borrower.token, phone, offer.lender_id)
    const term = Math.max(...mine.terms)
    expect((await apply(borrower.token, offer.lender_id, mine.credit_limit, term)).status).toBe(0)
    const [loan] = recordsOf(sb.db, phone, sb.clock.now()).loans
    expect({ lender: loan?.lender_id, amount: loan?.amount, term: loan?.term, apr: loan?.apr }).toEqual({ lender: offer.lender_id, amount: mine.credit_limit, term, apr: mine.apr })
  }
})
