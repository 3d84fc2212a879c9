import * as z from 'zod/mini'
import { callRoutes, type HttpMethod } from './call-routes'
import {
  accepted,
  agreementKey,
  apr,
  bankCard,
  carOwnership,
  contactRelation,
  education,
  geoRegion,
  housing,
  incomeBand,
  isoInstant,
  loanAmount,
  loanPurpose,
  loanSummary,
  loanTerm,
  loanUserStatus,
  maritalStatus,
  money,
  occupation,
  planPeriod,
  repaymentOutcome,
  rewardBenefit,
  rewardOrder,
  schedulePeriod,
} from './entities'

/*
 * The contract: every call the page makes, declared once. The page's request layer, the sandbox
 * server and the OpenAPI document are all built from this table, so they cannot disagree.
 *
 * - `params`: path parameters, substituted into `{name}` in the path (not signed).
 * - `input`: the query of a GET or the JSON body of a POST/PUT (what the signature covers).
 * - `data`: the `data` of the answer envelope when `status` is 0.
 * - `auth`: the call needs `Authorization: Bearer <token>`; without one the server answers HTTP 401.
 * - `committing`: the call changes money or a binding; it carries an `Idempotency-Key` header
 *   made when the borrower commits and reused on every retry (docs/product-rules.md#idem-key-on-commit).
 */


export interface CallSpec<
  Params extends z.core.$ZodType = z.core.$ZodType,
  Input extends z.core.$ZodType = z.core.$ZodType,
  Data extends z.core.$ZodType = z.core.$ZodType,
  Committing extends boolean = boolean,
> {
  method: HttpMethod
  path: string
  params: Params
  input: Input
  data: Data
  auth: boolean
  committing: Committing
}

const noParams = z.object({})
const noInput = z.object({})

function call<
  Params extends z.core.$ZodType = typeof noParams,
  Input extends z.core.$ZodType = typeof noInput,
  Data extends z.core.$ZodType = z.core.$ZodType,
  Committing extends boolean = false,
>(spec: {
  method: HttpMethod
  path: string
  params?: Params
  input?: Input
  data: Data
  auth?: boolean
  committing?: Committing
}): CallSpec<Params, Input, Data, Committing> {
  return {
    ...spec,
    params: (spec.params ?? noParams) as Params,
    input: (spec.input ?? noInput) as Input,
    auth: spec.auth ?? true,
    // Kept as a literal type, so the machine's ports can require a key of exactly the committing calls.
    committing: (spec.committing ?? false) as Committing,
  }
}

/** Query values arrive as text; numbers in a GET query are declared with this. */
const queryInt = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^-?\d+$/))]),
  z.transform((value) => Number(value)),
)

const basicSection = z.object({
  id: z.string(),
  section: z.literal('basic'),
  real_name: z.string(),
  id_number: z.string(),
  education,
  marital_status: maritalStatus,
  province_id: z.string(),
  city_id: z.string(),
  district_id: z.string(),
  address: z.string(),
  email: z.optional(z.string()),
})

const assetSection = z.object({
  id: z.string(),
  section: z.literal('asset'),
  occupation,
  income_band: incomeBand,
  housing,
  car: carOwnership,
  social_insurance: z.boolean(),
  provident_fund: z.boolean(),
  credit_card: z.boolean(),
})

const demandSection = z.object({
  id: z.string(),
  section: z.literal('demand'),
  amount: loanAmount,
  term: loanTerm,
  purpose: loanPurpose,
  agreements: z.object({
    register: accepted,
    user: accepted,
    privacy: accepted,
    personal_consent: accepted,
  }),
})

const contact = z.object({ relation: contactRelation, name: z.string(), phone: z.string() })

const lenderMatch = z.object({
  lender_id: z.string(),
  name: z.string(),
  logo_url: z.string(),
  credit_limit: money,
  apr,
  terms: z.array(loanTerm),
  recommended: z.boolean(),
  highlights: z.array(z.string()),
})

const supermarketProduct = z.object({
  product_id: z.string(),
  name: z.string(),
  logo_url: z.string(),
  amount_min: money,
  amount_max: money,
  apr_min: apr,
  apr_max: apr,
  terms: z.array(loanTerm),
  url: z.string(),
  tags: z.array(z.string()),
})

const loanTrialData = z.object({
  amount: money,
  term: loanTerm,
  apr,
  monthly_payment: money,
  total_interest: money,
  total_fee: money,
  total_repayment: money,
  schedule: z.array(schedulePeriod),
})

const smsSent = z.object({
  request_id: z.string(),
  phone_masked: z.string(),
  /** Seconds before another code may be asked for (60). */
  resend_after: z.int(),
  expires_in: z.int(),
})

export const initConfigData = z.object({ dev_url: z.string(), pro_url: z.string() })
export type InitConfig = z.infer<typeof initConfigData>

