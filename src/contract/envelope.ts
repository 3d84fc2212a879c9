import * as z from 'zod/mini'

/**
 * Every answer of the API, the init config file included, is this envelope. A call succeeds only
 * when the HTTP status is 200 and `status` is 0 (docs/product-rules.md#one-request); any other `status` is a business
 * refusal whose `message` the page shows as a toast (docs/product-rules.md#errors).
 */
export function envelope<Data extends z.core.$ZodType>(data: Data) {
  return z.object({
    status: z.int(),
    message: z.optional(z.string()),
    data: z.nullable(data),
  })
}

/** Body `status` values the sandbox answers with; the real backend must use the same. */
export const StatusCode = {
  ok: 0,
  /** The request does not match the contract (missing field, wrong type). */
  invalidRequest: 1000,
  /** A field breaks a rule of docs/product-rules.md#field-rules; `data.field` names it. */
  fieldRule: 1001,
  /** The signature header is missing or does not match the request. */
  badSignature: 1002,
  /** The timestamp is more than 300 s away from the server clock; `data.server_time` is its clock. */
  staleTimestamp: 1003,
  /** The step is not allowed yet (e.g. bank card before contacts); `data.step` is the current step. */
  stepOutOfOrder: 1004,
  /** An `Idempotency-Key` was reused with a different body. */
  idempotencyConflict: 1005,
  /** A committing call came without an `Idempotency-Key`. */
  idempotencyKeyMissing: 1006,
  notFound: 1007,
  /**
   * The SMS code is wrong, expired or spent. Five wrong tries spend a code (it was sent to one phone
   * for one card, so the limit is per phone and per card); a new code must be requested.
   * `data.attempts_left` says how many tries the code still has when a wrong one was counted.
   */
  smsCodeInvalid: 1008,
  /** The card is refused (credit card BIN, unknown bank). */
  cardRefused: 1009,
  /** The periods chosen cannot be repaid (already paid, not in order, amount changed). */
  notPayable: 1010,
  /** An SMS code was asked for again before the 60 s resend interval; `data.retry_after` in seconds. */
  smsTooSoon: 1011,
} as const

export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode]

export const staleTimestampData = z.object({ server_time: z.int() })
