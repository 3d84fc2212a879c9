import { emit, not, or } from 'xstate'
import type { AppContext, AppEvent } from './context'
import { guards, states, update } from './flow-kit'
import type { HostCommand } from './ports'
import type { AppInvoke } from './shapes'
import { reauth, retryInto, screenMeta } from './shapes'
import { homeCallsBesideBoot } from './home.flow'

/*
 * Boot and session: the base URL and channel lookup, the host's login, and re-auth after a 401.
 */

export const bootGuards = guards({
  payloadHasToken: ({ event }) =>
    event.type === 'bridge.payload' && typeof event.token === 'string' && event.token !== '',
  payloadResumes: ({ event }) => event.type === 'bridge.payload' && event.resumes === true,
  goesHome: ({ context }) => context.bootNext === 'home',
  hasToken: ({ context }) => context.hasToken,
  // Home's calls beside the lookup carried the channel asked about; the lookup named another code.
  channelRenamed: ({ context }) => context.channelCode !== context.intake.channel,
  homeFailed: ({ context }) => context.errorCode !== null,
  borrowerNamed: ({ context }) => context.borrowerId !== null,
  sameBorrower: ({ context, event }) =>
    'output' in event && (event.output as { user_id?: unknown }).user_id === context.borrowerId,
})

export const bootActions = {
  acceptToken: update({ hasToken: true }),
  /** The server has not said whose the new token is: until it does, the page names no borrower. */
  forgetUser: update({ user: null }),
  askHostToLogin: emit<AppContext, AppEvent, undefined, AppEvent, HostCommand>({ type: 'host.command', command: 'login' } as const),
  storeBaseUrl: update((_, params: { baseUrl: string }) => ({ baseUrl: params.baseUrl })),
  storeChannel: update(({ context }, params: { channel_code: string; is_login_required: 0 | 1 }) => {
    const loginRequired = params.is_login_required !== 1
    return {
      channelCode: params.channel_code,
      loginRequired,
      bootNext: !loginRequired || context.hasToken ? ('home' as const) : ('login' as const),
    }
  }),
}

/** The host owns login: while it is out, a tap asks it again, and a payload with a token goes on to `next`. */
function waitingForHostLogin<const T extends string>(next: T) {
  return {
    'xstate.route': {},
    'login.request': { actions: 'askHostToLogin' },
    'bridge.payload': { guard: 'payloadHasToken', target: next, actions: 'acceptToken' },
  } as const
}

/** A boot call: no token is needed yet, so no re-auth; any failure waits in `failed` for retry. */
function beforeLogin<const I extends AppInvoke>(invoke: I) {
  return { tags: 'busy', invoke: { ...invoke, onError: { target: 'failed', actions: 'assignError' } } } as const
}

export const bootStates = states({
  boot: {
    description:
      "Intake is done by the edge (input). Resolves the API base URL, then looks up the channel (with a token, beside home's calls); status 0 stores channel_code and decides home or login.",
    initial: 'resolvingBaseUrl',
    on: { 'xstate.route': {} },
    states: {
      resolvingBaseUrl: beforeLogin({
        src: 'resolveBaseUrl',
        input: ({ context }) => ({ bridgeBaseUrl: context.intake.baseUrl ?? null }),
        onDone: [
          { guard: 'hasToken', target: 'lookingUpChannelBesideHome', actions: { type: 'storeBaseUrl', params: ({ event }) => event.output } },
          { target: 'lookingUpChannel', actions: { type: 'storeBaseUrl', params: ({ event }) => event.output } },
        ],
      }),
      lookingUpChannel: beforeLogin({
        src: 'lookupChannel',
        input: ({ context }) => ({ params: { channel: context.intake.channel } }),
        onDone: { target: 'routing', actions: { type: 'storeChannel', params: ({ event }) => event.output } },
      }),
      lookingUpChannelBesideHome: {
        description:
          "With a token boot leads home whatever the lookup answers, so home's calls go out beside it, carrying the channel asked about. When both are in, home opens where its own loading would have led; if the lookup named another channel code, home asks again with it.",
        tags: 'busy',
        type: 'parallel',
        // A new login while home's calls are out: theirs may be another borrower's answers, so they are asked again.
        on: { 'bridge.payload': { guard: 'payloadHasToken', target: '.home', actions: 'acceptToken' } },
        onDone: [
          { guard: not('hasToken'), target: '#reauth' },
          { guard: 'channelRenamed', target: '#home', actions: 'dropHomeAnswers' },
          { guard: 'homeFailed', target: '#home.failed' },
          { target: '#home.ready' },
        ],
        states: {
          channel: {
            initial: 'asking',
            states: {
              asking: {
                invoke: {
                  src: 'lookupChannel',
                  input: ({ context }) => ({ params: { channel: context.intake.channel } }),
                  onDone: { target: 'done', actions: { type: 'storeChannel', params: ({ event }) => event.output } },
                  onError: { target: '#app.boot.failed', actions: 'assignError' },
                },
              },
              done: { type: 'final' },
            },
          },
          home: homeCallsBesideBoot,
        },
      },
      routing: {
        description: 'is_login_required == 1 (login NOT required) or a token → home; otherwise → login.',
        always: [{ guard: 'goesHome', target: '#home' }, { target: '#login' }],
      },
      failed: {
        description: 'Base URL or channel lookup failed (errorCode, errorStatus); retry starts boot over.',
        on: { retry: { target: 'resolvingBaseUrl', actions: 'clearError' } },
      },
    },
  },

  login: {
    id: 'login',
    description:
      'The host owns login: ask it with the `login` command and wait for a bridge payload with a token.',
    meta: screenMeta('login', { en: 'Log in: the page asks the host app to log the borrower in.', 'zh-Hans': '登录：页面请宿主应用为借款人登录。' }),
    entry: [{ type: 'enterScreen', params: { screen: 'login' } }, 'askHostToLogin'],
    on: waitingForHostLogin('#home'),
  },

  reauth: {
    id: 'reauth',
    description:
      'A call answered 401: token and user info are gone and the host was told to go home. Waits for a new token, then asks whose it is.',
    meta: screenMeta('login', { en: 'Log in again: the login expired; the same borrower comes back to what they typed.', 'zh-Hans': '重新登录：登录已失效，同一位借款人回来后，已填写的内容保留。' }),
    on: waitingForHostLogin('#verifyingBorrower'),
  },

  verifyingBorrower: {
    id: 'verifyingBorrower',
    description:
      "A new token came for a page that holds a borrower's state. The same borrower returns to exactly where they were, drafts untouched; another borrower starts at home with nothing of the first.",
    meta: screenMeta('login', { en: 'Checking who logged in: the same borrower goes back to their screen, another starts at home.', 'zh-Hans': '核对登录的借款人：同一人回到原页面，其他人从首页开始。' }),
    initial: 'asking',
    on: {
      'xstate.route': {},
      // The answer asked for is the host's latest borrower's: a token repeated while it is out changes nothing.
      'bridge.payload': { guard: 'payloadHasToken', actions: 'acceptToken' },
    },
    states: {
      asking: {
        tags: 'busy',
        invoke: {
          src: 'showUser',
          input: {},
          onDone: [
            // A state whose borrower the server never named (their user call failed) holds only what was
            // typed under the token the page had: it is theirs to keep, not a stranger's.
            { guard: or([not('borrowerNamed'), 'sameBorrower']), target: '#sessionHistory', actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
            { target: '#home', actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
          ],
          onError: [reauth, { target: 'failed', actions: 'assignError' }],
        },
      },
      failed: retryInto('asking'),
    },
  },
})
