import type { DoneActorEvent } from 'xstate'
import type { AppContext } from './context'
import type { AppStateConfig, PollDelay, PollKind, Words } from './flow-kit'
import type { BankCard, LoanTrial, LoanUserStatus, PortArgs } from './ports'
import type { ScreenName } from './screens'

/*
 * The shapes the flows repeat, each written once: a screen, a call that loads it (`loading`,
 * `loadThenReady`), a step's submit with its re-auth and refusal branches (`submitting`,
 * `wizardStep`), a keyed commit whose answer can be lost (`committing`, `uncertain`), SMS codes
 * (`codeSending`, `codeConfirming`), the loan trial (`pricing`) and the polling loop (`poll`). Each
 * takes what differs per use and returns plain state config, so state ids and names stay the flows'.
 */

/** One invoke of a state: which actor, its input, where its answer goes. The shapes add the failures. */
export type AppInvoke = Exclude<NonNullable<AppStateConfig['invoke']>, readonly unknown[]>

/** A screen's meta: which screen it shows and its purpose in the reviewer's words. */
export const screenMeta = <const S extends ScreenName>(screen: S, words: Words) => ({ screen, words })

/** Entering a screen records it as the screen the borrower is on. */
export const enter = <const S extends ScreenName>(screen: S) => ({ type: 'enterScreen', params: { screen } }) as const

/**
 * A screen: its id is its name, a route (URL or Back) may enter it where the server's status allows,
 * and it starts in `initial` (when its states come from a shape, the shape says). Its `words` say
 * what it is for; the English is its description too.
 */
export function screen<const S extends ScreenName, const I extends string = never>(name: S, words: Words, initial?: I) {
  return {
    id: name,
    route: { guard: { type: 'screenAllowed', params: { screen: name } } },
    meta: screenMeta(name, words),
    entry: enter(name),
    ...(initial === undefined ? {} : { initial }),
  } as const
}

/** Every invoke's first onError branch: a 401 goes to re-auth, from anywhere; drafts stay. */
export const reauth = { guard: 'isUnauthorized', target: '#reauth', actions: 'forgetSession' } as const

/** While a commit is in flight, leaving is ignored: the borrower waits for its answer. */
export const holdStill = { 'xstate.route': {}, 'overlay.open': {} } as const

/**
 * While a screen's price is not being edited (the lender's code is out, a commit is in flight), the
 * amount and term priced on screen are the ones the application sends: a change to either is
 * refused until the borrower goes Back to edit, which prices again (docs/product-rules.md#flow-apr-before-commit).
 */
export const priceLocked = { 'form.change': { guard: 'priceChanged' } } as const

/** A failed call's resting state: retry runs `target` again. */
export function retryInto<const T extends string>(target: T) {
  return { on: { retry: { target, actions: 'clearError' } } } as const
}

/**
 * A restored screen that shows the server's figures reads them again into `target`: a web view
 * reopened another day (a late penalty grows daily) or after the loan moved elsewhere shows today's,
 * never the day it was saved. The edge sends poll.now after every restore.
 */
export function rereadOnRestore<const T extends string>(target: T) {
  return { 'poll.now': { target } } as const
}

/** A busy call whose failure (after re-auth) goes to `failed` with the error. */
export function loading<const I extends AppInvoke>(invoke: I) {
  return { tags: 'busy', invoke: { ...invoke, onError: [reauth, { target: 'failed', actions: 'assignError' }] } } as const
}

/**
 * A call whose answer the host opens outside the web view (a download, with `openUrl`): busy while
 * it is asked, then where its onDone says; a failure (after re-auth) takes the `back` transitions,
 * which keep the error and return to the screen as it was. Nothing is committed, so leaving meanwhile only drops the answer.
 */
export function handingToHost<const I extends AppInvoke, const B extends readonly object[]>(spec: { description: string; invoke: I; back: B }) {
  return {
    description: spec.description,
    tags: 'busy',
    invoke: { ...spec.invoke, onError: [reauth, ...spec.back] },
  } as const
}

/**
 * A step's submit: busy, holding still, the call; any failure (after re-auth) goes `back` with the
 * error. `dropKeys` when the call is keyed: a refusal is a final answer for its key.
 */
