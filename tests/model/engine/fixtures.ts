import type { AppEvent, DraftStep } from '../../../machines/app.machine'
import { emptyDrafts } from '../../../machines/context'
import { carriesSessionSecret } from '../../../machines/persistence'
import type {
  ApiFailure,
  AppInput,
  CreditDecision,
  LoanStep,
  LoanSummary,
  LoanTerm,
  LoanUserStatus,
  PortArgs,
  PortData,
  PortName,
  PlanPeriod,
  RepayPlan,
  RewardOrder,
  RewardProduct,
} from '../../../machines/ports'

/*
 * What the model answers and sends. Each invoked actor's outputs are named fixtures, chosen so
 * every guard downstream of the answer can go each way (a channel that needs login and one that
 * does not, a credit decision that is reviewing, approved or rejected, ...). A fixture may read the
 * actor's input, like a small server would, so one answer fits every state that makes the call.
 *
 * The mapped types are exhaustive: a new port or a new event in the machine is a type error here
 * until it has a fixture or a sample, and the model refuses to run without one.
 */

export type Fixture<Name extends PortName> = (args: PortArgs<Name>) => PortData<Name>
export type Fixtures = { [Name in PortName]: Record<string, Fixture<Name>> }

/** The error catalogue: every way an actor can fail (ports.ts ApiFailure). */
export type FailureKind = ApiFailure['kind']
/** The ways a call fails over the wire: any call can. */
export const failureKinds: readonly FailureKind[] = ['unauthorized', 'refused', 'network', 'timeout', 'invalidResponse']
export const everyFailureKind: readonly FailureKind[] = [...failureKinds, 'interrupted']

/** How this call can fail: cut off by a closed web view only if its input held a session-only value (persistence.ts). */
export function failuresOf(input: unknown): readonly FailureKind[] {
  return carriesSessionSecret(input) ? everyFailureKind : failureKinds
}

export function failureOf(kind: FailureKind): ApiFailure {
  // 1008 is the body status of a wrong SMS code, the refusal the screens most often show.
  return kind === 'refused' ? { kind, status: 1008 } : { kind }
}

const loan: LoanSummary = {
  loan_id: 'loan-1',
  lender_id: 'lender-a',
  lender_name: 'Lender A',
  amount: 1_000_000,
  term: 12,
  apr: 0.12,
  status: 'repaying',
  created_at: '2025-01-01T00:00:00+08:00',
  disbursed_at: '2025-01-02T00:00:00+08:00',
  next_due_date: '2025-02-02',
  next_due_amount: 88_849,
  outstanding_principal: 1_000_000,
  periods_paid: 0,
}

/** The loan while the lender pays it out: not yet disbursed, its plan already set. */
const disbursingLoan: LoanSummary = { ...loan, status: 'disbursing', disbursed_at: null }

function status(step: LoanStep, patch: Partial<LoanUserStatus> = {}): LoanUserStatus {
  const hasLoan = step === 'applied' || step === 'repaying' || step === 'overdue'
  return {
    id: 'lu-1',
    step,
    demand: step === 'demand' ? null : { amount: 1_000_000, term: 12, purpose: 'shopping' },
    loan: hasLoan ? loan : null,
    loans: hasLoan ? [loan] : [],
    last_repayment: null,
    rights_owned: false,
    ...patch,
  }
}

function decision(state: CreditDecision['status']): CreditDecision {
  return {
    status: state,
    priority: false,
    credit_limit: state === 'approved' ? 5_000_000 : null,
    apr: state === 'approved' ? 0.12 : null,
    terms: [12],
    reason_code: state === 'rejected' ? 'score_too_low' : null,
    retry_after: 0,
    decided_at: state === 'reviewing' ? null : '2025-01-01T00:10:00+08:00',
  }
}

const product: RewardProduct = {
  product_id: 'rights-1',
  name: 'Priority card',
  price: 9_900,
  original_price: 19_900,
  valid_days: 30,
  benefits: [{ code: 'priority_review', title: 'Priority review', description: 'Reviewed first' }],
  detail_html: '<p>Priority card</p>',
}

function order(state: RewardOrder['status']): RewardOrder {
  return {
    order_id: 'order-1',
    product_id: product.product_id,
    amount: product.price,
    status: state,
    created_at: '2025-01-01T00:00:00+08:00',
    paid_at: state === 'paid' ? '2025-01-01T00:00:05+08:00' : null,
    failure_reason: state === 'failed' ? 'insufficient_balance' : null,
  }
}

