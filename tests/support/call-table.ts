import { fixtures } from '../model/engine/fixtures'
import type { PortName } from '../../machines/ports'
import { calls, type CallName } from '../../src/contract/calls'

/*
 * The 28 calls of docs/product-rules.md#one-request (every call of the contract's table except the init config file,
 * which is fetched before the common request exists), each with arguments the request layer
 * accepts and a healthy answer that satisfies the contract: the machine model's first fixture for
 * the call, or a hand-made one where no machine port calls it.
 */

export type RequestCall = Exclude<CallName, 'initConfig'>

export const requestCalls = (Object.keys(calls) as CallName[]).filter((name): name is RequestCall => name !== 'initConfig')

const params: Partial<Record<RequestCall, Record<string, string>>> = {
  lookupChannel: { channel: 'app-test' },
  getAgreement: { key: 'privacy' },
  updateLoanUser: { id: 'lu-1' },
}

const inputs: Partial<Record<RequestCall, Record<string, unknown>>> = {
  updateLoanUser: { id: 'lu-1', section: 'demand', amount: 1_000_000, term: 12, purpose: 'shopping' },
  confirmLenderCard: { lender_id: 'lender-a', request_id: 'sms-1', code: '123456' },
  submitRepayment: { loan_id: 'loan-1', periods: [1], amount: 88_849, card_id: 'card-1' },
  listRegions: { parent_id: '44' },
  trialLoan: { amount: 1_000_000, term: 12 },
  trialRepayment: { loan_id: 'loan-1', periods: '1' },
}

const handMade: Partial<Record<RequestCall, unknown>> = {
  listRegions: { items: [{ id: '4403', name: '深圳市', level: 2, parent_id: '44', full_name: '广东省 深圳市', has_children: true }] },
  checkCard: { bound: true, usable: true, reason: null },
}

export function argsFor(name: RequestCall): { params?: Record<string, string>; input: Record<string, unknown>; idempotencyKey?: string } {
  return {
    ...(params[name] ? { params: params[name] } : {}),
    input: structuredClone(inputs[name] ?? {}),
    ...(calls[name].committing ? { idempotencyKey: `key-${name}` } : {}),
  }
}

export function healthyData(name: RequestCall): unknown {
  if (name in handMade) return handMade[name]
  const named = fixtures[name as PortName] as Record<string, (args: unknown) => unknown> | undefined
  const first = named ? Object.values(named)[0] : undefined
  if (!first) throw new Error(`no healthy answer for ${name}`)
  return first(argsFor(name))
}