export function submitting<const I extends AppInvoke, const B extends string>(spec: {
  invoke: I
  back: B
  dropKeys?: true
}) {
  const actions = spec.dropKeys ? (['assignError', 'dropRefusedKeys'] as const) : ('assignError' as const)
  return {
    tags: 'busy',
    on: holdStill,
    invoke: { ...spec.invoke, onError: [reauth, { target: spec.back, actions }] },
  } as const
}

/**
 * Confirming a sent SMS code under a key: a failure goes back to `codeSent`, a refused key is dropped.
 * `interrupted`: where a confirmation cut off by a closed web view goes instead (persistence.ts), to
 * find out whether it went through before asking for the code again.
 */
export function codeConfirming<const I extends AppInvoke, const N extends string>(invoke: I, interrupted?: N) {
  const plain = submitting({ back: 'codeSent', dropKeys: true, invoke })
  if (interrupted === undefined) return plain
  const [toReauth, back] = plain.invoke.onError
  const cutOff = { guard: 'wasInterrupted', target: interrupted, actions: 'assignError' } as const
  return { ...plain, invoke: { ...plain.invoke, onError: [toReauth, cutOff, back] } } as const
}

/**
 * A keyed commit whose answer can be lost (payment, loan application, rights purchase): a refusal
 * goes `back` with the error and drops the key; a lost answer (network, timeout) goes to `uncertain`,
 * whose retry re-sends with the same key (see `uncertain`).
 */
export function committing<
  const I extends AppInvoke,
  const B extends string,
  const U extends string,
  const H extends Record<string, object> = typeof holdStill,
>(spec: { description: string; invoke: I; back: B; uncertain: U; hold?: H }) {
  return {
    description: spec.description,
    tags: 'busy',
    on: spec.hold ?? holdStill,
    invoke: {
      ...spec.invoke,
      onError: [
        reauth,
        { guard: 'isRefused', target: spec.back, actions: ['assignError', 'dropRefusedKeys'] },
        { target: spec.uncertain, actions: 'assignError' },
      ],
    },
  } as const
}

/** The answer to a keyed commit was lost: retry re-sends `committing` under the same key, never a fresh one. */
export function uncertain<const C extends string>(description: string, committingState: C) {
  return { description, ...retryInto(committingState) } as const
}

/**
 * The simple wizard step, a screen: `editing` until the form is `ready`, then `submitting` the call,
 * which goes on where its onDone says; Back goes to the `previous` step.
 */
export function wizardStep<
  const S extends ScreenName,
  const R extends string,
  const P extends string,
  const I extends AppInvoke,
>(name: S, spec: { words: Words; ready: R; previous: P; invoke: I }) {
  return {
    ...screen(name, spec.words, 'editing'),
    states: {
      editing: editing({ on: 'form.submit', ready: spec.ready, next: 'submitting', previous: spec.previous }),
      submitting: submitting({ invoke: spec.invoke, back: 'editing' }),
    },
  } as const
}

/** A form being filled in: `on` that event, once `ready`, it goes to `next`; Back goes to `previous`. */
export function editing<
  const E extends 'form.submit' | 'sms.send',
  const R extends string,
  const N extends string,
  const P extends string,
>(spec: { on: E; ready: R; next: N; previous: P }) {
  const go = { guard: spec.ready, target: spec.next, actions: 'clearError' } as const
  return {
    tags: 'editing',
    // A computed key is typed as any string; the event is exactly E.
    on: { [spec.on]: go, 'step.back': { target: spec.previous } } as { readonly [K in E]: typeof go } & {
      readonly 'step.back': { readonly target: P }
    },
  } as const
}

/** A screen that loads one thing (`loading`, with `failed` and its retry), then shows it (`ready`). */
export function loadThenReady<const I extends AppInvoke, const R extends AppStateConfig = Record<never, never>>(
  invoke: I,
  ready?: R,
) {
  return {
    initial: 'loading',
    states: { loading: loading(invoke), failed: retryInto('loading'), ready: ready ?? ({} as R) },
  } as const
}

/** Editing a priced field (amount, term) prices the draft again; so does retry after a failed trial. */
export const repricing = {
  'form.change': { guard: 'priceChanged', target: 'pricing', actions: 'assignDraft' },
  retry: { target: 'pricing' },
} as const