const card = {
  card_id: 'card-1',
  bank_name: 'ICBC',
  bank_code: 'ICBC',
  last4: '1234',
  card_type: 'debit' as const,
  reserved_phone_masked: '138****0000',
}

const sms = { request_id: 'sms-1', phone_masked: '138****0000', resend_after: 60, expires_in: 300 }

const lenderA = {
  lender_id: 'lender-a',
  name: 'Lender A',
  logo_url: 'https://sandbox.test/a.png',
  credit_limit: 5_000_000,
  apr: 0.12,
  terms: [6, 12] as LoanTerm[],
  recommended: true,
  highlights: ['fast'],
}

/** The model loan's plan: one period due. */
function planOf(loanId: string, loanPatch: Partial<LoanSummary> = {}): RepayPlan {
  return {
    loan: { ...loan, loan_id: loanId || loan.loan_id, ...loanPatch },
    periods: [
      { period: 1, due_date: '2025-02-02', principal: 77_000, interest: 11_849, fee: 0, penalty: 0, amount: 88_849, status: 'due', paid_at: null },
    ],
    totals: { principal: 1_000_000, interest: 66_188, fee: 0, penalty: 0, amount: 1_066_188, paid: 0, outstanding: 1_066_188 },
  }
}

/**
 * A plan four periods long whose first period is paid: the second due, the third and fourth
 * upcoming. Only with several periods, one of them paid, do "unpaid only" and "oldest first"
 * decide anything about a choice (the written variants in tests/model/boundaries.test.ts).
 */
function partlyPaidPlanOf(loanId: string): RepayPlan {
  const one = planOf(loanId).periods[0]!
  const period = (n: number, status: PlanPeriod['status']) => ({
    ...one,
    period: n,
    due_date: `2025-0${n + 1}-02`,
    status,
    paid_at: status === 'paid' ? `2025-0${n + 1}-01T10:00:00+08:00` : null,
  })
  const plan = planOf(loanId, { periods_paid: 1 })
  return {
    ...plan,
    periods: [period(1, 'paid'), period(2, 'due'), period(3, 'upcoming'), period(4, 'upcoming')],
    totals: { ...plan.totals, paid: one.amount, outstanding: plan.totals.amount - one.amount },
  }
}

/** The repayment the model pays; status fixtures that settle it name the same id. */
const repaymentId = 'rp-1'

const nextStepAfter: Record<'demand' | 'basic' | 'asset', LoanStep> = { demand: 'face', basic: 'asset', asset: 'contact' }

