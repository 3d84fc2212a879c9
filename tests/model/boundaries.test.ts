import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { AppEvent, Drafts, DraftStep } from '../../machines/app.machine'
import { appMachine } from '../../machines/app.machine'
import type { Expectation, StepAction } from '../../machines/model/explore'
import { formSamples } from '../../machines/model/fixtures'
import { goldenFile, parseGolden, stateText, type GoldenPath } from '../../machines/model/golden'
import { instrument } from '../../machines/model/instrument'
import type { PathStep } from '../../machines/model/paths'
import { replayPath } from '../../machines/model/replay'
import { eventForLocation } from '../../machines/routes'
import { blanks } from './support/machine-checks'
import { machineVerifier } from './support/machine-verifier'
import { specPaths } from './support/verify'

/*
 * The golden paths at their boundaries (issue #12 item 1): where a path presses a form's button
 * with everything filled in, the same press with one required field blank must be refused (no
 * call: PRODUCT.md 5, "no call while a rule fails"), and an optional field given must be sent;
 * an SMS code may be sent again exactly when the 60 s countdown ends, not a moment before
 * (PRODUCT.md 5); a URL typed before its screen has anything to show is refused (PRODUCT.md 3).
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

/** A form's button and the fields it needs (PRODUCT.md 3 and 5), each blanked in turn. */
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

test('basic info: an email given is sent with the section (it is optional, PRODUCT.md 3)', async () => {
  const { g, index } = firstTaking('updateLoanUser.done:saved', 'assetInfo')
  const press = g.path.steps.slice(0, index).findLastIndex((s) => s.label === 'form.submit')
  // The request check (machine-checks.ts) compares the section sent with what was typed, email included.
  const steps = [...g.path.steps.slice(0, press), change('basic', { email: 'li.lei@example.cn' }, 'basic:email'), ...g.path.steps.slice(press, index + 1)]
  expect(await outcome(g, steps, { lands: 'assetInfo' })).toBeNull()
})

// ---- the SMS countdown: a deadline (PRODUCT.md 5) ----

for (const [screen, lands] of [
  ['bankCard', 'bankCard.sendingCode'],
  ['lendConfirm', 'lendConfirm.sendingCode'],
] as const) {
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

// ---- URLs typed before their screen has anything to show (PRODUCT.md 3) ----

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
