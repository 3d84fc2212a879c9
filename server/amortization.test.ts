import { expect, test } from 'vitest'
import {
  AmortizationInputError,
  amortize,
  aprOf,
  penaltyFor,
  planPeriods,
  repayTrial,
  RepayTrialError,
  type RepayablePeriod,
} from './amortization'

const yuan = (cny: number) => Math.round(cny * 100)

// Written in the annuity form P·r / (1 − (1+r)^−n), not the one the module uses, so a slip in
// either shows up as a mismatch.
function referencePayment(principal: number, apr: number, term: number): number {
  const r = apr / 12
  return (principal * r) / (1 - (1 + r) ** -term)
}

const amounts = [1_000, 3_700, 10_000, 58_800, 123_400, 200_000].map(yuan)
const terms = [3, 6, 9, 12, 24, 36]
const aprs = [0.072, 0.0999, 0.128, 0.18, 0.2399, 0.24]

// rules: money-amortization
test('a 10,000 CNY loan over 12 months at 12% costs the textbook 888.49 CNY a month', () => {
  const plan = amortize({ principal: yuan(10_000), apr: 0.12, term: 12, startDate: '2024-01-15' })
  expect(plan.monthlyPayment).toBe(88_849)
  expect(plan.periods[0]).toMatchObject({ period: 1, interest: 10_000, principal: 78_849, fee: 0 })
  expect(plan.totalRepayment).toBe(yuan(10_000) + plan.totalInterest)
})

test('a 100,000 CNY loan over 36 months at 24% costs the textbook 3,923.29 CNY a month', () => {
  const plan = amortize({ principal: yuan(100_000), apr: 0.24, term: 36, startDate: '2024-03-01' })
  expect(plan.monthlyPayment).toBe(392_329)
})

// rules: money-amortization
test('every amount, term and APR in the product range prices to the formula to the fen', () => {
  for (const principal of amounts) {
    for (const term of terms) {
      for (const apr of aprs) {
        const plan = amortize({ principal, apr, term, startDate: '2024-05-20' })
        const exact = referencePayment(principal, apr, term)
        const label = `${principal} fen, ${term} months, ${apr}`
        expect(plan.monthlyPayment, label).toBe(Math.round(exact))
        expect(plan.periods, label).toHaveLength(term)
        for (const p of plan.periods.slice(0, -1)) expect(p.amount, label).toBe(plan.monthlyPayment)
        // Each period's rounding (payment and interest, half a fen each at most) grows at the
        // loan's rate until the last period absorbs it: at most one fen compounded per period.
        const r = apr / 12
        const drift = ((1 + r) ** term - 1) / r
        const last = plan.periods[term - 1]!
        expect(Math.abs(last.amount - plan.monthlyPayment), label).toBeLessThanOrEqual(Math.ceil(drift))
        expect(Math.abs(plan.totalInterest - (exact * term - principal)), label).toBeLessThanOrEqual(term)
        const principals = plan.periods.reduce((acc, p) => acc + p.principal, 0)
        const paid = plan.periods.reduce((acc, p) => acc + p.amount, 0)
        expect(principals, label).toBe(principal)
        expect(plan.totalRepayment, label).toBe(paid)
        expect(plan.totalRepayment, label).toBe(principal + plan.totalInterest + plan.totalFee)
      }
    }
  }
})

// rules: money-amortization
test('each period charges interest on the balance still owed, rounded to the fen', () => {
  const principal = yuan(58_800)
  const plan = amortize({ principal, apr: 0.18, term: 24, startDate: '2024-05-20' })
  let remaining = principal
  for (const p of plan.periods) {
    expect(p.interest).toBe(Math.round(remaining * 0.015))
    expect(Number.isInteger(p.principal) && p.principal > 0).toBe(true)
    remaining -= p.principal
  }
  expect(remaining).toBe(0)
})

test('a monthly service fee is a flat share of the principal added to every period', () => {
  const plan = amortize({
    principal: yuan(10_000),
    apr: 0.12,
    term: 12,
    startDate: '2024-01-15',
    monthlyFeeRate: 0.001,
  })
  expect(plan.periods.every((p) => p.fee === 1_000)).toBe(true)
  expect(plan.totalFee).toBe(12_000)
  expect(plan.monthlyPayment).toBe(88_849 + 1_000)
})

test('a loan taken on 31 January falls due on the last day of shorter months', () => {
  const leap = amortize({ principal: yuan(3_000), apr: 0.18, term: 6, startDate: '2024-01-31' })
  expect(leap.periods.map((p) => p.due_date)).toEqual([
    '2024-02-29',
    '2024-03-31',
    '2024-04-30',
    '2024-05-31',
    '2024-06-30',
    '2024-07-31',
  ])
  const common = amortize({ principal: yuan(3_000), apr: 0.18, term: 3, startDate: '2023-01-31' })
  expect(common.periods[0]!.due_date).toBe('2023-02-28')
})

