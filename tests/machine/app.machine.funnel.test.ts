import { expect, test } from 'vitest'
import type { ApiFailure, CreditDecision, LoanStep, LoanSummary } from '../../machines/ports'
import type { Script } from '../support/test-kit'
import { reportInterruptedRequests, restoreSnapshot, serializeSnapshot, snapshotVersion } from '../../machines/persistence'
import { resumeRestored } from '../../machines/resume'
import { baseScript, fail, loanUser, settle, start } from '../support/test-kit'

const loan: LoanSummary = {
  loan_id: 'loan-1',
  lender_id: 'lender-a',
  lender_name: 'Lender A',
  amount: 1_000_000,
  term: 12,
  apr: 0.12,
  status: 'disbursing',
  created_at: '2025-01-01T00:00:00+08:00',
  disbursed_at: null,
  next_due_date: null,
  next_due_amount: null,
  outstanding_principal: 1_000_000,
  periods_paid: 0,
}

const decision = (status: CreditDecision['status']): CreditDecision => ({
  status,
  priority: false,
  credit_limit: status === 'approved' ? 5_000_000 : null,
  apr: status === 'approved' ? 0.12 : null,
  terms: [12],
  reason_code: status === 'rejected' ? 'score_too_low' : null,
  retry_after: 0,
  decided_at: null,
})

/** A small in-memory server whose step advances as the borrower completes each section. */
function funnelScript(outcome: 'approved' | 'rejected' = 'approved', reviewPolls = 1): Script {
  let step: LoanStep = 'demand'
  let polls = 0
  const status = () => loanUser({ step, loan: step === 'applied' ? loan : null, loans: step === 'applied' ? [loan] : [] })
  const trial = (amount: number, term: number) => ({
    amount,
    term: term as 12,
    apr: 0.12,
    monthly_payment: 88_849,
    total_interest: 66_188,
    total_fee: 0,
    total_repayment: 1_066_188,
    schedule: [],
  })
  return {
    ...baseScript(),
    getLoanUserStatus: () => status(),
    trialLoan: ({ input }) => trial(input.amount, input.term),
    updateLoanUser: ({ input }) => {
      step = input.section === 'demand' ? 'face' : input.section === 'basic' ? 'asset' : 'contact'
      return status()
    },
    startBiometricSession: () => ({ session_id: 'bio-1', verify_url: 'https://vendor.test/v', expires_at: '' }),
    getBiometricResult: () => {
      step = 'basic'
      return { session_id: 'bio-1', status: 'passed', real_name: '李雷', id_number: '11010519491231002X', failure_reason: null }
    },
    saveContacts: () => {
      step = 'bank_card'
      return status()
    },
    sendCardCode: () => ({ request_id: 'sms-1', phone_masked: '138****0000', resend_after: 60, expires_in: 300, bank_name: 'ICBC', luhn_warning: false }),
    confirmCard: () => {
      step = 'review'
      return {
        card: { card_id: 'card-1', bank_name: 'ICBC', bank_code: 'ICBC', last4: '0000', card_type: 'debit', reserved_phone_masked: '138****0000' },
        status: status(),
      }
    },
    reportDevice: () => ({ recorded: true }),
    getCreditDecision: () => {
      if (++polls <= reviewPolls) return decision('reviewing')
      step = outcome
      return decision(outcome)
    },
    listSupermarketProducts: () => ({
      items: [{ product_id: 'p-1', name: 'Other', logo_url: '', amount_min: 0, amount_max: 1, apr_min: 0.1, apr_max: 0.2, terms: [12], url: 'https://other.test', tags: [] }],
      total: 1,
    }),
    listMatches: () => ({
      items: [{ lender_id: 'lender-a', name: 'Lender A', logo_url: '', credit_limit: 5_000_000, apr: 0.12, terms: [12], recommended: true, highlights: [] }],
    }),
    sendLenderCardCode: () => ({ request_id: 'sms-2', phone_masked: '138****0000', resend_after: 60, expires_in: 300 }),
    confirmLenderCard: ({ input }) => ({ lender_id: input.lender_id, card_id: 'card-1', bound: true }),
    applyLoan: () => {
      step = 'applied'
      return { loan, status: status() }
    },
    getRepayPlan: () => ({
      loan,
      periods: [],
      totals: { principal: 0, interest: 0, fee: 0, penalty: 0, amount: 0, paid: 0, outstanding: 0 },
    }),
  }
}

