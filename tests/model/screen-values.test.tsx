// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, expect, test } from 'vitest'
import type { LoanSummary } from '../../machines/ports'
import { baseScript, loanUser, start } from '../support/test-kit'
import { fixtures } from './engine/fixtures'
import { planOf, worldArbitrary, type WorldData } from './engine/walk'
import { AppHandlesContext } from '../../src/app/app-context'
import type { Services } from '../../src/app/services'
import { TranslationProvider } from '../../src/i18n/translation'
import HomePage from '../../src/pages/home-page'
import MatchPage from '../../src/pages/match-page'
import RepaymentPage from '../../src/pages/repayment-page'
import { i18nFor } from '../../src/ui/components/render-in'

/*
 * Values, not presence (docs/product-rules.md#money-and-dates): the figures the repayment and home
 * screens show, for generated loans, against what the server sent, written out here by hand in the
 * English format (CN¥ with thousands and two decimals; "Feb 2, 2025") and never through the app's
 * own formatter; and the order lenders are listed in. Rules: money-fen, money-format, money-penalty,
 * flow-periods-in-order, flow-order, flow-lenders-cheapest-first.
 */

afterEach(cleanup)

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 123456 fen → `CN¥1,234.56` (English names the yuan's country), by hand. */
function yuan(fen: number): string {
  const whole = String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `CN¥${whole}.${String(fen % 100).padStart(2, '0')}`
}

/** `2025-02-02` → `Feb 2, 2025`, by hand. */
function day(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return `${months[m! - 1]} ${d}, ${y}`
}

// Every screen asks the host's display wish (elder mode, text size); this host has none.
const noServices = { bridge: { initial: null }, onPayload: () => () => {} } as unknown as Services

async function shown(element: React.ReactElement, run: ReturnType<typeof start>) {
  const i18n = await i18nFor('en')
  render(
    <TranslationProvider i18n={i18n}>
      <AppHandlesContext value={{ actor: run.actor, services: noServices }}>{element}</AppHandlesContext>
    </TranslationProvider>,
  )
}

// rules: money-fen, money-format, money-penalty, flow-periods-in-order
test('money-fen money-format money-penalty flow-periods-in-order: repayment shows each unpaid period in order, with its number, due date, amount (penalty included) and status', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(worldArbitrary, async (generated) => {
      const world: WorldData = { ...generated, loan: { ...generated.loan, paid: Math.min(generated.loan.paid, generated.loan.term - 1) } }
      const plan = planOf(world)
      const status = loanUser({ step: world.loan.overdue ? 'overdue' : 'repaying', loan: plan.loan, loans: [plan.loan] })
      const run = start({ ...baseScript(), getLoanUserStatus: () => status, getRepayPlan: () => plan })
      await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
      run.actor.send({ type: 'home.repay' })
      await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
      await shown(<RepaymentPage />, run)
      try {
      const rows = Array.from(document.querySelectorAll('.repay-choice'))
      // The rows the server's plan leads to, worked out from the world: periods paid+1 … term.
      const expected = []
      for (let period = world.loan.paid + 1; period <= world.loan.term; period++) expected.push(period)
      expect(rows.map((row) => within(row as HTMLElement).getByRole('checkbox').closest('label')?.textContent ?? row.textContent)).toEqual(
        expected.map((period) => expect.stringContaining(`Period ${period}`)),
      )
      for (const [index, period] of expected.entries()) {
        const p = plan.periods[period - 1]!
        const statusWord = period === world.loan.paid + 1 ? (world.loan.overdue ? 'Overdue' : 'Due') : 'Upcoming'
        expect(rows[index]!.textContent).toContain(`${day(p.due_date)} · ${yuan(p.principal + p.interest + p.penalty)} · `)
        expect(rows[index]!.textContent?.toLowerCase()).toContain(statusWord.toLowerCase())
      }
      } finally {
        cleanup()
        run.actor.stop()
      }
    }),
    { seed: 7, numRuns: 8 },
  )
})