test('a loan taken in November is due across the new year', () => {
  const plan = amortize({ principal: yuan(3_000), apr: 0.18, term: 3, startDate: '2024-11-30' })
  expect(plan.periods.map((p) => p.due_date)).toEqual(['2024-12-30', '2025-01-30', '2025-02-28'])
})

test('impossible loans are refused instead of priced', () => {
  expect(() => amortize({ principal: 0, apr: 0.18, term: 12, startDate: '2024-01-01' })).toThrow(
    AmortizationInputError,
  )
  expect(() => amortize({ principal: 100.5, apr: 0.18, term: 12, startDate: '2024-01-01' })).toThrow(
    AmortizationInputError,
  )
  expect(() => amortize({ principal: 100_000, apr: 0.18, term: 12, startDate: '2024-02-30' })).toThrow(
    AmortizationInputError,
  )
})

// rules: money-penalty
test('a late payment costs 0.05% of the overdue amount per day, capped at 24% of it', () => {
  expect(penaltyFor({ amountDue: 88_849, daysOverdue: 0 })).toBe(0)
  expect(penaltyFor({ amountDue: 88_849, daysOverdue: 1 })).toBe(44)
  expect(penaltyFor({ amountDue: 88_849, daysOverdue: 10 })).toBe(444)
  expect(penaltyFor({ amountDue: 100_000, daysOverdue: 30 })).toBe(1_500)
  expect(penaltyFor({ amountDue: 100_000, daysOverdue: 480 })).toBe(24_000)
  expect(penaltyFor({ amountDue: 100_000, daysOverdue: 2_000 })).toBe(24_000)
})

function storedPlan(paidThrough: number): RepayablePeriod[] {
  const plan = amortize({ principal: yuan(10_000), apr: 0.12, term: 12, startDate: '2024-01-15' })
  return plan.periods.map((p) => ({
    period: p.period,
    due_date: p.due_date,
    principal: p.principal,
    interest: p.interest,
    fee: p.fee,
    paid_at: p.period <= paidThrough ? `${p.due_date}T09:00:00+08:00` : null,
  }))
}

// rules: money-repayment-total
test('repaying the next two periods early costs their principal and interest, no penalty', () => {
  const periods = storedPlan(1)
  const trial = repayTrial({ periods, chosen: [3, 2], today: '2024-02-20' })
  expect(trial.periods).toEqual([2, 3])
  expect(trial.penalty).toBe(0)
  expect(trial.principal).toBe(periods[1]!.principal + periods[2]!.principal)
  expect(trial.total).toBe(88_849 * 2)
})

test('repaying an overdue period adds its penalty', () => {
  const periods = storedPlan(0)
  // Period 1 was due 2024-02-15; on 2024-02-25 it is ten days late.
  const trial = repayTrial({ periods, chosen: [1], today: '2024-02-25' })
  expect(trial.penalty).toBe(444)
  expect(trial.total).toBe(88_849 + 444)
})

test('skipping an unpaid period, repaying a paid one or an unknown one is refused with a reason', () => {
  const periods = storedPlan(1)
  const codeOf = (chosen: number[]) => {
    try {
      repayTrial({ periods, chosen, today: '2024-02-20' })
      return 'accepted'
    } catch (error) {
      return error instanceof RepayTrialError ? error.code : 'other error'
    }
  }
  expect(codeOf([3])).toBe('not_in_order')
  expect(codeOf([2, 4])).toBe('not_in_order')
  expect(codeOf([1, 2])).toBe('already_paid')
  expect(codeOf([13])).toBe('unknown_period')
  expect(codeOf([2, 2])).toBe('duplicate_period')
  expect(codeOf([])).toBe('nothing_chosen')
  expect(codeOf([2])).toBe('accepted')
})

test('a repayment plan marks paid, overdue, due and upcoming periods', () => {
  const periods = storedPlan(1)
  const plan = planPeriods(periods, '2024-03-20')
  expect(plan.slice(0, 4).map((p) => p.status)).toEqual(['paid', 'overdue', 'due', 'upcoming'])
  expect(plan[1]!.penalty).toBe(penaltyFor({ amountDue: 88_849, daysOverdue: 5 }))
  expect(plan[1]!.amount).toBe(88_849 + plan[1]!.penalty)
})

test('the all-in APR of a fee-free loan is its nominal APR, and a fee raises it', () => {
  const plain = amortize({ principal: yuan(10_000), apr: 0.18, term: 12, startDate: '2024-01-15' })
  const plainApr = aprOf({ principal: yuan(10_000), payments: plain.periods.map((p) => p.amount) })
  expect(plainApr).toBeCloseTo(0.18, 4)
  const withFee = amortize({
    principal: yuan(10_000),
    apr: 0.18,
    term: 12,
    startDate: '2024-01-15',
    monthlyFeeRate: 0.002,
  })
  const feeApr = aprOf({ principal: yuan(10_000), payments: withFee.periods.map((p) => p.amount) })
  expect(feeApr).toBeGreaterThan(0.22)
  expect(feeApr).toBeLessThan(0.24)
})
