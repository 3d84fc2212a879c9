import type { WireRequest } from './request-shape'

/*
 * Requests sent before the request layer has loaded: boot's calls, from the entry
 * (src/app/boot-calls.ts). The request layer takes an answer from here only for the very request
 * it would send itself, the same method, URL and every header but the clock's (timestamp and
 * signature), and only once; any other request it sends itself, as always. No axios and no zod
 * here: this runs in the entry, before either has arrived.
 */

/** An answer as the request layer reads it: the HTTP status and the body, parsed when it is JSON. */
export interface WireAnswer {
  status: number
  data: unknown
}

/** The request was still unanswered at the request layer's timeout. */
export class EarlyTimeout extends Error {
  override name = 'EarlyTimeout'
}

export interface EarlyRequests {
  /** The answer to `request` if it was sent early and nothing took it yet. */
  take(request: WireRequest): Promise<WireAnswer> | null
  /** Nothing more is taken from here: what is left is dropped. */
  close(): void
}

/** Headers that say when a request was made, not what it is. */
const clockHeaders = new Set(['timestamp', 'signature'])

function requestKey({ method, url, headers }: WireRequest): string {
  const named = Object.keys(headers)
    .filter((name) => !clockHeaders.has(name))
    .sort()
    .map((name) => [name, headers[name]])
  return JSON.stringify([method, url, named])
}

/** The body as axios reads it by default: parsed when it is JSON, else the text itself. */
function bodyOf(text: string): unknown {
  if (text === '') return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Sends `request` with fetch; fails with EarlyTimeout when no answer came within `timeoutMs`. The
 * request is not aborted then, only no longer waited for: an AbortSignal handed to fetch is not one
 * every engine of the matrix takes (iOS 12.0 has neither).
 */
export function fetchAnswer(request: WireRequest, timeoutMs: number): Promise<WireAnswer> {
  return new Promise<WireAnswer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new EarlyTimeout(`${request.url} timed out`)), timeoutMs)
    // Credentials as XHR sends them same-origin, so a preload the build announced is the one used.
    fetch(request.url, { method: request.method, headers: request.headers, credentials: 'same-origin' })
      .then(async (response) => ({ status: response.status, data: bodyOf(await response.text()) }))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer))
  })
}

export function sendEarly(requests: WireRequest[], timeoutMs: number): EarlyRequests {
  const pending = new Map<string, Promise<WireAnswer>>()
  for (const request of requests) {
    const answer = fetchAnswer(request, timeoutMs)
    // A failure nobody takes is not an error of the page's: the request layer reports the ones it takes.
    answer.catch(() => undefined)
    pending.set(requestKey(request), answer)
  }
  return {
    take(request) {
      const key = requestKey(request)
      const answer = pending.get(key) ?? null
      pending.delete(key)
      return answer
    },
    close() {
      pending.clear()
    },
  }
}
