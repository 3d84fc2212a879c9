import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { AppEvent, Drafts, DraftStep } from '../../machines/app.machine'
import { appMachine } from '../../machines/app.machine'
import type { Expectation, StepAction } from './engine/explore'
import { failureKinds, fixtures, formSamples } from './engine/fixtures'
import { actionOf, contextText, goldenFile, parseGolden, stateText, type GoldenPath } from './engine/golden'
import { instrument } from './engine/instrument'
import type { PathStep } from './engine/model-path'
import { replayPath } from './engine/replay'
import { choosePeriod } from '../../machines/repay-order'
import { eventForLocation } from '../../machines/routes'
import { blanks } from '../support/machine-checks'
import { machineVerifier } from '../support/machine-verifier'
import { specPaths } from '../support/verify'

/*
 * The golden paths at their boundaries: where a path presses a form's button
 * with everything filled in, the same press with one required field blank must be refused (no
 * call: docs/product-rules.md#field-rules, "no call while a rule fails"), and an optional field given must be sent;
 * an SMS code may be sent again exactly when the 60 s countdown ends, not a moment before
 * (docs/product-rules.md#field-rules); a URL typed before its screen has anything to show is refused (docs/product-rules.md#screens-and-flow).
 * Each variant is a golden path's prefix, then the changed steps; the prefix is checked with the
 * machine-level verifications, the end with what the spec says about it.
 */

const model = instrument(appMachine)
const golden = parseGolden(readFileSync(path.join(path.resolve(import.meta.dirname, '../..'), goldenFile), 'utf8'))

/** The first golden step that takes `label` into a state whose text includes `lands`: its path and index. */
function firstTaking(label: string, lands: string): { g: GoldenPath; index: number } {
  for (const g of golden) {
    const index = g.path.steps.findIndex((step, i) => step.label === label && g.shows[i + 1]!.state.includes(lands))
    if (index >= 0) return { g, index }
  }
  throw new Error(`no golden path takes ${label} into ${lands}`)
}

/**
 * The first golden step that takes one of `labels`: its path and index. The seeded generation picks which
 * answer a path shows (any change to the model can swap a timeout for a lost connection), so a test that
 * only needs "an answer of this kind" names every label of the kind.
 */
function firstTakingAny(labels: readonly string[]): { g: GoldenPath; index: number } {
  for (const g of golden) {
    const index = g.path.steps.findIndex((step) => labels.includes(step.label))
    if (index >= 0) return { g, index }
  }
  throw new Error(`no golden path takes any of ${labels.join(', ')}`)
}

/** Every answer the model gives `src` (tests/model/engine/fixtures.ts), as path labels. */
function answersOf(src: string): string[] {
  const done = Object.keys(fixtures[src as keyof typeof fixtures] ?? {}).map((name) => `${src}.done:${name}`)
  return [...done, ...failureKinds.map((kind) => `${src}.error:${kind}`)]
}

const blankStep = (label: string, event: AppEvent): PathStep => ({ label, do: { kind: 'event', event }, expect: {} as Expectation })
const change = <K extends DraftStep>(step: K, patch: Partial<Drafts[K]>, label: string) => blankStep(`form.change(${label})`, { type: 'form.change', step, patch } as AppEvent)

/** Replays `steps`; the last must leave the state as it was before it (refused), or lead into `lands`. */
async function outcome(g: GoldenPath, steps: PathStep[], last: { refused: true } | { lands: string }): Promise<string | null> {
  let previous: Expectation | null = null
  let index = 0
  const compare = (_expected: Expectation, actual: Expectation): string[] => {
    const atEnd = index++ === steps.length
    const before = previous
    previous = actual
    if (!atEnd || before === null) return []
    if ('refused' in last) {
      return stateText(actual.state) === stateText(before.state) && JSON.stringify(actual.invoking) === JSON.stringify(before.invoking)
        ? []
        : [`should be refused (no call, same state), but went from ${stateText(before.state)} to ${stateText(actual.state)} calling ${actual.invoking.join(', ') || 'nothing'}`]
    }
    return stateText(actual.state).includes(last.lands) ? [] : [`should lead into ${last.lands}, but is in ${stateText(actual.state)}`]
  }
  const result = await replayPath(model, { ...g.path, steps }, { verifier: (p) => machineVerifier(p, model.machine), compare })
  return result.failure
}

/** A form's button and the fields it needs (docs/product-rules.md#screens-and-flow, docs/product-rules.md#field-rules), each blanked in turn. */
interface Gate {
  name: string
  press: string
  lands: string
  draft: DraftStep
  /** The completed sample the golden path typed, whose fields are blanked one at a time. */
  sample: string
  fields: string[]
}

