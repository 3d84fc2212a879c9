// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, expect, test } from 'vitest'
import { fixtures } from '../../machines/model/fixtures'
import { baseScript, start } from '../support/test-kit'
import { AppHandlesContext } from '../../src/app/app-context'
import type { Services } from '../../src/app/services'
import { TranslationProvider } from '../../src/i18n/translation'
import MatchPage from '../../src/pages/match-page'
import { i18nFor } from '../../src/ui/components/render-in'

/*
 * The order the match screen lists lenders in, whatever order the server sent them
 * (docs/product-rules.md#flow-lenders-cheapest-first): the expected order is worked out here from
 * the generated rates, never from the page's own sort.
 */

afterEach(cleanup)

const noServices = { bridge: { initial: null }, onPayload: () => () => {} } as unknown as Services

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
  const i18n = await i18nFor('en')
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
      render(
        <TranslationProvider i18n={i18n}>
          <AppHandlesContext value={{ actor: run.actor, services: noServices }}>
            <MatchPage />
          </AppHandlesContext>
        </TranslationProvider>,
      )
      try {
        // The index each offer had as sent, by ascending basis points, then descending fen.
        const expected = offers
          .map((offer, at) => ({ ...offer, at }))
          .sort((a, b) => a.bp - b.bp || b.limit - a.limit)
          .map(({ at }) => `Choose Lender ${at}`)
        const shown = screen.getAllByRole('button', { name: /^Choose Lender \d+$/ }).map((button) => button.textContent)
        expect(shown).toEqual(expected)
      } finally {
        cleanup()
        run.actor.stop()
      }
    }),
    { numRuns: 30 },
  )
})