export const calls = {
  /** The init config file on a file host; fetched without headers, before any base URL exists. */
  initConfig: call({
    ...callRoutes.initConfig,
    data: initConfigData,
    auth: false,
  }),
  lookupChannel: call({
    ...callRoutes.lookupChannel,
    params: z.object({ channel: z.string() }),
    data: z.object({
      channel_code: z.string(),
      is_login_required: z.union([z.literal(0), z.literal(1)]),
    }),
    auth: false,
  }),
  listSupermarketProducts: call({
    ...callRoutes.listSupermarketProducts,
    input: z.object({ page: z.optional(queryInt), page_size: z.optional(queryInt) }),
    data: z.object({ items: z.array(supermarketProduct), total: z.int() }),
  }),
  listRegions: call({
    ...callRoutes.listRegions,
    input: z.object({ parent_id: z.optional(z.string()), keyword: z.optional(z.string()) }),
    data: z.object({ items: z.array(geoRegion) }),
    auth: false,
  }),
  listMatches: call({
    ...callRoutes.listMatches,
    data: z.object({ items: z.array(lenderMatch) }),
  }),
  getAgreement: call({
    ...callRoutes.getAgreement,
    params: z.object({ key: agreementKey }),
    input: z.object({ lang: z.optional(z.string()) }),
    data: z.object({
      key: agreementKey,
      title: z.string(),
      version: z.string(),
      content_html: z.string(),
      updated_at: isoInstant,
    }),
    auth: false,
  }),
  showUser: call({
    ...callRoutes.showUser,
    data: z.object({
      user_id: z.string(),
      phone: z.string(),
      nick_name: z.string(),
      identity_id: z.nullable(z.string()),
    }),
  }),
  startBiometricSession: call({
    ...callRoutes.startBiometricSession,
    input: z.object({
      return_url: z.string(),
      agreements: z.object({ face_consent: accepted, sensitive_consent: accepted }),
    }),
    data: z.object({ session_id: z.string(), verify_url: z.string(), expires_at: isoInstant }),
  }),
  getBiometricResult: call({
    ...callRoutes.getBiometricResult,
    input: z.object({ session_id: z.string() }),
    data: z.object({
      session_id: z.string(),
      status: z.enum(['pending', 'passed', 'failed', 'expired']),
      real_name: z.nullable(z.string()),
      id_number: z.nullable(z.string()),
      failure_reason: z.nullable(z.string()),
    }),
  }),
  updateLoanUser: call({
    ...callRoutes.updateLoanUser,
    params: z.object({ id: z.string() }),
    input: z.discriminatedUnion('section', [demandSection, basicSection, assetSection]),
    data: loanUserStatus,
  }),
  saveContacts: call({
    ...callRoutes.saveContacts,
    input: z.object({
      contacts: z.tuple([contact, contact]),
      agreements: z.object({ form: accepted }),
    }),
    data: loanUserStatus,
  }),
  sendCardCode: call({
    ...callRoutes.sendCardCode,
    input: z.object({ card_number: z.string(), reserved_phone: z.string() }),
    data: z.intersection(
      smsSent,
      z.object({ bank_name: z.string(), luhn_warning: z.boolean() }),
    ),
  }),
  confirmCard: call({
    ...callRoutes.confirmCard,
    input: z.object({
      request_id: z.string(),
      code: z.string(),
      agreements: z.object({ withhold_agreement: accepted }),
    }),
    data: z.object({ card: bankCard, status: loanUserStatus }),
    committing: true,
  }),
  sendLenderCardCode: call({
    ...callRoutes.sendLenderCardCode,
    input: z.object({ lender_id: z.string() }),
    data: smsSent,
  }),
  confirmLenderCard: call({
    ...callRoutes.confirmLenderCard,
    input: z.object({ request_id: z.string(), code: z.string(), lender_id: z.string() }),
    data: z.object({ lender_id: z.string(), card_id: z.string(), bound: z.literal(true) }),
    committing: true,
  }),
  showCard: call({
    ...callRoutes.showCard,
    data: z.object({ card: z.nullable(bankCard) }),
  }),
  checkCard: call({
    ...callRoutes.checkCard,
    data: z.object({ bound: z.boolean(), usable: z.boolean(), reason: z.nullable(z.string()) }),
  }),
  reportDevice: call({
    ...callRoutes.reportDevice,
    input: z.object({
      device_id: z.string(),
      model: z.string(),
      brand: z.string(),
      os: z.string(),
      os_name: z.string(),
      screen: z.string(),
      locale: z.string(),
      gps: z.optional(z.object({ lat: z.number(), lng: z.number() })),
    }),
    data: z.object({ recorded: z.literal(true) }),
  }),
  getCreditDecision: call({
    ...callRoutes.getCreditDecision,
    data: z.object({
      status: z.enum(['reviewing', 'approved', 'rejected']),
      priority: z.boolean(),
      credit_limit: z.nullable(money),
      apr: z.nullable(apr),
      terms: z.array(loanTerm),
      reason_code: z.nullable(z.string()),
      retry_after: z.int(),
      decided_at: z.nullable(isoInstant),
    }),
  }),
  getLoanUserStatus: call({
    ...callRoutes.getLoanUserStatus,
    data: loanUserStatus,
  }),
  trialLoan: call({
    ...callRoutes.trialLoan,
    input: z.object({
      amount: queryInt,
      term: queryInt,
      lender_id: z.optional(z.string()),
    }),
    data: loanTrialData,
  }),
  applyLoan: call({
    ...callRoutes.applyLoan,
    input: z.object({
      lender_id: z.string(),
      amount: loanAmount,
      term: loanTerm,
      purpose: loanPurpose,
      agreements: z.object({ loan: accepted, contract: accepted, third_party: accepted }),
    }),
    data: z.object({ loan: loanSummary, status: loanUserStatus }),
    committing: true,
  }),
  getRepayPlan: call({
    ...callRoutes.getRepayPlan,
    input: z.object({ loan_id: z.string() }),
    data: z.object({
      loan: loanSummary,
      periods: z.array(planPeriod),
      totals: z.object({
        principal: money,
        interest: money,
        fee: money,
        penalty: money,
        amount: money,
        paid: money,
        outstanding: money,
      }),
    }),
  }),
  trialRepayment: call({
    ...callRoutes.trialRepayment,
    input: z.object({ loan_id: z.string(), periods: z.string().check(z.regex(/^\d+(,\d+)*$/)) }),
    data: z.object({
      loan_id: z.string(),
      periods: z.array(z.int()),
      principal: money,
      interest: money,
      fee: money,
      penalty: money,
      total: money,
    }),
  }),
  submitRepayment: call({
    ...callRoutes.submitRepayment,
    input: z.object({
      loan_id: z.string(),
      periods: z.array(z.int()),
      amount: money,
      card_id: z.string(),
    }),
    data: z.object({
      repayment_id: z.string(),
      status: repaymentOutcome,
      failure_reason: z.nullable(z.string()),
      loan: loanSummary,
    }),
    committing: true,
  }),
  getContract: call({
    ...callRoutes.getContract,
    input: z.object({
      lender_id: z.string(),
      kind: z.enum(['contract', 'third_party']),
      amount: z.optional(z.string()),
      term: z.optional(z.string()),
      lang: z.optional(z.string()),
    }),
    data: z.object({ title: z.string(), version: z.string(), content_html: z.string() }),
  }),
  requestContractDownload: call({
    ...callRoutes.requestContractDownload,
    input: z.object({ loan_id: z.optional(z.string()) }),
    data: z.object({ url: z.string(), expires_at: isoInstant }),
  }),
  showRewardProduct: call({
    ...callRoutes.showRewardProduct,
    data: z.object({
      product: z.nullable(
        z.object({
          product_id: z.string(),
          name: z.string(),
          price: money,
          original_price: z.nullable(money),
          valid_days: z.int(),
          benefits: z.array(rewardBenefit),
          detail_html: z.string(),
        }),
      ),
      owned: z.boolean(),
      order: z.nullable(rewardOrder),
    }),
  }),
  buyRewardProduct: call({
    ...callRoutes.buyRewardProduct,
    input: z.object({
      product_id: z.string(),
      card_id: z.string(),
      agreements: z.object({ reward: accepted, withhold_agreement: accepted }),
    }),
    data: z.object({ order: rewardOrder }),
    committing: true,
  }),
  getRewardOrder: call({
    ...callRoutes.getRewardOrder,
    input: z.object({ order_id: z.string() }),
    data: z.object({ order: rewardOrder }),
  }),
} as const

