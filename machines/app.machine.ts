import { and, assign, emit, enqueueActions, fromPromise, not, setup } from 'xstate'
import type {
  ApiFailure,
  AppInput,
  BankCard,
  BridgeIntake,
  ContactEntry,
  ContactRelation,
  CreditDecision,
  DeviceFacts,
  Education,
  ErrorCode,
  HostCommand,
  Housing,
  IncomeBand,
  CarOwnership,
  LenderMatch,
  LoanPurpose,
  LoanStep,
  LoanSummary,
  LoanTerm,
  LoanTrial,
  LoanUserStatus,
  MaritalStatus,
  Occupation,
  PortArgs,
  PortData,
  PortName,
  RepayPlan,
  RepayTrial,
  RepaymentOutcome,
  RewardOrder,
  RewardProduct,
  SupermarketProduct,
} from './ports'
import { isApiFailure } from './ports'
import type { OverlayName, ScreenName } from './screens'
import { clampScreen, isOverlay, screenAllowedByStatus, screenForPath, screenForStep } from './screens'

/*
 * The application machine (GitHub issue #4): boot, login, home, the loan funnel, repayment and the
 * rights purchase, as one XState v5 machine. Framework-free: the app edge provides the real actors
 * with `appMachine.provide({ actors })`, renders the snapshot, and mirrors it onto the URL
 * (routes.ts). Every API call is an invoked actor named after its contract call.
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
  /** From `is_login_required` (1 means NOT required, spec section 4). */
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
  /** `amount`: the total of the trial that was paid, what the borrower confirmed (fen). */
  repayment: { repayment_id: string; status: RepaymentOutcome; failure_reason: string | null; amount?: number | null } | null
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
  | { type: 'bridge.payload'; token?: string }
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
  | { type: 'rights.open' }
  | { type: 'rights.buy' }
  | { type: 'rights.close' }
  | { type: 'overlay.open'; page: OverlayName; query?: Record<string, string> }
  | { type: 'overlay.close' }
  | { type: 'xstate.route'; to: `#${RoutableScreen}`; query?: Record<string, string> }

// ---- actors: typed placeholders, replaced at the app edge and in tests ----

function port<Name extends PortName>(name: Name) {
  return fromPromise<PortData<Name>, PortArgs<Name>>(async () => {
    // A missing implementation is a wiring bug at the edge, not an API failure.
    throw new Error(`actor "${name}" must be provided with appMachine.provide({ actors })`)
  })
}

// ---- polling: backoff with a cap (PRODUCT.md section 3, issue #4 item 6) ----

export const pollPolicy = {
  credit: { baseMs: 2_000, factor: 1.5, maxMs: 15_000, cap: 20 },
  liveness: { baseMs: 1_500, factor: 1.5, maxMs: 8_000, cap: 20 },
  rewardOrder: { baseMs: 1_500, factor: 1.5, maxMs: 8_000, cap: 15 },
  repayment: { baseMs: 3_000, factor: 1.5, maxMs: 15_000, cap: 10 },
} as const
type PollKind = keyof typeof pollPolicy

export function pollDelayMs(kind: PollKind, attempt: number, floorMs = 0): number {
  const policy = pollPolicy[kind]
  const backoff = Math.min(policy.maxMs, Math.round(policy.baseMs * policy.factor ** attempt))
  return Math.max(backoff, floorMs)
}

/** The SMS resend countdown when the server does not say (PRODUCT.md section 5). */
const defaultResendSeconds = 60

// ---- helpers for guards and actions ----

function failureOf(event: object): ApiFailure | null {
  return 'error' in event && isApiFailure(event.error) ? event.error : null
}

function stepIndex(step: LoanStep): number {
  return [
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
  ].indexOf(step)
}

function screenOfRoute(to: string): ScreenName | null {
  const name = to.startsWith('#') ? to.slice(1) : to
  return name in screenIds ? (name as ScreenName) : null
}

const screenIds: Record<ScreenName, true> = {
  home: true,
  login: true,
  loanDemand: true,
  facialIdentification: true,
  basicInfo: true,
  assetInfo: true,
  contact: true,
  bankCard: true,
  review: true,
  result: true,
  match: true,
  lendConfirm: true,
  loanPlan: true,
  repayment: true,
  repayDetail: true,
  paymentConfirm: true,
  repaymentResult: true,
  repayPlan: true,
  privacy: true,
  richText: true,
  webview: true,
  thirdProtocol: true,
}

function demandComplete(d: DemandDraft): boolean {
  return (
    d.amount !== null &&
    d.term !== null &&
    d.purpose !== null &&
    d.agreements.register &&
    d.agreements.user &&
    d.agreements.privacy &&
    d.agreements.personal_consent
  )
}

function basicComplete(d: BasicDraft): boolean {
  return (
    d.real_name !== '' &&
    d.id_number !== '' &&
    d.education !== null &&
    d.marital_status !== null &&
    d.province_id !== '' &&
    d.city_id !== '' &&
    d.district_id !== '' &&
    d.address !== ''
  )
}

function assetComplete(d: AssetDraft): boolean {
  return Object.values(d).every((value) => value !== null)
}

function contactComplete(d: ContactDraft): boolean {
  return d.form && d.contacts.every((c) => c.relation !== null && c.name !== '' && c.phone !== '')
}

/** Draft fields that change the price, so editing them asks for a new trial. */
function changesPrice(event: AppEvent): boolean {
  return (
    event.type === 'form.change' &&
    (event.step === 'demand' || event.step === 'lendConfirm') &&
    ('amount' in event.patch || 'term' in event.patch)
  )
}

function withStatus(status: LoanUserStatus | null, step: LoanStep): LoanUserStatus | null {
  if (status === null || stepIndex(status.step) >= stepIndex(step)) return status
  return { ...status, step }
}

function commitKey(existing: string | null, context: AppContext): string {
  return existing ?? context.runtime.makeId()
}

// ---- the machine ----

/** Every invoke's first onError branch: a 401 goes to re-auth, from anywhere. */
const reauth = { guard: 'isUnauthorized', target: '#reauth', actions: 'forgetSession' } as const

function unknownDevice(context: AppContext): DeviceFacts {
  return {
    device_id: 'unknown',
    model: 'unknown',
    brand: 'unknown',
    os: 'unknown',
    os_name: 'unknown',
    screen: '0*0',
    locale: context.intake.locale ?? 'zh-Hans',
  }
}