const gates: Gate[] = [
  { name: 'loan demand', press: 'form.submit', lands: 'loanDemand.submitting', draft: 'demand', sample: 'demand:complete', fields: ['purpose', 'agreements.register', 'agreements.user', 'agreements.privacy', 'agreements.personal_consent'] },
  { name: 'face check', press: 'form.submit', lands: 'facialIdentification.startingSession', draft: 'face', sample: 'face:consent', fields: ['face_consent', 'sensitive_consent'] },
  {
    name: 'basic info',
    press: 'form.submit',
    lands: 'basicInfo.submitting',
    draft: 'basic',
    sample: 'basic:complete',
    fields: ['real_name', 'id_number', 'education', 'marital_status', 'province_id', 'city_id', 'district_id', 'address'],
  },
  {
    name: 'asset info',
    press: 'form.submit',
    lands: 'assetInfo.submitting',
    draft: 'asset',
    sample: 'asset:complete',
    fields: ['occupation', 'income_band', 'housing', 'car', 'social_insurance', 'provident_fund', 'credit_card'],
  },
  {
    name: 'contacts',
    press: 'form.submit',
    lands: 'contact.submitting',
    draft: 'contact',
    sample: 'contact:complete',
    fields: ['form', 'contacts.0.relation', 'contacts.0.name', 'contacts.0.phone', 'contacts.1.relation', 'contacts.1.name', 'contacts.1.phone'],
  },
  { name: 'bank card code', press: 'sms.send', lands: 'bankCard.sendingCode', draft: 'bankCard', sample: 'bankCard:card', fields: ['card_number', 'reserved_phone'] },
  { name: 'bank card binding', press: 'form.submit', lands: 'bankCard.confirming', draft: 'bankCard', sample: 'bankCard:code', fields: ['code', 'withhold_agreement'] },
  {
    name: 'lender binding',
    press: 'form.submit',
    lands: 'lendConfirm.confirmingCard',
    draft: 'lendConfirm',
    sample: 'lendConfirm:agree',
    fields: ['agreements.loan', 'agreements.contract', 'agreements.third_party', 'code'],
  },
  { name: 'rights purchase', press: 'rights.buy', lands: 'rights.checkingCard', draft: 'rights', sample: 'rights:agree', fields: ['reward', 'withhold_agreement'] },
]

/** The draft's fields as the completed sample and the earlier steps left them, with `field` (a dotted path) blank. */
function blanked(gate: Gate, steps: PathStep[], field: string): Record<string, unknown> {
  const typed: Record<string, unknown> = {}
  for (const step of steps) {
    const event = step.do.kind === 'event' ? (step.do.event as { type: string; step?: string; patch?: object }) : null
    if (event?.type === 'form.change' && event.step === gate.draft) Object.assign(typed, event.patch)
  }
  const [head = '', ...rest] = field.split('.')
  // The purpose may come from the server, so the drafts check leaves it out of `blanks`; not chosen is null.
  const blank = (blanks[gate.draft] as Record<string, unknown>)[head] ?? null
  if (rest.length === 0) return { [head]: blank }
  const copy = structuredClone(typed[head] ?? blank) as Record<string, unknown>
  let node = copy
  const blankNode = blank as Record<string, unknown>
  let blankAt: Record<string, unknown> = blankNode
  for (const key of rest.slice(0, -1)) {
    node = node[key] as Record<string, unknown>
    blankAt = blankAt[key] as Record<string, unknown>
  }
  const last = rest.at(-1)!
  node[last] = blankAt[last]
  return { [head]: copy }
}

const cases = gates.flatMap((gate) => gate.fields.map((field) => [gate.name, field, gate] as const))

test.each(cases)('%s: pressed with %s blank, nothing is sent', async (_name, field, gate) => {
  const { g, index } = firstTaking(gate.press, gate.lands)
  const prefix = g.path.steps.slice(0, index)
  expect(formSamples[gate.draft].some((s) => s.name === gate.sample)).toBe(true)
  const steps = [...prefix, change(gate.draft, blanked(gate, prefix, field) as never, `${gate.draft}:${field} blank`), g.path.steps[index]!]
  expect(await outcome(g, steps, { refused: true })).toBeNull()
})

test('the lender binding also needs the loan purpose of the demand (it goes with the application)', async () => {
  const { g, index } = firstTaking('form.submit', 'lendConfirm.confirmingCard')
  const steps = [...g.path.steps.slice(0, index), change('demand', { purpose: null }, 'demand:purpose blank'), g.path.steps[index]!]
  expect(await outcome(g, steps, { refused: true })).toBeNull()
})

// rules: field-email
test('basic info: an email given is sent with the section (it is optional, docs/product-rules.md#field-email)', async () => {
  const { g, index } = firstTaking('updateLoanUser.done:saved', 'assetInfo')
  const press = g.path.steps.slice(0, index).findLastIndex((s) => s.label === 'form.submit')
  // The request check (machine-checks.ts) compares the section sent with what was typed, email included.
  const steps = [...g.path.steps.slice(0, press), change('basic', { email: 'li.lei@example.cn' }, 'basic:email'), ...g.path.steps.slice(press, index + 1)]
  expect(await outcome(g, steps, { lands: 'assetInfo' })).toBeNull()
})

// ---- the SMS countdown: a deadline (docs/product-rules.md#field-rules) ----

for (const [screen, lands] of [
  ['bankCard', 'bankCard.sendingCode'],
  ['lendConfirm', 'lendConfirm.sendingCode'],
] as const) {
  // rules: field-sms-resend
  test(`${screen}: a new code can be asked for exactly 60 s after the last, not a moment before`, async () => {
    const { g, index } = firstTaking('sms.resend', lands)
    const waited = g.path.steps[index - 1]!
    expect(waited.label).toBe('wait:61s')
    const wait = (ms: number): PathStep => ({ label: `wait:${ms}ms`, do: { kind: 'wait', ms } as StepAction, expect: {} as Expectation })
    const head = g.path.steps.slice(0, index - 1)
    expect(await outcome(g, [...head, wait(59_999), g.path.steps[index]!], { refused: true })).toBeNull()
    expect(await outcome(g, [...head, wait(60_000), g.path.steps[index]!], { lands })).toBeNull()
  })
}

