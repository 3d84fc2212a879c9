import { and, not } from 'xstate'
import type { AppContext } from './context'
import { emptyDrafts } from './context'
import { commitKey, guards, newCodeNewKey, patchDraft, smsSent, states, update, withStatus } from './flow-kit'
import type { CreditDecision, DeviceFacts, LenderMatch, LoanTerm, PortData, SupermarketProduct } from './ports'
import {
  codeConfirming,
  codeSending,
  committing,
  loading,
  loadingCard,
  loadThenReady,
  poll,
  priceLocked,
  pricing,
  reauth,
  repricing,
  retryInto,
  screen,
  uncertain,
} from './shapes'

/*
 * From the application to the loan: the credit review (device facts, then polling the decision),
 * the result (approved, or declined with the loan supermarket), the lender match, and the lend
 * confirmation (the lender's price, binding the card to the lender, applying once under a key).
 */

function unknownDevice(context: AppContext): DeviceFacts {
  return {
    device_id: 'unknown',
    model: 'unknown',
    brand: 'unknown',
    os: 'unknown',
    os_name: 'unknown',
    screen: '0*0',
    locale: context.intake.locale ?? 'zh-Hans',
  }
}

export const lendingGuards = guards({
  creditReviewing: (_, params: { decision: CreditDecision }) => params.decision.status === 'reviewing',
  creditApproved: ({ context }) => context.credit?.status === 'approved',
  creditRejected: ({ context }) => context.credit?.status === 'rejected',
  lenderResendAllowed: ({ context }) =>
    context.lenderSms !== null && context.runtime.now() >= context.lenderSms.resendAt,
  lendAgreed: ({ context }) => {
    const d = context.drafts.lendConfirm
    return (
      d.agreements.loan &&
      d.agreements.contract &&
      d.agreements.third_party &&
      context.drafts.demand.purpose !== null
    )
  },
  lenderCardBound: ({ context }) => context.lenderCardBound,
  // docs/product-rules.md#flow-apr-before-commit: this lender's price, APR included, is on the screen for the
  // very amount and term the application would send.
  lenderPriced: ({ context }) => {
    const { amount, term } = offer(context)
    return context.trial !== null && context.trial.amount === amount && context.trial.term === term
  },
  // docs/product-rules.md#flow-lender-offer: a listed lender with a limit and a term for this borrower; one
  // without either is shown, not chosen.
  lenderChoosable: ({ context, event }) => {
    if (event.type !== 'match.select') return false
    const lender = context.matches?.find((match) => match.lender_id === event.lender_id)
    return lender !== undefined && lender.terms.length > 0 && lender.credit_limit > 0
  },
  lenderSmsSent: ({ context }) => context.lenderSms !== null,
  lenderCodeEntered: ({ context }) => context.drafts.lendConfirm.code !== '',
})

export const lendingActions = {
  storeCredit: update((_, params: { decision: CreditDecision }) => ({ credit: params.decision })),
  storeCreditOutcome: update(({ context }, params: { decision: CreditDecision }) => ({
    credit: params.decision,
    loanUser:
      params.decision.status === 'reviewing'
        ? context.loanUser
        : withStatus(context.loanUser, params.decision.status),
  })),
  storeSupermarket: update((_, params: { items: SupermarketProduct[] }) => ({
    supermarket: params.items,
  })),
  storeMatches: update((_, params: { items: LenderMatch[] }) => ({ matches: params.items })),
  chooseLender: update(({ context, event }) => {
    if (event.type !== 'match.select') return {}
    const changed = context.lenderId !== event.lender_id
    const lender = context.matches?.find((match) => match.lender_id === event.lender_id)
    const amount = context.drafts.lendConfirm.amount ?? context.drafts.demand.amount
    const term = context.drafts.lendConfirm.term ?? context.drafts.demand.term
    return {
      lenderId: event.lender_id,
      // The demand's reference price is not this lender's: no figure shows until the lender's trial.
      trial: null,
      lenderCardBound: changed ? false : context.lenderCardBound,
      lenderSms: changed ? null : context.lenderSms,
      drafts: patchDraft(context, 'lendConfirm', {
        // Within what this lender offers (docs/product-rules.md#flow-lender-offer): a figure it cannot lend is no offer.
        amount: lender === undefined || amount === null ? amount : Math.min(amount, lender.credit_limit),
        term: lender === undefined ? term : termOffered(term, lender.terms),
        // The agreements accepted were the first lender's contract, its code and its commits' keys its own:
        // another lender is asked again (docs/product-rules.md#field-agreements-unticked) under new keys.
        ...(changed ? { agreements: emptyDrafts().lendConfirm.agreements, code: '', bindKey: null, applyKey: null } : {}),
      }),
    }
  }),
  storeLenderSms: update(({ context }, params: PortData<'sendLenderCardCode'>) => ({
    lenderSms: smsSent(context, params),
    drafts: patchDraft(context, 'lendConfirm', { bindKey: newCodeNewKey }),
  })),
  keyLendCommit: update(({ context }) => ({
    drafts: patchDraft(context, 'lendConfirm', {
      bindKey: commitKey(context.drafts.lendConfirm.bindKey, context),
      applyKey: commitKey(context.drafts.lendConfirm.applyKey, context),
    }),
  })),
  markLenderCardBound: update(({ context }) => ({
    lenderCardBound: true,
    lenderSms: null,
    drafts: patchDraft(context, 'lendConfirm', { code: '' }),
  })),
  storeAppliedLoan: update(({ context }, params: PortData<'applyLoan'>) => ({
    loan: params.loan,
    loanUser: params.status,
    drafts: patchDraft(context, 'lendConfirm', { bindKey: null, applyKey: null }),
  })),
}

