import { emit, not } from 'xstate'
import type { AppContext, AppEvent } from './context'
import { commitKey, guards, patchDraft, states, update } from './flow-kit'
import { isOldestFirst, stillOwed } from './repay-order'
import type { ContractDownload, HostCommand, LoanUserStatus, PortData, RepayPlan, RepayTrial } from './ports'
import {
  committing,
  enter,
  handingToHost,
  loading,
  loadThenReady,
  poll,
  rereadOnRestore,
  retryInto,
  screen,
  screenMeta,
  storeAnsweredCard,
  storeAnsweredStatus,
  uncertain,
} from './shapes'

/*
 * Servicing the loan: the loan plan after lending, then repayment (choose a loan and its periods,
 * the repay trial, paying once under a key, and the result, polled until the bank settles), and the
 * repay plan.
 */

export const servicingGuards = guards({
  hasRepayLoan: ({ context }) => context.drafts.repayment.loan_id !== null,
  periodsChosen: ({ context }) => context.drafts.repayment.periods.length > 0,
  // Only periods the shown plan still owes, oldest first, of a loan paid out, can be chosen: a stale, forged or
  // out-of-order choice would reach the repay trial with periods the server then refuses, after the
  // borrower pressed Next.
  periodsPayable: ({ context, event }) => {
    if (event.type !== 'repay.select') return false
    const plan = context.repayPlan
    if (plan === null) return event.periods.length === 0
    // A loan still being paid out has nothing to repay yet (the sandbox refuses it).
    if (plan.loan.status === 'disbursing') return event.periods.length === 0
    return (
      event.periods.every((period) => plan.periods.some((p) => p.period === period && p.status !== 'paid')) &&
      isOldestFirst(plan.periods, event.periods)
    )
  },
  planPayingOut: (_, params: { plan: RepayPlan }) => params.plan.loan.status === 'disbursing',
  choiceStillOwed: ({ context }, params: { plan: RepayPlan }) => {
    const chosen = context.drafts.repayment.periods
    return params.plan.loan.status !== 'disbursing' && stillOwed(params.plan.periods, chosen).length === chosen.length
  },
  shownPlanPayingOut: ({ context }) => context.repayPlan?.loan.status === 'disbursing',
  hasCard: ({ context }) => context.card !== null,
  repaymentSucceeded: ({ context }) => context.repayment?.status === 'succeeded',
  repaymentFailed: ({ context }) => context.repayment?.status === 'failed',
  repaymentSettledIn: ({ context }, params: { status: LoanUserStatus }) => {
    const last = params.status.last_repayment
    return (
      last !== null &&
      context.repayment !== null &&
      last.repayment_id === context.repayment.repayment_id &&
      last.status !== 'processing'
    )
  },
})