type Run = ReturnType<typeof start>

async function toHome(run: Run) {
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
}

async function fillDemandAndSubmit(run: Run) {
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { loanDemand: 'editing' } } }))
  run.actor.send({
    type: 'form.change',
    step: 'demand',
    patch: { purpose: 'travel', agreements: { register: true, user: true, privacy: true, personal_consent: true } },
  })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'facialIdentification')
}

async function passFace(run: Run) {
  run.actor.send({ type: 'form.change', step: 'face', patch: { face_consent: true, sensitive_consent: true } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { facialIdentification: 'verifying' } } }))
  run.actor.send({ type: 'xstate.route', to: '#facialIdentification' })
  await run.until((s) => s.context.screen === 'basicInfo')
}

async function fillBasic(run: Run) {
  run.actor.send({
    type: 'form.change',
    step: 'basic',
    patch: { education: 'bachelor', marital_status: 'single', province_id: '44', city_id: '4403', district_id: '440305', address: '科技园路 1 号' },
  })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'assetInfo')
}

async function fillAssetAndContacts(run: Run) {
  run.actor.send({
    type: 'form.change',
    step: 'asset',
    patch: { occupation: 'employee', income_band: '5k_10k', housing: 'rented', car: 'none', social_insurance: true, provident_fund: true, credit_card: false },
  })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'contact')
  run.actor.send({
    type: 'form.change',
    step: 'contact',
    patch: {
      contacts: [
        { relation: 'parent', name: '李父', phone: '13900000001' },
        { relation: 'friend', name: '韩梅梅', phone: '13900000002' },
      ],
      form: true,
    },
  })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'bankCard')
}

/** Card number and reserved phone given, the code asked for; resolves once it is sent. */
async function sendCardCode(run: Run) {
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { card_number: '6222020000000000000', reserved_phone: '13800000000' } })
  run.actor.send({ type: 'sms.send' })
  return await run.until((s) => s.matches({ session: { screens: { bankCard: 'codeSent' } } }))
}

/** A borrower whose application the server has at `step`, resumed there from home. */
async function resumedAt(script: Script, step: LoanStep) {
  script.getLoanUserStatus = () => loanUser({ step })
  const run = start(script)
  await toHome(run)
  run.actor.send({ type: 'home.continue' })
  return run
}

async function bindCard(run: Run) {
  await sendCardCode(run)
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '123456', withhold_agreement: true } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'review')
}

// rules: flow-order
test('a borrower walks the whole funnel from home to the loan plan', async () => {
  const run = start(funnelScript('approved'))
  await toHome(run)
  await fillDemandAndSubmit(run)
  const demandCall = run.callsOf('updateLoanUser')[0]?.args
  expect(demandCall).toMatchObject({ input: { section: 'demand', amount: 1_000_000, term: 12, purpose: 'travel' } })
  await passFace(run)
  // The name and ID number read from the ID document prefill basic info.
  expect(run.actor.getSnapshot().context.drafts.basic.real_name).toBe('李雷')
  await fillBasic(run)
  await fillAssetAndContacts(run)
  await bindCard(run)
  expect(run.callsOf('confirmCard')[0]?.args).toMatchObject({ idempotencyKey: 'id-1' })

  await run.until((s) => s.matches({ session: { screens: { review: { polling: 'waiting' } } } }))
  run.clock.increment(60_000)
  await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  run.actor.send({ type: 'result.continue' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  run.actor.send({ type: 'match.select', lender_id: 'lender-a' })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'editing' } } }))
  expect(run.callsOf('trialLoan').at(-1)?.args).toMatchObject({ input: { lender_id: 'lender-a' } })
  run.actor.send({ type: 'sms.send' })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'codeSent' } } }))
  run.actor.send({
    type: 'form.change',
    step: 'lendConfirm',
    patch: { code: '654321', agreements: { loan: true, contract: true, third_party: true } },
  })
  run.actor.send({ type: 'form.submit' })
  // The lender is still paying the new loan out: the plan is polled until it is disbursed.
  const plan = await run.until((s) => s.matches({ session: { screens: { loanPlan: 'payingOut' } } }))
  expect(plan.context.loan?.loan_id).toBe('loan-1')
  expect(plan.context.repayPlan?.loan.loan_id).toBe('loan-1')
  expect(run.callsOf('applyLoan')).toHaveLength(1)
})

