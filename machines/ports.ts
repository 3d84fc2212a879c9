/*
 * The machine's ports: what each invoked actor takes and gives back, and how it fails.
 *
 * machines/ imports nothing from src/, so these shapes mirror src/contract (entities.ts and
 * calls.ts) by hand, in the same snake_case. Structural typing makes the request layer's results
 * assignable here, so the app edge can pass contract data straight through:
 *
 *   appMachine.provide({ actors: { lookupChannel: fromPromise(({ input }) => request('lookupChannel', input)) } })
 *
 * Every call actor's input has the same shape, `{ params?, input?, idempotencyKey? }`: path
 * parameters, the GET query or JSON body, and the key of a committing call.
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

// ---- shared entities (src/contract/entities.ts) ----

/** The loan user's steps in the order the borrower goes through them; the contract validates against it. */
export const loanSteps = [
  'demand',
  'face',
  'basic',
  'asset',
  'contact',
  'bank_card',
  'review',
  'approved',
  'rejected',
  'applied',
  'repaying',
  'overdue',
  'settled',
] as const
export type LoanStep = (typeof loanSteps)[number]

export type LoanTerm = 3 | 6 | 9 | 12 | 24 | 36
export type LoanPurpose =
  | 'shopping'
  | 'education'
  | 'travel'
  | 'home_improvement'
  | 'medical'
  | 'wedding'
  | 'other'
export type Education =
  | 'junior_high_or_below'
  | 'high_school'
  | 'associate'
  | 'bachelor'
  | 'master_or_above'
export type MaritalStatus = 'single' | 'married' | 'divorced' | 'widowed'
export type Occupation =
  | 'employee'
  | 'civil_servant'
  | 'self_employed'
  | 'freelancer'
  | 'retired'
  | 'other'
export type IncomeBand = 'below_3k' | '3k_5k' | '5k_10k' | '10k_20k' | 'above_20k'
export type Housing = 'owned' | 'mortgaged' | 'rented' | 'with_family' | 'dormitory'
export type CarOwnership = 'none' | 'owned' | 'financed'
export type ContactRelation =
  | 'parent'
  | 'spouse'
  | 'child'
  | 'sibling'
  | 'friend'
  | 'colleague'
  | 'other'

export interface LoanSummary {
  loan_id: string
  lender_id: string
  lender_name: string
  amount: number
  term: LoanTerm
  apr: number
  status: 'disbursing' | 'repaying' | 'overdue' | 'settled'
  created_at: string
  disbursed_at: string | null
  next_due_date: string | null
  next_due_amount: number | null
  next_due_penalty?: number | undefined
  next_due_days_late?: number | undefined
  outstanding_principal: number
  periods_paid: number
}

export type RepaymentOutcome = 'succeeded' | 'processing' | 'failed'

export interface LastRepayment {
  repayment_id: string
  loan_id: string
  status: RepaymentOutcome
  amount: number
  failure_reason: string | null
}

export interface LoanDemand {
  amount: number
  term: LoanTerm
  purpose: LoanPurpose
}

export interface LoanUserStatus {
  id: string
  step: LoanStep
  demand: LoanDemand | null
  loan: LoanSummary | null
  loans: LoanSummary[]
  last_repayment: LastRepayment | null
  rights_owned: boolean
}

export interface BankCard {
  card_id: string
  bank_name: string
  bank_code: string
  last4: string
  card_type: 'debit'
  reserved_phone_masked: string
}

export interface SchedulePeriod {
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
  amount: number
}

export interface PlanPeriod {
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
  penalty: number
  amount: number
  status: 'paid' | 'due' | 'upcoming' | 'overdue'
  paid_at: string | null
}

export interface RewardOrder {
  order_id: string
  product_id: string
  amount: number
  status: 'pending' | 'paid' | 'failed'
  created_at: string
  paid_at: string | null
  failure_reason: string | null
}

export interface RewardBenefit {
  code: 'priority_review' | 'approval_85' | 'lifestyle'
  title: string
  description: string
}

export interface RewardProduct {
  product_id: string
  name: string
  price: number
  original_price: number | null
  valid_days: number
  benefits: RewardBenefit[]
  detail_html: string
}

export interface LenderMatch {
  lender_id: string
  name: string
  logo_url: string
  credit_limit: number
  apr: number
  terms: LoanTerm[]
  recommended: boolean
  highlights: string[]
}

export interface SupermarketProduct {
  product_id: string
  name: string
  logo_url: string
  amount_min: number
  amount_max: number
  apr_min: number
  apr_max: number
  terms: LoanTerm[]
  url: string
  tags: string[]
}

export interface LoanTrial {
  amount: number
  term: LoanTerm
  apr: number
  monthly_payment: number
  total_interest: number
  total_fee: number
  total_repayment: number
  schedule: SchedulePeriod[]
}

export interface SmsSent {
  request_id: string
  phone_masked: string
  /** Seconds before another code may be asked for. */
  resend_after: number
  expires_in: number
}

export interface CreditDecision {
  status: 'reviewing' | 'approved' | 'rejected'
  priority: boolean
  credit_limit: number | null
  apr: number | null
  terms: LoanTerm[]
  reason_code: string | null
  retry_after: number
  decided_at: string | null
}

export interface RepayPlan {
  loan: LoanSummary
  periods: PlanPeriod[]
  totals: {
    principal: number
    interest: number
    fee: number
    penalty: number
    amount: number
    paid: number
    outstanding: number
  }
}