// ---- URLs typed before their screen has anything to show (docs/product-rules.md#screens-and-flow) ----

const typed = (page: string): PathStep => {
  const url = specPaths.get(page)
  const event = url === undefined ? null : eventForLocation(url)
  if (event === null) throw new Error(`no typed URL for ${page}`)
  return blankStep(`typed ${url}`, event)
}

test.each([
  ['repayDetail', 'no periods chosen'],
  ['paymentConfirm', 'no repayment priced'],
  ['repaymentResult', 'no payment made'],
])('repayment: typing the URL of %s with %s is refused', async (page) => {
  const { g, index } = firstTaking('getRepayPlan.done:plan', 'repayment.ready')
  expect(await outcome(g, [...g.path.steps.slice(0, index + 1), typed(page)], { refused: true })).toBeNull()
})

test('after paying, typing the repayment result URL is refused (only a payment leads there)', async () => {
  const { g, index } = firstTaking('submitRepayment.done:succeeded', 'repaymentResult')
  const steps = [...g.path.steps.slice(0, index + 1), blankStep('repay.again', { type: 'repay.again' }), typed('repaymentResult')]
  expect(await outcome(g, steps, { refused: true })).toBeNull()
})

test('match: typing the loan confirmation URL before choosing a lender is refused', async () => {
  const { g, index } = firstTaking('listMatches.done:matches', 'match.ready')
  expect(await outcome(g, [...g.path.steps.slice(0, index + 1), typed('lendConfirm')], { refused: true })).toBeNull()
})

// ---- failures of odd shapes (ports.ts: how an actor fails) ----

/** What an actor may reject with besides the catalogue's failures: a bug at the edge, a malformed refusal. */
const oddFailures: [string, unknown][] = [
  ['an exception thrown at the edge', new Error('edge bug')],
  ['a refusal without its status', { kind: 'refused' }],
  ['a shape with no kind', { status: 500 }],
  ['nothing', null],
  ['a bare string', 'failed'],
]

/**
 * Golden steps where a call's answer was lost (the network's, or the request timing out: which of
 * the two the edge cover takes is the generator's choice), with no failure before them in their path.
 */
const lostAnswers = golden.flatMap((g) => {
  const index = g.path.steps.findIndex((s) => s.label.endsWith('.error:network') || s.label.endsWith('.error:timeout'))
  return index >= 0 && !g.path.steps.slice(0, index).some((s) => s.do.kind === 'actor' && s.do.outcome === 'error') ? [{ g, index }] : []
})

test.each(oddFailures)('a call failing with %s is shown as an unexpected failure where a lost answer would be, with the same way out (docs/product-rules.md#errors)', async (_what, odd) => {
  // One of each kind of state that calls: the calls differ, the shapes (loading, submitting, committing, polling) too.
  const seen = new Set<string>()
  const picked = lostAnswers.filter(({ g, index }) => {
    const src = g.path.steps[index]!.label.split('.')[0]!
    if (seen.has(src)) return false
    seen.add(src)
    return true
  })
  expect(picked.length).toBeGreaterThan(5)
  for (const { g, index } of picked) {
    const wanted = g.shows[index + 1]!
    let step = 0
    const compare = (_expected: Expectation, actual: Expectation): string[] => {
      if (step++ !== index + 1) return []
      const shown = `${stateText(actual.state)}${contextText(actual.context)}`
      const expected = `${wanted.state}${wanted.context.replace(/error (network|timeout)/, 'error unexpected')}`
      return shown === expected ? [] : [`should show ${expected}, shows ${shown}`]
    }
    const result = await replayPath(model, { ...g.path, steps: g.path.steps.slice(0, index + 1) }, {
      verifier: (p) => machineVerifier(p, model.machine),
      compare,
      attach: () => {
        const inner = model.controller.current!
        model.controller.current = { invoke: (src, input, signal) => inner.invoke(src, input, signal).catch(() => Promise.reject(odd)) }
        return () => undefined
      },
    })
    expect(result.failure, g.path.id).toBeNull()
  }
})

// ---- typed URLs at every step of the application (docs/product-rules.md#flow-deep-link-clamp) ----

/** The server's steps the model answers with, and the screen each puts the borrower on. */
const serverSteps: [fixture: string, step: string][] = [
  ['atDemand', 'demand'],
  ['atFace', 'face'],
  ['atBasic', 'basic'],
  ['atAsset', 'asset'],
  ['atContact', 'contact'],
  ['atBankCard', 'bank_card'],
  ['inReview', 'review'],
  ['approved', 'approved'],
  ['applied', 'applied'],
  ['repaying', 'repaying'],
  ['rejected', 'rejected'],
  ['overdue', 'overdue'],
  ['settled', 'settled'],
  // A borrower who bought the rights card before the approval.
  ['approvedOwningRights', 'approved'],
]
const forms = ['loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard']
const formSteps = ['demand', 'face', 'basic', 'asset', 'contact', 'bank_card']

