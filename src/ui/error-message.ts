import type { ErrorCode } from '../../machines/ports'

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
    case 'refused':
      return 'errors.requestError' as const
  }
}
