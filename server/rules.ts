import { StatusCode } from '../src/contract/envelope'
import { checkAmount, checkTerm, type FieldRuleCode } from '../src/contract/field-rules'
import { Refusal } from './refusal'

/** A field-rule violation (docs/product-rules.md#field-rules): status 1001, `data: { field, code }`. */
/** Rule codes the sandbox checks beyond the shared field rules. */
export type SandboxRuleCode = FieldRuleCode | 'region.invalid'

export function fieldRefusal(field: string, code: SandboxRuleCode): Refusal {
  return new Refusal(StatusCode.fieldRule, 'fieldRule', { field, code }, { field, code })
}

/** Throws the first violation of `[field, code | null]` pairs, in form order. */
export function enforce(checks: readonly (readonly [string, SandboxRuleCode | null])[]): void {
  for (const [field, code] of checks) {
    if (code !== null) throw fieldRefusal(field, code)
  }
}

/**
 * Amount and term are typed in the contract's schemas, so a bad value fails the schema first; a
 * borrower's out-of-range amount is still a field rule (1001 with its code), not a malformed request.
 */
export function fieldRuleOfSchemaIssue(
  path: readonly PropertyKey[],
  raw: unknown,
): { field: string; code: FieldRuleCode } | null {
  const field = path[path.length - 1]
  if (path.length !== 1 || typeof raw !== 'object' || raw === null) return null
  const value = (raw as Record<string, unknown>)[String(field)]
  const numeric = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value
  if (typeof numeric !== 'number') return null
  if (field === 'amount') {
    const code = checkAmount(numeric)
    return code ? { field: 'amount', code } : null
  }
  if (field === 'term') {
    const code = checkTerm(numeric)
    return code ? { field: 'term', code } : null
  }
  return null
}
