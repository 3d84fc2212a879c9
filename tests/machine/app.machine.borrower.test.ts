import { expect, test } from 'vitest'
import type { CreditDecision, LenderMatch, LoanSummary, LoanUserStatus, RepayPlan } from '../../machines/ports'
import type { Script } from '../support/test-kit'
import { baseScript, debitCard, equalPeriodsPlan, fail, loanUser, repayingLoan, start } from '../support/test-kit'

/*
 * Periods only oldest first, the new loan's plan followed while the
 * lender pays it out, Back where a screen has somewhere to go back to, the rights card offered
 * only where its perks act, the periods a payment paid kept for its result, and the lender's own
 * price and the bound card on loan confirmation.
 */

const loan = repayingLoan({ loan_id: 'loan-3', next_due_amount: 202_929 })
const card = debitCard

function planOf(status: LoanSummary['status']): RepayPlan {
  return equalPeriodsPlan({ ...loan, status }, 3, 200_000)
}

function borrower(step: LoanUserStatus['step'], patch: Script = {}): Script {
  return {
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step, loan, loans: [loan] }),
    getRepayPlan: () => planOf('repaying'),
    trialRepayment: ({ input }) => ({ loan_id: input.loan_id, periods: input.periods.split(',').map(Number), principal: 200_000, interest: 2_929, fee: 0, penalty: 0, total: 202_929 }),
    showCard: () => ({ card }),
    submitRepayment: () => ({ repayment_id: 'rp-1', status: 'succeeded', failure_reason: null, loan }),
    ...patch,
  }
}

async function atRepayment(script: Script) {
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  return run
}

/** An approved borrower from home to the lenders' offers. */
async function toMatches(run: ReturnType<typeof start>) {
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  run.actor.send({ type: 'result.continue' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
}

// rules: flow-periods-in-order
test('only the earliest unpaid periods can be chosen, never a later one without the one before', async () => {
  const run = await atRepayment(borrower('repaying'))
  const snapshot = run.actor.getSnapshot()
  expect(snapshot.can({ type: 'repay.select', periods: [2] })).toBe(false)
  expect(snapshot.can({ type: 'repay.select', periods: [1, 3] })).toBe(false)
  expect(snapshot.can({ type: 'repay.select', periods: [2, 1] })).toBe(true)
  run.actor.send({ type: 'repay.select', periods: [3] })
  expect(run.actor.getSnapshot().context.drafts.repayment.periods).toEqual([])
})

test('the result keeps which periods the payment paid', async () => {
  const run = await atRepayment(borrower('repaying'))
  run.actor.send({ type: 'repay.select', periods: [1, 2] })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { repayDetail: 'ready' } } }))
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'ready' } } }))
  run.actor.send({ type: 'form.submit' })
  const done = await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  expect(done.context.repayment?.periods).toEqual([1, 2])
})

test('a new loan being paid out is read again until it is disbursed, and a restore reads it at once', async () => {
  let reads = 0
  const run = start(borrower('applied', { getRepayPlan: () => planOf(++reads < 3 ? 'disbursing' : 'repaying') }))
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  const paying = await run.until((s) => s.matches({ session: { screens: { loanPlan: { payingOut: 'waiting' } } } }))
  expect(paying.context.repayPlan?.loan.status).toBe('disbursing')
  expect(paying.hasTag('polling')).toBe(true)
  // Timers are not restored: the edge sends poll.now, which reads the plan now.
  run.actor.send({ type: 'poll.now' })
  await run.until((s) => reads === 2 && s.matches({ session: { screens: { loanPlan: { payingOut: 'waiting' } } } }))
  run.clock.increment(60_000)
  const ready = await run.until((s) => s.matches({ session: { screens: { loanPlan: 'ready' } } }))
  expect(ready.context.repayPlan?.loan.status).toBe('repaying')
  expect(reads).toBe(3)
})

test('Back leads somewhere from repayment, a refused repayment detail, review, result and match', async () => {
  const run = await atRepayment(borrower('repaying', { trialRepayment: () => fail({ kind: 'refused', status: 1010 }) }))
  expect(run.actor.getSnapshot().can({ type: 'step.back' })).toBe(true)
  run.actor.send({ type: 'repay.select', periods: [1] })
  run.actor.send({ type: 'form.submit' })
  const refused = await run.until((s) => s.matches({ session: { screens: { repayDetail: 'failed' } } }))
  expect(refused.can({ type: 'step.back' })).toBe(true)
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))

  const decision: CreditDecision = { status: 'approved', priority: false, credit_limit: 5_000_000, apr: 0.12, terms: [12], reason_code: null, retry_after: 0, decided_at: null }
  const approved = start({
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step: 'approved' }),
    getCreditDecision: () => decision,
    listMatches: () => ({ items: [] }),
  })
  await approved.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  approved.actor.send({ type: 'home.continue' })
  await approved.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  approved.actor.send({ type: 'result.continue' })
  await approved.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  approved.actor.send({ type: 'step.back' })
  await approved.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  approved.actor.send({ type: 'step.back' })
  await approved.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: flow-rights-before-decision
