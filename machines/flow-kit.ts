import { assign, fromPromise } from 'xstate'
import type { Assigner, ParameterizedObject, PropertyAssigner, StateNodeConfig } from 'xstate'
import type { AppContext, AppEvent, Drafts, DraftStep, SmsState } from './context'
import type { ApiFailure, HostCommand, LoanStep, LoanUserStatus, PortArgs, PortData, PortName } from './ports'
import { loanSteps } from '../src/contract/loan-steps'
import { isApiFailure } from './ports'
import type { ScreenName } from './screens'

/*
 * What every flow file builds with: the actors, the poll delays, the type a flow's states are
 * written against, and the typed helpers for guards and actions. A flow's guard and action names
 * are checked where app.machine.ts composes the flows with setup(); here they are free strings, so
 * a flow file needs nothing from the others (no import circle).
 */

// ---- actors: typed placeholders, replaced at the app edge and in tests ----

function port<Name extends PortName>(name: Name) {
  return fromPromise<PortData<Name>, PortArgs<Name>>(async () => {
    // A missing implementation is a wiring bug at the edge, not an API failure.
    throw new Error(`actor "${name}" must be provided with appMachine.provide({ actors })`)
  })
}

export const appActors = {
  resolveBaseUrl: port('resolveBaseUrl'),
  lookupChannel: port('lookupChannel'),
  showUser: port('showUser'),
  getLoanUserStatus: port('getLoanUserStatus'),
  trialLoan: port('trialLoan'),
  updateLoanUser: port('updateLoanUser'),
  startBiometricSession: port('startBiometricSession'),
  getBiometricResult: port('getBiometricResult'),
  saveContacts: port('saveContacts'),
  sendCardCode: port('sendCardCode'),
  confirmCard: port('confirmCard'),
  showCard: port('showCard'),
  reportDevice: port('reportDevice'),
  getCreditDecision: port('getCreditDecision'),
  listSupermarketProducts: port('listSupermarketProducts'),
  listMatches: port('listMatches'),
  getContract: port('getContract'),
  getAgreement: port('getAgreement'),
  sendLenderCardCode: port('sendLenderCardCode'),
  confirmLenderCard: port('confirmLenderCard'),
  applyLoan: port('applyLoan'),
  getRepayPlan: port('getRepayPlan'),
  trialRepayment: port('trialRepayment'),
  submitRepayment: port('submitRepayment'),
  showRewardProduct: port('showRewardProduct'),
  buyRewardProduct: port('buyRewardProduct'),
  getRewardOrder: port('getRewardOrder'),
  requestContractDownload: port('requestContractDownload'),
}
type AppActors = typeof appActors
/** The actors as setup() sees them: an invoke's `src` names one, its done event carries its output. */
export type AppActor = { [K in keyof AppActors]: { src: K; logic: AppActors[K]; id: string | undefined } }[keyof AppActors]

// ---- polling: backoff with a cap (docs/product-rules.md#flow-poll-backoff) ----

export const pollPolicy = {
  credit: { baseMs: 2_000, factor: 1.5, maxMs: 15_000, cap: 20 },
  liveness: { baseMs: 1_500, factor: 1.5, maxMs: 8_000, cap: 20 },
  rewardOrder: { baseMs: 1_500, factor: 1.5, maxMs: 8_000, cap: 15 },
  repayment: { baseMs: 3_000, factor: 1.5, maxMs: 15_000, cap: 10 },
  disbursement: { baseMs: 2_000, factor: 1.5, maxMs: 10_000, cap: 10 },
} as const
export type PollKind = keyof typeof pollPolicy

export function pollDelayMs(kind: PollKind, attempt: number, floorMs = 0): number {
  const policy = pollPolicy[kind]
  const backoff = Math.min(policy.maxMs, Math.round(policy.baseMs * policy.factor ** attempt))
  return Math.max(backoff, floorMs)
}

