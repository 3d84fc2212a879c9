import { fetchAnswer, type WireAnswer } from './fetch-answer'
import type { WireRequest } from './request-shape'

/*
 * Requests sent before the request layer has loaded: boot's calls, from the entry
 * (src/app/boot-calls.ts). The request layer takes an answer from here only for the very request
 * it would send itself, the same method, URL and every header but the clock's (timestamp and
 * signature), and only once; any other request it sends itself, as always. No axios and no zod
 * here: this runs in the entry, before either has arrived.
 */

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