export const servicingActions = {
  // The host opens the ticket's URL outside the web view (docs/product-rules.md#contract-keep).
  openContract: emit<AppContext, AppEvent, { url: string }, AppEvent, HostCommand>((_, params) => ({
    type: 'host.command',
    command: 'openUrl',
    url: params.url,
  })),
  /**
   * The plan as answered. Of the chosen loan, it may show chosen periods paid meanwhile (another device, a payment
   * whose answer was lost): those leave the choice, and with them its key, as what is left is another payment.
   */
  storeRepayPlan: update(({ context }, params: { plan: RepayPlan }) => {
    const { loan_id, periods: chosen, payKey } = context.drafts.repayment
    if (loan_id !== null && loan_id !== params.plan.loan.loan_id) return { repayPlan: params.plan }
    const owed = params.plan.loan.status === 'disbursing' ? [] : stillOwed(params.plan.periods, chosen)
    const paid = chosen.filter((n) => params.plan.periods.some((p) => p.period === n && p.status === 'paid'))
    const kept = owed.length === chosen.length
    return {
      repayPlan: params.plan,
      ...(kept ? {} : { repayTrial: null, paidMeanwhile: paid }),
      drafts: patchDraft(context, 'repayment', { loan_id: params.plan.loan.loan_id, periods: owed, payKey: kept ? payKey : null }),
    }
  }),
  chooseRepayLoan: update(({ context, event }) => {
    if (event.type !== 'repay.loan') return {}
    return {
      repayPlan: null,
      paidMeanwhile: [],
      drafts: patchDraft(context, 'repayment', { loan_id: event.loan_id, periods: [], payKey: null }),
    }
  }),
  pickDefaultRepayLoan: update(({ context }) => {
    if (context.drafts.repayment.loan_id !== null) return {}
    const loan =
      context.loanUser?.loan ?? context.loanUser?.loans.find((l) => l.status !== 'settled') ?? null
    if (loan === null) return {}
    return { drafts: patchDraft(context, 'repayment', { loan_id: loan.loan_id }) }
  }),
  chooseRepayPeriods: update(({ context, event }) => {
    if (event.type !== 'repay.select') return {}
    const periods = [...event.periods].sort((a, b) => a - b)
    const { periods: keyed, payKey } = context.drafts.repayment
    // A key still held belongs to a payment whose outcome is unknown: paying the same periods again
    // is that payment's retry and keeps its key, or the bank could take it twice
    // (docs/product-rules.md#idem-key-reuse). Other periods are another payment, with a key of its own.
    const samePayment = periods.length === keyed.length && periods.every((period, at) => period === keyed[at])
    return {
      repayTrial: null,
      repayment: null,
      paidMeanwhile: [],
      drafts: patchDraft(context, 'repayment', { periods, payKey: samePayment ? payKey : null }),
    }
  }),
  storeRepayTrial: update((_, params: { trial: RepayTrial }) => ({ repayTrial: params.trial })),
  keyPayment: update(({ context }) => ({
    repayment: null,
    drafts: patchDraft(context, 'repayment', { payKey: commitKey(context.drafts.repayment.payKey, context) }),
  })),
  storeRepayment: update(({ context }, params: PortData<'submitRepayment'>) => ({
    repayment: {
      repayment_id: params.repayment_id,
      status: params.status,
      failure_reason: params.failure_reason,
      amount: context.repayTrial?.total ?? null,
      periods: context.drafts.repayment.periods,
    },
    repayTrial: null,
    drafts: patchDraft(context, 'repayment', { periods: [], payKey: null }),
  })),
  forgetPaidMeanwhile: update(() => ({ paidMeanwhile: [] })),
  settleRepayment: update(({ context }) => {
    const last = context.loanUser?.last_repayment
    if (last == null || context.repayment === null) return {}
    return {
      repayment: { ...context.repayment, status: last.status, failure_reason: last.failure_reason },
    }
  }),
}

/** The price of the chosen periods today, into `next`. */
function repayTrialInto<const N extends string>(next: N) {
  return {
    src: 'trialRepayment',
    input: ({ context }: { context: AppContext }) => ({
      input: {
        loan_id: context.drafts.repayment.loan_id ?? '',
        periods: context.drafts.repayment.periods.join(','),
      },
    }),
    onDone: {
      target: next,
      actions: { type: 'storeRepayTrial', params: ({ event }: { event: { output: RepayTrial } }) => ({ trial: event.output }) },
    },
  } as const
}

/** The plan of the loan being repaid, into `next`. */
function repayPlanInto<const N extends string>(next: N) {
  return {
    src: 'getRepayPlan',
    input: ({ context }: { context: { drafts: { repayment: { loan_id: string | null } } } }) => ({
      input: { loan_id: context.drafts.repayment.loan_id ?? '' },
    }),
    onDone: {
      target: next,
      actions: { type: 'storeRepayPlan', params: ({ event }: { event: { output: RepayPlan } }) => ({ plan: event.output }) },
    },
  } as const
}

const repayPlanOf = repayPlanInto('ready')

/**
 * The plan read again after a reopen, into `next` while it still owes every chosen period. Paid meanwhile,
 * the borrower is back at the choice with what is still owed of it (`storeRepayPlan`), and told why, so
 * nothing is priced or paid again (docs/product-rules.md#flow-periods-in-order).
 */
function rereadPlanInto<const N extends string>(next: N) {
  const { onDone, ...read } = repayPlanInto(next)
  const plan = ({ event }: { event: { output: RepayPlan } }) => ({ plan: event.output })
  return {
    ...read,
    onDone: [{ guard: { type: 'choiceStillOwed', params: plan }, ...onDone }, { ...onDone, target: '#repayment.ready' }],
  } as const
}

const openContract = {
  type: 'openContract',
  params: ({ event }: { event: { output: ContractDownload } }) => ({ url: event.output.url }),
} as const