export const fixtures: Fixtures = {
  resolveBaseUrl: { sandbox: () => ({ baseUrl: 'https://sandbox.test' }) },
  lookupChannel: {
    loginNotRequired: ({ params }) => ({ channel_code: params.channel, is_login_required: 1 }),
    loginRequired: ({ params }) => ({ channel_code: params.channel, is_login_required: 0 }),
    // The channel asked about answers under another code: home's calls, made beside the lookup, are asked again.
    renamed: ({ params }) => ({ channel_code: `code-${params.channel}`, is_login_required: 0 }),
  },
  showUser: {
    borrower: () => ({ user_id: 'u-1', phone: '13800000000', nick_name: 'Li', identity_id: null }),
    // A token for someone else than the borrower whose state the page holds (a shared phone).
    otherBorrower: () => ({ user_id: 'u-2', phone: '13900000000', nick_name: 'Wang', identity_id: null }),
  },
  getLoanUserStatus: {
    atDemand: () => status('demand'),
    atFace: () => status('face'),
    atBasic: () => status('basic'),
    atAsset: () => status('asset'),
    atContact: () => status('contact'),
    atBankCard: () => status('bank_card'),
    inReview: () => status('review'),
    approved: () => status('approved'),
    // Applied: the lender is paying out, so the loan shows as disbursing, as the server says it (the step follows the loan).
    applied: () => status('applied', { loan: disbursingLoan, loans: [disbursingLoan] }),
    repaying: () => status('repaying'),
    // Server steps no explored path needs (the model's funnel never reaches them by an answer it
    // gives): taken by the written variants only (notExplored below).
    rejected: () => status('rejected'),
    overdue: () => status('overdue', { loan: { ...loan, status: 'overdue' }, loans: [{ ...loan, status: 'overdue' }] }),
    settled: () => status('settled'),
    approvedOwningRights: () => status('approved', { rights_owned: true }),
    repaymentSettled: () =>
      status('repaying', {
        last_repayment: { repayment_id: repaymentId, loan_id: loan.loan_id, status: 'succeeded', amount: 88_849, failure_reason: null },
      }),
    // While a payment is polled: it is still processing, it failed, or the last repayment the server names is an
    // earlier one (notExplored).
    repaymentStillProcessing: () =>
      status('repaying', {
        last_repayment: { repayment_id: repaymentId, loan_id: loan.loan_id, status: 'processing', amount: 88_849, failure_reason: null },
      }),
    repaymentFailed: () =>
      status('repaying', {
        last_repayment: { repayment_id: repaymentId, loan_id: loan.loan_id, status: 'failed', amount: 88_849, failure_reason: 'insufficient_balance' },
      }),
    earlierRepaymentSettled: () =>
      status('repaying', {
        last_repayment: { repayment_id: 'rp-0', loan_id: loan.loan_id, status: 'succeeded', amount: 88_849, failure_reason: null },
      }),
  },
  trialLoan: {
    quote: ({ input }) => ({
      amount: input.amount,
      term: input.term as LoanTerm,
      apr: 0.12,
      monthly_payment: 88_849,
      total_interest: 66_188,
      total_fee: 0,
      total_repayment: input.amount + 66_188,
      schedule: [],
    }),
  },
  updateLoanUser: { saved: ({ input }) => status(nextStepAfter[input.section]) },
  startBiometricSession: {
    started: () => ({ session_id: 'bio-1', verify_url: 'https://vendor.test/verify?s=bio-1', expires_at: '2025-01-01T00:10:00+08:00' }),
  },
  getBiometricResult: {
    pending: () => ({ session_id: 'bio-1', status: 'pending', real_name: null, id_number: null, failure_reason: null }),
    passed: () => ({ session_id: 'bio-1', status: 'passed', real_name: '李雷', id_number: '11010519491231002X', failure_reason: null }),
    failed: () => ({ session_id: 'bio-1', status: 'failed', real_name: null, id_number: null, failure_reason: 'not_live' }),
    expired: () => ({ session_id: 'bio-1', status: 'expired', real_name: null, id_number: null, failure_reason: 'expired' }),
  },
  saveContacts: { saved: () => status('bank_card') },
  sendCardCode: { sent: () => ({ ...sms, bank_name: 'ICBC', luhn_warning: false }) },
  confirmCard: { bound: () => ({ card, status: status('review') }) },
  showCard: { card: () => ({ card }), none: () => ({ card: null }) },
  reportDevice: { recorded: () => ({ recorded: true }) },
  getCreditDecision: {
    reviewing: () => decision('reviewing'),
    // Still reviewing, and the server asks to be asked again in 30 s at the soonest (notExplored).
    reviewingRetryAfter: () => ({ ...decision('reviewing'), retry_after: 30 }),
    approved: () => decision('approved'),
    rejected: () => decision('rejected'),
  },
  listSupermarketProducts: {
    products: () => ({
      items: [
        {
          product_id: 'sm-1',
          name: 'Other lender',
          logo_url: 'https://sandbox.test/logo.png',
          amount_min: 100_000,
          amount_max: 5_000_000,
          apr_min: 0.1,
          apr_max: 0.24,
          terms: [6, 12],
          url: 'https://other.test',
          tags: ['fast'],
        },
      ],
      total: 1,
    }),
  },
  listMatches: {
    matches: () => ({ items: [lenderA] }),
    // A second lender to change to after the first one's card was bound (notExplored).
    twoLenders: () => ({ items: [lenderA, { ...lenderA, lender_id: 'lender-b', name: 'Lender B', credit_limit: 3_000_000, apr: 0.15, recommended: false }] }),
    // Lenders whose offer is narrower than the demand (a lower limit; terms listed out of order, none of
    // them the 12 months asked for), and two that offer this borrower nothing: no limit, no term (notExplored).
    narrowOffers: () => ({
      items: [
        lenderA,
        { ...lenderA, lender_id: 'lender-c', name: 'Lender C', credit_limit: 300_000, terms: [9, 3] as LoanTerm[], recommended: false },
        { ...lenderA, lender_id: 'lender-d', name: 'Lender D', credit_limit: 20_000_000, terms: [36, 24] as LoanTerm[], recommended: false },
        { ...lenderA, lender_id: 'lender-e', name: 'Lender E', credit_limit: 0, recommended: false },
        { ...lenderA, lender_id: 'lender-f', name: 'Lender F', terms: [], recommended: false },
      ],
    }),
  },
  getContract: {
    contract: ({ input }) => ({ title: `Contract ${input.lender_id}`, version: '1', content_html: '<p>Contract</p>' }),
  },
  getAgreement: {
    agreement: () => ({
      key: 'privacy',
      title: 'Privacy',
      version: '1',
      content_html: '<p>Privacy</p>',
      updated_at: '2025-01-01',
    }),
  },
  sendLenderCardCode: { sent: () => sms },
  confirmLenderCard: { bound: ({ input }) => ({ lender_id: input.lender_id, card_id: card.card_id, bound: true }) },
  applyLoan: { applied: () => ({ loan: { ...loan, status: 'disbursing' }, status: status('applied') }) },
  getRepayPlan: {
    plan: ({ input }) => planOf(input.loan_id),
    // A new loan the lender is still paying out: the loan plan polls until it is disbursed.
    payingOut: ({ input }) => planOf(input.loan_id, { status: 'disbursing', disbursed_at: null }),
    partlyPaid: ({ input }) => partlyPaidPlanOf(input.loan_id),
  },
  trialRepayment: {
    // The periods asked for, each priced as the plan's first.
    trial: ({ input }) => {
      const periods = String(input.periods).split(',').map(Number)
      const n = periods.length
      return { loan_id: input.loan_id, periods, principal: 77_000 * n, interest: 11_849 * n, fee: 0, penalty: 0, total: 88_849 * n }
    },
  },
  submitRepayment: {
    succeeded: () => ({ repayment_id: repaymentId, status: 'succeeded', failure_reason: null, loan }),
    processing: () => ({ repayment_id: repaymentId, status: 'processing', failure_reason: null, loan }),
    failed: () => ({ repayment_id: repaymentId, status: 'failed', failure_reason: 'insufficient_balance', loan }),
  },
  showRewardProduct: {
    onSale: () => ({ product, owned: false, order: null }),
    owned: () => ({ product, owned: true, order: order('paid') }),
    orderPending: () => ({ product, owned: false, order: order('pending') }),
    unavailable: () => ({ product: null, owned: false, order: null }),
  },
  buyRewardProduct: {
    paid: () => ({ order: order('paid') }),
    pending: () => ({ order: order('pending') }),
    failed: () => ({ order: order('failed') }),
  },
  getRewardOrder: {
    paid: () => ({ order: order('paid') }),
    pending: () => ({ order: order('pending') }),
    failed: () => ({ order: order('failed') }),
  },
  requestContractDownload: {
    ticket: ({ input }) => ({
      url: `https://sandbox.test/v2/contract-download/ticket-${input.loan_id ?? 'current'}`,
      expires_at: '2025-01-01T00:05:00Z',
    }),
  },
}