export const pollDelays = {
  creditPollDelay: ({ context }: { context: AppContext }) =>
    pollDelayMs('credit', context.pollAttempt, (context.credit?.retry_after ?? 0) * 1000),
  livenessPollDelay: ({ context }: { context: AppContext }) => pollDelayMs('liveness', context.pollAttempt),
  rewardPollDelay: ({ context }: { context: AppContext }) => pollDelayMs('rewardOrder', context.pollAttempt),
  repaymentPollDelay: ({ context }: { context: AppContext }) => pollDelayMs('repayment', context.pollAttempt),
  disbursementPollDelay: ({ context }: { context: AppContext }) => pollDelayMs('disbursement', context.pollAttempt),
}
export type PollDelay = keyof typeof pollDelays

// ---- the types a flow is written against ----

export type AppTag = 'busy' | 'polling' | 'editing'

/**
 * What a state, a guard or an event means to the product, as a reviewer at a lender reads it: English
 * and Simplified Chinese at least (the reviewer page falls back to English for the other locales).
 */
export interface Words {
  en: string
  'zh-Hans': string
}

export interface AppMeta {
  screen?: ScreenName
  path?: ScreenName
  /** The screen's purpose in the reviewer's words (the state's `description` is the engineers' note). */
  words?: Words
}

/** One state of the application machine, with guard and action names left open (see above). */
export type AppStateConfig = StateNodeConfig<
  AppContext,
  AppEvent,
  AppActor,
  ParameterizedObject,
  ParameterizedObject,
  PollDelay,
  AppTag,
  unknown,
  HostCommand,
  AppMeta
>

/** Types a flow's states, keeping every literal (state names, guard names) for setup() to check. */
export function states<const S extends Record<string, AppStateConfig>>(config: S): S {
  return config
}

type Params = ParameterizedObject['params'] | undefined

/** A flow's guards: each takes the machine's context and event, and its own params if it has any. */
export function guards<const G extends Record<string, (args: { context: AppContext; event: AppEvent }, params: never) => boolean>>(
  implementations: G,
): G {
  return implementations
}

/** `assign` bound to the machine's context and events; the params type comes from the assigner. */
export function update<P extends Params = undefined>(
  assignment:
    | Assigner<AppContext, AppEvent, P, AppEvent, AppActor>
    | PropertyAssigner<AppContext, AppEvent, P, AppEvent, AppActor>,
) {
  return assign<AppContext, AppEvent, P, AppEvent, AppActor>(assignment)
}

// ---- helpers the flows share ----

export function failureOf(event: object): ApiFailure | null {
  return 'error' in event && isApiFailure(event.error) ? event.error : null
}

/** The status moved on to `step`, never back. */
export function withStatus(status: LoanUserStatus | null, step: LoanStep): LoanUserStatus | null {
  if (status === null || loanSteps.indexOf(status.step) >= loanSteps.indexOf(step)) return status
  return { ...status, step }
}

/** The idempotency key of a commit: kept while the commit may still be in flight. */
export function commitKey(existing: string | null, context: AppContext): string {
  return existing ?? context.runtime.makeId()
}

/**
 * A card binding's key once a new SMS code is sent: none, so the next binding makes its own. The new
 * code is another request; under the old key, which may hold a binding whose answer was lost, the
 * server would refuse it (1005). Binding the same card again is harmless, so this is no double effect.
 */
export const newCodeNewKey = null

/** The SMS resend countdown when the server does not say (docs/product-rules.md#field-rules). */
const defaultResendSeconds = 60

/** A sent SMS code as deadlines (instants), so the countdown survives reload and backgrounding. */
export function smsSent(
  context: AppContext,
  sent: { request_id: string; phone_masked: string; resend_after: number; expires_in: number },
): SmsState {
  const now = context.runtime.now()
  return {
    request_id: sent.request_id,
    phone_masked: sent.phone_masked,
    resendAt: now + (sent.resend_after || defaultResendSeconds) * 1000,
    expiresAt: now + sent.expires_in * 1000,
  }
}

/** The drafts with one step's draft patched, the rest as they were. */
export function patchDraft<K extends DraftStep>(context: AppContext, step: K, patch: Partial<Drafts[K]>): Drafts {
  return { ...context.drafts, [step]: { ...context.drafts[step], ...patch } }
}