/**
 * Where a typed URL may take the borrower, by the server's step: back to any form up to the step
 * the server reports while applying (a form is saved again); from review on the application is
 * one-way; review while it runs, the result once decided, matching once approved; the loan plan and
 * repayment once there is a loan. Screens that show something chosen on the screen before them
 * (the lender's confirmation, a repayment's detail, payment and result) never open from a URL at home.
 */
function mayOpen(page: string, step: string): boolean {
  const form = forms.indexOf(page)
  // A settled borrower may apply again, from the demand (docs/product-rules.md#boot-resume-server-step: settled ends the loan, not the borrower).
  if (form >= 0) return step === 'settled' ? form === 0 : formSteps.includes(step) && form <= formSteps.indexOf(step)
  switch (page) {
    case 'review':
      return step === 'review'
    case 'result':
      return step === 'approved' || step === 'rejected'
    case 'match':
      return step === 'approved'
    case 'loanPlan':
    case 'repayment':
    case 'repayPlan':
      return ['applied', 'repaying', 'overdue'].includes(step)
    default:
      return false
  }
}

const pages = [...forms, 'review', 'result', 'match', 'lendConfirm', 'loanPlan', 'repayment', 'repayDetail', 'paymentConfirm', 'repaymentResult', 'repayPlan']

/** Home's buttons by the server's step: where Continue resumes (docs/product-rules.md#boot-resume-server-step), Repay with a loan, the rights card before a decision (docs/product-rules.md#flow-rights-before-decision). */
const resumesAt: Record<string, string> = {
  demand: 'loanDemand',
  face: 'facialIdentification',
  basic: 'basicInfo',
  asset: 'assetInfo',
  contact: 'contact',
  bank_card: 'bankCard',
  review: 'review',
  approved: 'result',
  applied: 'loanPlan',
  repaying: 'repayment',
  rejected: 'result',
  overdue: 'repayment',
  settled: 'loanDemand',
}
const hasLoan = (step: string) => ['applied', 'repaying', 'overdue'].includes(step)
const rightsOffered = (step: string) => [...formSteps, 'review', 'settled'].includes(step)

// rules: boot-resume-server-step, flow-rights-before-decision
test.each(serverSteps)('at home with the server at %s, each typed URL and button opens only what the step allows', async (fixture, step) => {
  const atHome = ['resolveBaseUrl.done:sandbox', 'lookupChannel.done:loginNotRequired', 'showUser.done:borrower', `getLoanUserStatus.done:${fixture}`, 'showRewardProduct.done:onSale'].map(
    (label): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation }),
  )
  const base = golden[0]!
  const problems: string[] = []
  const tryStep = async (what: string, last: PathStep, may: boolean, lands: string) => {
    const failure = await outcome(base, [...atHome, last], may ? { lands } : { refused: true })
    if (failure !== null) problems.push(`${what}: ${failure}`)
  }
  for (const page of pages) await tryStep(page, typed(page), mayOpen(page, step), `screens.${page}`)
  await tryStep('Continue', blankStep('home.continue', { type: 'home.continue' }), true, `screens.${resumesAt[step]!}`)
  await tryStep('Repay', blankStep('home.repay', { type: 'home.repay' }), hasLoan(step), 'screens.repayment')
  // An owner can always open the card to see what was bought.
  await tryStep('the rights card', blankStep('rights.open', { type: 'rights.open' }), rightsOffered(step) || fixture === 'approvedOwningRights', 'session.rights')
  expect(problems).toEqual([])
})

test('a payload with an empty token is no login (docs/product-rules.md#boot-and-login: parameters count only with a token)', async () => {
  const { g, index } = firstTaking('bridge.payload(token)', 'home')
  const steps = [...g.path.steps.slice(0, index), blankStep('bridge.payload(empty token)', { type: 'bridge.payload', token: '' })]
  expect(await outcome(g, steps, { refused: true })).toBeNull()
})

// ---- two loans, one settled (docs/product-rules.md#screens-and-flow: repayment lists the loans and what is due) ----

test('with a settled loan and an open one, Repay at home leads to the open loan, and its plan is what is read', async () => {
  const settled = { loan_id: 'loan-0', status: 'settled' }
  const open = { loan_id: 'loan-2', status: 'repaying' }
  const calls: { src: string; input: unknown }[] = []
  const steps = [
    'resolveBaseUrl.done:sandbox',
    'lookupChannel.done:loginNotRequired',
    'showUser.done:borrower',
    'getLoanUserStatus.done:repaying',
    'showRewardProduct.done:onSale',
    'home.repay',
    'getLoanUserStatus.done:repaying',
  ].map((label): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation }))
  let problems: string[] = []
  const result = await replayPath(model, { ...golden[0]!.path, steps }, {
    compare: (_expected, actual) => {
      const plan = calls.filter((c) => c.src === 'getRepayPlan').at(-1)
      problems = stateText(actual.state).includes('repayment.loadingPlan') ? (get(plan?.input, 'input', 'loan_id') === open.loan_id ? [] : [`the plan read is of ${JSON.stringify(plan?.input)}, not the open loan`]) : []
      return problems
    },
    attach: () => {
      const inner = model.controller.current!
      model.controller.current = {
        invoke: (src, input, signal) => {
          calls.push({ src, input })
          const answer = inner.invoke(src, input, signal)
          // The server's status with two loans listed, the settled one first; the current loan is the open one.
          return src === 'getLoanUserStatus'
            ? answer.then((status) => {
                const [loan] = (status as { loans: object[] }).loans
                return { ...(status as object), loan: { ...loan, ...open }, loans: [{ ...loan, ...settled }, { ...loan, ...open }] }
              })
            : answer
        },
      }
      return () => undefined
    },
  })
  expect(result.failure).toBeNull()
  expect(calls.some((c) => c.src === 'getRepayPlan')).toBe(true)
})