export type Calls = typeof calls
export type CallName = keyof Calls
export type CallParams<Name extends CallName> = z.input<Calls[Name]['params']>
export type CallInput<Name extends CallName> = z.input<Calls[Name]['input']>
export type CallData<Name extends CallName> = z.output<Calls[Name]['data']>
/** A call's input as the contract reads it: a query's numbers as numbers, not text. */
export type CallInputValue<Name extends CallName> = z.output<Calls[Name]['input']>
/** True for the calls that change money or a binding (they need an `Idempotency-Key`). */
export type CallCommits<Name extends CallName> = Calls[Name]['committing']

/** What a caller hands over for one call; the request layer adds its abort signal. */
export interface CallRequest<Name extends CallName> {
  params?: CallParams<Name>
  input?: CallInput<Name>
  /** Required for committing calls: made when the borrower commits, reused on every retry. */
  idempotencyKey?: string
}

// Names for the shapes other layers speak of (the machine's ports, the screens, the sandbox).
export type DemandSection = z.input<typeof demandSection>
export type BasicSection = z.input<typeof basicSection>
export type AssetSection = z.input<typeof assetSection>
export type ContactEntry = z.input<typeof contact>
export type LenderMatch = z.output<typeof lenderMatch>
export type SupermarketProduct = z.output<typeof supermarketProduct>
export type LoanTrial = z.output<typeof loanTrialData>
export type SmsSent = z.output<typeof smsSent>
export type DeviceFacts = CallInput<'reportDevice'>
export type BiometricResult = CallData<'getBiometricResult'>
export type CreditDecision = CallData<'getCreditDecision'>
export type RepayPlan = CallData<'getRepayPlan'>
export type RepayTrial = CallData<'trialRepayment'>
export type ContractDownload = CallData<'requestContractDownload'>
export type RewardProduct = NonNullable<CallData<'showRewardProduct'>['product']>