// ---- what the borrower sends ----

export interface EventSample {
  /** Short name shown in path listings, e.g. `demand:complete`. */
  name: string
  event: AppEvent
}

type UserEventType = Exclude<AppEvent['type'], 'xstate.route' | 'form.change'>
type EventOf<T extends AppEvent['type']> = Extract<AppEvent, { type: T }>

const one = <T extends UserEventType>(event: EventOf<T>, name = ''): EventSample => ({ name, event })

/** Samples of every event except form edits and routes (those have their own tables below). */
export const eventSamples: { [T in UserEventType]: EventSample[] } = {
  retry: [one({ type: 'retry' })],
  'bridge.payload': [
    one({ type: 'bridge.payload', token: 'tok-2' }, 'token'),
    one({ type: 'bridge.payload' }, 'noToken'),
    // The token a reload hands back with the state it restored.
    one({ type: 'bridge.payload', token: 'tok', resumes: true }, 'resumedToken'),
  ],
  'login.request': [one({ type: 'login.request' })],
  'home.continue': [one({ type: 'home.continue' })],
  'home.apply': [one({ type: 'home.apply' })],
  'home.repay': [one({ type: 'home.repay' })],
  'nav.home': [one({ type: 'nav.home' })],
  'form.submit': [one({ type: 'form.submit' })],
  'step.back': [one({ type: 'step.back' })],
  'sms.send': [one({ type: 'sms.send' })],
  'sms.resend': [one({ type: 'sms.resend' })],
  'liveness.returned': [one({ type: 'liveness.returned' })],
  'poll.stop': [one({ type: 'poll.stop' })],
  'poll.now': [one({ type: 'poll.now' })],
  'result.continue': [one({ type: 'result.continue' })],
  'match.select': (['lender-a', 'lender-b', 'lender-c', 'lender-d', 'lender-e', 'lender-f'] as const).map((lender) => one({ type: 'match.select', lender_id: lender }, lender)),
  'repay.loan': [one({ type: 'repay.loan', loan_id: 'loan-1' }, 'loan-1')],
  'repay.select': [
    one({ type: 'repay.select', periods: [1] }, 'period-1'),
    one({ type: 'repay.select', periods: [7] }, 'period-7'),
    // Choices that decide something only on a plan of several periods (getRepayPlan.partlyPaid).
    one({ type: 'repay.select', periods: [] }, 'none'),
    one({ type: 'repay.select', periods: [2] }, 'period-2'),
    one({ type: 'repay.select', periods: [3] }, 'period-3'),
    one({ type: 'repay.select', periods: [3, 2] }, 'periods-3-2'),
    one({ type: 'repay.select', periods: [2, 4] }, 'periods-2-4'),
  ],
  'repay.plan': [one({ type: 'repay.plan' })],
  'repay.again': [one({ type: 'repay.again' })],
  'contract.save': [one({ type: 'contract.save' })],
  'rights.open': [one({ type: 'rights.open' })],
  'rights.buy': [one({ type: 'rights.buy' })],
  'rights.close': [one({ type: 'rights.close' })],
  'overlay.open': [
    one({ type: 'overlay.open', page: 'privacy', query: { key: 'privacy' } }, 'privacy'),
    one({ type: 'overlay.open', page: 'richText', query: { key: 'rights' } }, 'richText'),
    one({ type: 'overlay.open', page: 'webview', query: { url: 'https://other.test' } }, 'webview'),
    one({ type: 'overlay.open', page: 'thirdProtocol', query: { lender_id: 'lender-a', kind: 'contract' } }, 'thirdProtocol'),
    // The lender's third-party protocol rather than its contract (notExplored).
    one({ type: 'overlay.open', page: 'thirdProtocol', query: { lender_id: 'lender-a', kind: 'third_party' } }, 'thirdParty'),
  ],
  'overlay.close': [one({ type: 'overlay.close' })],
  // From the edge's storage once the server names a borrower, not from the borrower.
  'drafts.restore': [one({ type: 'drafts.restore', drafts: emptyDrafts() })],
}

