import { and, enqueueActions, not } from 'xstate'
import type { AppContext, AppEvent } from './context'
import { noBorrower } from './context'
import { guards, states, update } from './flow-kit'
import type { AppActor, AppStateConfig } from './flow-kit'
import type { HostCommand, PortData } from './ports'
import type { ScreenName } from './screens'
import { clampScreen, funnelScreens, screenForStep } from './screens'
import { reauth, rereadOnRestore, retryInto, screenMeta, storeAnsweredStatus } from './shapes'
import type { AppInvoke } from './shapes'

/*
 * Home: the borrower, the loan-user status and the rights card, then the entrance cards; a pending
 * deep link is followed from here, clamped to what the server allows.
 */

export const homeGuards = guards({
  hasPendingDeepLink: ({ context }) => context.pendingDeepLink !== null,
  resumeAt: ({ context }, params: { screen: ScreenName }) =>
    context.loanUser !== null &&
    clampScreen(screenForStep(context.loanUser.step), context.loanUser) === params.screen,
  hasLoan: ({ context }) => context.loanUser?.loan != null || context.loan !== null,
  // The rights card's perks (priority review, the 85% approval rate) act before a credit decision:
  // it is offered until then and after a loan is settled, never to an approved, repaying or overdue
  // borrower. An owner can always open it to see it.
  rightsOffered: ({ context }) =>
    context.rights.owned ||
    context.loanUser === null ||
    !['approved', 'rejected', 'applied', 'repaying', 'overdue'].includes(context.loanUser.step),
})

export const homeActions = {
  /**
   * The server says whose token this is. Another borrower than the one this state belongs to starts
   * with nothing of the first (docs/product-rules.md#security-per-borrower).
   */
  storeUser: update(({ context }, params: { user: PortData<'showUser'> }) => ({
    ...(context.borrowerId !== null && context.borrowerId !== params.user.user_id ? noBorrower() : {}),
    user: params.user,
    borrowerId: params.user.user_id,
  })),
  /** Home's answers taken beside a lookup that answered another channel code, forgotten: home asks again with it. */
  dropHomeAnswers: update({ user: null, loanUser: null, rights: { product: null, owned: false, order: null }, errorCode: null, errorStatus: null }),
  storeRights: update(({ context }, params: PortData<'showRewardProduct'>) => ({
    rights: {
      product: params.product,
      owned: params.owned || context.rights.owned,
      order: params.order,
    },
  })),
  /** A deep link lands where the server allows, through the route event. */
  followDeepLink: enqueueActions<AppContext, AppEvent, undefined, AppEvent, AppActor, never, never, never, HostCommand>(({ context, enqueue }) => {
    const link = context.pendingDeepLink
    enqueue.assign({ pendingDeepLink: null })
    if (link === null) return
    const target = clampScreen(link.screen, context.loanUser)
    if (target === 'home' || target === 'login') return
    enqueue.raise({ type: 'xstate.route', to: `#${target}`, query: link.query })
  }),
}

/**
 * Where Continue resumes the application: the screen of the step the server has the borrower on.
 * No step is on the match or lend-confirm screens (they follow an approval within one visit).
 */
const resumable = [...funnelScreens.filter((name) => name !== 'match' && name !== 'lendConfirm'), 'repayment'] as const

/** One region of home's parallel loading: a single call, then a final state. */
function fetchOnce<const I extends AppInvoke>(invoke: I) {
  return { initial: 'fetching', states: { fetching: { invoke }, done: { type: 'final' } } } as const
}

interface HomeCallsEnds {
  /** A 401: the session is forgotten. */
  readonly refused: { readonly guard: 'isUnauthorized'; readonly target: string; readonly actions: 'forgetSession' }
  /** The status's failure, which is home's: the other calls are dropped. */
  readonly statusFailed: { readonly target: string; readonly actions: 'assignError' }
  /** Where the calls start over when the server names another borrower than the state's. */
  readonly askAgain: string
}

/**
 * User, loan status and rights card: independent, so side by side. The nickname is decoration and
 * without the rights card home still works (it is hidden): their failures other than a 401 end their
 * region. Another borrower's answer clears the state's borrower, and with it the status and rights
 * just loaded beside it: the three are asked again.
 */
function homeCalls<const E extends HomeCallsEnds>(ends: E) {
  return {
    user: fetchOnce({
      src: 'showUser',
      input: {},
      onDone: [
        { guard: and(['borrowerNamed', not('sameBorrower')]), target: ends.askAgain, reenter: true, actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
        { target: 'done', actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
      ],
      onError: [ends.refused, { target: 'done' }],
    }),
    status: fetchOnce({
      src: 'getLoanUserStatus',
      input: {},
      onDone: { target: 'done', actions: storeAnsweredStatus },
      onError: [ends.refused, ends.statusFailed],
    }),
    rights: fetchOnce({
      src: 'showRewardProduct',
      input: {},
      onDone: { target: 'done', actions: { type: 'storeRights', params: ({ event }) => event.output } },
      onError: [ends.refused, { target: 'done' }],
    }),
  } as const
}

/**
 * Home's three calls as boot makes them beside the channel lookup when a token is in hand (a token
 * leads home whatever the lookup answers, docs/product-rules.md#boot-login-gate). Answers are stored
 * as home stores them and failures noted as home notes them; boot then opens home where its own
 * loading would have led.
 */
export const homeCallsBesideBoot = {
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      onDone: { target: 'done' },
      states: homeCalls({
        refused: { guard: 'isUnauthorized', target: '#bootHomeRefused', actions: 'forgetSession' },
        statusFailed: { target: '#bootHomeFailed', actions: 'assignError' },
        askAgain: '#app.boot.lookingUpChannelBesideHome.home',
      }),
    },
    done: { type: 'final' },
    statusFailed: {
      id: 'bootHomeFailed',
      description: "The status's call failed: the others are dropped, as home's loading drops them, and home opens on the failure once the lookup has answered.",
      type: 'final',
    },
    loggedOut: {
      id: 'bootHomeRefused',
      description: 'A call was answered 401 and the session is forgotten: boot goes to re-auth once the lookup has answered.',
      type: 'final',
    },
  },
} as const satisfies AppStateConfig

export const homeStates = states({
  home: {
    id: 'home',
    route: {},
    meta: screenMeta('home', { en: "Home: the borrower's loan status and the next step (apply, continue or repay).", 'zh-Hans': '首页：借款进度和下一步（申请、继续或还款）。' }),
    entry: { type: 'enterScreen', params: { screen: 'home' } },
    initial: 'loading',
    states: {
      loading: {
        description:
          'User, loan status and rights card are independent: all three go out together, and home is ready when the last answers.',
        tags: 'busy',
        type: 'parallel',
        onDone: { target: 'ready' },
        states: homeCalls({ refused: reauth, statusFailed: { target: '#home.failed', actions: 'assignError' }, askAgain: '#home' }),
      },
      failed: retryInto('loading'),
      ready: {
        description:
          'Entrance cards. A pending deep link is followed first, clamped to the step the server allows.',
        always: { guard: 'hasPendingDeepLink', actions: 'followDeepLink' },
        on: {
          'home.continue': resumable.map((screen) => ({
            guard: { type: 'resumeAt' as const, params: { screen } },
            target: `#${screen}` as const,
          })),
          'home.repay': { guard: 'hasLoan', target: '#repayment' },
          'rights.open': { guard: 'rightsOffered', target: '#rights' },
          retry: { target: 'loading' },
          ...rereadOnRestore('loading'),
        },
      },
    },
  },
})