/** The plan the borrower was on before Save contract: still following a payout, or ready. */
const backToPlan = [
  { guard: 'shownPlanPayingOut', target: 'payingOut', actions: 'assignError' },
  { target: 'ready', actions: 'assignError' },
] as const

/** The loan is signed from the plan's first answer on: its contract can be saved, paying out or not. */
const saveContract = { 'contract.save': { target: '#loanPlan.savingContract', actions: 'clearError' } } as const

/** The new loan's plan; while the lender is still paying out, `waiting` to read it again, else `ready`. */
const newLoanPlan = <const W extends string, const R extends string>(payingOut: W, ready: R) =>
  ({
    src: 'getRepayPlan',
    input: ({ context }: { context: { loan: { loan_id: string } | null; loanUser: { loan: { loan_id: string } | null } | null } }) => ({
      input: { loan_id: context.loan?.loan_id ?? context.loanUser?.loan?.loan_id ?? '' },
    }),
    onDone: [
      {
        guard: { type: 'planPayingOut', params: ({ event }: { event: { output: RepayPlan } }) => ({ plan: event.output }) },
        target: payingOut,
        actions: { type: 'storeRepayPlan', params: ({ event }: { event: { output: RepayPlan } }) => ({ plan: event.output }) },
      },
      {
        target: ready,
        actions: { type: 'storeRepayPlan', params: ({ event }: { event: { output: RepayPlan } }) => ({ plan: event.output }) },
      },
    ],
  }) as const

const payingOut = poll({
  description:
    'The lender is still paying the loan out: re-reads the plan with backoff until the loan is disbursed; poll.stop leaves for home.',
  start: 'waiting',
  kind: 'disbursement',
  delay: 'disbursementPollDelay',
  stop: '#home',
  fetch: newLoanPlan('waiting', '#loanPlan.ready'),
})