function get(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value)
}

// ---- a first visit: nothing chosen yet ----

test('a first application (the server remembers no demand) opens priced: the trial asks a price within the limits, and it is what is applied for', async () => {
  const labels = [
    'resolveBaseUrl.done:sandbox',
    'lookupChannel.done:loginNotRequired',
    'showUser.done:borrower',
    'getLoanUserStatus.done:atDemand',
    'showRewardProduct.done:onSale',
    'home.continue',
    'trialLoan.done:quote',
    'form.change(demand:complete)',
    'form.submit',
    'updateLoanUser.done:saved',
  ]
  const steps = labels.map((label): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation }))
  // The request checks (machine-checks.ts) hold the trial and the saved demand to docs/product-rules.md#field-amount-term's amounts and terms.
  expect(await outcome(golden[0]!, steps, { lands: 'facialIdentification' })).toBeNull()
})

// ---- after a refusal the next attempt is a new action: a new Idempotency-Key (docs/product-rules.md#idem-key-after-refusal) ----

// rules: idem-key-after-refusal
test.each([
  ['confirmLenderCard', ['form.submit', 'confirmLenderCard.done:bound'], 'lendConfirm.applying'],
  ['applyLoan', ['form.submit', 'applyLoan.done:applied'], 'loanPlan'],
  ['submitRepayment', ['form.submit', 'submitRepayment.done:succeeded'], 'repaymentResult'],
  ['buyRewardProduct', ['rights.buy', 'showCard.done:card', 'buyRewardProduct.done:paid'], 'rights.owned'],
] as const)('%s refused, then asked again: the request checks want a new key', async (src, again, lands) => {
  // Wherever a golden path has the call answered, it is refused there instead.
  const { g, index } = firstTakingAny(answersOf(src))
  const toStep = (label: string): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation })
  const steps = [...g.path.steps.slice(0, index), toStep(`${src}.error:refused`), ...again.map(toStep)]
  expect(await outcome(g, steps, { lands })).toBeNull()
})

// ---- a liveness check redone later in the application never moves the server's step back ----

test('identification redone at the asset step leaves the application at the asset step', async () => {
  const atHome = ['resolveBaseUrl.done:sandbox', 'lookupChannel.done:loginNotRequired', 'showUser.done:borrower', 'getLoanUserStatus.done:atAsset', 'showRewardProduct.done:onSale']
  const redo = ['form.change(face:consent)', 'form.submit', 'startBiometricSession.done:started', 'liveness.returned', 'getBiometricResult.done:passed']
  const toSteps = (labels: string[]) => labels.map((label): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation }))
  const steps = [...toSteps(atHome), typed('facialIdentification'), ...toSteps(redo)]
  // The held status is checked against the answers (machine-checks.ts): still `asset` after a pass.
  expect(await outcome(golden[0]!, steps, { lands: 'basicInfo' })).toBeNull()
})

// ---- the repayment choice on a plan of several periods, one paid (docs/product-rules.md#flow-periods-in-order) ----

/** Labelled steps from a named start (tests/model/engine/fixtures.ts), replayed with the machine-level checks. */
function walk(start: string, steps: (string | PathStep)[], last: { refused: true } | { lands: string }): Promise<string | null> {
  const path = steps.map((s): PathStep => (typeof s === 'string' ? { label: s, do: actionOf(s), expect: {} as Expectation } : s))
  return outcome({ ...golden[0]!, path: { ...golden[0]!.path, start } }, path, last)
}

const atHomeWith = (status: string) => ['resolveBaseUrl.done:sandbox', 'lookupChannel.done:loginNotRequired', 'showUser.done:borrower', `getLoanUserStatus.done:${status}`, 'showRewardProduct.done:onSale']
/** At the repayment screen of a loan whose plan has period 1 paid, 2 due, 3 and 4 upcoming. */
const atPartlyPaidPlan = [...atHomeWith('repaying'), 'home.repay', 'getLoanUserStatus.done:repaying', 'getRepayPlan.done:partlyPaid']
const select = (periods: number[]) => blankStep(`repay.select(${periods.join(',')})`, { type: 'repay.select', periods })

test.each([
  ['period-1', 'the paid period 1'],
  ['period-3', 'period 3 without the due period 2'],
  ['periods-2-4', 'periods 2 and 4 without 3'],
  ['period-7', 'a period the plan does not have'],
])('repayment: choosing %s (%s) is refused, so Next has nothing to price', async (sample) => {
  // The request and draft checks (machine-checks.ts) hold the choice to the plan: unpaid, oldest first.
  expect(await walk('fresh', [...atPartlyPaidPlan, `repay.select(${sample})`, 'form.submit'], { refused: true })).toBeNull()
})