/** A loan trial for the draft (the demand, or the lender's offer), answering into `editing`. */
export function pricing(spec: { input: (args: { context: AppContext }) => PortArgs<'trialLoan'> }) {
  return {
    description: 'Pricing the draft. The form stays editable: a price change restarts the trial, so the price shown is always the draft\'s.',
    tags: ['busy', 'editing'],
    on: { 'form.change': { guard: 'priceChanged', target: 'pricing', reenter: true, actions: 'assignDraft' } },
    invoke: {
      src: 'trialLoan',
      input: spec.input,
      onDone: {
        target: 'editing',
        actions: [
          'clearError',
          { type: 'storeTrial', params: ({ event }: { event: DoneActorEvent<LoanTrial> }) => ({ trial: event.output }) },
        ],
      },
      onError: [reauth, { target: 'editing', actions: 'assignError' }],
    },
  } as const
}

/**
 * Sending an SMS code from `editing`: its answer goes to `codeSent` (onDone); a failure after a
 * code was already `sent` stays in `codeSent` with the error, else goes back to `editing`.
 */
export function codeSending<const G extends string, const I extends AppInvoke>(sent: G, invoke: I) {
  return {
    tags: 'busy',
    invoke: {
      ...invoke,
      onError: [
        reauth,
        { guard: sent, target: 'codeSent', actions: 'assignError' },
        { target: 'editing', actions: 'assignError' },
      ],
    },
  } as const
}

/** The first and second of a poll's states: a poll that starts by asking, or by waiting. */
type PollStart = 'fetching' | 'waiting'

/**
 * A polling loop with backoff and a cap (docs/product-rules.md#screens-and-flow): `fetching` asks (its onDone says
 * where an answer goes; a failure waits), `waiting` waits the kind's backoff, `slow` is the cap, where
 * retry keeps waiting; `poll.stop` goes to `stop`, the way out.
 */
export function poll<
  const I extends AppInvoke,
  const D extends PollDelay,
  const S extends string,
  const A extends string | readonly string[] = 'countPoll',
>(spec: {
  description: string
  start: PollStart
  kind: PollKind
  delay: D
  fetch: I
  stop: S
  /** What each new attempt does besides counting. */
  nextAttempt?: A
  slowDescription?: string
}) {
  const fetching = {
    invoke: { ...spec.fetch, onError: [reauth, { target: 'waiting', actions: 'assignError' }] },
  } as const
  const attempt = [
    { guard: { type: 'pollCapReached', params: { kind: spec.kind } }, target: 'slow' },
    { target: 'fetching', actions: spec.nextAttempt ?? 'countPoll' },
  ] as const
  const waiting = {
    // Timers are not restored from a persisted snapshot: the edge sends poll.now after a restore.
    on: { 'poll.now': { target: 'fetching' } },
    // A computed key is typed as any string; the delay is exactly D.
    after: { [spec.delay]: attempt } as { readonly [K in D]: typeof attempt },
  } as const
  const slow = {
    ...(spec.slowDescription === undefined ? {} : { description: spec.slowDescription }),
    ...retryIntoWithReset,
  }
  const loop = spec.start === 'fetching' ? { fetching, waiting, slow } : { waiting, fetching, slow }
  return {
    description: spec.description,
    tags: 'polling',
    entry: 'resetPoll',
    initial: spec.start,
    on: { 'poll.stop': { target: spec.stop } },
    states: loop,
  } as const
}

/** At the cap, retry starts a fresh round of attempts. */
const retryIntoWithReset = { on: { retry: { target: 'fetching', actions: 'resetPoll' } } } as const

/** The loan-user status a call answered with, stored. */
export const storeAnsweredStatus = {
  type: 'storeLoanUser',
  params: ({ event }: { event: { output: LoanUserStatus } }) => ({ status: event.output }),
} as const

/** Keeps the card `showCard` answered, none included: the card a screen names is the bank's latest word. */
export const storeAnsweredCard = {
  type: 'storeShownCard',
  params: ({ event }: { event: { output: { card: BankCard | null } } }) => ({ card: event.output.card }),
} as const

/**
 * The bound card, read so a screen can name it (the card a loan goes to, the card a price is taken
 * from); then `next`, with or without it: a screen that cannot name the card still works.
 */
export function loadingCard<const N extends string>(description: string, next: N) {
  return {
    description,
    tags: 'busy',
    invoke: {
      src: 'showCard',
      input: {},
      onDone: {
        target: next,
        actions: storeAnsweredCard,
      },
      onError: [reauth, { target: next }],
    },
  } as const
}
