import { StatusCode } from '../src/contract/envelope'
import { loanLimits } from '../src/contract/entities'
import { lenderCatalogue } from './content/agreements'
import type { LenderId, ProductId } from './content/catalogue-text'
import { Refusal } from './refusal'
import { fieldRefusal } from './rules'

/*
 * The sandbox's lenders and loan-supermarket products: pricing here, copy (names, highlights,
 * logos, in the borrower's locale) in the content catalogue.
 */

type Term = 3 | 6 | 9 | 12 | 24 | 36

/** Pricing of a lender; its name, highlights and logo come from the content catalogue. */
export interface Lender {
  id: LenderId
  /** Added to the borrower's approved APR, so lenders price differently. */
  aprDelta: number
  maxAmount: number
  terms: Term[]
}

export const lenders: readonly Lender[] = [
  { id: 'lender_chenxing', aprDelta: 0, maxAmount: 20_000_000, terms: [3, 6, 9, 12, 24, 36] },
  { id: 'lender_yuanfan', aprDelta: 0.024, maxAmount: 5_000_000, terms: [3, 6, 9, 12] },
  { id: 'lender_qinghe', aprDelta: -0.012, maxAmount: 20_000_000, terms: [6, 12, 24, 36] },
  { id: 'lender_hengchuan', aprDelta: 0.012, maxAmount: 10_000_000, terms: [3, 6, 9, 12, 24] },
]

export function lenderById(id: string): Lender | undefined {
  return lenders.find((lender) => lender.id === id)
}

/** Lender names in `locale`, for loan summaries. */
export function lenderNamesIn(locale: string) {
  const names = new Map(lenderCatalogue(locale).lenders.map((l) => [l.lender_id as string, l.name]))
  return { nameOf: (id: string): string => names.get(id) ?? id }
}

export function clampApr(apr: number): number {
  const clamped = Math.min(loanLimits.maxApr, Math.max(loanLimits.minApr, apr))
  return Math.round(clamped * 10_000) / 10_000
}

/** A lender's pricing for a borrower approved for `creditLimit` at `apr`. */
export function priceOf(lender: Lender, creditLimit: number, apr: number) {
  // Limits are whole hundreds of CNY, like the amounts a borrower can pick.
  const limit = Math.min(creditLimit, lender.maxAmount)
  return {
    credit_limit: Math.floor(limit / loanLimits.amountStep) * loanLimits.amountStep,
    apr: clampApr(apr + lender.aprDelta),
    terms: lender.terms,
  }
}

/**
 * Refuses a term the lender does not offer, or an amount over its limit for this borrower, as a real
 * lender would: its trial, the application and the match list agree on what it lends.
 */
export function assertWithinOffer(offer: { credit_limit: number; terms: readonly number[] }, amount: number, term: number): void {
  if (!offer.terms.includes(term)) throw fieldRefusal('term', 'term.invalid')
  if (amount > offer.credit_limit) {
    throw new Refusal(StatusCode.fieldRule, 'overLimit', {}, { field: 'amount', code: 'amount.range' })
  }
}

/** The match card the page shows (copy in `locale`). */
export function offerOf(lender: Lender, creditLimit: number, apr: number, locale: string) {
  const copy = lenderCatalogue(locale).lenders.find((l) => l.lender_id === lender.id)
  return {
    lender_id: lender.id,
    name: copy?.name ?? lender.id,
    logo_url: copy?.logo_url ?? '',
    ...priceOf(lender, creditLimit, apr),
    recommended: false,
    highlights: copy?.highlights ?? [],
  }
}

/**
 * The offers a borrower sees, cheapest first (lower APR, then the higher limit): the one marked
 * `recommended` is the cheapest, so the mark always means the lowest price.
 */
export function rankedOffers<Offer extends { apr: number; credit_limit: number; recommended: boolean }>(offers: Offer[]): Offer[] {
  return [...offers]
    .sort((a, b) => a.apr - b.apr || b.credit_limit - a.credit_limit)
    .map((offer, index) => ({ ...offer, recommended: index === 0 }))
}

/** Reference APR for a trial before any decision (the page's first screen). */
export const referenceApr = 0.18

const productPricing: Record<ProductId, { amount_min: number; amount_max: number; apr_min: number; apr_max: number; terms: Term[] }> = {
  prod_sujie: { amount_min: 100_000, amount_max: 5_000_000, apr_min: 0.108, apr_max: 0.24, terms: [3, 6, 12] },
  prod_yifenqi: { amount_min: 100_000, amount_max: 5_000_000, apr_min: 0.144, apr_max: 0.24, terms: [3, 6, 12, 24] },
  prod_xiaoman: { amount_min: 50_000, amount_max: 2_000_000, apr_min: 0.18, apr_max: 0.24, terms: [3, 6] },
  prod_anbei: { amount_min: 500_000, amount_max: 20_000_000, apr_min: 0.072, apr_max: 0.18, terms: [12, 24, 36] },
  prod_tongyue: { amount_min: 100_000, amount_max: 3_000_000, apr_min: 0.12, apr_max: 0.24, terms: [3, 6, 9] },
}

/** Loan-supermarket products: copy from the catalogue, figures from here. */
export function supermarketProducts(locale: string) {
  return lenderCatalogue(locale).products.map((product) => ({
    ...product,
    ...productPricing[product.product_id],
  }))
}
