import { commitKey, guards, patchDraft, states, update } from './flow-kit'
import type { BankCard, RewardOrder } from './ports'
import { committing, holdStill, loading, loadingCard, poll, reauth, storeAnsweredCard, uncertain } from './shapes'

/*
 * The rights-card purchase: a sheet over the screen that opened it; buying once under a key from the
 * bound debit card, then polling the order until it settles.
 */

export const rightsGuards = guards({
  rightsOwned: ({ context }) => context.rights.owned,
  rightsOnSale: ({ context }) => context.rights.product !== null,
  rightsAgreed: ({ context }) => context.drafts.rights.reward && context.drafts.rights.withhold_agreement,
  orderPending: ({ context }) => context.rights.order?.status === 'pending',
  orderPaid: ({ context }) => context.rights.order?.status === 'paid',
  cardIn: (_, params: { card: BankCard | null }) => params.card !== null,
})

export const rightsActions = {
  storeShownCard: update((_, params: { card: BankCard | null }) => ({ card: params.card })),
  keyRightsPurchase: update(({ context }) => ({
    drafts: patchDraft(context, 'rights', { buyKey: commitKey(context.drafts.rights.buyKey, context) }),
  })),
  storeOrder: update(({ context }, params: { order: RewardOrder }) => {
    const paid = params.order.status === 'paid'
    const settled = params.order.status !== 'pending'
    return {
      rights: { ...context.rights, order: params.order, owned: context.rights.owned || paid },
      loanUser:
        paid && context.loanUser ? { ...context.loanUser, rights_owned: true } : context.loanUser,
      drafts: settled ? patchDraft(context, 'rights', { buyKey: null }) : context.drafts,
    }
  }),
  markOverlayOverSheet: update(({ context }) =>
    context.overlay === null ? {} : { overlay: { ...context.overlay, overSheet: true } },
  ),
}

const storeOrder = {
  type: 'storeOrder',
  params: ({ event }: { event: { output: { order: RewardOrder } } }) => ({ order: event.output.order }),
} as const

/** Buy again after a failed order, as from the offer. */
const buy = { 'rights.buy': { guard: 'rightsAgreed', target: 'checkingCard', actions: 'clearError' } } as const

export const rightsStates = states({
  rights: {
    id: 'rights',
    description:
      'The rights-card purchase sheet over the screen that opened it (home, review, result); its URL stays the opener\'s and closing returns there, e.g. to a review that resumes polling.',
    initial: 'loading',
    on: {
      'rights.close': { target: '#screensHistory', actions: 'clearError' },
      'overlay.open': { target: '#overlay', actions: ['openOverlay', 'markOverlayOverSheet'] },
    },
    states: {
      loading: loading({
        src: 'showRewardProduct',
        input: {},
        onDone: {
          target: 'loadingCard',
          actions: { type: 'storeRights', params: ({ event }) => event.output },
        },
      }),
      loadingCard: loadingCard('The bound card the price would be taken from, named in the offer; without it the offer says "your bound card".', 'deciding'),
      deciding: {
        always: [
          { guard: 'rightsOwned', target: 'owned' },
          { guard: 'orderPending', target: 'polling' },
          { guard: 'rightsOnSale', target: 'offer' },
          { target: 'unavailable' },
        ],
      },
      offer: { tags: 'editing', on: buy },
      checkingCard: {
        tags: 'busy',
        invoke: {
          src: 'showCard',
          input: {},
          // The answer replaces the card the offer named, in both branches: a card unbound since
          // would otherwise still be named on the screens that pay from it.
          onDone: [
            {
              guard: { type: 'cardIn', params: ({ event }) => ({ card: event.output.card }) },
              target: 'buying',
              actions: [
                storeAnsweredCard,
                'keyRightsPurchase',
              ],
            },
            { target: 'noCard', actions: storeAnsweredCard },
          ],
          onError: [reauth, { target: 'offer', actions: 'assignError' }],
        },
      },
      noCard: {
        description: 'The rights card is paid from the bound debit card; none is bound yet.',
      },
      buying: committing({
        description: 'Buys once with the idempotency key kept in the draft; repeated buy events are ignored.',
        back: 'offer',
        uncertain: 'uncertain',
        hold: { 'rights.close': {}, ...holdStill },
        invoke: {
          src: 'buyRewardProduct',
          input: ({ context }) => ({
            input: {
              product_id: context.rights.product?.product_id ?? '',
              card_id: context.card?.card_id ?? '',
              agreements: { reward: true, withhold_agreement: true } as const,
            },
            idempotencyKey: context.drafts.rights.buyKey ?? '',
          }),
          onDone: { target: 'settling', actions: storeOrder },
        },
      }),
      uncertain: uncertain('The purchase answer was lost: retry re-sends with the same key.', 'buying'),
      settling: {
        always: [
          { guard: 'orderPaid', target: 'owned' },
          { guard: 'orderPending', target: 'polling' },
          { target: 'failed' },
        ],
      },
      polling: poll({
        description: 'Polls the order until it settles, with backoff and a cap; poll.stop closes the sheet.',
        start: 'waiting',
        kind: 'rewardOrder',
        delay: 'rewardPollDelay',
        stop: '#screensHistory',
        fetch: {
          src: 'getRewardOrder',
          input: ({ context }) => ({ input: { order_id: context.rights.order?.order_id ?? '' } }),
          onDone: { target: '#rights.settling', actions: storeOrder },
        },
      }),
      owned: {},
      // Both a failed order and a failed load of the offer (`loading` fails into `failed`): buy
      // again, or ask for the offer again.
      failed: { on: { ...buy, retry: { target: 'loading', actions: 'clearError' } } },
      unavailable: {},
    },
  },
})