test('a declined borrower sees other lenders in the loan supermarket', async () => {
  const script = funnelScript('rejected', 0)
  const run = await resumedAt(script, 'review')
  const snap = await run.until((s) => s.matches({ session: { screens: { result: { rejected: 'ready' } } } }))
  expect(snap.context.credit?.reason_code).toBe('score_too_low')
  expect(snap.context.supermarket?.[0]?.product_id).toBe('p-1')
})

// rules: flow-poll-backoff
test('a slow review reaches the polling cap and the borrower may keep waiting or leave', async () => {
  const script = funnelScript('approved', 1_000)
  const run = await resumedAt(script, 'review')
  for (let i = 0; i < 40 && !run.actor.getSnapshot().matches({ session: { screens: { review: { polling: 'slow' } } } }); i++) {
    await run.until((s) => s.matches({ session: { screens: { review: { polling: 'waiting' } } } }) || s.matches({ session: { screens: { review: { polling: 'slow' } } } }))
    run.clock.increment(60_000)
    await settle()
  }
  expect(run.actor.getSnapshot().matches({ session: { screens: { review: { polling: 'slow' } } } })).toBe(true)
  expect(run.callsOf('getCreditDecision')).toHaveLength(20)
  run.actor.send({ type: 'poll.stop' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: nothing-lost-drafts, flow-relogin-returns, security-token
test('a 401 in the middle of the funnel keeps every draft and returns to the same step after a new token', async () => {
  const script = funnelScript()
  let expired = false
  const save = script.updateLoanUser
  script.updateLoanUser = (args) => {
    if (args.input.section === 'basic' && !expired) {
      expired = true
      fail({ kind: 'unauthorized' })
    }
    return save ? save(args) : fail({ kind: 'network' })
  }
  const run = start(script)
  await toHome(run)
  await fillDemandAndSubmit(run)
  await passFace(run)
  run.actor.send({
    type: 'form.change',
    step: 'basic',
    patch: { education: 'bachelor', marital_status: 'single', province_id: '44', city_id: '4403', district_id: '440305', address: '科技园路 1 号' },
  })
  run.actor.send({ type: 'form.submit' })
  const waiting = await run.until((s) => s.matches('reauth'))
  expect(waiting.context.drafts.basic.address).toBe('科技园路 1 号')
  expect(waiting.context.drafts.basic.id_number).toBe('11010519491231002X')
  expect(waiting.context.drafts.demand.purpose).toBe('travel')

  run.actor.send({ type: 'bridge.payload', token: 'renewed' })
  // Back where it was: the save runs again with the same draft and moves on.
  await run.until((s) => s.context.screen === 'assetInfo')
  expect(run.callsOf('updateLoanUser').filter((c) => (c.args as { input: { section: string } }).input.section === 'basic')).toHaveLength(2)
})

// rules: idem-single-submit
test('repeated submits while binding the card make one call', async () => {
  const script = funnelScript()
  let release: () => void = () => {}
  const confirm = script.confirmCard
  script.confirmCard = async (args) => {
    await new Promise<void>((resolve) => (release = resolve))
    return confirm ? confirm(args) : fail({ kind: 'network' })
  }
  const run = await resumedAt(script, 'bank_card')
  await sendCardCode(run)
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '123456', withhold_agreement: true } })
  run.actor.send({ type: 'form.submit' })
  run.actor.send({ type: 'form.submit' })
  run.actor.send({ type: 'form.submit' })
  await settle()
  expect(run.callsOf('confirmCard')).toHaveLength(1)
  release()
  await run.until((s) => s.context.screen === 'review')
})

/** A borrower on the card step whose first binding, with `code`, fails with `failure`; later ones go through. */
/** The script with its first `name` call failing with `failure`; later ones answer as the script did. */
function failingFirst(script: Script, name: 'confirmCard' | 'confirmLenderCard' | 'applyLoan', failure: ApiFailure): Script {
  const answer = script[name] as ((args: unknown) => unknown) | undefined
  let first = true
  const failOnce = (args: unknown) => {
    if (first) {
      first = false
      fail(failure)
    }
    return answer ? answer(args) : fail({ kind: 'network' })
  }
  return { ...script, [name]: failOnce }
}

async function cardBindingFirstFailing(failure: ApiFailure, code: string) {
  const script = failingFirst(funnelScript(), 'confirmCard', failure)
  const run = await resumedAt(script, 'bank_card')
  await sendCardCode(run)
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code, withhold_agreement: true } })
  run.actor.send({ type: 'form.submit' })
  return run
}

