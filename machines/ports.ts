import type {
  CallCommits,
  CallData,
  CallName,
  CallParams,
  CallInput,
  CallInputValue,
  CallRequest,
  DeviceFacts,
} from '../src/contract/calls'

/*
 * The machine's ports: what each invoked actor takes and gives back, and how it fails.
 *
 * A call port's shapes are the contract's (src/contract/calls.ts), imported as types only: the
 * machine stays free of the page's libraries at run time, and a field renamed in the contract
 * fails the type check here and in every flow that reads it, instead of failing at run time.
 * The app edge passes contract data straight through:
 *
 *   appMachine.provide({ actors: { lookupChannel: fromPromise(({ input }) => request('lookupChannel', input)) } })
 *
 * Every call actor's input has the same shape, `{ params?, input?, idempotencyKey? }`: path
 * parameters, the GET query or JSON body, and the key of a committing call, each required when
 * the call has it.
 */

/** How an actor fails. The page's request layer rejects with exactly these. */
export type ApiFailure =
  | { kind: 'unauthorized' }
  | { kind: 'refused'; status: number; message?: string }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'invalidResponse' }
  /**
   * Never sent: the web view closed while this call was out, and a new one restored it without
   * what it carried that is kept for the session only (an ID or card number, an SMS code). Sent
   * again blank it could only be refused, or taken under its key as a different request.
   */
  | { kind: 'interrupted' }

/**
 * What the machine remembers of a failure: a code the screen translates, never text.
 * `unexpected` is an actor that threw something that is not an ApiFailure (a bug at the edge).
 */
export type ErrorCode = 'refused' | 'network' | 'timeout' | 'invalidResponse' | 'interrupted' | 'unexpected'

/**
 * A refusal's status that is an HTTP 5xx (no envelope came back): the server failed, it did not
 * refuse. Asking again can succeed, and a commit's outcome is unknown (a gateway's 502 may follow
 * a payment that went through), so its key is kept for the retry, as after a lost answer.
 */
export function isServerFailureStatus(status: number | null): boolean {
  return status !== null && status >= 500 && status <= 599
}

/** The server's final answer to this request: asked again, it answers the same (its key is spent). */
export function isFinalRefusal(failure: ApiFailure | null): boolean {
  return failure?.kind === 'refused' && !isServerFailureStatus(failure.status)
}

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false
  const kind = (value as { kind: unknown }).kind
  return (
    kind === 'unauthorized' ||
    kind === 'network' ||
    kind === 'timeout' ||
    kind === 'invalidResponse' ||
    kind === 'interrupted' ||
    (kind === 'refused' && typeof (value as { status?: unknown }).status === 'number')
  )
}

// ---- the contract's shapes the machine and its readers speak of ----

export type {
  BankCard,
  CarOwnership,
  ContactRelation,
  Education,
  Housing,
  IncomeBand,
  LastRepayment,
  LoanDemand,
  LoanPurpose,
  LoanSummary,
  LoanTerm,
  LoanUserStatus,
  MaritalStatus,
  Occupation,
  PlanPeriod,
  RepaymentOutcome,
  RewardBenefit,
  RewardOrder,
  SchedulePeriod,
} from '../src/contract/entities'
export type {
  AssetSection,
  BasicSection,
  BiometricResult,
  ContactEntry,
  ContractDownload,
  CreditDecision,
  DemandSection,
  DeviceFacts,
  LenderMatch,
  LoanTrial,
  RepayPlan,
  RepayTrial,
  RewardProduct,
  SmsSent,
  SupermarketProduct,
} from '../src/contract/calls'

export type { LoanStep } from '../src/contract/loan-steps'

// ---- the actors: input (`args`) and output (`data`) per actor name ----

/** The contract calls the machine makes (the others belong to the page's pickers or the sandbox). */
export type MachineCall = Extract<
  CallName,
  | 'lookupChannel'
  | 'showUser'
  | 'getLoanUserStatus'
  | 'trialLoan'
  | 'updateLoanUser'
  | 'startBiometricSession'
  | 'getBiometricResult'
  | 'saveContacts'
  | 'sendCardCode'
  | 'confirmCard'
  | 'showCard'
  | 'reportDevice'
  | 'getCreditDecision'
  | 'listSupermarketProducts'
  | 'listMatches'
  | 'getContract'
  | 'getAgreement'
  | 'sendLenderCardCode'
  | 'confirmLenderCard'
  | 'applyLoan'
  | 'getRepayPlan'
  | 'trialRepayment'
  | 'submitRepayment'
  | 'showRewardProduct'
  | 'buyRewardProduct'
  | 'getRewardOrder'
  | 'requestContractDownload'
>

/** An empty zod object's type is `Record<string, never>`: no key a call could need. */
type IsEmpty<T> = string extends keyof T ? true : [keyof T] extends [never] ? true : false
type Needed<Present extends boolean, Part> = Present extends true ? Part : unknown

/**
 * A call's request with what it cannot go without made required: its path parameters, its query
 * or body, and the idempotency key of a committing call. Still a `CallRequest`, so the edge hands
 * it to the request layer unchanged.
 */
export type CallPortArgs<Name extends CallName> = CallRequest<Name> &
  Needed<IsEmpty<CallParams<Name>> extends true ? false : true, { params: CallParams<Name> }> &
  Needed<IsEmpty<CallInput<Name>> extends true ? false : true, { input: CallInputValue<Name> }> &
  Needed<CallCommits<Name>, { idempotencyKey: string }>

export type Ports = {
  [Name in Exclude<MachineCall, 'getAgreement'>]: { args: CallPortArgs<Name>; data: CallData<Name> }
} & {
  /**
   * A link can name any agreement: the machine passes the key as it came, and the edge answers a
   * key the contract does not know as "not found", as the server would.
   */
  getAgreement: {
    args: Omit<CallPortArgs<'getAgreement'>, 'params'> & { params: { key: string } }
    data: CallData<'getAgreement'>
  }
  /** Not a contract call: the bridge's allowlisted baseUrl, else the init config file. */
  resolveBaseUrl: { args: { bridgeBaseUrl: string | null }; data: { baseUrl: string } }
}

export type PortName = keyof Ports
export type PortArgs<Name extends PortName> = Ports[Name]['args']
export type PortData<Name extends PortName> = Ports[Name]['data']

/** What the host app hands the page (already type-checked and defaulted by the bridge). */
export interface BridgeIntake {
  token?: string
  /** The channel to look up; intake defaults it to `app-test`. */
  channel: string
  baseUrl?: string
  /** `isLoanExcess`/`loanExcess` == 2, already turned into a boolean. */
  loanExcess?: boolean
  locale?: string
}

/** The machine's input: everything non-deterministic comes in here, so a run is repeatable. */
export interface AppInput {
  now: () => number
  makeId: () => string
  bridge: BridgeIntake
  initialDeepLink?: { path: string; query?: Record<string, string> }
  /** Device facts for `reportDevice`, collected by the edge. */
  device?: DeviceFacts
}

/** Commands the machine asks the host for, emitted (`actor.on('host.command', ...)`). */
export type HostCommand =
  | { type: 'host.command'; command: 'login' }
  | { type: 'host.command'; command: 'openUrl'; url: string }
