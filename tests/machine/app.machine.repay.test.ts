import { expect, test } from 'vitest'
import type { ApiFailure, LoanUserStatus, RepaymentOutcome } from '../../machines/ports'
import type { Script } from '../support/test-kit'
import { baseScript, debitCard, equalPeriodsPlan, fail, loanUser, repayingLoan, settle, start } from '../support/test-kit'

const loan = repayingLoan()
const card = debitCard

function repayScript(outcome: RepaymentOutcome, settlesAs: RepaymentOutcome = 'succeeded'): Script {
  let last: LoanUserStatus['last_repayment'] = null
  return {
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step: 'repaying', loan, loans: [loan], last_repayment: last }),
    getRepayPlan: () => equalPeriodsPlan(loan, 6, 100_000),
    trialRepayment: ({ input }) => ({ loan_id: input.loan_id, periods: input.periods.split(',').map(Number), principal: 100_000, interest: 2_929, fee: 0, penalty: 0, total: 102_929 }),
    showCard: () => ({ card }),
    submitRepayment: () => {
      last = { repayment_id: 'rp-1', loan_id: 'loan-9', status: settlesAs, amount: 102_929, failure_reason: null }
      return { repayment_id: 'rp-1', status: outcome, failure_reason: outcome === 'failed' ? 'insufficient_funds' : null, loan }
    },
  }
}

type Run = ReturnType<typeof start>

async function payFirstPeriod(run: Run) {
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'repay.select', periods: [1] })
  run.actor.send({ type: 'form.submit' })
  const detail = await run.until((s) => s.matches({ session: { screens: { repayDetail: 'ready' } } }))
  expect(detail.context.repayTrial?.total).toBe(102_929)
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'ready' } } }))
  run.actor.send({ type: 'form.submit' })
  run.actor.send({ type: 'form.submit' })
}

/** The first payment's answer is `failure`, every later one the bank's success. */
async function payFailingOnce(failure: ApiFailure): Promise<Run> {
  const script = repayScript('succeeded')
  let attempts = 0
  const submit = script.submitRepayment
  script.submitRepayment = (args) => (++attempts === 1 ? fail(failure) : submit ? submit(args) : fail({ kind: 'network' }))
  const run = start(script)
  await payFirstPeriod(run)
  return run
}

/** From home, the rights sheet opened on its offer. */
async function openRightsFromHome(run: Run) {
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'rights.open' })
  await run.until((s) => s.matches({ session: { rights: 'offer' } }))
}

/** Both rights agreements ticked, then Buy. */
function agreeAndBuy(run: Run) {
  run.actor.send({ type: 'form.change', step: 'rights', patch: { reward: true, withhold_agreement: true } })
  run.actor.send({ type: 'rights.buy' })
}

test('a successful repayment shows success and was paid once', async () => {
  const run = start(repayScript('succeeded'))
  await payFirstPeriod(run)
  const done = await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  expect(run.callsOf('submitRepayment')).toHaveLength(1)
  expect(run.callsOf('submitRepayment')[0]?.args).toMatchObject({
    input: { loan_id: 'loan-9', periods: [1], amount: 102_929, card_id: 'card-1' },
  })
  // Back to the payment screen is refused once paid.
  expect(done.can({ type: 'xstate.route', to: '#paymentConfirm' })).toBe(false)
})

test('a failed repayment shows the failure and offers to try again', async () => {
  const run = start(repayScript('failed'))
  await payFirstPeriod(run)
  const failed = await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'failed' } } }))
  expect(failed.context.repayment?.failure_reason).toBe('insufficient_funds')
  expect(failed.context.repayment?.amount).toBe(102_929)
  run.actor.send({ type: 'repay.again' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
})

test('a processing repayment is polled until the bank settles it', async () => {
  const run = start(repayScript('processing', 'succeeded'))
  await payFirstPeriod(run)
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: { processing: 'waiting' } } } }))
  run.clock.increment(60_000)
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
})

test('a processing repayment the borrower stops watching leaves for home', async () => {
  const run = start(repayScript('processing', 'processing'))
  await payFirstPeriod(run)
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: { processing: 'waiting' } } } }))
  run.actor.send({ type: 'poll.stop' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: idem-key-reuse
test('a lost payment answer is retried with the same key and never paid twice', async () => {
  const run = await payFailingOnce({ kind: 'network' })
  const uncertain = await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'uncertain' } } }))
  expect(uncertain.context.errorCode).toBe('network')
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  const keys = run.callsOf('submitRepayment').map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)
  expect(keys).toEqual(['id-1', 'id-1'])
})