const keysOf = (run: Run, call: 'confirmCard' | 'confirmLenderCard' | 'applyLoan') =>
  run.callsOf(call).map((c) => (c.args as { idempotencyKey: string }).idempotencyKey)

// rules: idem-key-after-refusal
test('a wrong SMS code is refused, the borrower stays with the code screen and a new key is made', async () => {
  const run = await cardBindingFirstFailing({ kind: 'refused', status: 1008 }, '000000')
  const refused = await run.until((s) => s.context.errorStatus === 1008)
  expect(refused.matches({ session: { screens: { bankCard: 'codeSent' } } })).toBe(true)
  expect(refused.context.drafts.bankCard.card_number).toBe('6222020000000000000')
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '123456' } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'review')
  expect(keysOf(run, 'confirmCard')).toEqual(['id-1', 'id-2'])
})

test('a lost answer to the card binding, then a new code: the new binding goes under a new key', async () => {
  // The lost binding may have gone through and be held under its key; the new code makes another
  // request, which under that key the server refuses (1005), in words meant for developers.
  const run = await cardBindingFirstFailing({ kind: 'network' }, '123456')
  await run.until((s) => s.context.errorCode === 'network')
  run.input.clockMs.value += 60_000
  run.actor.send({ type: 'sms.resend' })
  await run.until((s) => s.matches({ session: { screens: { bankCard: 'codeSent' } } }) && run.callsOf('sendCardCode').length === 2)
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '654321' } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'review')
  expect(keysOf(run, 'confirmCard')).toEqual(['id-1', 'id-2'])
})

// rules: field-sms-resend
test('the SMS resend waits for the deadline kept in context', async () => {
  const script = funnelScript()
  const run = await resumedAt(script, 'bank_card')
  const sent = await sendCardCode(run)
  expect(sent.context.cardSms?.resendAt).toBe(run.input.clockMs.value + 60_000)
  expect(sent.can({ type: 'sms.resend' })).toBe(false)
  run.input.clockMs.value += 60_000
  expect(run.actor.getSnapshot().can({ type: 'sms.resend' })).toBe(true)
  run.actor.send({ type: 'sms.resend' })
  await run.until((s) => s.matches({ session: { screens: { bankCard: 'codeSent' } } }) && run.callsOf('sendCardCode').length === 2)
})

/** An approved borrower on the loan confirmation, the lender's binding code sent. */
async function lenderCodeSent(script: Script) {
  script.getCreditDecision = () => decision('approved')
  const run = await resumedAt(script, 'approved')
  await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  run.actor.send({ type: 'result.continue' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  run.actor.send({ type: 'match.select', lender_id: 'lender-a' })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'editing' } } }))
  run.actor.send({ type: 'form.change', step: 'demand', patch: { purpose: 'travel' } })
  run.actor.send({ type: 'sms.send' })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'codeSent' } } }))
  return run
}

test("a lost answer to the lender's card binding, then a new code: the new binding goes under a new key", async () => {
  const run = await lenderCodeSent(failingFirst(funnelScript(), 'confirmLenderCard', { kind: 'network' }))
  run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { code: '111111', agreements: { loan: true, contract: true, third_party: true } } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.errorCode === 'network')
  run.input.clockMs.value += 60_000
  run.actor.send({ type: 'sms.resend' })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'codeSent' } } }) && run.callsOf('sendLenderCardCode').length === 2)
  run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { code: '222222' } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.context.screen === 'loanPlan')
  const keys = keysOf(run, 'confirmLenderCard')
  expect(keys).toHaveLength(2)
  expect(keys[1]).not.toBe(keys[0])
})

// rules: idem-key-reuse
test('a lost answer to the loan application is retried with the same key, never a new submit', async () => {
  const run = await lenderCodeSent(failingFirst(funnelScript(), 'applyLoan', { kind: 'timeout' }))
  run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { code: '1', agreements: { loan: true, contract: true, third_party: true } } })
  run.actor.send({ type: 'form.submit' })
  const uncertain = await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'applyUncertain' } } }))
  expect(uncertain.context.errorCode).toBe('timeout')
  expect(uncertain.can({ type: 'form.submit' })).toBe(false)
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.context.screen === 'loanPlan')
  const keys = keysOf(run, 'applyLoan')
  expect(keys).toHaveLength(2)
  expect(keys[0]).toBe(keys[1])
})

