import type { ErrorCode } from '../../machines/ports'
import { isServerFailureStatus } from '../../machines/ports'
import { StatusCode } from '../contract/envelope'

/** The machine keeps codes; this is the one place a code picks its sentence. */
export function errorMessageKey(code: ErrorCode) {
  switch (code) {
    case 'network':
      return 'errors.networkError' as const
    case 'timeout':
      return 'errors.timeout' as const
    case 'invalidResponse':
      return 'errors.invalidResponse' as const
    case 'unexpected':
      return 'errors.unexpected' as const
    case 'interrupted':
      return 'errors.interrupted' as const
    case 'refused':
      return 'errors.requestError' as const
  }
}

/** The refusals a borrower can meet on a screen, each with its own sentence and way forward. */
const refusalKinds = {
  [StatusCode.fieldRule]: 'fieldRule',
  [StatusCode.stepOutOfOrder]: 'stepOutOfOrder',
  [StatusCode.notFound]: 'notFound',
  [StatusCode.smsCodeInvalid]: 'smsCodeInvalid',
  [StatusCode.cardRefused]: 'cardRefused',
  [StatusCode.notPayable]: 'notPayable',
  [StatusCode.smsTooSoon]: 'smsTooSoon',
} as const

type RefusalKind = (typeof refusalKinds)[keyof typeof refusalKinds] | 'documentNotFound' | 'other'

/** Screens that show one document: there "not found" means that document does not exist. */
const documentScreens: readonly string[] = ['privacy', 'thirdProtocol', 'richText']

export interface ErrorNoticeText {
  /** What happened. */
  what: ReturnType<typeof errorMessageKey> | `errors.refusal.${RefusalKind}` | 'errors.serverUnavailable'
  /** What the borrower can do now. */
  next: `errors.next.${RefusalKind | 'retry' | 'retryLater' | 'interrupted'}`
  /**
   * Whether asking again can succeed: a lost or unreadable answer can, a refusal cannot (the same
   * request is refused the same way), so a refusal offers its way forward instead of Retry.
   */
  retryable: boolean
}

/**
 * What an in-page notice says for a failure the machine holds: never the bare code (the status is
 * for the support log, not the sentence), always what happened and what to do, in the borrower's
 * language through these keys.
 */
export function errorNoticeText(code: ErrorCode, status: number | null, screen: string | null = null): ErrorNoticeText {
  // Asking again cannot succeed: what the call carried is gone until the borrower types it again.
  if (code === 'interrupted') return { what: 'errors.interrupted', next: 'errors.next.interrupted', retryable: false }
  if (code !== 'refused') {
    return { what: errorMessageKey(code), next: 'errors.next.retry', retryable: true }
  }
  // An HTTP 5xx is the server failing, not refusing: Retry, and no talk of the borrower's connection.
  if (isServerFailureStatus(status)) return { what: 'errors.serverUnavailable', next: 'errors.next.retryLater', retryable: true }
  const known: RefusalKind =
    status !== null && status in refusalKinds ? refusalKinds[status as keyof typeof refusalKinds] : 'other'
  const kind = known === 'notFound' && screen !== null && documentScreens.includes(screen) ? 'documentNotFound' : known
  return { what: `errors.refusal.${kind}`, next: `errors.next.${kind}`, retryable: false }
}