/** A credit decision: still reviewing goes to `reviewing`, a final one to `decided`. */
const decisionTo = <const R extends string, const D extends string>(reviewing: R, decided: D) =>
  [
    {
      guard: { type: 'creditReviewing', params: ({ event }: { event: { output: CreditDecision } }) => ({ decision: event.output }) },
      target: reviewing,
      actions: { type: 'storeCredit', params: ({ event }: { event: { output: CreditDecision } }) => ({ decision: event.output }) },
    },
    {
      target: decided,
      actions: { type: 'storeCreditOutcome', params: ({ event }: { event: { output: CreditDecision } }) => ({ decision: event.output }) },
    },
  ] as const

/** The term asked for if the lender offers it, else its longest term below it, else its shortest. */
export function termOffered(term: LoanTerm | null, offered: readonly LoanTerm[]): LoanTerm | null {
  if (term === null || offered.length === 0 || offered.includes(term)) return term
  const sorted = [...offered].sort((a, b) => a - b)
  return sorted.filter((months) => months < term).at(-1) ?? sorted[0] ?? null
}

/** The lender's offer as the draft holds it, falling back to the demand. */
const offer = (context: AppContext) => ({
  amount: context.drafts.lendConfirm.amount ?? context.drafts.demand.amount ?? 0,
  term: context.drafts.lendConfirm.term ?? context.drafts.demand.term ?? 12,
})