test('a typed link to a step the server does not allow is refused and the borrower stays', async () => {
  const script = funnelScript()
  const run = await resumedAt(script, 'basic')
  await run.until((s) => s.context.screen === 'basicInfo')
  const before = run.actor.getSnapshot()
  expect(before.can({ type: 'xstate.route', to: '#review' })).toBe(false)
  run.actor.send({ type: 'xstate.route', to: '#review' })
  expect(run.actor.getSnapshot().context.screen).toBe('basicInfo')
  // An earlier step is fine: Back to the demand form.
  run.actor.send({ type: 'xstate.route', to: '#loanDemand' })
  expect(run.actor.getSnapshot().context.screen).toBe('loanDemand')
})

// rules: nothing-lost-snapshot, nothing-lost-reload
test('a reload in any state of the funnel lands on the same screen with its data', async () => {
  const stored: { value: string; raw: ReturnType<typeof serializeSnapshot>; screen: string | null; purpose: string | null }[] = []
  const run = start(funnelScript('approved'))
  run.actor.subscribe((snap) => {
    const value = JSON.stringify(snap.value)
    if (snap.status !== 'active' || stored.some((s) => s.value === value)) return
    stored.push({ value, raw: serializeSnapshot(run.actor.getPersistedSnapshot()), screen: snap.context.screen, purpose: snap.context.drafts.demand.purpose })
  })
  await toHome(run)
  await fillDemandAndSubmit(run)
  await passFace(run)
  await fillBasic(run)
  await fillAssetAndContacts(run)
  await bindCard(run)
  await run.until((s) => s.matches({ session: { screens: { review: { polling: 'waiting' } } } }))
  run.clock.increment(60_000)
  await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  run.actor.stop()

  const screens = new Set(stored.map((s) => s.screen))
  for (const screen of ['home', 'loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'review', 'result']) {
    expect(screens.has(screen)).toBe(true)
  }
  for (const entry of stored) {
    const snapshot = restoreSnapshot(entry.raw, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'restored' } })
    expect(snapshot).not.toBeNull()
    const again = start(funnelScript('approved'), { snapshot: snapshot as never })
    const restored = again.actor.getSnapshot()
    expect(JSON.stringify(restored.value)).toBe(entry.value)
    expect(restored.context.screen).toBe(entry.screen)
    expect(restored.context.drafts.demand.purpose).toBe(entry.purpose)
    again.actor.stop()
  }
})

/** The page's stored snapshot while the card is being bound (the confirmation never answers). */
async function storedWhileBindingCard() {
  const script = funnelScript()
  script.confirmCard = () => new Promise(() => {})
  const run = await resumedAt(script, 'bank_card')
  await sendCardCode(run)
  run.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '123456', withhold_agreement: true } })
  run.actor.send({ type: 'form.submit' })
  await run.until((s) => s.matches({ session: { screens: { bankCard: 'confirming' } } }))
  const raw = serializeSnapshot(run.actor.getPersistedSnapshot())
  run.actor.stop()
  return raw
}

// rules: nothing-lost-interrupted, idem-key-reuse
test('a reload while binding the card sends the same confirmation again with the same key and code', async () => {
  const raw = await storedWhileBindingCard()
  expect(raw.local).not.toContain('6222020000000000000')
  expect(raw.local).not.toContain('123456')

  const snapshot = restoreSnapshot(raw, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'fresh' } })
  const again = start(funnelScript(), { snapshot: snapshot as never })
  await again.until((s) => s.context.screen === 'review')
  expect(again.callsOf('confirmCard')[0]?.args).toEqual({
    input: { request_id: 'sms-1', code: '123456', agreements: { withhold_agreement: true } },
    idempotencyKey: 'id-1',
  })
  expect(again.actor.getSnapshot().context.drafts.bankCard.card_number).toBe('6222020000000000000')
})

test('a new web view on the code sent for a card asks for the card number again, not for the code', async () => {
  const script = funnelScript()
  const run = await resumedAt(script, 'bank_card')
  await sendCardCode(run)
  const raw = serializeSnapshot(run.actor.getPersistedSnapshot())
  run.actor.stop()

  // docs/product-rules.md#nothing-lost: card numbers live in sessionStorage, which a new web view does not have. The edge sends
  // poll.now after every restore (app-actor.ts).
  const snapshot = restoreSnapshot({ local: raw.local, session: null }, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'new' } })
  const again = start(script, { snapshot: snapshot as never })
  again.actor.send({ type: 'poll.now' })
  const form = await again.until((s) => s.matches({ session: { screens: { bankCard: 'editing' } } }))
  expect(form.context.drafts.bankCard.card_number).toBe('')
  expect(form.context.drafts.bankCard.reserved_phone).toBe('13800000000')
  expect(form.can({ type: 'sms.resend' })).toBe(false)
})

