import { expect, test } from 'vitest'
import { rankedOffers } from './lenders'

// rules: flow-lenders-cheapest-first
test('offers are ranked by the lower APR, an equal APR by the higher limit, and only the first is marked', () => {
  const offer = (id: string, apr: number, credit_limit: number) => ({ id, apr, credit_limit, recommended: id === 'dear' })
  const ranked = rankedOffers([
    offer('dear', 0.24, 5_000_000),
    offer('cheap-small', 0.108, 1_000_000),
    offer('mid', 0.18, 2_000_000),
    offer('cheap-large', 0.108, 3_000_000),
    offer('cheapest', 0.072, 500_000),
  ])
  expect(ranked.map((o) => o.id)).toEqual(['cheapest', 'cheap-large', 'cheap-small', 'mid', 'dear'])
  expect(ranked.map((o) => o.recommended)).toEqual([true, false, false, false, false])
})