const loanArbitrary = (index: number) =>
  fc.record({
    amount: fc.integer({ min: 10, max: 2_000 }).map((h) => h * 10_000),
    dueDay: fc.integer({ min: 0, max: 400 }),
    due: fc.integer({ min: 1_000, max: 5_000_000 }),
  }).map(({ amount, dueDay, due }): LoanSummary => ({
    loan_id: `loan-${index}`,
    lender_id: `lender-${index}`,
    lender_name: `Lender ${index}`,
    amount,
    term: 12,
    apr: 0.12,
    status: 'repaying',
    created_at: '2025-01-01T00:00:00+08:00',
    disbursed_at: '2025-01-02T00:00:00+08:00',
    next_due_date: new Date(Date.UTC(2025, 1, 1) + dueDay * 86_400_000).toISOString().slice(0, 10),
    next_due_amount: due,
    outstanding_principal: amount,
    periods_paid: 0,
  }))

// rules: money-format
test('money-format flow-order: home\'s loans card names every open loan in the server\'s order, and its figure is the soonest due amount', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.tuple(loanArbitrary(1), loanArbitrary(2), loanArbitrary(3)), fc.integer({ min: 1, max: 3 }), async (all, count) => {
      const loans = all.slice(0, count)
      const run = start({ ...baseScript(), getLoanUserStatus: () => loanUser({ step: 'repaying', loan: loans[0]!, loans }) })
      await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
      await act(() => shown(<HomePage />, run))
      try {
      const page = document.body.textContent ?? ''
      let at = -1
      for (const loan of loans) {
        const named = page.indexOf(`${loan.lender_name} ${yuan(loan.amount)}`)
        expect(named, `${loan.lender_name} listed after the one before`).toBeGreaterThan(at)
        at = named
      }
      const soonest = [...loans].sort((a, b) => (a.next_due_date! < b.next_due_date! ? -1 : a.next_due_date! > b.next_due_date! ? 1 : 0))[0]!
      expect(page).toContain(`Next payment on ${day(soonest.next_due_date!)}`)
      expect(screen.getAllByText(yuan(soonest.next_due_amount!)).length).toBeGreaterThan(0)
      } finally {
        cleanup()
        run.actor.stop()
      }
    }),
    { seed: 11, numRuns: 12 },
  )
})

// The order the match screen lists lenders in, whatever order the server sent them: worked out
// here from the generated rates and limits, never from the page's own sort.
const approvedScript = () => ({
  ...baseScript(),
  getLoanUserStatus: fixtures.getLoanUserStatus.approved!,
  getCreditDecision: fixtures.getCreditDecision.approved!,
})

// Offers as the server sends them: a rate in basis points (1% … 36%) and a limit in fen, few
// enough rates that two lenders often share one; no two offers alike, so one order is right.
const offersArbitrary = fc.uniqueArray(fc.record({ bp: fc.constantFrom(100, 720, 1800, 3600), limit: fc.integer({ min: 1, max: 50 }).map((k) => k * 100_000) }), {
  minLength: 2,
  maxLength: 5,
  selector: (offer) => `${offer.bp}:${offer.limit}`,
})

// rules: flow-lenders-cheapest-first
test('flow-lenders-cheapest-first: the match screen lists lenders by lower APR, then higher limit, whatever order the server sent', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(offersArbitrary, async (offers) => {
      const lenders = offers.map(({ bp, limit }, at) => ({
        lender_id: `lender-${at}`,
        name: `Lender ${at}`,
        logo_url: 'https://sandbox.test/l.png',
        credit_limit: limit,
        apr: bp / 10_000,
        terms: [6, 12] as (6 | 12)[],
        recommended: false,
        highlights: [],
      }))
      const run = start(
        { ...approvedScript(), listMatches: () => ({ items: lenders }) },
        { input: { initialDeepLink: { path: '/pages/match/index' } } },
      )
      await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
      await shown(<MatchPage />, run)
      try {
        // The index each offer had as sent, by ascending basis points, then descending fen.
        const expected = offers
          .map((offer, at) => ({ ...offer, at }))
          .sort((a, b) => a.bp - b.bp || b.limit - a.limit)
          .map(({ at }) => `Choose Lender ${at}`)
        const listed = screen.getAllByRole('button', { name: /^Choose Lender \d+$/ }).map((button) => button.textContent)
        expect(listed).toEqual(expected)
      } finally {
        cleanup()
        run.actor.stop()
      }
    }),
    { numRuns: 30 },
  )
})