export const lendingStates = states({
  review: {
    ...screen('review', { en: 'Under review: the credit decision is awaited; the rights card can speed it up.', 'zh-Hans': '审核中：等待授信结果，购买权益卡可优先审核。' }, 'reportingDevice'),
    // Back leaves the wait for home, as poll.stop does; the review goes on at the server.
    on: { 'rights.open': { target: '#rights' }, 'step.back': { target: '#home' } },
    states: {
      reportingDevice: {
        description: 'Device facts go with the application; a failure here does not hold the review up.',
        tags: 'busy',
        invoke: {
          src: 'reportDevice',
          input: ({ context }) => ({ input: context.device ?? unknownDevice(context) }),
          onDone: { target: 'polling' },
          onError: [reauth, { target: 'polling' }],
        },
      },
      polling: poll({
        description:
          'Credit review: polls the decision with backoff (never sooner than retry_after). poll.stop leaves for home; the cap leads to slow.',
        start: 'fetching',
        kind: 'credit',
        delay: 'creditPollDelay',
        stop: '#home',
        nextAttempt: ['countPoll', 'clearError'],
        slowDescription: 'The review takes longer than the polling cap: keep waiting (retry) or leave (poll.stop).',
        fetch: { src: 'getCreditDecision', input: {}, onDone: decisionTo('waiting', '#result') },
      }),
    },
  },

  result: {
    ...screen('result', { en: "Review result: approved with a limit and a price, or declined with other lenders' products.", 'zh-Hans': '审核结果：通过则显示额度和价格，被拒则推荐其他机构的产品。' }, 'deciding'),
    // No rights card here: a decision was made (docs/product-rules.md#flow-rights-before-decision).
    on: { 'step.back': { target: '#home' } },
    states: {
      deciding: {
        always: [{ guard: 'creditApproved', target: 'approved' }, { guard: 'creditRejected', target: 'rejected' }, { target: 'loading' }],
      },
      loading: loading({ src: 'getCreditDecision', input: {}, onDone: decisionTo('#review', 'deciding') }),
      failed: retryInto('loading'),
      approved: { on: { 'result.continue': { target: '#match' } } },
      rejected: {
        description: 'Declined: the reason code and the loan supermarket (other lenders).',
        initial: 'loadingProducts',
        states: {
          loadingProducts: loading({
            src: 'listSupermarketProducts',
            input: { input: {} },
            onDone: {
              target: 'ready',
              actions: { type: 'storeSupermarket', params: ({ event }) => ({ items: event.output.items }) },
            },
          }),
          failed: retryInto('loadingProducts'),
          ready: {},
        },
      },
    },
  },

  match: {
    ...screen('match', { en: 'Choose a lender among those matched to the borrower.', 'zh-Hans': '选择出借机构：从匹配的机构中选择一家。' }),
    on: { 'step.back': { target: '#result' } },
    ...loadThenReady(
      {
        src: 'listMatches',
        input: {},
        onDone: { target: 'ready', actions: { type: 'storeMatches', params: ({ event }) => ({ items: event.output.items }) } },
      },
      { on: { 'match.select': { guard: 'lenderChoosable', target: '#lendConfirm', actions: 'chooseLender' } } },
    ),
  },

  lendConfirm: {
    ...screen('lendConfirm', { en: "Confirm loan: the lender's price and agreements, the card bound for the lender by SMS, then the application.", 'zh-Hans': '确认借款：机构报价和协议，短信验证为该机构绑卡，然后提交申请。' }, 'loadingCard'),
    // Only `editing` and `pricing` take a new amount or term, and price it.
    on: priceLocked,
    states: {
      loadingCard: loadingCard('The bound card that receives the loan and repays it, named on the screen; without it the offer still prices.', 'pricing'),
      pricing: pricing({ input: ({ context }) => ({ input: { ...offer(context), lender_id: context.lenderId ?? '' } }) }),
      editing: {
        tags: 'editing',
        on: {
          ...repricing,
          'sms.send': { guard: not('lenderCardBound'), target: 'sendingCode', actions: 'clearError' },
          // After a lost answer the card may already be bound: apply without a new code.
          'form.submit': { guard: and(['lenderPriced', 'lenderCardBound', 'lendAgreed']), target: 'applying', actions: ['clearError', 'keyLendCommit'] },
          'step.back': { target: '#match' },
        },
      },
      sendingCode: codeSending('lenderSmsSent', {
        src: 'sendLenderCardCode',
        input: ({ context }) => ({ input: { lender_id: context.lenderId ?? '' } }),
        onDone: { target: 'codeSent', actions: { type: 'storeLenderSms', params: ({ event }) => event.output } },
      }),
      codeSent: {
        description: "The lender's binding code was sent; resend after the deadline lenderSms.resendAt.",
        tags: 'editing',
        on: {
          'sms.resend': { guard: 'lenderResendAllowed', target: 'sendingCode', actions: 'clearError' },
          'form.submit': { guard: and(['lenderPriced', 'lendAgreed', 'lenderCodeEntered']), target: 'confirmingCard', actions: ['clearError', 'keyLendCommit'] },
          'step.back': { target: 'editing' },
        },
      },
      confirmingCard: codeConfirming({
          src: 'confirmLenderCard',
          input: ({ context }) => ({
            input: {
              request_id: context.lenderSms?.request_id ?? '',
              code: context.drafts.lendConfirm.code,
              lender_id: context.lenderId ?? '',
            },
            idempotencyKey: context.drafts.lendConfirm.bindKey ?? '',
          }),
          onDone: { target: 'applying', actions: 'markLenderCardBound' },
        }),
      applying: committing({
        description: 'Submits the application once, with the key kept in the draft; repeated submits are ignored here.',
        back: 'editing',
        uncertain: 'applyUncertain',
        invoke: {
          src: 'applyLoan',
          input: ({ context }) => ({
            input: {
              lender_id: context.lenderId ?? '',
              ...offer(context),
              purpose: context.drafts.demand.purpose ?? 'other',
              agreements: { loan: true, contract: true, third_party: true } as const,
            },
            idempotencyKey: context.drafts.lendConfirm.applyKey ?? '',
          }),
          onDone: { target: '#loanPlan', actions: { type: 'storeAppliedLoan', params: ({ event }) => event.output } },
        },
      }),
      applyUncertain: uncertain(
        'The answer to apply was lost (network, timeout): it may have gone through. Retry re-sends the same body with the same key; never a fresh submit.',
        'applying',
      ),
    },
  },
})
