import type {
  AppInput,
  BankCard,
  BridgeIntake,
  CarOwnership,
  CreditDecision,
  DeviceFacts,
  Education,
  ErrorCode,
  Housing,
  IncomeBand,
  LenderMatch,
  LoanPurpose,
  LoanSummary,
  LoanTerm,
  LoanTrial,
  LoanUserStatus,
  MaritalStatus,
  Occupation,
  PortData,
  RepayPlan,
  RepayTrial,
  RepaymentOutcome,
  RewardOrder,
  RewardProduct,
  SupermarketProduct,
  ContactRelation,
} from './ports'
import type { OverlayName, ScreenName } from './screens'
import { screenForPath } from './screens'

/*
 * What the application machine remembers (context) and what it hears (events): the vocabulary every
 * flow file shares. The machine itself is composed in app.machine.ts.
 */

// ---- context ----

export interface DemandDraft {
  amount: number | null
  term: LoanTerm | null
  purpose: LoanPurpose | null
  agreements: { register: boolean; user: boolean; privacy: boolean; personal_consent: boolean }
}
export interface FaceDraft {
  face_consent: boolean
  sensitive_consent: boolean
}
export interface BasicDraft {
  real_name: string
  /** Sensitive: sessionStorage only (persistence.ts). */
  id_number: string
  education: Education | null
  marital_status: MaritalStatus | null
  province_id: string
  city_id: string
  district_id: string
  address: string
  email: string
}
export interface AssetDraft {
  occupation: Occupation | null
  income_band: IncomeBand | null
  housing: Housing | null
  car: CarOwnership | null
  social_insurance: boolean | null
  provident_fund: boolean | null
  credit_card: boolean | null
}
export interface ContactDraftEntry {
  relation: ContactRelation | null
  name: string
  phone: string
}
export interface ContactDraft {
  contacts: [ContactDraftEntry, ContactDraftEntry]
  form: boolean
}
export interface BankCardDraft {
  /** Sensitive. */
  card_number: string
  reserved_phone: string
  /** Sensitive. */
  code: string
  withhold_agreement: boolean
  idempotencyKey: string | null
}
export interface LendConfirmDraft {
  amount: number | null
  term: LoanTerm | null
  /** Sensitive. */
  code: string
  agreements: { loan: boolean; contract: boolean; third_party: boolean }
  bindKey: string | null
  applyKey: string | null
}
export interface RepaymentDraft {
  loan_id: string | null
  periods: number[]
  payKey: string | null
}
export interface RightsDraft {
  reward: boolean
  withhold_agreement: boolean
  buyKey: string | null
}
export interface Drafts {
  demand: DemandDraft
  face: FaceDraft
  basic: BasicDraft
  asset: AssetDraft
  contact: ContactDraft
  bankCard: BankCardDraft
  lendConfirm: LendConfirmDraft
  repayment: RepaymentDraft
  rights: RightsDraft
}
export type DraftStep = keyof Drafts

/** An SMS code that was sent: the resend deadline is an instant, so it survives reload. */
export interface SmsState {
  request_id: string
  phone_masked: string
  resendAt: number
  expiresAt: number
}

export interface AppContext {
  /** Clock and ids from input. Not persisted: restoreSnapshot puts the new page's back. */
  runtime: { now: () => number; makeId: () => string }
  intake: Omit<BridgeIntake, 'token'>
  device: DeviceFacts | null
  /** The token itself stays in the request layer's memory; the machine only knows one exists. */
  hasToken: boolean
  baseUrl: string | null
  channelCode: string | null
  /** From `is_login_required` (1 means NOT required, docs/product-rules.md#boot-and-login). */
  loginRequired: boolean | null
  /** Where boot goes after the channel lookup, for the entry screen to show. */
  bootNext: 'home' | 'login' | null
  errorCode: ErrorCode | null
  /** The body status of a refusal, e.g. 1008 for a wrong SMS code. */
  errorStatus: number | null
  /** A deep link waiting for home to learn what the server allows. */
  pendingDeepLink: { screen: ScreenName; query: Record<string, string> } | null
  /** The screen state the borrower is on (overlays and the rights sheet excluded). */
  screen: ScreenName | null
  user: PortData<'showUser'> | null
  /**
   * Whose state this is: the user id the server reported. It outlives a 401 (which forgets `user`), so the
   * next token's borrower is checked against it before anything of this one shows (docs/product-rules.md#security-per-borrower).
   */
  borrowerId: string | null
  loanUser: LoanUserStatus | null
  drafts: Drafts
  trial: LoanTrial | null
  biometric: { session_id: string; verify_url: string; outcome: 'failed' | 'expired' | null } | null
  cardSms: SmsState | null
  lenderSms: SmsState | null
  card: BankCard | null
  luhnWarning: boolean
  credit: CreditDecision | null
  supermarket: SupermarketProduct[] | null
  matches: LenderMatch[] | null
  lenderId: string | null
  lenderCardBound: boolean
  loan: LoanSummary | null
  repayPlan: RepayPlan | null
  repayTrial: RepayTrial | null
  /**
   * Periods of the borrower's choice that the plan, read again after a reopen, shows paid meanwhile (from another
   * device, or a payment whose answer was lost): the repayment screen says so until the borrower chooses or leaves.
   */
  paidMeanwhile: number[]
  /** `amount`: the total of the trial that was paid, what the borrower confirmed (fen). */
  /** The payment made: `periods` are those it paid (the draft's choice is cleared once paid). */
  repayment: {
    repayment_id: string
    status: RepaymentOutcome
    failure_reason: string | null
    amount?: number | null
    periods?: number[]
  } | null
  rights: { product: RewardProduct | null; owned: boolean; order: RewardOrder | null }
  /** `overSheet`: opened from the rights sheet, so closing returns to the sheet, not just the screen under it. */
  overlay: { page: OverlayName; query: Record<string, string>; opener: ScreenName | null; overSheet?: boolean } | null
  overlayContent: { title: string; content_html: string } | null
  /** Attempts of the polling loop the borrower is in (reset on entering one). */
  pollAttempt: number
}