const screenMeta = (screen: ScreenName) => ({ screen })

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    emitted: {} as HostCommand,
    tags: {} as 'busy' | 'polling' | 'editing',
    meta: {} as { screen?: ScreenName; path?: ScreenName },
  },
  actors: {
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
  },
  delays: {
    creditPollDelay: ({ context }) =>
      pollDelayMs('credit', context.pollAttempt, (context.credit?.retry_after ?? 0) * 1000),
    livenessPollDelay: ({ context }) => pollDelayMs('liveness', context.pollAttempt),
    rewardPollDelay: ({ context }) => pollDelayMs('rewardOrder', context.pollAttempt),
    repaymentPollDelay: ({ context }) => pollDelayMs('repayment', context.pollAttempt),
  },
  guards: {
    isUnauthorized: ({ event }) => failureOf(event)?.kind === 'unauthorized',
    payloadHasToken: ({ event }) =>
      event.type === 'bridge.payload' && typeof event.token === 'string' && event.token !== '',
    goesHome: ({ context }) => context.bootNext === 'home',
    hasPendingDeepLink: ({ context }) => context.pendingDeepLink !== null,
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
    overlayOverSheet: ({ context }) => context.overlay?.overSheet === true,
    routeIsOpener: ({ context, event }) =>
      event.type === 'xstate.route' &&
      context.overlay !== null &&
      screenOfRoute(event.to) === context.overlay.opener,
    demandReady: ({ context }) => demandComplete(context.drafts.demand),
    priceChanged: ({ event }) => changesPrice(event),
    faceReady: ({ context }) =>
      context.drafts.face.face_consent && context.drafts.face.sensitive_consent,
    basicReady: ({ context }) => basicComplete(context.drafts.basic),
    assetReady: ({ context }) => assetComplete(context.drafts.asset),
    contactReady: ({ context }) => contactComplete(context.drafts.contact),
    cardReady: ({ context }) =>
      context.drafts.bankCard.card_number !== '' && context.drafts.bankCard.reserved_phone !== '',
    cardCodeReady: ({ context }) =>
      context.drafts.bankCard.code !== '' && context.drafts.bankCard.withhold_agreement,
    cardResendAllowed: ({ context }) =>
      context.cardSms !== null && context.runtime.now() >= context.cardSms.resendAt,
    lenderResendAllowed: ({ context }) =>
      context.lenderSms !== null && context.runtime.now() >= context.lenderSms.resendAt,
    lendAgreed: ({ context }) => {
      const d = context.drafts.lendConfirm
      return (
        d.agreements.loan &&
        d.agreements.contract &&
        d.agreements.third_party &&
        context.drafts.demand.purpose !== null
      )
    },
    lenderCardBound: ({ context }) => context.lenderCardBound,
    creditReviewing: (_, params: { decision: CreditDecision }) =>
      params.decision.status === 'reviewing',
    creditApproved: ({ context }) => context.credit?.status === 'approved',
    creditRejected: ({ context }) => context.credit?.status === 'rejected',
    pollCapReached: (
      { context },
      params: { kind: PollKind },
    ) => context.pollAttempt + 1 >= pollPolicy[params.kind].cap,
    livenessPending: (_, params: { status: string }) => params.status === 'pending',
    livenessPassed: (_, params: { status: string }) => params.status === 'passed',
    hasLoan: ({ context }) => context.loanUser?.loan != null || context.loan !== null,
    hasRepayLoan: ({ context }) => context.drafts.repayment.loan_id !== null,
    periodsChosen: ({ context }) => context.drafts.repayment.periods.length > 0,
    // Only periods the shown plan still owes can be chosen: a stale or forged choice would reach the
    // repay trial with a period the server then refuses, after the borrower pressed Next.
    periodsPayable: ({ context, event }) => {
      if (event.type !== 'repay.select') return false
      const plan = context.repayPlan
      if (plan === null) return event.periods.length === 0
      return event.periods.every((period) => plan.periods.some((p) => p.period === period && p.status !== 'paid'))
    },
    hasCard: ({ context }) => context.card !== null,
    repaymentSucceeded: ({ context }) => context.repayment?.status === 'succeeded',
    repaymentFailed: ({ context }) => context.repayment?.status === 'failed',
    repaymentSettled: ({ context }) => {
      const last = context.loanUser?.last_repayment
      return (
        last != null &&
        context.repayment !== null &&
        last.repayment_id === context.repayment.repayment_id &&
        last.status !== 'processing'
      )
    },
    rightsOwned: ({ context }) => context.rights.owned,
    rightsOnSale: ({ context }) => context.rights.product !== null,
    rightsAgreed: ({ context }) =>
      context.drafts.rights.reward && context.drafts.rights.withhold_agreement,
    orderPending: ({ context }) => context.rights.order?.status === 'pending',
    orderPaid: ({ context }) => context.rights.order?.status === 'paid',
    overlayIs: ({ context }, params: { page: OverlayName }) => context.overlay?.page === params.page,
    routeIs: ({ event }, params: { screen: ScreenName }) =>
      event.type === 'xstate.route' && screenOfRoute(event.to) === params.screen,
    isRefused: ({ event }) => failureOf(event)?.kind === 'refused',
    cardSmsSent: ({ context }) => context.cardSms !== null,
    lenderSmsSent: ({ context }) => context.lenderSms !== null,
    lenderCodeEntered: ({ context }) => context.drafts.lendConfirm.code !== '',
    cardIn: (_, params: { card: BankCard | null }) => params.card !== null,
    repaymentSettledIn: ({ context }, params: { status: LoanUserStatus }) => {
      const last = params.status.last_repayment
      return (
        last !== null &&
        context.repayment !== null &&
        last.repayment_id === context.repayment.repayment_id &&
        last.status !== 'processing'
      )
    },
    resumeAt: ({ context }, params: { screen: ScreenName }) =>
      context.loanUser !== null &&
      clampScreen(screenForStep(context.loanUser.step), context.loanUser) === params.screen,
  },
  actions: {
    assignError: assign(({ event }) => {
      const failure = failureOf(event)
      if (failure === null) return { errorCode: 'unexpected' as const, errorStatus: null }
      if (failure.kind === 'refused') return { errorCode: 'refused' as const, errorStatus: failure.status }
      if (failure.kind === 'unauthorized') return { errorCode: null, errorStatus: null }
      return { errorCode: failure.kind, errorStatus: null }
    }),
    clearError: assign({ errorCode: null, errorStatus: null }),
    /** 401: the request layer already dropped the token and told the host to go home (spec 4). */
    forgetSession: assign({ hasToken: false, user: null, errorCode: null, errorStatus: null }),
    acceptToken: assign({ hasToken: true }),
    askHostToLogin: emit({ type: 'host.command', command: 'login' } as const),
    storeBaseUrl: assign((_, params: { baseUrl: string }) => ({ baseUrl: params.baseUrl })),
    storeChannel: assign(({ context }, params: { channel_code: string; is_login_required: 0 | 1 }) => {
      const loginRequired = params.is_login_required !== 1
      return {
        channelCode: params.channel_code,
        loginRequired,
        bootNext: !loginRequired || context.hasToken ? ('home' as const) : ('login' as const),
      }
    }),
    enterScreen: assign((_, params: { screen: ScreenName }) => ({ screen: params.screen })),
    storeUser: assign((_, params: { user: PortData<'showUser'> }) => ({ user: params.user })),
    storeLoanUser: assign(({ context }, params: { status: LoanUserStatus }) => {
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
    advanceStep: assign(({ context }, params: { step: LoanStep }) => ({
      loanUser: withStatus(context.loanUser, params.step),
    })),
    storeRights: assign(({ context }, params: PortData<'showRewardProduct'>) => ({
      rights: {
        product: params.product,
        owned: params.owned || context.rights.owned,
        order: params.order,
      },
    })),
    assignDraft: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {}
      const drafts = { ...context.drafts }
      // The union of patches is per step, so this write keeps each step's shape.
      Object.assign(drafts, { [event.step]: { ...drafts[event.step], ...event.patch } })
      return { drafts }
    }),
    setDefaultDemand: assign(({ context }) => {
      const d = context.drafts.demand
      if (d.amount !== null && d.term !== null) return {}
      // A first visit opens on a typical loan so the price shows at once.
      return {
        drafts: {
          ...context.drafts,
          demand: { ...d, amount: d.amount ?? 1_000_000, term: d.term ?? (12 as LoanTerm) },
        },
      }
    }),
    storeTrial: assign((_, params: { trial: LoanTrial }) => ({ trial: params.trial })),
    resetPoll: assign({ pollAttempt: 0 }),
    countPoll: assign(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
    storeBiometricSession: assign(
      (_, params: { session_id: string; verify_url: string }) => ({
        biometric: { session_id: params.session_id, verify_url: params.verify_url, outcome: null },
      }),
    ),
    storeLiveness: assign(({ context }, params: PortData<'getBiometricResult'>) => {
      if (params.status === 'passed') {
        const basic = context.drafts.basic
        return {
          biometric: context.biometric && { ...context.biometric, outcome: null },
          loanUser: withStatus(context.loanUser, 'basic'),
          drafts: {
            ...context.drafts,
            basic: {
              ...basic,
              real_name: basic.real_name || (params.real_name ?? ''),
              id_number: basic.id_number || (params.id_number ?? ''),
            },
          },
        }
      }
      if (params.status === 'failed' || params.status === 'expired') {
        return { biometric: context.biometric && { ...context.biometric, outcome: params.status } }
      }
      return {}
    }),
    storeCardSms: assign(({ context }, params: PortData<'sendCardCode'>) => {
      const now = context.runtime.now()
      return {
        cardSms: {
          request_id: params.request_id,
          phone_masked: params.phone_masked,
          resendAt: now + (params.resend_after || defaultResendSeconds) * 1000,
          expiresAt: now + params.expires_in * 1000,
        },
        luhnWarning: params.luhn_warning,
      }
    }),
    storeLenderSms: assign(({ context }, params: PortData<'sendLenderCardCode'>) => {
      const now = context.runtime.now()
      return {
        lenderSms: {
          request_id: params.request_id,
          phone_masked: params.phone_masked,
          resendAt: now + (params.resend_after || defaultResendSeconds) * 1000,
          expiresAt: now + params.expires_in * 1000,
        },
      }
    }),
    keyCardConfirm: assign(({ context }) => ({
      drafts: {
        ...context.drafts,
        bankCard: {
          ...context.drafts.bankCard,
          idempotencyKey: commitKey(context.drafts.bankCard.idempotencyKey, context),
        },
      },
    })),
    storeCard: assign(({ context }, params: PortData<'confirmCard'>) => ({
      card: params.card,
      loanUser: params.status,
      cardSms: null,
      drafts: {
        ...context.drafts,
        bankCard: { ...context.drafts.bankCard, code: '', idempotencyKey: null },
      },
    })),
    storeShownCard: assign((_, params: { card: BankCard | null }) => ({ card: params.card })),
    /** A refusal is a final answer for that key: the next attempt is a new commit. */
    dropRefusedKeys: assign(({ context, event }) => {
      if (failureOf(event)?.kind !== 'refused') return {}
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
    storeCredit: assign((_, params: { decision: CreditDecision }) => ({ credit: params.decision })),
    storeCreditOutcome: assign(({ context }, params: { decision: CreditDecision }) => ({
      credit: params.decision,
      loanUser:
        params.decision.status === 'reviewing'
          ? context.loanUser
          : withStatus(context.loanUser, params.decision.status),
    })),
    storeSupermarket: assign((_, params: { items: SupermarketProduct[] }) => ({
      supermarket: params.items,
    })),
    storeMatches: assign((_, params: { items: LenderMatch[] }) => ({ matches: params.items })),
    chooseLender: assign(({ context, event }) => {
      if (event.type !== 'match.select') return {}
      const changed = context.lenderId !== event.lender_id
      return {
        lenderId: event.lender_id,
        lenderCardBound: changed ? false : context.lenderCardBound,
        lenderSms: changed ? null : context.lenderSms,
        drafts: {
          ...context.drafts,
          lendConfirm: {
            ...context.drafts.lendConfirm,
            amount: context.drafts.lendConfirm.amount ?? context.drafts.demand.amount,
            term: context.drafts.lendConfirm.term ?? context.drafts.demand.term,
          },
        },
      }
    }),
    keyLendCommit: assign(({ context }) => ({
      drafts: {
        ...context.drafts,
        lendConfirm: {
          ...context.drafts.lendConfirm,
          bindKey: commitKey(context.drafts.lendConfirm.bindKey, context),
          applyKey: commitKey(context.drafts.lendConfirm.applyKey, context),
        },
      },
    })),
    markLenderCardBound: assign(({ context }) => ({
      lenderCardBound: true,
      lenderSms: null,
      drafts: { ...context.drafts, lendConfirm: { ...context.drafts.lendConfirm, code: '' } },
    })),
    storeAppliedLoan: assign(({ context }, params: PortData<'applyLoan'>) => ({
      loan: params.loan,
      loanUser: params.status,
      drafts: {
        ...context.drafts,
        lendConfirm: { ...context.drafts.lendConfirm, bindKey: null, applyKey: null },
      },
    })),
    storeRepayPlan: assign(({ context }, params: { plan: RepayPlan }) => ({
      repayPlan: params.plan,
      drafts: {
        ...context.drafts,
        repayment: {
          ...context.drafts.repayment,
          loan_id: context.drafts.repayment.loan_id ?? params.plan.loan.loan_id,
        },
      },
    })),
    chooseRepayLoan: assign(({ context, event }) => {
      if (event.type !== 'repay.loan') return {}
      return {
        repayPlan: null,
        drafts: {
          ...context.drafts,
          repayment: { loan_id: event.loan_id, periods: [], payKey: null },
        },
      }
    }),
    pickDefaultRepayLoan: assign(({ context }) => {
      if (context.drafts.repayment.loan_id !== null) return {}
      const loan =
        context.loanUser?.loan ?? context.loanUser?.loans.find((l) => l.status !== 'settled') ?? null
      if (loan === null) return {}
      return {
        drafts: {
          ...context.drafts,
          repayment: { ...context.drafts.repayment, loan_id: loan.loan_id },
        },
      }
    }),
    chooseRepayPeriods: assign(({ context, event }) => {
      if (event.type !== 'repay.select') return {}
      return {
        repayTrial: null,
        repayment: null,
        drafts: {
          ...context.drafts,
          repayment: {
            ...context.drafts.repayment,
            periods: [...event.periods].sort((a, b) => a - b),
            payKey: null,
          },
        },
      }
    }),
    storeRepayTrial: assign((_, params: { trial: RepayTrial }) => ({ repayTrial: params.trial })),
    keyPayment: assign(({ context }) => ({
      repayment: null,
      drafts: {
        ...context.drafts,
        repayment: {
          ...context.drafts.repayment,
          payKey: commitKey(context.drafts.repayment.payKey, context),
        },
      },
    })),
    storeRepayment: assign(({ context }, params: PortData<'submitRepayment'>) => ({
      repayment: {
        repayment_id: params.repayment_id,
        status: params.status,
        failure_reason: params.failure_reason,
        amount: context.repayTrial?.total ?? null,
      },
      repayTrial: null,
      drafts: {
        ...context.drafts,
        repayment: { ...context.drafts.repayment, periods: [], payKey: null },
      },
    })),
    settleRepayment: assign(({ context }) => {
      const last = context.loanUser?.last_repayment
      if (last == null || context.repayment === null) return {}
      return {
        repayment: { ...context.repayment, status: last.status, failure_reason: last.failure_reason },
      }
    }),
    keyRightsPurchase: assign(({ context }) => ({
      drafts: {
        ...context.drafts,
        rights: { ...context.drafts.rights, buyKey: commitKey(context.drafts.rights.buyKey, context) },
      },
    })),
    storeOrder: assign(({ context }, params: { order: RewardOrder }) => {
      const paid = params.order.status === 'paid'
      const settled = params.order.status !== 'pending'
      return {
        rights: { ...context.rights, order: params.order, owned: context.rights.owned || paid },
        loanUser:
          paid && context.loanUser ? { ...context.loanUser, rights_owned: true } : context.loanUser,
        drafts: settled
          ? { ...context.drafts, rights: { ...context.drafts.rights, buyKey: null } }
          : context.drafts,
      }
    }),
    openOverlay: assign(({ context, event }) => {
      if (event.type === 'overlay.open') {
        return {
          overlay: { page: event.page, query: event.query ?? {}, opener: context.screen },
          overlayContent: null,
        }
      }
      if (event.type === 'xstate.route') {
        const page = screenOfRoute(event.to)
        if (page === null || !isOverlay(page)) return {}
        return {
          overlay: { page, query: event.query ?? {}, opener: context.screen },
          overlayContent: null,
        }
      }
      return {}
    }),
    storeOverlayContent: assign((_, params: { title: string; content_html: string }) => ({
      overlayContent: { title: params.title, content_html: params.content_html },
    })),
    closeOverlay: assign({ overlay: null, overlayContent: null }),
    markOverlayOverSheet: assign(({ context }) => (context.overlay === null ? {} : { overlay: { ...context.overlay, overSheet: true } })),
    /** A deep link lands where the server allows (issue #4 item 3), through the route event. */
    followDeepLink: enqueueActions(({ context, enqueue }) => {
      const link = context.pendingDeepLink
      enqueue.assign({ pendingDeepLink: null })
      if (link === null) return
      const target = clampScreen(link.screen, context.loanUser)
      if (target === 'home' || target === 'login') return
      enqueue.raise({ type: 'xstate.route', to: `#${target}`, query: link.query })
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => {
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
      errorCode: null,
      errorStatus: null,
      pendingDeepLink:
        linked !== null && linked !== 'home' && linked !== 'login'
          ? { screen: linked, query: input.initialDeepLink?.query ?? {} }
          : null,
      screen: null,
      user: null,
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
      repayment: null,
      rights: { product: null, owned: false, order: null },
      overlay: null,
      overlayContent: null,
      pollAttempt: 0,
    }
  },
  initial: 'boot',
  on: {
    // The host may push a new payload at any time (e.g. after it logged the borrower in).
    'bridge.payload': { guard: 'payloadHasToken', actions: 'acceptToken' },
  },
  states: {
    boot: {
      description:
        'Intake is done by the edge (input). Resolves the API base URL, then looks up the channel; status 0 stores channel_code and decides home or login.',
      initial: 'resolvingBaseUrl',
      on: { 'xstate.route': {} },
      states: {
        resolvingBaseUrl: {
          tags: 'busy',
          invoke: {
            src: 'resolveBaseUrl',
            input: ({ context }) => ({ bridgeBaseUrl: context.intake.baseUrl ?? null }),
            onDone: {
              target: 'lookingUpChannel',
              actions: { type: 'storeBaseUrl', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: 'assignError' },
          },
        },
        lookingUpChannel: {
          tags: 'busy',
          invoke: {
            src: 'lookupChannel',
            input: ({ context }) => ({ params: { channel: context.intake.channel } }),
            onDone: {
              target: 'routing',
              actions: { type: 'storeChannel', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: 'assignError' },
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
        'The host owns login (PRODUCT.md 2.4): ask it with the `login` command and wait for a bridge payload with a token.',
      meta: screenMeta('login'),
      entry: [{ type: 'enterScreen', params: { screen: 'login' } }, 'askHostToLogin'],
      on: {
        'xstate.route': {},
        'login.request': { actions: 'askHostToLogin' },
        'bridge.payload': { guard: 'payloadHasToken', target: '#home', actions: 'acceptToken' },
      },
    },

    reauth: {
      id: 'reauth',
      description:
        'A call answered 401: token and user info are gone and the host was told to go home. Waits for a new token, then returns to exactly where the borrower was; drafts are untouched.',
      meta: { screen: 'login' },
      on: {
        'xstate.route': {},
        'login.request': { actions: 'askHostToLogin' },
        'bridge.payload': { guard: 'payloadHasToken', target: '#sessionHistory', actions: 'acceptToken' },
      },
    },

    session: {
      id: 'session',
      initial: 'screens',
      on: {
        'form.change': { actions: 'assignDraft' },
        'nav.home': { target: '#home' },
        'overlay.open': { target: '#overlay', actions: 'openOverlay' },
      },
      states: {
        hist: { id: 'sessionHistory', type: 'history', history: 'deep' },
        screens: {
          initial: 'home',
          states: {
            hist: { id: 'screensHistory', type: 'history', history: 'deep' },

            home: {
              id: 'home',
              route: {},
              meta: screenMeta('home'),
              entry: { type: 'enterScreen', params: { screen: 'home' } },
              initial: 'loading',
              states: {
                loading: {
                  description:
                    'User, loan status and rights card are independent: all three go out together, and home is ready when the last answers.',
                  tags: 'busy',
                  type: 'parallel',
                  onDone: { target: 'ready' },
                  states: {
                    user: {
                      initial: 'fetching',
                      states: {
                        fetching: {
                          invoke: {
                            src: 'showUser',
                            input: {},
                            onDone: {
                              target: 'done',
                              actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                            },
                            onError: [
                              { guard: 'isUnauthorized', target: '#reauth', actions: 'forgetSession' },
                              // The nickname is decoration; the status is what matters.
                              { target: 'done' },
                            ],
                          },
                        },
                        done: { type: 'final' },
                      },
                    },
                    status: {
                      initial: 'fetching',
                      states: {
                        fetching: {
                          invoke: {
                            src: 'getLoanUserStatus',
                            input: {},
                            onDone: {
                              target: 'done',
                              actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                            },
                            onError: [
                              { guard: 'isUnauthorized', target: '#reauth', actions: 'forgetSession' },
                              { target: '#home.failed', actions: 'assignError' },
                            ],
                          },
                        },
                        done: { type: 'final' },
                      },
                    },
                    rights: {
                      initial: 'fetching',
                      states: {
                        fetching: {
                          invoke: {
                            src: 'showRewardProduct',
                            input: {},
                            onDone: {
                              target: 'done',
                              actions: { type: 'storeRights', params: ({ event }) => event.output },
                            },
                            onError: [
                              { guard: 'isUnauthorized', target: '#reauth', actions: 'forgetSession' },
                              // Without the rights card home still works; the card is hidden.
                              { target: 'done' },
                            ],
                          },
                        },
                        done: { type: 'final' },
                      },
                    },
                  },
                },
                failed: {
                  on: { retry: { target: 'loading', actions: 'clearError' } },
                },
                ready: {
                  description:
                    'Entrance cards. A pending deep link is followed first, clamped to the step the server allows.',
                  always: { guard: 'hasPendingDeepLink', actions: 'followDeepLink' },
                  on: {
                    'home.continue': [
                      { guard: { type: 'resumeAt', params: { screen: 'loanDemand' } }, target: '#loanDemand' },
                      { guard: { type: 'resumeAt', params: { screen: 'facialIdentification' } }, target: '#facialIdentification' },
                      { guard: { type: 'resumeAt', params: { screen: 'basicInfo' } }, target: '#basicInfo' },
                      { guard: { type: 'resumeAt', params: { screen: 'assetInfo' } }, target: '#assetInfo' },
                      { guard: { type: 'resumeAt', params: { screen: 'contact' } }, target: '#contact' },
                      { guard: { type: 'resumeAt', params: { screen: 'bankCard' } }, target: '#bankCard' },
                      { guard: { type: 'resumeAt', params: { screen: 'review' } }, target: '#review' },
                      { guard: { type: 'resumeAt', params: { screen: 'result' } }, target: '#result' },
                      { guard: { type: 'resumeAt', params: { screen: 'loanPlan' } }, target: '#loanPlan' },
                      { guard: { type: 'resumeAt', params: { screen: 'repayment' } }, target: '#repayment' },
                    ],
                    'home.repay': { guard: 'hasLoan', target: '#repayment' },
                    'rights.open': { target: '#rights' },
                    retry: { target: 'loading' },
                  },
                },
              },
            },
            loanDemand: {
              id: 'loanDemand',
              route: { guard: { type: 'screenAllowed', params: { screen: 'loanDemand' } } },
              meta: screenMeta('loanDemand'),
              entry: [{ type: 'enterScreen', params: { screen: 'loanDemand' } }, 'setDefaultDemand'],
              initial: 'pricing',
              states: {
                pricing: {
                  description: 'Pricing the draft. The form stays editable: a price change restarts the trial, so the price shown is always the draft\'s.',
                  tags: ['busy', 'editing'],
                  on: { 'form.change': { guard: 'priceChanged', target: 'pricing', reenter: true, actions: 'assignDraft' } },
                  invoke: {
                    src: 'trialLoan',
                    input: ({ context }) => ({
                      input: {
                        amount: context.drafts.demand.amount ?? 0,
                        term: context.drafts.demand.term ?? 12,
                      },
                    }),
                    onDone: {
                      target: 'editing',
                      actions: [
                        'clearError',
                        { type: 'storeTrial', params: ({ event }) => ({ trial: event.output }) },
                      ],
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
                editing: {
                  tags: 'editing',
                  on: {
                    'form.change': { guard: 'priceChanged', target: 'pricing', actions: 'assignDraft' },
                    retry: { target: 'pricing' },
                    'form.submit': { guard: 'demandReady', target: 'submitting', actions: 'clearError' },
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'updateLoanUser',
                    input: ({ context }) => {
                      const d = context.drafts.demand
                      return {
                        params: { id: context.loanUser?.id ?? '' },
                        input: {
                          id: context.loanUser?.id ?? '',
                          section: 'demand' as const,
                          amount: d.amount ?? 0,
                          term: d.term ?? 12,
                          purpose: d.purpose ?? 'other',
                          agreements: { register: true, user: true, privacy: true, personal_consent: true } as const,
                        },
                      }
                    },
                    onDone: {
                      target: '#facialIdentification',
                      actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
              },
            },

            facialIdentification: {
              id: 'facialIdentification',
              route: { guard: { type: 'screenAllowed', params: { screen: 'facialIdentification' } } },
              meta: screenMeta('facialIdentification'),
              entry: { type: 'enterScreen', params: { screen: 'facialIdentification' } },
              initial: 'editing',
              states: {
                editing: {
                  tags: 'editing',
                  on: {
                    'form.submit': { guard: 'faceReady', target: 'startingSession', actions: 'clearError' },
                    'step.back': { target: '#loanDemand' },
                  },
                },
                startingSession: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'startBiometricSession',
                    input: () => ({
                      input: {
                        return_url: '#/pages/facialIdentification/index',
                        agreements: { face_consent: true, sensitive_consent: true } as const,
                      },
                    }),
                    onDone: {
                      target: 'verifying',
                      actions: { type: 'storeBiometricSession', params: ({ event }) => event.output },
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
                verifying: {
                  description:
                    "The liveness wait: the vendor's page (verify_url) is open in /pages/webview/index. Its return to the facialIdentification route, Back, or liveness.returned all lead to reading the result, never trusting the return URL.",
                  meta: { path: 'webview' },
                  on: {
                    'liveness.returned': { target: 'checking' },
                    'xstate.route': { guard: { type: 'routeIs', params: { screen: 'facialIdentification' } }, target: 'checking' },
                  },
                },
                checking: {
                  description: 'Polls the liveness result with backoff; poll.stop or the cap gives the borrower a way out.',
                  tags: 'polling',
                  entry: 'resetPoll',
                  initial: 'fetching',
                  on: { 'poll.stop': { target: 'editing' } },
                  states: {
                    fetching: {
                      invoke: {
                        src: 'getBiometricResult',
                        input: ({ context }) => ({ input: { session_id: context.biometric?.session_id ?? '' } }),
                        onDone: [
                          {
                            guard: { type: 'livenessPending', params: ({ event }) => ({ status: event.output.status }) },
                            target: 'waiting',
                          },
                          {
                            guard: { type: 'livenessPassed', params: ({ event }) => ({ status: event.output.status }) },
                            target: '#basicInfo',
                            actions: { type: 'storeLiveness', params: ({ event }) => event.output },
                          },
                          {
                            target: '#facialIdentification.editing',
                            actions: { type: 'storeLiveness', params: ({ event }) => event.output },
                          },
                        ],
                        onError: [reauth, { target: 'waiting', actions: 'assignError' }],
                      },
                    },
                    waiting: {
                      // Timers are not restored from a persisted snapshot: the edge sends poll.now after a restore.
                      on: { 'poll.now': { target: 'fetching' } },
                      after: {
                        livenessPollDelay: [
                          { guard: { type: 'pollCapReached', params: { kind: 'liveness' } }, target: 'slow' },
                          { target: 'fetching', actions: 'countPoll' },
                        ],
                      },
                    },
                    slow: {
                      description: 'The polling cap was reached: keep waiting (retry) or stop (poll.stop).',
                      on: { retry: { target: 'fetching', actions: 'resetPoll' } },
                    },
                  },
                },
              },
            },


            basicInfo: {
              id: 'basicInfo',
              route: { guard: { type: 'screenAllowed', params: { screen: 'basicInfo' } } },
              meta: screenMeta('basicInfo'),
              entry: { type: 'enterScreen', params: { screen: 'basicInfo' } },
              initial: 'editing',
              states: {
                editing: {
                  tags: 'editing',
                  on: {
                    'form.submit': { guard: 'basicReady', target: 'submitting', actions: 'clearError' },
                    'step.back': { target: '#facialIdentification' },
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'updateLoanUser',
                    input: ({ context }) => {
                      const d = context.drafts.basic
                      const id = context.loanUser?.id ?? ''
                      return {
                        params: { id },
                        input: {
                          id,
                          section: 'basic' as const,
                          real_name: d.real_name,
                          id_number: d.id_number,
                          education: d.education ?? 'bachelor',
                          marital_status: d.marital_status ?? 'single',
                          province_id: d.province_id,
                          city_id: d.city_id,
                          district_id: d.district_id,
                          address: d.address,
                          ...(d.email !== '' ? { email: d.email } : {}),
                        },
                      }
                    },
                    onDone: {
                      target: '#assetInfo',
                      actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
              },
            },

            assetInfo: {
              id: 'assetInfo',
              route: { guard: { type: 'screenAllowed', params: { screen: 'assetInfo' } } },
              meta: screenMeta('assetInfo'),
              entry: { type: 'enterScreen', params: { screen: 'assetInfo' } },
              initial: 'editing',
              states: {
                editing: {
                  tags: 'editing',
                  on: {
                    'form.submit': { guard: 'assetReady', target: 'submitting', actions: 'clearError' },
                    'step.back': { target: '#basicInfo' },
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'updateLoanUser',
                    input: ({ context }) => {
                      const d = context.drafts.asset
                      const id = context.loanUser?.id ?? ''
                      return {
                        params: { id },
                        input: {
                          id,
                          section: 'asset' as const,
                          occupation: d.occupation ?? 'other',
                          income_band: d.income_band ?? 'below_3k',
                          housing: d.housing ?? 'rented',
                          car: d.car ?? 'none',
                          social_insurance: d.social_insurance ?? false,
                          provident_fund: d.provident_fund ?? false,
                          credit_card: d.credit_card ?? false,
                        },
                      }
                    },
                    onDone: {
                      target: '#contact',
                      actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
              },
            },

            contact: {
              id: 'contact',
              route: { guard: { type: 'screenAllowed', params: { screen: 'contact' } } },
              meta: screenMeta('contact'),
              entry: { type: 'enterScreen', params: { screen: 'contact' } },
              initial: 'editing',
              states: {
                editing: {
                  tags: 'editing',
                  on: {
                    'form.submit': { guard: 'contactReady', target: 'submitting', actions: 'clearError' },
                    'step.back': { target: '#assetInfo' },
                  },
                },
                submitting: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'saveContacts',
                    input: ({ context }) => {
                      const [first, second] = context.drafts.contact.contacts
                      const entry = (c: ContactDraftEntry) => ({ relation: c.relation ?? 'other', name: c.name, phone: c.phone })
                      return {
                        input: {
                          contacts: [entry(first), entry(second)] as [ContactEntry, ContactEntry],
                          agreements: { form: true } as const,
                        },
                      }
                    },
                    onDone: {
                      target: '#bankCard',
                      actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
              },
            },

            bankCard: {
              id: 'bankCard',
              route: { guard: { type: 'screenAllowed', params: { screen: 'bankCard' } } },
              meta: screenMeta('bankCard'),
              entry: { type: 'enterScreen', params: { screen: 'bankCard' } },
              initial: 'editing',
              states: {
                editing: {
                  tags: 'editing',
                  on: {
                    'sms.send': { guard: 'cardReady', target: 'sendingCode', actions: 'clearError' },
                    'step.back': { target: '#contact' },
                  },
                },
                sendingCode: {
                  tags: 'busy',
                  invoke: {
                    src: 'sendCardCode',
                    input: ({ context }) => ({
                      input: {
                        card_number: context.drafts.bankCard.card_number,
                        reserved_phone: context.drafts.bankCard.reserved_phone,
                      },
                    }),
                    onDone: {
                      target: 'codeSent',
                      actions: { type: 'storeCardSms', params: ({ event }) => event.output },
                    },
                    onError: [
                      reauth,
                      { guard: 'cardSmsSent', target: 'codeSent', actions: 'assignError' },
                      { target: 'editing', actions: 'assignError' },
                    ],
                  },
                },
                codeSent: {
                  description:
                    'An SMS code is on its way. The resend countdown is the deadline cardSms.resendAt (an instant), so it survives reload and backgrounding.',
                  tags: 'editing',
                  on: {
                    'sms.resend': { guard: 'cardResendAllowed', target: 'sendingCode', actions: 'clearError' },
                    'form.submit': {
                      guard: 'cardCodeReady',
                      target: 'confirming',
                      actions: ['clearError', 'keyCardConfirm'],
                    },
                    'step.back': { target: 'editing' },
                  },
                },
                confirming: {
                  description: 'Binds the card with the code, under the idempotency key kept in the draft.',
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'confirmCard',
                    input: ({ context }) => ({
                      input: {
                        request_id: context.cardSms?.request_id ?? '',
                        code: context.drafts.bankCard.code,
                        agreements: { withhold_agreement: true } as const,
                      },
                      idempotencyKey: context.drafts.bankCard.idempotencyKey ?? '',
                    }),
                    onDone: {
                      target: '#review',
                      actions: { type: 'storeCard', params: ({ event }) => event.output },
                    },
                    onError: [reauth, { target: 'codeSent', actions: ['assignError', 'dropRefusedKeys'] }],
                  },
                },
              },
            },

            review: {
              id: 'review',
              route: { guard: { type: 'screenAllowed', params: { screen: 'review' } } },
              meta: screenMeta('review'),
              entry: { type: 'enterScreen', params: { screen: 'review' } },
              initial: 'reportingDevice',
              on: { 'rights.open': { target: '#rights' } },
              states: {
                reportingDevice: {
                  description: 'Device facts go with the application; a failure here does not hold the review up.',
                  tags: 'busy',
                  invoke: {
                    src: 'reportDevice',
                    input: ({ context }) => ({ input: context.device ?? unknownDevice(context) }),
                    onDone: { target: 'polling' },
                    onError: [reauth, { target: 'polling' }],
                  },
                },
                polling: {
                  description:
                    'Credit review: polls the decision with backoff (never sooner than retry_after). poll.stop leaves for home; the cap leads to slow.',
                  tags: 'polling',
                  entry: 'resetPoll',
                  initial: 'fetching',
                  on: { 'poll.stop': { target: '#home' } },
                  states: {
                    fetching: {
                      invoke: {
                        src: 'getCreditDecision',
                        input: {},
                        onDone: [
                          {
                            guard: { type: 'creditReviewing', params: ({ event }) => ({ decision: event.output }) },
                            target: 'waiting',
                            actions: { type: 'storeCredit', params: ({ event }) => ({ decision: event.output }) },
                          },
                          {
                            target: '#result',
                            actions: { type: 'storeCreditOutcome', params: ({ event }) => ({ decision: event.output }) },
                          },
                        ],
                        onError: [reauth, { target: 'waiting', actions: 'assignError' }],
                      },
                    },
                    waiting: {
                      // Timers are not restored from a persisted snapshot: the edge sends poll.now after a restore.
                      on: { 'poll.now': { target: 'fetching' } },
                      after: {
                        creditPollDelay: [
                          { guard: { type: 'pollCapReached', params: { kind: 'credit' } }, target: 'slow' },
                          { target: 'fetching', actions: ['countPoll', 'clearError'] },
                        ],
                      },
                    },
                    slow: {
                      description: 'The review takes longer than the polling cap: keep waiting (retry) or leave (poll.stop).',
                      on: { retry: { target: 'fetching', actions: 'resetPoll' } },
                    },
                  },
                },
              },
            },

            result: {
              id: 'result',
              route: { guard: { type: 'screenAllowed', params: { screen: 'result' } } },
              meta: screenMeta('result'),
              entry: { type: 'enterScreen', params: { screen: 'result' } },
              initial: 'deciding',
              on: { 'rights.open': { target: '#rights' } },
              states: {
                deciding: {
                  always: [
                    { guard: 'creditApproved', target: 'approved' },
                    { guard: 'creditRejected', target: 'rejected' },
                    { target: 'loading' },
                  ],
                },
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'getCreditDecision',
                    input: {},
                    onDone: [
                      {
                        guard: { type: 'creditReviewing', params: ({ event }) => ({ decision: event.output }) },
                        target: '#review',
                        actions: { type: 'storeCredit', params: ({ event }) => ({ decision: event.output }) },
                      },
                      {
                        target: 'deciding',
                        actions: { type: 'storeCreditOutcome', params: ({ event }) => ({ decision: event.output }) },
                      },
                    ],
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                approved: { on: { 'result.continue': { target: '#match' } } },
                rejected: {
                  description: 'Declined: the reason code and the loan supermarket (other lenders).',
                  initial: 'loadingProducts',
                  states: {
                    loadingProducts: {
                      tags: 'busy',
                      invoke: {
                        src: 'listSupermarketProducts',
                        input: { input: {} },
                        onDone: {
                          target: 'ready',
                          actions: { type: 'storeSupermarket', params: ({ event }) => ({ items: event.output.items }) },
                        },
                        onError: [reauth, { target: 'failed', actions: 'assignError' }],
                      },
                    },
                    failed: { on: { retry: { target: 'loadingProducts', actions: 'clearError' } } },
                    ready: {},
                  },
                },
              },
            },

            match: {
              id: 'match',
              route: { guard: { type: 'screenAllowed', params: { screen: 'match' } } },
              meta: screenMeta('match'),
              entry: { type: 'enterScreen', params: { screen: 'match' } },
              initial: 'loading',
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'listMatches',
                    input: {},
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeMatches', params: ({ event }) => ({ items: event.output.items }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                ready: {
                  on: { 'match.select': { target: '#lendConfirm', actions: 'chooseLender' } },
                },
              },
            },

            lendConfirm: {
              id: 'lendConfirm',
              route: { guard: { type: 'screenAllowed', params: { screen: 'lendConfirm' } } },
              meta: screenMeta('lendConfirm'),
              entry: { type: 'enterScreen', params: { screen: 'lendConfirm' } },
              initial: 'pricing',
              states: {
                pricing: {
                  description: 'Pricing the draft. The form stays editable: a price change restarts the trial, so the price shown is always the draft\'s.',
                  tags: ['busy', 'editing'],
                  on: { 'form.change': { guard: 'priceChanged', target: 'pricing', reenter: true, actions: 'assignDraft' } },
                  invoke: {
                    src: 'trialLoan',
                    input: ({ context }) => ({
                      input: {
                        amount: context.drafts.lendConfirm.amount ?? context.drafts.demand.amount ?? 0,
                        term: context.drafts.lendConfirm.term ?? context.drafts.demand.term ?? 12,
                        lender_id: context.lenderId ?? '',
                      },
                    }),
                    onDone: {
                      target: 'editing',
                      actions: ['clearError', { type: 'storeTrial', params: ({ event }) => ({ trial: event.output }) }],
                    },
                    onError: [reauth, { target: 'editing', actions: 'assignError' }],
                  },
                },
                editing: {
                  tags: 'editing',
                  on: {
                    'form.change': { guard: 'priceChanged', target: 'pricing', actions: 'assignDraft' },
                    retry: { target: 'pricing' },
                    'sms.send': { guard: not('lenderCardBound'), target: 'sendingCode', actions: 'clearError' },
                    // After a lost answer the card may already be bound: apply without a new code.
                    'form.submit': {
                      guard: and(['lenderCardBound', 'lendAgreed']),
                      target: 'applying',
                      actions: ['clearError', 'keyLendCommit'],
                    },
                    'step.back': { target: '#match' },
                  },
                },
                sendingCode: {
                  tags: 'busy',
                  invoke: {
                    src: 'sendLenderCardCode',
                    input: ({ context }) => ({ input: { lender_id: context.lenderId ?? '' } }),
                    onDone: {
                      target: 'codeSent',
                      actions: { type: 'storeLenderSms', params: ({ event }) => event.output },
                    },
                    onError: [
                      reauth,
                      { guard: 'lenderSmsSent', target: 'codeSent', actions: 'assignError' },
                      { target: 'editing', actions: 'assignError' },
                    ],
                  },
                },
                codeSent: {
                  description: "The lender's binding code was sent; resend after the deadline lenderSms.resendAt.",
                  tags: 'editing',
                  on: {
                    'sms.resend': { guard: 'lenderResendAllowed', target: 'sendingCode', actions: 'clearError' },
                    'form.submit': {
                      guard: and(['lendAgreed', 'lenderCodeEntered']),
                      target: 'confirmingCard',
                      actions: ['clearError', 'keyLendCommit'],
                    },
                    'step.back': { target: 'editing' },
                  },
                },
                confirmingCard: {
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'confirmLenderCard',
                    input: ({ context }) => ({
                      input: {
                        request_id: context.lenderSms?.request_id ?? '',
                        code: context.drafts.lendConfirm.code,
                        lender_id: context.lenderId ?? '',
                      },
                      idempotencyKey: context.drafts.lendConfirm.bindKey ?? '',
                    }),
                    onDone: { target: 'applying', actions: 'markLenderCardBound' },
                    onError: [reauth, { target: 'codeSent', actions: ['assignError', 'dropRefusedKeys'] }],
                  },
                },
                applying: {
                  description: 'Submits the application once, with the key kept in the draft; repeated submits are ignored here.',
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {} },
                  invoke: {
                    src: 'applyLoan',
                    input: ({ context }) => ({
                      input: {
                        lender_id: context.lenderId ?? '',
                        amount: context.drafts.lendConfirm.amount ?? context.drafts.demand.amount ?? 0,
                        term: context.drafts.lendConfirm.term ?? context.drafts.demand.term ?? 12,
                        purpose: context.drafts.demand.purpose ?? 'other',
                        agreements: { loan: true, contract: true, third_party: true } as const,
                      },
                      idempotencyKey: context.drafts.lendConfirm.applyKey ?? '',
                    }),
                    onDone: {
                      target: '#loanPlan',
                      actions: { type: 'storeAppliedLoan', params: ({ event }) => event.output },
                    },
                    onError: [
                      reauth,
                      { guard: 'isRefused', target: 'editing', actions: ['assignError', 'dropRefusedKeys'] },
                      { target: 'applyUncertain', actions: 'assignError' },
                    ],
                  },
                },
                applyUncertain: {
                  description:
                    'The answer to apply was lost (network, timeout): it may have gone through. Retry re-sends with the same key; never a fresh submit.',
                  on: { retry: { target: 'applying', actions: 'clearError' } },
                },
              },
            },

            loanPlan: {
              id: 'loanPlan',
              route: { guard: { type: 'screenAllowed', params: { screen: 'loanPlan' } } },
              meta: screenMeta('loanPlan'),
              entry: { type: 'enterScreen', params: { screen: 'loanPlan' } },
              initial: 'loading',
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'getRepayPlan',
                    input: ({ context }) => ({
                      input: { loan_id: context.loan?.loan_id ?? context.loanUser?.loan?.loan_id ?? '' },
                    }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeRepayPlan', params: ({ event }) => ({ plan: event.output }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                ready: {},
              },
            },

            repayment: {
              id: 'repayment',
              route: { guard: { type: 'screenAllowed', params: { screen: 'repayment' } } },
              meta: screenMeta('repayment'),
              entry: { type: 'enterScreen', params: { screen: 'repayment' } },
              initial: 'loadingStatus',
              states: {
                loadingStatus: {
                  tags: 'busy',
                  invoke: {
                    src: 'getLoanUserStatus',
                    input: {},
                    onDone: {
                      target: 'loadingPlan',
                      actions: [
                        { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                        'pickDefaultRepayLoan',
                      ],
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                loadingPlan: {
                  tags: 'busy',
                  always: { guard: not('hasRepayLoan'), target: 'ready' },
                  invoke: {
                    src: 'getRepayPlan',
                    input: ({ context }) => ({ input: { loan_id: context.drafts.repayment.loan_id ?? '' } }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeRepayPlan', params: ({ event }) => ({ plan: event.output }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loadingStatus', actions: 'clearError' } } },
                ready: {
                  on: {
                    'repay.loan': { target: 'loadingPlan', actions: 'chooseRepayLoan' },
                    'repay.select': { guard: 'periodsPayable', actions: 'chooseRepayPeriods' },
                    'form.submit': { guard: 'periodsChosen', target: '#repayDetail' },
                    'repay.plan': { guard: 'hasRepayLoan', target: '#repayPlan' },
                  },
                },
              },
            },

            repayDetail: {
              id: 'repayDetail',
              route: { guard: { type: 'screenAllowed', params: { screen: 'repayDetail' } } },
              meta: screenMeta('repayDetail'),
              entry: { type: 'enterScreen', params: { screen: 'repayDetail' } },
              initial: 'trialing',
              states: {
                trialing: {
                  tags: 'busy',
                  invoke: {
                    src: 'trialRepayment',
                    input: ({ context }) => ({
                      input: {
                        loan_id: context.drafts.repayment.loan_id ?? '',
                        periods: context.drafts.repayment.periods.join(','),
                      },
                    }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeRepayTrial', params: ({ event }) => ({ trial: event.output }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'trialing', actions: 'clearError' } } },
                ready: {
                  on: {
                    'form.submit': { target: '#paymentConfirm' },
                    'step.back': { target: '#repayment' },
                  },
                },
              },
            },

            paymentConfirm: {
              id: 'paymentConfirm',
              route: { guard: { type: 'screenAllowed', params: { screen: 'paymentConfirm' } } },
              meta: screenMeta('paymentConfirm'),
              entry: { type: 'enterScreen', params: { screen: 'paymentConfirm' } },
              initial: 'loadingCard',
              states: {
                loadingCard: {
                  tags: 'busy',
                  invoke: {
                    src: 'showCard',
                    input: {},
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeShownCard', params: ({ event }) => ({ card: event.output.card }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loadingCard', actions: 'clearError' } } },
                ready: {
                  tags: 'editing',
                  on: {
                    'form.submit': { guard: 'hasCard', target: 'paying', actions: ['clearError', 'keyPayment'] },
                    'step.back': { target: '#repayDetail' },
                  },
                },
                paying: {
                  description: 'Pays once: repeated submits are ignored and the idempotency key is reused on every retry.',
                  tags: 'busy',
                  on: { 'xstate.route': {}, 'overlay.open': {}, 'nav.home': {} },
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
                    onDone: {
                      target: '#repaymentResult',
                      actions: { type: 'storeRepayment', params: ({ event }) => event.output },
                    },
                    onError: [
                      reauth,
                      { guard: 'isRefused', target: 'ready', actions: ['assignError', 'dropRefusedKeys'] },
                      { target: 'uncertain', actions: 'assignError' },
                    ],
                  },
                },
                uncertain: {
                  description:
                    'The payment answer was lost (network, timeout): it may have been taken. Retry re-sends with the same key, so it is never charged twice.',
                  on: { retry: { target: 'paying', actions: 'clearError' } },
                },
              },
            },

            repaymentResult: {
              id: 'repaymentResult',
              // Not routable: only a payment brings the borrower here, never a typed or Back URL.
              meta: screenMeta('repaymentResult'),
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
                processing: {
                  description:
                    'The bank has not settled the payment yet: re-reads the loan-user status with backoff until last_repayment settles; poll.stop leaves for home.',
                  tags: 'polling',
                  entry: 'resetPoll',
                  initial: 'waiting',
                  on: { 'poll.stop': { target: '#home' } },
                  states: {
                    waiting: {
                      // Timers are not restored from a persisted snapshot: the edge sends poll.now after a restore.
                      on: { 'poll.now': { target: 'fetching' } },
                      after: {
                        repaymentPollDelay: [
                          { guard: { type: 'pollCapReached', params: { kind: 'repayment' } }, target: 'slow' },
                          { target: 'fetching', actions: 'countPoll' },
                        ],
                      },
                    },
                    fetching: {
                      invoke: {
                        src: 'getLoanUserStatus',
                        input: {},
                        onDone: [
                          {
                            guard: { type: 'repaymentSettledIn', params: ({ event }) => ({ status: event.output }) },
                            target: '#repaymentResult.deciding',
                            actions: [
                              { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                              'settleRepayment',
                            ],
                          },
                          {
                            target: 'waiting',
                            actions: { type: 'storeLoanUser', params: ({ event }) => ({ status: event.output }) },
                          },
                        ],
                        onError: [reauth, { target: 'waiting', actions: 'assignError' }],
                      },
                    },
                    slow: { on: { retry: { target: 'fetching', actions: 'resetPoll' } } },
                  },
                },
              },
            },

            repayPlan: {
              id: 'repayPlan',
              route: { guard: { type: 'screenAllowed', params: { screen: 'repayPlan' } } },
              meta: screenMeta('repayPlan'),
              entry: [{ type: 'enterScreen', params: { screen: 'repayPlan' } }, 'pickDefaultRepayLoan'],
              initial: 'loading',
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'getRepayPlan',
                    input: ({ context }) => ({ input: { loan_id: context.drafts.repayment.loan_id ?? '' } }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeRepayPlan', params: ({ event }) => ({ plan: event.output }) },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                ready: { on: { 'step.back': { target: '#repayment' } } },
              },
            },
          },
        },

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
            loading: {
              tags: 'busy',
              invoke: {
                src: 'showRewardProduct',
                input: {},
                onDone: {
                  target: 'deciding',
                  actions: { type: 'storeRights', params: ({ event }) => event.output },
                },
                onError: [reauth, { target: 'failed', actions: 'assignError' }],
              },
            },
            deciding: {
              always: [
                { guard: 'rightsOwned', target: 'owned' },
                { guard: 'orderPending', target: 'polling' },
                { guard: 'rightsOnSale', target: 'offer' },
                { target: 'unavailable' },
              ],
            },
            offer: {
              tags: 'editing',
              on: { 'rights.buy': { guard: 'rightsAgreed', target: 'checkingCard', actions: 'clearError' } },
            },
            checkingCard: {
              tags: 'busy',
              invoke: {
                src: 'showCard',
                input: {},
                onDone: [
                  {
                    guard: { type: 'cardIn', params: ({ event }) => ({ card: event.output.card }) },
                    target: 'buying',
                    actions: [
                      { type: 'storeShownCard', params: ({ event }) => ({ card: event.output.card }) },
                      'keyRightsPurchase',
                    ],
                  },
                  { target: 'noCard' },
                ],
                onError: [reauth, { target: 'offer', actions: 'assignError' }],
              },
            },
            noCard: {
              description: 'The rights card is paid from the bound debit card; none is bound yet.',
            },
            buying: {
              description: 'Buys once with the idempotency key kept in the draft; repeated buy events are ignored.',
              tags: 'busy',
              on: { 'rights.close': {}, 'xstate.route': {}, 'overlay.open': {} },
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
                onDone: {
                  target: 'settling',
                  actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output.order }) },
                },
                onError: [
                  reauth,
                  { guard: 'isRefused', target: 'offer', actions: ['assignError', 'dropRefusedKeys'] },
                  { target: 'uncertain', actions: 'assignError' },
                ],
              },
            },
            uncertain: {
              description: 'The purchase answer was lost: retry re-sends with the same key.',
              on: { retry: { target: 'buying', actions: 'clearError' } },
            },
            settling: {
              always: [
                { guard: 'orderPaid', target: 'owned' },
                { guard: 'orderPending', target: 'polling' },
                { target: 'failed' },
              ],
            },
            polling: {
              description: 'Polls the order until it settles, with backoff and a cap; poll.stop closes the sheet.',
              tags: 'polling',
              entry: 'resetPoll',
              initial: 'waiting',
              on: { 'poll.stop': { target: '#screensHistory' } },
              states: {
                waiting: {
                  // Timers are not restored from a persisted snapshot: the edge sends poll.now after a restore.
                  on: { 'poll.now': { target: 'fetching' } },
                  after: {
                    rewardPollDelay: [
                      { guard: { type: 'pollCapReached', params: { kind: 'rewardOrder' } }, target: 'slow' },
                      { target: 'fetching', actions: 'countPoll' },
                    ],
                  },
                },
                fetching: {
                  invoke: {
                    src: 'getRewardOrder',
                    input: ({ context }) => ({ input: { order_id: context.rights.order?.order_id ?? '' } }),
                    onDone: {
                      target: '#rights.settling',
                      actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output.order }) },
                    },
                    onError: [reauth, { target: 'waiting', actions: 'assignError' }],
                  },
                },
                slow: { on: { retry: { target: 'fetching', actions: 'resetPoll' } } },
              },
            },
            owned: {},
            failed: {
              on: { 'rights.buy': { guard: 'rightsAgreed', target: 'checkingCard', actions: 'clearError' } },
            },
            unavailable: {},
          },
        },

        overlay: {
          id: 'overlay',
          description:
            'Pages opened over a screen (agreements, rich text, external pages, the lender protocol). Close or Back returns to exactly where the borrower was.',
          initial: 'choosing',
          on: {
            'overlay.close': [
              { guard: 'overlayOverSheet', target: '#rights', actions: 'closeOverlay' },
              { target: '#screensHistory', actions: 'closeOverlay' },
            ],
            'xstate.route': [
              { guard: and(['routeIsOpener', 'overlayOverSheet']), target: '#rights', actions: 'closeOverlay' },
              { guard: 'routeIsOpener', target: '#screensHistory', actions: 'closeOverlay' },
            ],
          },
          states: {
            choosing: {
              always: [
                { guard: { type: 'overlayIs', params: { page: 'privacy' } }, target: 'privacy' },
                { guard: { type: 'overlayIs', params: { page: 'thirdProtocol' } }, target: 'thirdProtocol' },
                { guard: { type: 'overlayIs', params: { page: 'richText' } }, target: 'richText' },
                { target: 'webview' },
              ],
            },
            privacy: {
              id: 'privacy',
              route: {
                guard: { type: 'screenAllowed', params: { screen: 'privacy' } },
                actions: 'openOverlay',
              },
              meta: screenMeta('privacy'),
              initial: 'loading',
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'getAgreement',
                    input: ({ context }) => ({
                      params: { key: context.overlay?.query.key ?? 'privacy' },
                      input: context.intake.locale ? { lang: context.intake.locale } : {},
                    }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeOverlayContent', params: ({ event }) => event.output },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                ready: {},
              },
            },
            thirdProtocol: {
              id: 'thirdProtocol',
              route: {
                guard: { type: 'screenAllowed', params: { screen: 'thirdProtocol' } },
                actions: 'openOverlay',
              },
              meta: screenMeta('thirdProtocol'),
              initial: 'loading',
              states: {
                loading: {
                  tags: 'busy',
                  invoke: {
                    src: 'getContract',
                    input: ({ context }) => ({
                      input: {
                        lender_id: context.overlay?.query.lender_id ?? context.lenderId ?? '',
                        kind: context.overlay?.query.kind === 'contract' ? ('contract' as const) : ('third_party' as const),
                        ...(context.intake.locale ? { lang: context.intake.locale } : {}),
                      },
                    }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'storeOverlayContent', params: ({ event }) => event.output },
                    },
                    onError: [reauth, { target: 'failed', actions: 'assignError' }],
                  },
                },
                failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
                ready: {},
              },
            },
            richText: {
              id: 'richText',
              route: {
                guard: { type: 'screenAllowed', params: { screen: 'richText' } },
                actions: 'openOverlay',
              },
              meta: screenMeta('richText'),
            },
            webview: {
              id: 'webview',
              route: {
                guard: { type: 'screenAllowed', params: { screen: 'webview' } },
                actions: 'openOverlay',
              },
              meta: screenMeta('webview'),
            },
          },
        },
      },
    },
  },
})
