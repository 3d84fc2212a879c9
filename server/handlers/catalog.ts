import { StatusCode } from '../../src/contract/envelope'
import { checkAmount, checkTerm } from '../../src/contract/field-rules'
import { amortize } from '../amortization'
import { signedIn, type Handlers } from '../call-context'
import { agreementHtml, contractHtml } from '../content/agreements'
import { childrenOf, provincesList, searchRegions } from '../geo'
import {
  assertWithinOffer,
  lenderById,
  lenderNamesIn,
  lenders,
  offerOf,
  rankedOffers,
  priceOf,
  referenceApr,
  supermarketProducts,
} from '../lenders'
import { resolveLocale } from '../messages'
import { Refusal } from '../refusal'
import { fieldRefusal } from '../rules'
import { loanUserOf, todayOf } from '../store'
import { settleReview } from '../status'

/** Reference data and pricing: channels, regions, agreements, lenders, trials. */
export const catalogHandlers: Pick<
  Handlers,
  | 'lookupChannel'
  | 'listSupermarketProducts'
  | 'listRegions'
  | 'listMatches'
  | 'getAgreement'
  | 'showUser'
  | 'trialLoan'
  | 'getContract'
> = {
  lookupChannel: ({ db, params }) => {
    const row = db.prepare('SELECT * FROM channels WHERE code = ?').get(params.channel) as
      | { code: string; is_login_required: number }
      | undefined
    if (!row) throw new Refusal(StatusCode.notFound, 'channelUnknown', { channel: params.channel })
    return { channel_code: row.code, is_login_required: row.is_login_required === 1 ? 1 : 0 }
  },

  listSupermarketProducts: ({ input, locale }) => {
    const page = Math.max(1, input.page ?? 1)
    const size = Math.min(50, Math.max(1, input.page_size ?? 10))
    const products = supermarketProducts(locale)
    return { items: products.slice((page - 1) * size, page * size), total: products.length }
  },

  listRegions: ({ input }) => {
    if (input.keyword !== undefined && input.keyword.trim() !== '') {
      return { items: searchRegions(input.keyword) }
    }
    if (input.parent_id !== undefined && input.parent_id !== '') {
      return { items: childrenOf(input.parent_id) }
    }
    return { items: provincesList() }
  },

  listMatches: (ctx) => {
    const user = signedIn(ctx)
    const { row } = settleReview(ctx.db, user, ctx.now)
    if (row.decision !== 'approved' || row.credit_limit === null || row.apr === null) {
      throw new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step: row.step })
    }
    const creditLimit = row.credit_limit
    const apr = row.apr
    return { items: rankedOffers(lenders.map((lender) => offerOf(lender, creditLimit, apr, ctx.locale))) }
  },

  getAgreement: ({ params, input, locale }) => {
    const text = agreementHtml(params.key, input.lang ? resolveLocale(input.lang) : locale)
    return { key: params.key, ...text }
  },

  showUser: (ctx) => {
    const user = signedIn(ctx)
    const row = loanUserOf(ctx.db, user.id, ctx.now)
    return {
      user_id: user.id,
      phone: user.phone,
      nick_name: user.nick_name,
      // Masked: the page only needs to know an identity exists; the full number stays server-side.
      identity_id: row.id_number ? `${row.id_number.slice(0, 3)}${'*'.repeat(11)}${row.id_number.slice(-4)}` : null,
    }
  },

  trialLoan: (ctx) => {
    const { input } = ctx
    const amountRule = checkAmount(input.amount)
    if (amountRule) throw fieldRefusal('amount', amountRule)
    const termRule = checkTerm(input.term)
    if (termRule) throw fieldRefusal('term', termRule)
    let apr = referenceApr
    let creditLimit: number | null = null
    if (ctx.user) {
      const { row } = settleReview(ctx.db, ctx.user, ctx.now)
      if (row.decision === 'approved' && row.apr !== null) {
        apr = row.apr
        creditLimit = row.credit_limit
      }
    }
    if (input.lender_id !== undefined) {
      const lender = lenderById(input.lender_id)
      if (!lender) throw new Refusal(StatusCode.notFound, 'lenderNotMatched')
      // Before a decision the lender's own ceiling is the limit; after it, the borrower's line at that lender.
      const offer = priceOf(lender, creditLimit ?? lender.maxAmount, apr)
      assertWithinOffer(offer, input.amount, input.term)
      apr = offer.apr
    }
    const plan = amortize({ principal: input.amount, apr, term: input.term, startDate: todayOf(ctx.now) })
    return {
      amount: input.amount,
      term: input.term as 3 | 6 | 9 | 12 | 24 | 36,
      apr,
      monthly_payment: plan.monthlyPayment,
      total_interest: plan.totalInterest,
      total_fee: plan.totalFee,
      total_repayment: plan.totalRepayment,
      schedule: plan.periods,
    }
  },

  getContract: (ctx) => {
    const { input } = ctx
    const user = signedIn(ctx)
    const lender = lenderById(input.lender_id)
    if (!lender) throw new Refusal(StatusCode.notFound, 'lenderNotMatched')
    // The figures written into the contract: the asked ones, else the recorded demand.
    const row = loanUserOf(ctx.db, user.id, ctx.now)
    const demand = row.demand_json ? (JSON.parse(row.demand_json) as { amount: number; term: number }) : null
    const amount = input.amount === undefined ? (demand?.amount ?? 1_000_000) : Number(input.amount)
    const term = input.term === undefined ? (demand?.term ?? 12) : Number(input.term)
    const amountRule = checkAmount(amount)
    if (amountRule) throw fieldRefusal('amount', amountRule)
    const termRule = checkTerm(term)
    if (termRule) throw fieldRefusal('term', termRule)
    const apr =
      row.decision === 'approved' && row.credit_limit !== null && row.apr !== null
        ? priceOf(lender, row.credit_limit, row.apr).apr
        : referenceApr
    const locale = input.lang ? resolveLocale(input.lang) : ctx.locale
    const lenderName = lenderNamesIn(locale).nameOf(lender.id)
    return contractHtml({ kind: input.kind, lenderName, amount, term, apr, locale })
  },
}