test.each([
  ['period-2', '2'],
  ['periods-3-2', '2,3 (chosen out of order, priced oldest first)'],
])('repayment: choosing %s is taken, and the trial prices periods %s', async (sample) => {
  // The trial's query must name the chosen periods in order (machine-checks.ts: the request).
  expect(await walk('fresh', [...atPartlyPaidPlan, `repay.select(${sample})`, 'form.submit', 'trialRepayment.done:trial'], { lands: 'repayDetail.ready' })).toBeNull()
})

test('repayment: a choice undone (nothing chosen) is taken, and Next then has nothing to price', async () => {
  expect(await walk('fresh', [...atPartlyPaidPlan, 'repay.select(period-2)', 'repay.select(none)', 'form.submit'], { refused: true })).toBeNull()
})

test('repayment: the borrower\'s ticks on the plan with period 1 paid give the unpaid periods up to the ticked one, and the machine takes each', async () => {
  const plan = fixtures.getRepayPlan.partlyPaid!({ params: {}, input: { loan_id: 'loan-1' } } as never)
  // docs/product-rules.md#flow-periods-in-order: ticking a period ticks the unpaid ones before it, unticking drops the ones after.
  const ticks: [period: number, checked: boolean, chosen: number[]][] = [
    [1, true, []],
    [2, true, [2]],
    [3, true, [2, 3]],
    [4, true, [2, 3, 4]],
    [4, false, [2, 3]],
    [3, false, [2]],
    [2, false, []],
  ]
  expect(ticks.map(([period, checked]) => choosePeriod(plan.periods, period, checked))).toEqual(ticks.map(([, , chosen]) => chosen))
  for (const [period, checked, chosen] of ticks.filter(([, , chosen]) => chosen.length > 0)) {
    const failure = await walk('fresh', [...atPartlyPaidPlan, select(choosePeriod(plan.periods, period, checked)), 'form.submit', 'trialRepayment.done:trial'], { lands: 'repayDetail.ready' })
    expect(failure, `${checked ? 'tick' : 'untick'} ${period}: ${JSON.stringify(chosen)}`).toBeNull()
  }
})

/** Period 1 chosen on a plan that owes only it, and priced: the repayment detail. */
const atDetailOfPeriod1 = [...atHomeWith('repaying'), 'home.repay', 'getLoanUserStatus.done:repaying', 'getRepayPlan.done:plan', 'repay.select(period-1)', 'form.submit', 'trialRepayment.done:trial']

// rules: flow-periods-in-order
test.each([
  ['the repayment detail', atDetailOfPeriod1],
  ['the payment confirmation', [...atDetailOfPeriod1, 'form.submit', 'showCard.done:card']],
])('reopened on %s after period 1 was paid elsewhere: back at the choice, with nothing chosen and period 1 named as paid', async (_where, steps) => {
  // The machine-level checks (machine-checks.ts) hold the choice to what the re-read plan still owes and the notice to what it showed paid.
  expect(await walk('fresh', [...steps, 'poll.now', 'getRepayPlan.done:partlyPaid'], { lands: 'repayment.ready' })).toBeNull()
})

test('reopened on the repayment detail with the plan unchanged: the same periods are priced again', async () => {
  expect(await walk('fresh', [...atDetailOfPeriod1, 'poll.now', 'getRepayPlan.done:plan'], { lands: 'repayDetail.trialing' })).toBeNull()
})

// ---- how the page is opened: a token or none, a deep link (docs/product-rules.md#boot-and-login, docs/product-rules.md#flow-deep-link-clamp) ----

test('opened with an empty token on a channel that needs login: the login screen (a token counts only when it is one)', async () => {
  expect(await walk('emptyToken', ['resolveBaseUrl.done:sandbox', 'lookupChannel.done:loginRequired'], { lands: 'login' })).toBeNull()
})

test.each(serverSteps)('a deep link to home with the server at %s stays at home', async (fixture) => {
  expect(await walk('homeLink', atHomeWith(fixture), { lands: 'screens.home' })).toBeNull()
})

test.each(serverSteps)('a deep link to the lender match with the server at %s lands there once approved, else where the server has the borrower', async (fixture, step) => {
  // docs/product-rules.md#screens-and-flow: a deep link to a later step than the server allows lands on the allowed step instead.
  const lands = mayOpen('match', step) ? 'screens.match' : `screens.${resumesAt[step]!}`
  expect(await walk('matchLink', atHomeWith(fixture), { lands })).toBeNull()
})

test('a deep link to an agreement opens it with the key of its query (the page asks for that agreement)', async () => {
  // The request check (machine-checks.ts) wants the key the link named (`user`), not the default.
  expect(await walk('agreementLink', [...atHomeWith('atDemand'), 'getAgreement.done:agreement'], { lands: 'overlay' })).toBeNull()
})

// ---- an order answered as failed is a finished action: buying again is a new one (docs/product-rules.md#idem-key-after-refusal) ----