const change = <K extends DraftStep>(step: K, name: string, patch: Partial<import('../../../machines/app.machine').Drafts[K]>): EventSample => ({
  name: `${step}:${name}`,
  event: { type: 'form.change', step, patch } as AppEvent,
})

/**
 * Form edits, per draft. The borrower edits only the form on screen, so the model offers these
 * only in a state tagged `editing`, for that screen's draft (draftOnScreen).
 */
export const formSamples: { [K in DraftStep]: EventSample[] } = {
  demand: [
    change('demand', 'complete', {
      purpose: 'shopping',
      agreements: { register: true, user: true, privacy: true, personal_consent: true },
    }),
    change('demand', 'amount', { amount: 2_000_000 }),
  ],
  face: [change('face', 'consent', { face_consent: true, sensitive_consent: true })],
  basic: [
    change('basic', 'complete', {
      real_name: '李雷',
      // Valid by docs/product-rules.md#field-rules (check digit, born 1990: 18–60 years old), so the page's rules let the form through.
      id_number: '110105199003071239',
      education: 'bachelor',
      marital_status: 'single',
      province_id: '110000',
      city_id: '110100',
      district_id: '110105',
      address: '1 Chaoyang Road',
    }),
  ],
  asset: [
    change('asset', 'complete', {
      occupation: 'employee',
      income_band: '5k_10k',
      housing: 'rented',
      car: 'none',
      social_insurance: true,
      provident_fund: false,
      credit_card: true,
    }),
  ],
  contact: [
    change('contact', 'complete', {
      contacts: [
        { relation: 'parent', name: '李父', phone: '13900000001' },
        { relation: 'friend', name: '韩梅梅', phone: '13900000002' },
      ],
      form: true,
    }),
  ],
  bankCard: [
    change('bankCard', 'card', { card_number: '6222020200112233445', reserved_phone: '13800000000' }),
    // What a new web view restores: the card number is kept for the session only (docs/product-rules.md#nothing-lost).
    change('bankCard', 'cardCleared', { card_number: '' }),
    change('bankCard', 'code', { code: '123456', withhold_agreement: true }),
  ],
  lendConfirm: [
    change('lendConfirm', 'agree', { agreements: { loan: true, contract: true, third_party: true } }),
    change('lendConfirm', 'code', { code: '123456' }),
    change('lendConfirm', 'amount', { amount: 500_000 }),
  ],
  repayment: [],
  rights: [change('rights', 'agree', { reward: true, withhold_agreement: true })],
}

