import * as z from 'zod/mini'
import { loanSteps } from './loan-steps'

/*
 * Shapes shared by several calls. Conventions (written down in the README's contract section and docs/product-rules.md#money-and-dates):
 * - money is an integer number of fen (1/100 CNY), so sums are exact;
 * - an APR is a fraction per year (0.18 is 18%);
 * - dates are ISO `YYYY-MM-DD`, instants ISO 8601 with offset;
 * - enums are lowercase snake_case codes; the page translates them, the server never sends copy
 *   except in `message` and in agreement/rich text HTML.
 */

export const money = z.int().check(z.gte(0))
export const apr = z.number().check(z.gte(0), z.lte(1))
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
export const isoInstant = z.string()

/** Loan limits of docs/product-rules.md#field-amount-term (1,000–200,000 CNY in steps of 100), in fen like all money. */
export const loanLimits = {
  minAmount: 100_000,
  maxAmount: 20_000_000,
  amountStep: 10_000,
  termsMonths: [3, 6, 9, 12, 24, 36] as const,
  minApr: 0.072,
  maxApr: 0.24,
} as const

export const loanAmount = z
  .int()
  .check(
    z.gte(loanLimits.minAmount),
    z.lte(loanLimits.maxAmount),
    z.multipleOf(loanLimits.amountStep),
  )
export const loanTerm = z.union([
  z.literal(3),
  z.literal(6),
  z.literal(9),
  z.literal(12),
  z.literal(24),
  z.literal(36),
])
export type LoanTerm = z.infer<typeof loanTerm>

export const loanStep = z.enum(loanSteps)
export type LoanStep = z.infer<typeof loanStep>

export const loanPurpose = z.enum([
  'shopping',
  'education',
  'travel',
  'home_improvement',
  'medical',
  'wedding',
  'other',
])
export type LoanPurpose = z.infer<typeof loanPurpose>
export const education = z.enum([
  'junior_high_or_below',
  'high_school',
  'associate',
  'bachelor',
  'master_or_above',
])
export type Education = z.infer<typeof education>
export const maritalStatus = z.enum(['single', 'married', 'divorced', 'widowed'])
export type MaritalStatus = z.infer<typeof maritalStatus>
export const occupation = z.enum([
  'employee',
  'civil_servant',
  'self_employed',
  'freelancer',
  'retired',
  'other',
])
export type Occupation = z.infer<typeof occupation>
export const incomeBand = z.enum(['below_3k', '3k_5k', '5k_10k', '10k_20k', 'above_20k'])
export type IncomeBand = z.infer<typeof incomeBand>
export const housing = z.enum(['owned', 'mortgaged', 'rented', 'with_family', 'dormitory'])
export type Housing = z.infer<typeof housing>
export const carOwnership = z.enum(['none', 'owned', 'financed'])
export type CarOwnership = z.infer<typeof carOwnership>
/** parent, spouse, child and sibling are immediate relatives (the first contact must be one). */
export const contactRelation = z.enum([
  'parent',
  'spouse',
  'child',
  'sibling',
  'friend',
  'colleague',
  'other',
])
export type ContactRelation = z.infer<typeof contactRelation>
export const immediateRelations = ['parent', 'spouse', 'child', 'sibling'] as const

export const agreementKeys = [
  'register',
  'user',
  'privacy',
  'personal-consent',
  'sensitive-consent',
  'face-consent',
  'loan',
  'form',
  'reward',
  'withhold-agreement',
] as const
export const agreementKey = z.enum(agreementKeys)
export type AgreementKey = z.infer<typeof agreementKey>
export function isAgreementKey(key: string): key is AgreementKey {
  return (agreementKeys as readonly string[]).includes(key)
}

/** Accepting an agreement is always an explicit `true` (agreements are never pre-checked). */
export const accepted = z.literal(true)

