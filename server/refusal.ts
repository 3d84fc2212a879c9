import type { MessageKey } from './messages'

/**
 * A business refusal: thrown anywhere inside a handler, it rolls the request's transaction back and
 * becomes an HTTP 200 envelope with this body status, a localised message and optional data.
 */
export class Refusal extends Error {
  override name = 'Refusal'
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(`${messageKey} (${status})`)
  }
}