/** The card confirmation cut off with the page: what a new web view (no sessionStorage) restores. */
async function cardConfirmationInANewWebView(script: Script) {
  const raw = await storedWhileBindingCard()
  const snapshot = restoreSnapshot({ local: raw.local, session: null }, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'new' } })
  const again = start(script, { snapshot: snapshot as never })
  // What the edge does after every restore (app-actor.ts).
  reportInterruptedRequests(again.actor)
  return again
}

test('a card confirmation cut off by a closed web view is not sent again blank; bound, the review is next', async () => {
  const script = funnelScript()
  script.getLoanUserStatus = () => loanUser({ step: 'review', demand: { amount: 1_000_000, term: 12, purpose: 'shopping' } })
  const again = await cardConfirmationInANewWebView(script)
  const review = await again.until((s) => s.context.screen === 'review')
  expect(again.callsOf('confirmCard')).toEqual([])
  expect(review.context.loanUser?.step).toBe('review')
  expect(review.context.errorCode).toBeNull()
})

// rules: nothing-lost-interrupted
test('a card confirmation cut off by a closed web view that did not bind asks for the card again and says why', async () => {
  const script = funnelScript()
  script.getLoanUserStatus = () => loanUser({ step: 'bank_card', demand: { amount: 1_000_000, term: 12, purpose: 'shopping' } })
  const again = await cardConfirmationInANewWebView(script)
  const form = await again.until((s) => s.matches({ session: { screens: { bankCard: 'editing' } } }))
  expect(again.callsOf('confirmCard')).toEqual([])
  expect(form.context.errorCode).toBe('interrupted')
  expect(form.context.drafts.bankCard.reserved_phone).toBe('13800000000')

  // The card typed again goes with a new code under a new key: under the old one the server could
  // hold the cut-off binding (it may land late) and refuse this one as a different request.
  await sendCardCode(again)
  again.actor.send({ type: 'form.change', step: 'bankCard', patch: { code: '654321', withhold_agreement: true } })
  again.actor.send({ type: 'form.submit' })
  await again.until((s) => s.context.screen === 'review')
  expect(keysOf(again, 'confirmCard')).toEqual(['new'])
})

// rules: nothing-lost-timers
test('a reload during review polling asks at once as the page resumes it, with no timer carried over', async () => {
  const script = funnelScript('approved', 1)
  const run = await resumedAt(script, 'review')
  await run.until((s) => s.matches({ session: { screens: { review: { polling: 'waiting' } } } }))
  const raw = serializeSnapshot(run.actor.getPersistedSnapshot())
  run.actor.stop()
  const snapshot = restoreSnapshot(raw, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'x' } })
  const again = start(funnelScript('approved', 0), { snapshot: snapshot as never })
  // What the page does with a restored snapshot: the wait's timer is gone, so it must ask now.
  resumeRestored(again.actor as never, { token: null, deepLink: null })
  await again.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
})

test('an amount changed while the price is loading is priced, so the price shown is the draft\'s', async () => {
  const slowFirst: { release?: () => void } = {}
  const script = funnelScript()
  const priced = script.trialLoan!
  let calls = 0
  script.trialLoan = (args) => {
    calls += 1
    // The first trial hangs until released, like a slow network.
    if (calls === 1) return new Promise((resolve) => (slowFirst.release = () => resolve(priced(args))))
    return priced(args)
  }
  const run = start(script)
  await toHome(run)
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { loanDemand: 'pricing' } } }))
  run.actor.send({ type: 'form.change', step: 'demand', patch: { amount: 5_000_000 } })
  await run.until((s) => s.matches({ session: { screens: { loanDemand: 'editing' } } }))
  slowFirst.release?.()
  await settle()
  expect(run.actor.getSnapshot().context.trial?.amount).toBe(5_000_000)
  expect(run.callsOf('trialLoan').at(-1)?.args).toMatchObject({ input: { amount: 5_000_000 } })
})