export const loanStatus = z.enum(['disbursing', 'repaying', 'overdue', 'settled'])
export const loanSummary = z.object({
  loan_id: z.string(),
  lender_id: z.string(),
  lender_name: z.string(),
  amount: money,
  term: loanTerm,
  apr,
  status: loanStatus,
  created_at: isoInstant,
  disbursed_at: z.nullable(isoInstant),
  next_due_date: z.nullable(isoDate),
  next_due_amount: z.nullable(money),
  /** Of `next_due_amount`, the late penalty (0 unless the next period is overdue). */
  next_due_penalty: z.optional(money),
  /** Days the next period is late (0 unless overdue). */
  next_due_days_late: z.optional(z.int()),
  outstanding_principal: money,
  periods_paid: z.int(),
})
export type LoanSummary = z.infer<typeof loanSummary>

export const repaymentOutcome = z.enum(['succeeded', 'processing', 'failed'])
export type RepaymentOutcome = z.infer<typeof repaymentOutcome>
export const lastRepayment = z.object({
  repayment_id: z.string(),
  loan_id: z.string(),
  status: repaymentOutcome,
  amount: money,
  failure_reason: z.nullable(z.string()),
})
export type LastRepayment = z.infer<typeof lastRepayment>

/** The demand the borrower recorded at the first step, handed back so a resumed session can prefill. */
export const loanDemand = z.object({
  amount: loanAmount,
  term: loanTerm,
  purpose: loanPurpose,
})
export type LoanDemand = z.infer<typeof loanDemand>

export const loanUserStatus = z.object({
  /** The loan-user id that `PUT /v2/loan-user/{id}` takes. */
  id: z.string(),
  step: loanStep,
  demand: z.nullable(loanDemand),
  /** The current (newest unsettled, else newest) loan. */
  loan: z.nullable(loanSummary),
  loans: z.array(loanSummary),
  last_repayment: z.nullable(lastRepayment),
  rights_owned: z.boolean(),
})
export type LoanUserStatus = z.infer<typeof loanUserStatus>

export const bankCard = z.object({
  card_id: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  last4: z.string(),
  card_type: z.literal('debit'),
  reserved_phone_masked: z.string(),
})
export type BankCard = z.infer<typeof bankCard>

export const schedulePeriod = z.object({
  period: z.int(),
  due_date: isoDate,
  principal: money,
  interest: money,
  fee: money,
  amount: money,
})
export type SchedulePeriod = z.infer<typeof schedulePeriod>

export const planPeriod = z.object({
  period: z.int(),
  due_date: isoDate,
  principal: money,
  interest: money,
  fee: money,
  penalty: money,
  amount: money,
  status: z.enum(['paid', 'due', 'upcoming', 'overdue']),
  paid_at: z.nullable(isoInstant),
})
export type PlanPeriod = z.infer<typeof planPeriod>

export const rewardOrder = z.object({
  order_id: z.string(),
  product_id: z.string(),
  amount: money,
  status: z.enum(['pending', 'paid', 'failed']),
  created_at: isoInstant,
  paid_at: z.nullable(isoInstant),
  failure_reason: z.nullable(z.string()),
})
export type RewardOrder = z.infer<typeof rewardOrder>

export const rewardBenefit = z.object({
  code: z.enum(['priority_review', 'approval_85', 'lifestyle']),
  title: z.string(),
  description: z.string(),
})
export type RewardBenefit = z.infer<typeof rewardBenefit>

export const geoRegion = z.object({
  id: z.string(),
  name: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  parent_id: z.nullable(z.string()),
  /** "广东省 深圳市 南山区", for search results that span levels. */
  full_name: z.string(),
  has_children: z.boolean(),
})

/**
 * A GB/T 2260 region code as six digits, the one id scheme of the page, the host bridge's
 * `location` and the sandbox: a province is "440000" and a city "440300", never the shortened
 * "44" and "4403" some data sets (and hosts) write.
 */
export function regionCode(code: string): string {
  return /^\d{2}$|^\d{4}$/.test(code) ? code.padEnd(6, '0') : code
}