export function emptyDrafts(): Drafts {
  return {
    demand: {
      amount: null,
      term: null,
      purpose: null,
      agreements: { register: false, user: false, privacy: false, personal_consent: false },
    },
    face: { face_consent: false, sensitive_consent: false },
    basic: {
      real_name: '',
      id_number: '',
      education: null,
      marital_status: null,
      province_id: '',
      city_id: '',
      district_id: '',
      address: '',
      email: '',
    },
    asset: {
      occupation: null,
      income_band: null,
      housing: null,
      car: null,
      social_insurance: null,
      provident_fund: null,
      credit_card: null,
    },
    contact: {
      contacts: [
        { relation: null, name: '', phone: '' },
        { relation: null, name: '', phone: '' },
      ],
      form: false,
    },
    bankCard: {
      card_number: '',
      reserved_phone: '',
      code: '',
      withhold_agreement: false,
      idempotencyKey: null,
    },
    lendConfirm: {
      amount: null,
      term: null,
      code: '',
      agreements: { loan: false, contract: false, third_party: false },
      bindKey: null,
      applyKey: null,
    },
    repayment: { loan_id: null, periods: [], payKey: null },
    rights: { reward: false, withhold_agreement: false, buyKey: null },
  }
}

// ---- events ----

type DraftPatch = { [K in DraftStep]: { type: 'form.change'; step: K; patch: Partial<Drafts[K]> } }[DraftStep]

export type RoutableScreen = Exclude<ScreenName, 'login'>

export type AppEvent =
  | { type: 'retry' }
  /** `resumes`: the token the restored state was saved with; the edge matched it before resuming. */
  | { type: 'bridge.payload'; token?: string; resumes?: true }
  | { type: 'login.request' }
  | { type: 'home.continue' }
  | { type: 'home.apply' }
  | { type: 'home.repay' }
  | { type: 'nav.home' }
  | DraftPatch
  | { type: 'form.submit' }
  | { type: 'step.back' }
  | { type: 'sms.send' }
  | { type: 'sms.resend' }
  | { type: 'liveness.returned' }
  | { type: 'poll.stop' }
  | { type: 'poll.now' }
  | { type: 'result.continue' }
  | { type: 'match.select'; lender_id: string }
  | { type: 'repay.loan'; loan_id: string }
  | { type: 'repay.select'; periods: number[] }
  | { type: 'repay.plan' }
  | { type: 'repay.again' }
  | { type: 'contract.save' }
  | { type: 'rights.open' }
  | { type: 'rights.buy' }
  | { type: 'rights.close' }
  | { type: 'overlay.open'; page: OverlayName; query?: Record<string, string> }
  | { type: 'overlay.close' }
  /** The edge found drafts this borrower left on the device (a reload whose token came late). */
  | { type: 'drafts.restore'; drafts: Drafts }
  | { type: 'xstate.route'; to: `#${RoutableScreen}`; query?: Record<string, string> }

/** The machine's first context: the edge's input, nothing loaded yet. */
export function initialContext({ input }: { input: AppInput }): AppContext {
  const { token, ...intake } = input.bridge
  const linked = input.initialDeepLink ? screenForPath(input.initialDeepLink.path) : null
  return {
    runtime: { now: input.now, makeId: input.makeId },
    intake,
    device: input.device ?? null,
    hasToken: typeof token === 'string' && token !== '',
    baseUrl: null,
    channelCode: null,
    loginRequired: null,
    bootNext: null,
    pendingDeepLink:
      linked !== null && linked !== 'home' && linked !== 'login'
        ? { screen: linked, query: input.initialDeepLink?.query ?? {} }
        : null,
    screen: null,
    ...noBorrower(),
  }
}

/** Everything the machine holds of one borrower: what another borrower on the same phone must never see. */
export function noBorrower() {
  return {
    user: null,
    borrowerId: null,
    loanUser: null,
    drafts: emptyDrafts(),
    trial: null,
    biometric: null,
    cardSms: null,
    lenderSms: null,
    card: null,
    luhnWarning: false,
    credit: null,
    supermarket: null,
    matches: null,
    lenderId: null,
    lenderCardBound: false,
    loan: null,
    repayPlan: null,
    repayTrial: null,
    paidMeanwhile: [],
    repayment: null,
    rights: { product: null, owned: false, order: null },
    overlay: null,
    overlayContent: null,
    pollAttempt: 0,
    errorCode: null,
    errorStatus: null,
  } satisfies Partial<AppContext>
}
