// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { LenderMatch } from '../../machines/ports'
import LendConfirmPage from '../../src/pages/lend-confirm-page'
import MatchPage from '../../src/pages/match-page'
import ResultPage from '../../src/pages/result-page'
import { formScript, showPage, trial } from '../support/form-harness'
import { loanUser, start, type Script } from '../support/test-kit'

/*
 * The approved borrower's way from the decision to the application, on the real pages over the real
 * machine: what each lender offers bounds what can be chosen and applied for, the figures applied
 * for are the ones priced, and nothing is sold after the decision. Expected values come from the
 * rules and the lender's own answer, not from the page's code.
 */

afterEach(cleanup)

const lender = (id: string, patch: Partial<LenderMatch> = {}): LenderMatch => ({
  lender_id: id,
  name: `Lender ${id}`,
  logo_url: '',
  credit_limit: 5_000_000,
  apr: 0.12,
  terms: [3, 6, 9, 12],
  recommended: false,
  highlights: [],
  ...patch,
})

/** An approved borrower who asked for `demand` on loan demand, with `lenders` matched. */
async function approved(lenders: LenderMatch[], demand = { amount: 3_000_000, term: 24 as const }, script: Script = {}) {
  const run = start({
    ...formScript('lendConfirm'),
    getLoanUserStatus: () => loanUser({ step: 'approved', demand: { ...demand, purpose: 'shopping' } as never }),
    listMatches: () => ({ items: lenders }),
    ...script,
  })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
  return run
}

// rules: flow-rights-before-decision
test('after the credit decision the result screen offers no rights card, and the machine takes none', async () => {
  const run = await approved([lender('a')])
  const { t } = await showPage('en', run, ResultPage)
  expect(screen.getByRole('button', { name: t('screens.result.continue') })).toBeTruthy()
  expect(screen.queryByRole('button', { name: t('screens.rights.open') })).toBeNull()
  expect(screen.queryByText(t('screens.rights.title'))).toBeNull()
  expect(run.actor.getSnapshot().can({ type: 'rights.open' })).toBe(false)
})

/** On the match screen with `lenders`. */
async function onMatch(lenders: LenderMatch[]) {
  const run = await approved(lenders)
  run.actor.send({ type: 'result.continue' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  return showPage('en', run, MatchPage)
}

// rules: flow-lender-offer
test.each([
  ['first', [lender('none', { terms: [] }), lender('open')]],
  ['second', [lender('open'), lender('none', { credit_limit: 0, apr: 0.2 })]],
] as const)('a lender that offers this borrower nothing is shown but cannot be chosen, whether it is listed %s', async (_, lenders) => {
  const { t } = await onMatch([...lenders])
  const choose = (id: string) => screen.getByRole('button', { name: t('screens.match.choose', { name: `Lender ${id}` }) }) as HTMLButtonElement
  expect(choose('open').disabled).toBe(false)
  expect(choose('none').disabled).toBe(true)
})

type Priced = { amount: number; term: number; lender_id?: string }
/** What the lender was asked to price, in order. */
const pricesAsked = (run: Run): Priced[] => run.callsOf('trialLoan').map((call) => (call.args as { input: Priced }).input)
type Run = Awaited<ReturnType<typeof approved>>

/** On loan confirmation with `chosen`, its price in. */
async function confirming(chosen: LenderMatch, demand = { amount: 3_000_000, term: 24 as const }) {
  const run = await approved([chosen], demand, {
    trialLoan: ({ input }) => trial(input.amount, input.term),
    confirmLenderCard: ({ input }) => ({ lender_id: input.lender_id, card_id: 'card-1', bound: true }),
    applyLoan: () => new Promise(() => undefined),
  })
  run.actor.send({ type: 'result.continue' })
  await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
  run.actor.send({ type: 'match.select', lender_id: chosen.lender_id })
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'editing' } } }))
  return showPage('en', run, LendConfirmPage)
}

// rules: flow-lender-offer
test('a demand the lender cannot lend is brought within its offer: the nearest shorter term and at most its limit, shown and priced', async () => {
  const yuanfan = lender('yuanfan', { terms: [3, 6, 9, 12], credit_limit: 2_000_000 })
  const { run, t } = await confirming(yuanfan)
  const term = screen.getByLabelText(t('screens.demand.term')) as HTMLSelectElement
  expect(term.value).toBe('12')
  expect((screen.getByLabelText(t('screens.demand.amount')) as HTMLInputElement).value).toBe('20000')
  const priced = pricesAsked(run)
  expect(priced.at(-1)).toMatchObject({ amount: 2_000_000, term: 12, lender_id: 'yuanfan' })
  for (const asked of priced) expect(yuanfan.terms).toContain(asked.term)
})

// rules: flow-lender-offer
test('a demand within the offer keeps its term; a term shorter than every offered one takes the shortest', async () => {
  const kept = await confirming(lender('kept', { terms: [6, 12, 24] }))
  expect((screen.getByLabelText(kept.t('screens.demand.term')) as HTMLSelectElement).value).toBe('24')
  cleanup()
  const shortest = await confirming(lender('long', { terms: [6, 12] }), { amount: 3_000_000, term: 3 as never })
  expect((screen.getByLabelText(shortest.t('screens.demand.term')) as HTMLSelectElement).value).toBe('6')
  expect(pricesAsked(shortest.run).at(-1)).toMatchObject({ term: 6, lender_id: 'long' })
})

// rules: flow-apr-before-commit
test('once the lender\'s code is sent the amount and term are fixed, and the application carries the figures last priced', async () => {
  const { run, t, user } = await confirming(lender('a', { terms: [6, 12, 24], credit_limit: 5_000_000 }), { amount: 1_500_000, term: 12 as never })
  for (const box of screen.getAllByRole('checkbox')) await user.click(box)
  await user.click(screen.getByRole('button', { name: t('screens.sms.send') }))
  await run.until((s) => s.matches({ session: { screens: { lendConfirm: 'codeSent' } } }))
  const amount = screen.getByLabelText(t('screens.demand.amount')) as HTMLInputElement
  const term = screen.getByLabelText(t('screens.demand.term')) as HTMLSelectElement
  expect(amount.readOnly).toBe(true)
  expect(term.disabled).toBe(true)
  expect(screen.getByText(t('screens.lend.priceLocked'))).toBeTruthy()
  // A change that reaches the machine anyway (a stale render, a script) does not move the figures.
  act(() => {
    run.actor.send({ type: 'form.change', step: 'lendConfirm', patch: { amount: 5_000_000, term: 24 } })
  })
  expect(run.actor.getSnapshot().context.drafts.lendConfirm).toMatchObject({ amount: 1_500_000, term: 12 })
  await user.type(screen.getByLabelText(t('screens.sms.code'), { exact: false }), '123456')
  await user.click(screen.getByRole('button', { name: t('screens.lend.apply') }))
  await run.until(() => run.callsOf('applyLoan').length > 0)
  const applied = (run.callsOf('applyLoan')[0]!.args as { input: Priced }).input
  expect(pricesAsked(run).at(-1)).toMatchObject({ amount: 1_500_000, term: 12 })
  expect(applied).toMatchObject({ amount: 1_500_000, term: 12 })
})