// rules: error-server-5xx, idem-key-reuse
test('a payment answered by a failing server (HTTP 502, no envelope) is uncertain: retried under the same key', async () => {
  const run = await payFailingOnce({ kind: 'refused', status: 502 })
  // A gateway's 502 may follow a payment the bank took: a fresh key could charge twice.
  const uncertain = await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'uncertain' } } }))
  expect(uncertain.context.drafts.repayment.payKey).toBe('id-1')
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  const keys = run.callsOf('submitRepayment').map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)
  expect(keys).toEqual(['id-1', 'id-1'])
})

// rules: idem-key-reuse
test('a payment whose answer was lost, chosen again from the plan, is the same payment: its key is reused', async () => {
  const run = await payFailingOnce({ kind: 'refused', status: 502 })
  await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'uncertain' } } }))
  // The borrower types the plan's address, then comes back to the repayment screen.
  run.actor.send({ type: 'xstate.route', to: '#repayPlan' })
  await run.until((s) => s.matches({ session: { screens: 'repayPlan' } }))
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'repay.select', periods: [1] })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { repayDetail: 'ready' } } }))
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { paymentConfirm: 'ready' } } }))
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  const keys = run.callsOf('submitRepayment').map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)
  expect(keys).toEqual(['id-1', 'id-1'])
})

// rules: idem-key-after-refusal
test('a refused payment goes back to the confirm screen with the reason, and the next try is a new payment', async () => {
  const run = await payFailingOnce({ kind: 'refused', status: 1009 })
  const refused = await run.until((s) => s.context.errorStatus === 1009)
  // A refusal is the server's final answer: not "uncertain", and the borrower may pay again.
  expect(refused.matches({ session: { screens: { paymentConfirm: 'ready' } } })).toBe(true)
  expect(refused.context.errorCode).toBe('refused')
  expect(refused.context.drafts.repayment.payKey).toBeNull()
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { repaymentResult: 'succeeded' } } }))
  const keys = run.callsOf('submitRepayment').map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)
  expect(keys).toEqual(['id-1', 'id-2'])
})

test('the repayment plan opens from the repayment screen', async () => {
  const run = start(repayScript('succeeded'))
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'repay.plan' })
  const plan = await run.until((s) => s.matches({ session: { screens: { repayPlan: 'ready' } } }))
  expect(plan.context.repayPlan?.loan.loan_id).toBe('loan-9')
  expect(run.callsOf('getRepayPlan').at(-1)?.args).toEqual({ input: { loan_id: 'loan-9' } })
})

const product = { product_id: 'rights-1', name: 'Rights', price: 9_900, original_price: null, valid_days: 30, benefits: [], detail_html: '' }

function rightsScript(orderStatuses: ('pending' | 'paid' | 'failed')[]): Script {
  let i = 0
  const order = () => ({
    order_id: 'ord-1',
    product_id: 'rights-1',
    amount: 9_900,
    status: orderStatuses[Math.min(i++, orderStatuses.length - 1)] ?? 'paid',
    created_at: '',
    paid_at: null,
    failure_reason: null,
  })
  return {
    ...baseScript(),
    getLoanUserStatus: () => loanUser({ step: 'review' }),
    showRewardProduct: () => ({ product, owned: false, order: null }),
    showCard: () => ({ card }),
    buyRewardProduct: () => ({ order: order() }),
    getRewardOrder: () => ({ order: order() }),
    reportDevice: () => ({ recorded: true }),
    getCreditDecision: () => ({ status: 'reviewing', priority: false, credit_limit: null, apr: null, terms: [], reason_code: null, retry_after: 0, decided_at: null }),
  }
}

test('buying the rights card from review settles the order and returns to the review', async () => {
  const run = start(rightsScript(['pending', 'paid']))
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { review: { polling: 'waiting' } } } }))
  run.actor.send({ type: 'rights.open' })
  await run.until((s) => s.matches({ session: { rights: 'offer' } }))
  expect(run.actor.getSnapshot().can({ type: 'rights.buy' })).toBe(false)
  agreeAndBuy(run)
  run.actor.send({ type: 'rights.buy' })
  await run.until((s) => s.matches({ session: { rights: { polling: 'waiting' } } }))
  run.clock.increment(10_000)
  const owned = await run.until((s) => s.matches({ session: { rights: 'owned' } }))
  expect(owned.context.rights.owned).toBe(true)
  expect(run.callsOf('buyRewardProduct')).toHaveLength(1)
  expect(run.callsOf('buyRewardProduct')[0]?.args).toMatchObject({ idempotencyKey: 'id-1', input: { card_id: 'card-1' } })
  run.actor.send({ type: 'rights.close' })
  await settle()
  expect(run.actor.getSnapshot().context.screen).toBe('review')
  expect(run.actor.getSnapshot().matches({ session: { screens: 'review' } })).toBe(true)
})