test.each([
  ['failed when bought', 'buyRewardProduct.done:failed', []],
  ['pending, then failed', 'buyRewardProduct.done:pending', ['after:rewardPollDelay', 'getRewardOrder.done:failed']],
] as const)('a rights order %s, bought again: the request checks want a new key', async (_what, answer, then) => {
  // A golden path to where the purchase answers; this test's answer takes the place of the path's.
  const { g, index } = firstTakingAny(answersOf('buyRewardProduct'))
  const steps = [...g.path.steps.slice(0, index), ...[answer, ...then, 'rights.buy', 'showCard.done:card', 'buyRewardProduct.done:paid'].map((label): PathStep => ({ label, do: actionOf(label), expect: {} as Expectation }))]
  expect(await outcome(g, steps, { lands: 'rights.owned' })).toBeNull()
})

// ---- the card is bound for one lender (docs/product-rules.md#screens-and-flow: lendConfirm binds the card for that lender by SMS) ----

/** A golden path that bound lender A's card and had the application refused, back on the confirmation. */
function boundThenRefused(): PathStep[] {
  const { g, index } = firstTaking('applyLoan.error:refused', 'lendConfirm.editing')
  if (!g.path.steps.slice(0, index).some((s) => s.label === 'confirmLenderCard.done:bound')) throw new Error(`${g.path.id} bound no card`)
  return g.path.steps.slice(0, index + 1)
}
const toLender = (lender: string) => ['step.back', 'listMatches.done:twoLenders', `match.select(${lender})`, 'showCard.done:card', 'trialLoan.done:quote']

// rules: flow-lender-change-clears, idem-key-after-refusal
test('another lender chosen after the first one\'s card was bound: its card is bound anew, an SMS code first', async () => {
  expect(await walk('fresh', [...boundThenRefused(), ...toLender('lender-b'), 'sms.send'], { lands: 'lendConfirm.sendingCode' })).toBeNull()
  expect(await walk('fresh', [...boundThenRefused(), ...toLender('lender-b'), 'form.change(lendConfirm:agree)', 'form.submit'], { refused: true })).toBeNull()
})

test('the same lender chosen again: its card stays bound, the application goes straight on', async () => {
  expect(await walk('fresh', [...boundThenRefused(), ...toLender('lender-a'), 'form.change(lendConfirm:agree)', 'form.submit'], { lands: 'lendConfirm.applying' })).toBeNull()
})

// ---- a lender is chosen within what it offers (docs/product-rules.md#flow-lender-offer) ----

/** A golden path up to the match screen's list, answered with lenders whose offers are narrower than the demand. */
function atNarrowOffers(): PathStep[] {
  const { g, index } = firstTaking('listMatches.done:matches', 'match.ready')
  return [...g.path.steps.slice(0, index), { label: 'listMatches.done:narrowOffers', do: actionOf('listMatches.done:narrowOffers'), expect: {} as Expectation }]
}

// rules: flow-lender-offer
test.each([
  ['lender-c', 'a limit below the demand and terms below 12 months: priced at its limit, for its longest term below 12'],
  ['lender-d', 'terms all above 12 months: priced at the demand, for its shortest term'],
])('choosing %s (%s)', async (lender) => {
  // The trial's query must carry the amount and term within the lender's offer (machine-checks.ts: the request).
  expect(await walk('fresh', [...atNarrowOffers(), `match.select(${lender})`, 'showCard.done:card', 'trialLoan.done:quote'], { lands: 'lendConfirm' })).toBeNull()
})

// rules: flow-lender-offer
test.each([
  ['lender-e', 'no limit for this borrower'],
  ['lender-f', 'no term for this borrower'],
  ['lender-b', 'not among the lenders listed'],
])('choosing %s (%s) is refused: the match screen stays, nothing is asked', async (lender) => {
  expect(await walk('fresh', [...atNarrowOffers(), `match.select(${lender})`], { refused: true })).toBeNull()
})

// ---- a payment the bank is still settling (docs/product-rules.md#screens-and-flow: the result is polled until last_repayment settles) ----

test.each([
  ['still processing', 'repaymentStillProcessing', 'repaymentResult.processing.waiting'],
  ['an earlier repayment settled', 'earlierRepaymentSettled', 'repaymentResult.processing.waiting'],
  ['this repayment failed', 'repaymentFailed', 'repaymentResult.failed'],
  ['this repayment succeeded', 'repaymentSettled', 'repaymentResult.succeeded'],
])('a payment being polled, the status answering %s: the result waits on, or shows it', async (_what, fixture, lands) => {
  const { g, index } = firstTaking('after:repaymentPollDelay', 'repaymentResult.processing.fetching')
  expect(await walk('fresh', [...g.path.steps.slice(0, index + 1), `getLoanUserStatus.done:${fixture}`], { lands })).toBeNull()
})

// ---- a payment whose answer was lost (docs/product-rules.md#idem-key-reuse) ----

/** Period 2 paid for, the answer lost; the borrower back on the repayment screen, the plan shown again. */
const lostPaymentThenRepayment = [
  ...atPartlyPaidPlan,
  ...['repay.select(period-2)', 'form.submit', 'trialRepayment.done:trial', 'form.submit', 'showCard.done:card', 'form.submit', 'submitRepayment.error:timeout'],
  ...['route:#repayment', 'getLoanUserStatus.done:repaying', 'getRepayPlan.done:partlyPaid'],
]
const payAgain = ['form.submit', 'trialRepayment.done:trial', 'form.submit', 'showCard.done:card', 'form.submit', 'submitRepayment.done:succeeded']

