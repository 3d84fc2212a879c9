import type { MessageKey } from './messages'

/**
 * A business refusal: thrown anywhere inside a handler, it rolls the request's transaction back and
 * becomes an HTTP 200 envelope with this body status, a localised message and optional data.
 * `keepsEffects` is the one exception: what the handler wrote before refusing stays (a wrong SMS
 * code counts as a try even though the call is refused).
 */
export class Refusal extends Error {
  override name = 'Refusal'
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly keepsEffects = false,
  ) {
    super(`${messageKey} (${status})`)
  }
}