export interface RepayTrial {
  loan_id: string
  periods: number[]
  principal: number
  interest: number
  fee: number
  penalty: number
  total: number
}

export interface DemandSection {
  id: string
  section: 'demand'
  amount: number
  term: LoanTerm
  purpose: LoanPurpose
  agreements: { register: true; user: true; privacy: true; personal_consent: true }
}

export interface BasicSection {
  id: string
  section: 'basic'
  real_name: string
  id_number: string
  education: Education
  marital_status: MaritalStatus
  province_id: string
  city_id: string
  district_id: string
  address: string
  email?: string
}

export interface AssetSection {
  id: string
  section: 'asset'
  occupation: Occupation
  income_band: IncomeBand
  housing: Housing
  car: CarOwnership
  social_insurance: boolean
  provident_fund: boolean
  credit_card: boolean
}

export interface ContactEntry {
  relation: ContactRelation
  name: string
  phone: string
}

export interface DeviceFacts {
  device_id: string
  model: string
  brand: string
  os: string
  os_name: string
  screen: string
  locale: string
  gps?: { lat: number; lng: number }
}

export interface BiometricResult {
  session_id: string
  status: 'pending' | 'passed' | 'failed' | 'expired'
  real_name: string | null
  id_number: string | null
  failure_reason: string | null
}

// ---- the actors: input (`args`) and output (`data`) per actor name ----

type NoArgs = Record<string, never>

export interface Ports {
  /** Not a contract call: the bridge's allowlisted baseUrl, else the init config file. */
  resolveBaseUrl: { args: { bridgeBaseUrl: string | null }; data: { baseUrl: string } }
  lookupChannel: {
    args: { params: { channel: string } }
    data: { channel_code: string; is_login_required: 0 | 1 }
  }
  showUser: {
    args: NoArgs
    data: { user_id: string; phone: string; nick_name: string; identity_id: string | null }
  }
  getLoanUserStatus: { args: NoArgs; data: LoanUserStatus }
  trialLoan: {
    args: { input: { amount: number; term: number; lender_id?: string } }
    data: LoanTrial
  }
  updateLoanUser: {
    args: { params: { id: string }; input: DemandSection | BasicSection | AssetSection }
    data: LoanUserStatus
  }
  startBiometricSession: {
    args: {
      input: {
        return_url: string
        agreements: { face_consent: true; sensitive_consent: true }
      }
    }
    data: { session_id: string; verify_url: string; expires_at: string }
  }
  getBiometricResult: { args: { input: { session_id: string } }; data: BiometricResult }
  saveContacts: {
    args: { input: { contacts: [ContactEntry, ContactEntry]; agreements: { form: true } } }
    data: LoanUserStatus
  }
  sendCardCode: {
    args: { input: { card_number: string; reserved_phone: string } }
    data: SmsSent & { bank_name: string; luhn_warning: boolean }
  }
  confirmCard: {
    args: {
      input: { request_id: string; code: string; agreements: { withhold_agreement: true } }
      idempotencyKey: string
    }
    data: { card: BankCard; status: LoanUserStatus }
  }
  showCard: { args: NoArgs; data: { card: BankCard | null } }
  reportDevice: { args: { input: DeviceFacts }; data: { recorded: true } }
  getCreditDecision: { args: NoArgs; data: CreditDecision }
  listSupermarketProducts: {
    args: { input: { page?: number; page_size?: number } }
    data: { items: SupermarketProduct[]; total: number }
  }
  listMatches: { args: NoArgs; data: { items: LenderMatch[] } }
  getContract: {
    args: {
      input: {
        lender_id: string
        kind: 'contract' | 'third_party'
        amount?: string
        term?: string
        lang?: string
      }
    }
    data: { title: string; version: string; content_html: string }
  }
  getAgreement: {
    args: { params: { key: string }; input: { lang?: string } }
    data: { key: string; title: string; version: string; content_html: string; updated_at: string }
  }
  sendLenderCardCode: { args: { input: { lender_id: string } }; data: SmsSent }
  confirmLenderCard: {
    args: {
      input: { request_id: string; code: string; lender_id: string }
      idempotencyKey: string
    }
    data: { lender_id: string; card_id: string; bound: true }
  }
  applyLoan: {
    args: {
      input: {
        lender_id: string
        amount: number
        term: LoanTerm
        purpose: LoanPurpose
        agreements: { loan: true; contract: true; third_party: true }
      }
      idempotencyKey: string
    }
    data: { loan: LoanSummary; status: LoanUserStatus }
  }
  getRepayPlan: { args: { input: { loan_id: string } }; data: RepayPlan }
  trialRepayment: { args: { input: { loan_id: string; periods: string } }; data: RepayTrial }
  submitRepayment: {
    args: {
      input: { loan_id: string; periods: number[]; amount: number; card_id: string }
      idempotencyKey: string
    }
    data: {
      repayment_id: string
      status: RepaymentOutcome
      failure_reason: string | null
      loan: LoanSummary
    }
  }
  showRewardProduct: {
    args: NoArgs
    data: { product: RewardProduct | null; owned: boolean; order: RewardOrder | null }
  }
  buyRewardProduct: {
    args: {
      input: {
        product_id: string
        card_id: string
        agreements: { reward: true; withhold_agreement: true }
      }
      idempotencyKey: string
    }
    data: { order: RewardOrder }
  }
  getRewardOrder: { args: { input: { order_id: string } }; data: { order: RewardOrder } }
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
