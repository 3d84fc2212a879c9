import type { AppEvent } from './context'
import { failureOf, guards, pollPolicy, update } from './flow-kit'
import type { PollKind } from './flow-kit'
import type { LoanTrial, LoanUserStatus } from './ports'
import { isFinalRefusal } from './ports'
import type { ScreenName } from './screens'
import { screenAllowedByStatus, screenOfRoute } from './screens'

/*
 * What every flow of the session shares: failures and re-auth, entering a screen, the drafts and the
 * loan-user status, the poll counter, and the idempotency keys a refusal drops.
 */

/** Draft fields that change the price, so editing them asks for a new trial. */
function changesPrice(event: AppEvent): boolean {
  return (
    event.type === 'form.change' &&
    (event.step === 'demand' || event.step === 'lendConfirm') &&
    ('amount' in event.patch || 'term' in event.patch)
  )
}

export const sessionGuards = guards({
  isUnauthorized: ({ event }) => failureOf(event)?.kind === 'unauthorized',
  isRefused: ({ event }) => isFinalRefusal(failureOf(event)),
  wasInterrupted: ({ event }) => failureOf(event)?.kind === 'interrupted',
  screenAllowed: ({ context, event }, params: { screen: ScreenName }) => {
    if (!screenAllowedByStatus(params.screen, context.loanUser)) return false
    switch (params.screen) {
      case 'repayDetail':
        return context.drafts.repayment.periods.length > 0
      case 'paymentConfirm':
        return context.repayTrial !== null && context.repayment === null
      case 'repaymentResult':
        // Only a payment brings the borrower here, never Back or a typed link.
        return false
      case 'lendConfirm':
        return context.lenderId !== null
      case 'privacy':
        return event.type === 'xstate.route' && typeof event.query?.key === 'string'
      default:
        return true
    }
  },
  routeIs: ({ event }, params: { screen: ScreenName }) =>
    event.type === 'xstate.route' && screenOfRoute(event.to) === params.screen,
  priceChanged: ({ event }) => changesPrice(event),
  pollCapReached: ({ context }, params: { kind: PollKind }) => context.pollAttempt + 1 >= pollPolicy[params.kind].cap,
})

export const sessionActions = {
  assignError: update(({ event }) => {
    const failure = failureOf(event)
    if (failure === null) return { errorCode: 'unexpected' as const, errorStatus: null }
    if (failure.kind === 'refused') return { errorCode: 'refused' as const, errorStatus: failure.status }
    if (failure.kind === 'unauthorized') return { errorCode: null, errorStatus: null }
    return { errorCode: failure.kind, errorStatus: null }
  }),
  clearError: update({ errorCode: null, errorStatus: null }),
  /** 401: the request layer already dropped the token and told the host to go home (docs/product-rules.md#error-401). */
  forgetSession: update({ hasToken: false, user: null, errorCode: null, errorStatus: null }),
  enterScreen: update((_, params: { screen: ScreenName }) => ({ screen: params.screen })),
  storeLoanUser: update(({ context }, params: { status: LoanUserStatus }) => {
    const demand = context.drafts.demand
    // A resumed session prefills the demand the server remembers, unless the borrower typed.
    const prefill =
      params.status.demand !== null && demand.amount === null
        ? { ...demand, ...params.status.demand }
        : demand
    return {
      loanUser: params.status,
      rights: { ...context.rights, owned: context.rights.owned || params.status.rights_owned },
      drafts: { ...context.drafts, demand: prefill },
    }
  }),
  assignDraft: update(({ context, event }) => {
    if (event.type !== 'form.change') return {}
    const drafts = { ...context.drafts }
    // The union of patches is per step, so this write keeps each step's shape.
    Object.assign(drafts, { [event.step]: { ...drafts[event.step], ...event.patch } })
    return { drafts }
  }),
  storeTrial: update((_, params: { trial: LoanTrial }) => ({ trial: params.trial })),
  resetPoll: update({ pollAttempt: 0 }),
  countPoll: update(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
  /** A refusal is a final answer for that key: the next attempt is a new commit. */
  dropRefusedKeys: update(({ context, event }) => {
    if (!isFinalRefusal(failureOf(event))) return {}
    const d = context.drafts
    return {
      drafts: {
        ...d,
        bankCard: { ...d.bankCard, idempotencyKey: null },
        lendConfirm: {
          ...d.lendConfirm,
          bindKey: context.lenderCardBound ? d.lendConfirm.bindKey : null,
          applyKey: null,
        },
        repayment: { ...d.repayment, payKey: null },
        rights: { ...d.rights, buyKey: null },
      },
    }
  }),
}