/** The draft the screen shows, or null on screens without a form. */
export function draftOnScreen(screen: string | null, rightsOpen: boolean): DraftStep | null {
  if (rightsOpen) return 'rights'
  switch (screen) {
    case 'loanDemand':
      return 'demand'
    case 'facialIdentification':
      return 'face'
    case 'basicInfo':
      return 'basic'
    case 'assetInfo':
      return 'asset'
    case 'contact':
      return 'contact'
    case 'bankCard':
      return 'bankCard'
    case 'lendConfirm':
      return 'lendConfirm'
    default:
      return null
  }
}

/** Queries a route needs to be allowed (the privacy page names its agreement). */
export const routeQueries: Record<string, Record<string, string>> = {
  privacy: { key: 'privacy' },
}

/** How long the borrower waits when the model lets time pass (past an SMS resend countdown). */
export const waitMs = 61_000

/** The instant the model's clock starts at; the machine reads time only through input.now. */
export const clockStartMs = Date.UTC(2025, 0, 1)

// ---- how a path starts ----

export interface StartSample {
  name: string
  describe: string
  input: Pick<AppInput, 'bridge' | 'initialDeepLink'>
}

export const startSamples: readonly StartSample[] = [
  { name: 'fresh', describe: 'opened by the host without a token', input: { bridge: { channel: 'app-test' } } },
  {
    name: 'deepLink',
    describe: 'opened with a token on a deep link to the repayment plan',
    input: { bridge: { channel: 'app-test', token: 'tok' }, initialDeepLink: { path: '/pages/repayPlan/index' } },
  },
  { name: 'emptyToken', describe: 'opened by the host with an empty token', input: { bridge: { channel: 'app-test', token: '' } } },
  {
    name: 'homeLink',
    describe: 'opened with a token on a deep link to home',
    input: { bridge: { channel: 'app-test', token: 'tok' }, initialDeepLink: { path: '/pages/home/index' } },
  },
  {
    name: 'matchLink',
    describe: 'opened with a token on a deep link to the lender match, which needs an approval',
    input: { bridge: { channel: 'app-test', token: 'tok' }, initialDeepLink: { path: '/pages/match/index' } },
  },
  {
    name: 'agreementLink',
    describe: 'opened with a token on a deep link to an agreement, named in the query',
    input: { bridge: { channel: 'app-test', token: 'tok' }, initialDeepLink: { path: '/pages/privacy/index', query: { key: 'user' } } },
  },
]

/**
 * Fixtures, samples and starts the exploration leaves out: the graph's vertices do not tell them
 * apart (the chosen periods, the start's link are not part of a vertex) and its targets are
 * transitions and guard answers they add none of, so the edge cover would never pick them, while
 * each would reshuffle the seeded exploration and with it every golden path. The written variants
 * of tests/model/boundaries.test.ts take them, their expected outcomes from the rules
 * (docs/product-rules.md).
 */
export const notExplored = {
  fixtures: new Set(['getLoanUserStatus.rejected', 'getLoanUserStatus.overdue', 'getLoanUserStatus.settled', 'getLoanUserStatus.approvedOwningRights', 'getLoanUserStatus.repaymentStillProcessing', 'getLoanUserStatus.repaymentFailed', 'getLoanUserStatus.earlierRepaymentSettled', 'getRepayPlan.partlyPaid', 'listMatches.twoLenders', 'listMatches.narrowOffers', 'getCreditDecision.reviewingRetryAfter']),
  samples: new Set(['repay.select(none)', 'repay.select(period-2)', 'repay.select(period-3)', 'repay.select(periods-3-2)', 'repay.select(periods-2-4)', 'match.select(lender-b)', 'match.select(lender-c)', 'match.select(lender-d)', 'match.select(lender-e)', 'match.select(lender-f)', 'overlay.open(thirdParty)']),
  starts: new Set(['emptyToken', 'homeLink', 'matchLink', 'agreementLink']),
}