test('a failed rights order can be bought again', async () => {
  const run = start(rightsScript(['failed', 'paid']))
  await openRightsFromHome(run)
  agreeAndBuy(run)
  await run.until((s) => s.matches({ session: { rights: 'failed' } }))
  run.actor.send({ type: 'rights.buy' })
  await run.until((s) => s.matches({ session: { rights: 'owned' } }))
  const keys = run.callsOf('buyRewardProduct').map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)
  expect(keys).toEqual(['id-1', 'id-2'])
})

test('a rights offer that fails to load in the sheet offers Retry, which loads it', async () => {
  const script = rightsScript(['paid'])
  let loads = 0
  const show = script.showRewardProduct
  // Home's own read succeeds; the sheet's read is lost once.
  script.showRewardProduct = (args) => (++loads === 2 ? fail({ kind: 'network' }) : show ? show(args) : fail({ kind: 'network' }))
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'rights.open' })
  const failed = await run.until((s) => s.context.errorCode === 'network')
  expect(failed.can({ type: 'retry' })).toBe(true)
  run.actor.send({ type: 'retry' })
  const offer = await run.until((s) => s.matches({ session: { rights: 'offer' } }))
  expect(offer.context.errorCode).toBeNull()
})

test('a refused repayment plan is left with Back, as its notice says', async () => {
  const script = repayScript('succeeded')
  const plan = script.getRepayPlan
  let reads = 0
  // The repayment screen's read of the plan succeeds; the plan screen's is refused.
  script.getRepayPlan = (args) => (++reads === 2 ? fail({ kind: 'refused', status: 1000 }) : plan ? plan(args) : fail({ kind: 'network' }))
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'repay.plan' })
  const refused = await run.until((s) => s.matches({ session: { screens: { repayPlan: 'failed' } } }))
  expect(refused.can({ type: 'step.back' })).toBe(true)
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
})

test('without a bound card the rights card cannot be bought', async () => {
  const script = rightsScript(['paid'])
  script.showCard = () => ({ card: null })
  const run = start(script)
  await openRightsFromHome(run)
  agreeAndBuy(run)
  await run.until((s) => s.matches({ session: { rights: 'noCard' } }))
  expect(run.callsOf('buyRewardProduct')).toHaveLength(0)
})

test('a card unbound between the offer and the buy is forgotten, not named again', async () => {
  const script = rightsScript(['paid'])
  const bound = script.showCard
  let reads = 0
  // The offer names the bound card; by the buy, the bank has unbound it.
  script.showCard = (args) => (++reads === 1 && bound ? bound(args) : { card: null })
  const run = start(script)
  await openRightsFromHome(run)
  expect(run.actor.getSnapshot().context.card).not.toBeNull()
  agreeAndBuy(run)
  const noCard = await run.until((s) => s.matches({ session: { rights: 'noCard' } }))
  expect(noCard.context.card).toBeNull()
})

test('an agreement or the details opened from the rights sheet close back to the sheet, not the screen under it', async () => {
  const script = rightsScript(['paid'])
  const run = start(script)
  await openRightsFromHome(run)
  run.actor.send({ type: 'overlay.open', page: 'privacy', query: { key: 'reward', title: 'Rights' } })
  await run.until((s) => s.matches({ session: 'overlay' }))
  run.actor.send({ type: 'overlay.close' })
  await run.until((s) => s.matches({ session: { rights: 'offer' } }))
  // Back in the browser returns to the opener's URL: the sheet again, then closing it, home.
  run.actor.send({ type: 'overlay.open', page: 'privacy', query: { key: 'withhold-agreement', title: 'Debit' } })
  await run.until((s) => s.matches({ session: 'overlay' }))
  run.actor.send({ type: 'xstate.route', to: '#home' })
  await run.until((s) => s.matches({ session: { rights: 'offer' } }))
  run.actor.send({ type: 'rights.close' })
  await settle()
  expect(run.actor.getSnapshot().matches({ session: { screens: 'home' } })).toBe(true)
})

test('an agreement opened from a screen closes back to that screen', async () => {
  const run = start(rightsScript(['paid']))
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'overlay.open', page: 'privacy', query: { key: 'privacy', title: 'Privacy' } })
  await run.until((s) => s.matches({ session: 'overlay' }))
  run.actor.send({ type: 'overlay.close' })
  await settle()
  expect(run.actor.getSnapshot().matches({ session: { screens: 'home' } })).toBe(true)
})