// rules: idem-key-reuse
test.each([
  ['period-2', 'the same periods: that payment again, under its key'],
  ['periods-3-2', 'other periods: another payment, under a key of its own'],
])('a payment whose answer was lost, then %s chosen and paid (%s)', async (sample) => {
  // The request checks (request-checks.ts) want the lost payment's key on its retry and a new key on any other body.
  expect(await walk('fresh', [...lostPaymentThenRepayment, `repay.select(${sample})`, ...payAgain], { lands: 'repaymentResult' })).toBeNull()
})

// ---- an HTTP 5xx is the server failing, not refusing (README, the fault matrix's findings) ----

/**
 * The commits whose answer a golden path loses (a timeout, a lost connection or an unreadable answer). The lender binding's is lost in
 * none; the bank card binding's leads to the same state refused or lost, so only the requests would tell them apart.
 */
const commits = ['applyLoan', 'submitRepayment', 'buyRewardProduct'] as const

/** A golden commit whose answer was lost, and the state each failure of it leads to, answered `failure` instead. */
async function commitAnswered(failure: unknown): Promise<string[]> {
  const problems: string[] = []
  for (const src of commits) {
    const { g, index } = firstTakingAny([`${src}.error:network`, `${src}.error:timeout`, `${src}.error:invalidResponse`])
    // The rest of the golden path is how the borrower went on after the lost answer (Retry, ...): it must go the
    // same way, and the request checks want the same key again after an unknown outcome.
    const steps = g.path.steps
    const shown: string[] = []
    const result = await replayPath(model, { ...g.path, steps }, {
      verifier: (p) => machineVerifier(p, model.machine),
      compare: (_expected, actual) => {
        shown.push(stateText(actual.state))
        return []
      },
      attach: () => {
        const inner = model.controller.current!
        let failed = false
        model.controller.current = {
          invoke: (call, input, signal) => {
            const answer = inner.invoke(call, input, signal)
            if (call !== src || failed) return answer
            failed = true
            return answer.catch(() => Promise.reject(failure))
          },
        }
        return () => undefined
      },
    })
    const differs = g.shows.findIndex((show, i) => i > index && shown[i] !== show.state)
    if (result.failure !== null) problems.push(`${src}: ${result.failure}`)
    else if (differs >= 0) problems.push(`${src}: step ${differs} should show ${g.shows[differs]!.state} as after a lost answer, shows ${shown[differs]}`)
  }
  return problems
}

// rules: error-server-5xx, idem-key-reuse
test.each([500, 502, 599])('a commit answered HTTP %i is an unknown outcome, as a lost answer: Retry, under the same key', async (status) => {
  expect(await commitAnswered({ kind: 'refused', status })).toEqual([])
})

// rules: error-server-5xx
test.each([404, 600])('a commit answered HTTP %i is a refusal, not a lost answer', async (status) => {
  expect((await commitAnswered({ kind: 'refused', status })).length).toBe(commits.length)
})

// ---- what the borrower typed outlives the server's copy (docs/product-rules.md#field-rules: nothing typed is lost) ----

test('an amount typed on the loan demand is kept when home reads the server\'s older demand again, and is what is saved', async () => {
  // The server at the face step remembers the demand of 10,000 CNY; the borrower goes back and types 20,000.
  const steps = [
    ...atHomeWith('atFace'),
    typed('loanDemand'),
    'trialLoan.done:quote',
    'form.change(demand:amount)',
    'trialLoan.done:quote',
    'nav.home',
    'showUser.done:borrower',
    'getLoanUserStatus.done:atFace',
    'showRewardProduct.done:onSale',
    typed('loanDemand'),
    'trialLoan.done:quote',
    'form.change(demand:complete)',
    'form.submit',
    'updateLoanUser.done:saved',
  ]
  // The request check (machine-checks.ts) wants the typed amount in the saved demand.
  expect(await walk('fresh', steps, { lands: 'facialIdentification' })).toBeNull()
})

test('a lender\'s third-party protocol opened (not its contract): the page asks for that protocol of that lender', async () => {
  const { g, index } = firstTaking('overlay.open(thirdProtocol)', 'overlay.thirdProtocol')
  // The request check (machine-checks.ts) wants the kind and lender of the query the page was opened with.
  const steps = [...g.path.steps.slice(0, index), 'overlay.open(thirdParty)', 'getContract.done:contract']
  expect(await walk(g.path.start, steps, { lands: 'overlay.thirdProtocol.ready' })).toBeNull()
})

// ---- the review's polling waits as long as the server asks (the decision's retry_after, in seconds) ----

// rules: flow-poll-backoff
test('a decision still reviewing that asks to be read again in 30 s is not read again a moment sooner', async () => {
  const { g, index } = firstTaking('getCreditDecision.done:reviewing', 'review.polling.waiting')
  const head = [...g.path.steps.slice(0, index), 'getCreditDecision.done:reviewingRetryAfter']
  const wait = (ms: number): PathStep => ({ label: `wait:${ms}ms`, do: { kind: 'wait', ms } as StepAction, expect: {} as Expectation })
  expect(await walk(g.path.start, [...head, wait(29_999)], { refused: true })).toBeNull()
  expect(await walk(g.path.start, [...head, wait(30_000)], { lands: 'review.polling.fetching' })).toBeNull()
})