export const servicingStates = states({
  loanPlan: {
    ...screen('loanPlan', { en: 'Loan plan: the payout and the repayment schedule; the contract can be saved.', 'zh-Hans': '借款计划：放款进度和还款计划，可保存合同。' }, 'loading'),
    states: {
      loading: loading(newLoanPlan('payingOut', 'ready')),
      failed: retryInto('loading'),
      ready: { on: { ...saveContract, ...rereadOnRestore('loading') } },
      savingContract: handingToHost({
        description: 'Save contract: a download ticket, whose URL the host opens; then back to the plan as it was.',
        back: backToPlan,
        invoke: {
          src: 'requestContractDownload',
          input: ({ context }) => {
            const loanId = context.repayPlan?.loan.loan_id ?? context.loan?.loan_id
            return { input: loanId === undefined ? {} : { loan_id: loanId } }
          },
          onDone: [
            { guard: 'shownPlanPayingOut', target: 'payingOut', actions: openContract },
            { target: 'ready', actions: openContract },
          ],
        },
      }),
      // The plan follows the loan: it is read on entry, and again while paying out.
      payingOut: { ...payingOut, on: { ...payingOut.on, ...saveContract } },
    },
  },

  repayment: {
    ...screen('repayment', { en: 'Repay: the borrower chooses the loan and the periods to repay.', 'zh-Hans': '还款：选择要还的借款和期数。' }, 'loadingStatus'),
    on: { 'step.back': { target: '#home' } },
    exit: 'forgetPaidMeanwhile',
    states: {
      loadingStatus: loading({
        src: 'getLoanUserStatus',
        input: {},
        onDone: { target: 'loadingPlan', actions: [storeAnsweredStatus, 'pickDefaultRepayLoan'] },
      }),
      loadingPlan: {
        ...loading(repayPlanOf),
        always: { guard: not('hasRepayLoan'), target: 'ready' },
      },
      failed: retryInto('loadingStatus'),
      ready: {
        on: {
          ...rereadOnRestore('loadingStatus'),
          'repay.loan': { target: 'loadingPlan', actions: 'chooseRepayLoan' },
          'repay.select': { guard: 'periodsPayable', actions: 'chooseRepayPeriods' },
          'form.submit': { guard: 'periodsChosen', target: '#repayDetail' },
          'repay.plan': { guard: 'hasRepayLoan', target: '#repayPlan' },
        },
      },
    },
  },

  repayDetail: {
    ...screen('repayDetail', { en: 'Repayment details: what the chosen periods cost.', 'zh-Hans': '还款明细：所选各期的应还金额。' }, 'trialing'),
    // Back from every sub-state: a refused trial is left by choosing again, not by a Retry.
    on: { 'step.back': { target: '#repayment' } },
    states: {
      trialing: loading(repayTrialInto('ready')),
      // Restored: the rows come from the plan and the sums from the trial, both read again.
      rereadingPlan: loading(rereadPlanInto('trialing')),
      failed: retryInto('trialing'),
      ready: { on: { 'form.submit': { target: '#paymentConfirm' }, ...rereadOnRestore('rereadingPlan') } },
    },
  },

  paymentConfirm: {
    ...screen('paymentConfirm', { en: 'Confirm payment: pay the chosen periods from the bound card.', 'zh-Hans': '确认付款：用已绑定的银行卡支付所选各期。' }, 'loadingCard'),
    states: {
      loadingCard: loading({
        src: 'showCard',
        input: {},
        onDone: {
          target: 'ready',
          actions: storeAnsweredCard,
        },
      }),
      // Restored: the plan and the total are read again before the card, so the payment is for today's sum.
      rereadingPlan: loading(rereadPlanInto('repricing')),
      repricing: loading(repayTrialInto('loadingCard')),
      failed: retryInto('rereadingPlan'),
      ready: {
        tags: 'editing',
        on: {
          'form.submit': { guard: 'hasCard', target: 'paying', actions: ['clearError', 'keyPayment'] },
          'step.back': { target: '#repayDetail' },
          ...rereadOnRestore('rereadingPlan'),
        },
      },
      paying: committing({
        description: 'Pays once: repeated submits are ignored and the idempotency key is reused on every retry.',
        back: 'ready',
        uncertain: 'uncertain',
        hold: { 'xstate.route': {}, 'overlay.open': {}, 'nav.home': {} },
        invoke: {
          src: 'submitRepayment',
          input: ({ context }) => ({
            input: {
              loan_id: context.drafts.repayment.loan_id ?? '',
              periods: context.drafts.repayment.periods,
              amount: context.repayTrial?.total ?? 0,
              card_id: context.card?.card_id ?? '',
            },
            idempotencyKey: context.drafts.repayment.payKey ?? '',
          }),
          onDone: { target: '#repaymentResult', actions: { type: 'storeRepayment', params: ({ event }) => event.output } },
        },
      }),
      uncertain: uncertain(
        'The payment answer was lost (network, timeout): it may have been taken. Retry re-sends with the same key, so it is never charged twice.',
        'paying',
      ),
    },
  },

  repaymentResult: {
    id: 'repaymentResult',
    // Not routable: only a payment brings the borrower here, never a typed or Back URL.
    meta: screenMeta('repaymentResult', { en: 'Repayment result: succeeded, failed with the reason, or still processing.', 'zh-Hans': '还款结果：成功、失败及原因，或仍在处理中。' }),
    entry: { type: 'enterScreen', params: { screen: 'repaymentResult' } },
    initial: 'deciding',
    on: { 'repay.again': { target: '#repayment' } },
    states: {
      deciding: {
        always: [
          { guard: 'repaymentSucceeded', target: 'succeeded' },
          { guard: 'repaymentFailed', target: 'failed' },
          { target: 'processing' },
        ],
      },
      succeeded: {},
      failed: {},
      processing: poll({
        description:
          'The bank has not settled the payment yet: re-reads the loan-user status with backoff until last_repayment settles; poll.stop leaves for home.',
        start: 'waiting',
        kind: 'repayment',
        delay: 'repaymentPollDelay',
        stop: '#home',
        fetch: {
          src: 'getLoanUserStatus',
          input: {},
          onDone: [
            {
              guard: { type: 'repaymentSettledIn', params: ({ event }) => ({ status: event.output }) },
              target: '#repaymentResult.deciding',
              actions: [storeAnsweredStatus, 'settleRepayment'],
            },
            { target: 'waiting', actions: storeAnsweredStatus },
          ],
        },
      }),
    },
  },

  repayPlan: {
    ...screen('repayPlan', { en: 'Repayment schedule: every period of the loan and its status.', 'zh-Hans': '还款计划：借款的每一期及其状态。' }),
    entry: [enter('repayPlan'), 'pickDefaultRepayLoan'],
    // Back from every sub-state: after a refused plan the notice sends the borrower back.
    on: { 'step.back': { target: '#repayment' } },
    ...loadThenReady(repayPlanOf, { on: rereadOnRestore('loading') }),
  },
})