test('the rights card is offered before a decision, not to a repaying or overdue borrower', async () => {
  for (const [step, offered] of [['demand', true], ['review', true], ['repaying', false], ['overdue', false], ['approved', false]] as const) {
    const run = start(borrower(step))
    const home = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
    expect(home.can({ type: 'rights.open' }), step).toBe(offered)
  }
})

// rules: flow-lender-change-clears, field-agreements-unticked
test('loan confirmation shows no price but this lender’s, and knows the bound card', async () => {
  const decision: CreditDecision = { status: 'approved', priority: false, credit_limit: 5_000_000, apr: 0.12, terms: [12], reason_code: null, retry_after: 0, decided_at: null }
  const offer = (lender_id: string, apr: number): LenderMatch => ({ lender_id, name: lender_id, logo_url: '', credit_limit: 5_000_000, apr, terms: [12], recommended: false, highlights: [] })
  const answers: ((apr: number) => void)[] = []
  const run = start({
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step: 'approved', demand: { amount: 1_500_000, term: 12, purpose: 'shopping' } }),
    getCreditDecision: () => decision,
    showCard: () => ({ card }),
    listMatches: () => ({ items: [offer('lender-a', 0.18), offer('lender-b', 0.075)] }),
    trialLoan: () =>
      new Promise((resolve) =>
        answers.push((apr) => resolve({ amount: 1_000_000, term: 12, apr, monthly_payment: 86_000, total_interest: 32_000, total_fee: 0, total_repayment: 1_032_000, schedule: [] })),
      ),
  })
  await toMatches(run)
  run.actor.send({ type: 'match.select', lender_id: 'lender-a' })
  const first = await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'pricing' } } }) && answers.length === 1)
  expect(first.context.card).toEqual(card)
  answers[0]?.(0.18)
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'editing' } } }))
  // The borrower accepts lender A's contract and types its card code, then goes back for another lender.
  run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { agreements: { loan: true, contract: true, third_party: true }, code: '123456' } })
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  // Another lender: lender A's 18% must not stand beside lender B's schedule while B is priced.
  run.actor.send({ type: 'match.select', lender_id: 'lender-b' })
  const pricing = await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'pricing' } } }) && answers.length === 2)
  expect(pricing.context.trial).toBeNull()
  // Lender A's contract accepted is not lender B's (docs/product-rules.md#field-agreements-unticked), and
  // A's code and commit keys are not B's.
  expect(pricing.context.drafts.lendConfirm.agreements).toEqual({ loan: false, contract: false, third_party: false })
  expect(pricing.context.drafts.lendConfirm.code).toBe('')
  // The amount and term chosen stay with the borrower: the 15,000 CNY over 12 months of the demand.
  expect(pricing.context.drafts.lendConfirm).toMatchObject({ amount: 1_500_000, term: 12, bindKey: null, applyKey: null })
  answers[1]?.(0.075)
  const priced = await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'editing' } } }))
  expect(priced.context.trial?.apr).toBe(0.075)
})

// rules: flow-apr-before-commit
test('loan confirmation commits nothing while this lender’s price failed to load: no code, no loan, until it is priced', async () => {
  const decision: CreditDecision = { status: 'approved', priority: false, credit_limit: 5_000_000, apr: 0.12, terms: [12], reason_code: null, retry_after: 0, decided_at: null }
  const offer: LenderMatch = { lender_id: 'lender-a', name: 'lender-a', logo_url: '', credit_limit: 5_000_000, apr: 0.18, terms: [12], recommended: false, highlights: [] }
  let trials = 0
  const run = start({
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step: 'approved', demand: { amount: 1_500_000, term: 12, purpose: 'shopping' } }),
    getCreditDecision: () => decision,
    showCard: () => ({ card }),
    listMatches: () => ({ items: [offer] }),
    sendLenderCardCode: () => ({ request_id: 'req-1', phone_masked: '138****0001', expires_in: 300, resend_after: 60 }),
    trialLoan: () =>
      ++trials === 1
        ? fail({ kind: 'network' })
        : { amount: 1_500_000, term: 12, apr: 0.18, monthly_payment: 137_500, total_interest: 150_000, total_fee: 0, total_repayment: 1_650_000, schedule: [] },
  })
  await toMatches(run)
  run.actor.send({ type: 'match.select', lender_id: 'lender-a' })
  const unpriced = await run.until((s) => s.matches({ session: { screens: 'lendConfirm' } }) && !s.hasTag('busy') && s.context.errorCode === 'network')
  expect(unpriced.context.trial).toBeNull()
  // Everything else a commit needs is there: the agreements ticked, a code typed.
  run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { agreements: { loan: true, contract: true, third_party: true }, code: '123456' } })
  expect(run.actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
  if (run.actor.getSnapshot().can({ type: 'sms.send' })) {
    run.actor.send({ type: 'sms.send' })
    const sent = await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'codeSent' } } }))
    expect(sent.can({ type: 'form.submit' })).toBe(false)
  }
})
