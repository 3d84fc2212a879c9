import { sortedJson } from '../src/contract/signature'
import { clampApr } from './lenders'
import { percentile } from './store'

/*
 * The sandbox's credit decision: deterministic, so a test or a demo gets the same answer every
 * time for the same borrower. Personas have fixed outcomes; anyone else is decided from a hash of
 * their ID number and asset answers.
 */

export type PersonaKey =
  | 'approve'
  | 'reject'
  | 'slow_review'
  | 'repaying'
  | 'overdue'
  | 'approved_unmatched'
  | 'repay_refused'
  | 'repay_fails'
  | 'repay_slow'
  | 'rights_fails'

export const reviewTiming = {
  normalMs: 3_000,
  slowMs: 60_000,
} as const

/** Approval threshold on the 0–99 score: the rights card raises it to the advertised 85%. */
export const approvalRate = { standard: 60, withRights: 85 } as const

export function reviewDurationMs(persona: string | null, priority: boolean): number {
  const base = persona === 'slow_review' ? reviewTiming.slowMs : reviewTiming.normalMs
  // Priority review (rights card) halves the wait.
  return priority ? base / 2 : base
}

/** Limit by declared monthly income band, in fen. */
const limitByIncome: Record<string, number> = {
  below_3k: 500_000,
  '3k_5k': 2_000_000,
  '5k_10k': 5_000_000,
  '10k_20k': 10_000_000,
  above_20k: 20_000_000,
}

export interface Decision {
  decision: 'approved' | 'rejected'
  credit_limit: number | null
  apr: number | null
  reason_code: string | null
}

const personaDecisions: Partial<Record<PersonaKey, Decision>> = {
  approve: { decision: 'approved', credit_limit: 5_000_000, apr: 0.108, reason_code: null },
  slow_review: { decision: 'approved', credit_limit: 3_000_000, apr: 0.1548, reason_code: null },
  approved_unmatched: { decision: 'approved', credit_limit: 8_000_000, apr: 0.1368, reason_code: null },
  repaying: { decision: 'approved', credit_limit: 5_000_000, apr: 0.1188, reason_code: null },
  overdue: { decision: 'approved', credit_limit: 2_000_000, apr: 0.2016, reason_code: null },
  reject: {
    decision: 'rejected',
    credit_limit: null,
    apr: null,
    reason_code: 'credit_history_insufficient',
  },
}

export function personaDecision(persona: string | null): Decision | undefined {
  return persona ? personaDecisions[persona as PersonaKey] : undefined
}

export function decide(input: {
  persona: string | null
  idNumber: string
  asset: Record<string, unknown>
  priority: boolean
}): Decision {
  const fixed = personaDecision(input.persona)
  if (fixed) return fixed
  const score = percentile(`${input.idNumber}|${sortedJson(input.asset)}`)
  const threshold = input.priority ? approvalRate.withRights : approvalRate.standard
  if (score >= threshold) {
    return { decision: 'rejected', credit_limit: null, apr: null, reason_code: 'score_below_threshold' }
  }
  const band = typeof input.asset['income_band'] === 'string' ? input.asset['income_band'] : ''
  const aprScore = percentile(`apr|${input.idNumber}`)
  return {
    decision: 'approved',
    credit_limit: limitByIncome[band] ?? 500_000,
    apr: clampApr(0.072 + (aprScore / 100) * (0.24 - 0.072)),
    reason_code: null,
  }
}
