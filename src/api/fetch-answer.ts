import type { AxiosAdapter } from 'axios'
import type { WireRequest } from './request-shape'

/*
 * How a request goes on the wire: `fetch`, for boot's calls sent by the entry before axios has
 * loaded and, as axios's adapter, for every call the request layer sends. A step's call left and
 * came back a few milliseconds sooner at 4× CPU than through axios's XMLHttpRequest adapter
 * (docs/performance.md, "Tried for a step"), and the entry needs this code anyway.
 */

/** An answer as the request layer reads it: the HTTP status and the body, parsed when it is JSON. */
export interface WireAnswer {
  status: number
  data: unknown
}

/** No answer came within the request's timeout. */
export class AnswerTimeout extends Error {
  override name = 'AnswerTimeout'
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
 * Whether this engine's fetch stops for an AbortSignal. Where it does not (Chrome 64, iOS 12.0, whose
 * AbortController is the legacy build's polyfill) a request given up is only no longer waited for.
 */
const fetchAborts = typeof AbortController === 'function' && typeof Request === 'function' && 'signal' in Request.prototype

/**
 * Sends `request` with fetch; fails with AnswerTimeout when no answer came within `timeoutMs` (0:
 * none), and with the signal's reason as soon as `signal` aborts. Either way the request is
 * cancelled where the engine can.
 */
export function fetchAnswer(request: WireRequest & { body?: string }, timeoutMs: number, signal?: AbortSignal): Promise<WireAnswer> {
  // eslint-disable-next-line compat/compat -- made only where fetchAborts found it native.
  const controller = fetchAborts ? new AbortController() : null
  return new Promise<WireAnswer>((resolve, reject) => {
    const giveUp = (reason: unknown) => {
      reject(reason)
      controller?.abort()
    }
    // An abort's reason is newer than AbortSignal itself (Chrome 98, iOS 15.4).
    const abort = () => giveUp(signal?.reason ?? new Error('aborted'))
    if (signal?.aborted) return abort()
    signal?.addEventListener('abort', abort)
    // axios's timeout of 0 is none; a browser would take it as "at once".
    const timer = timeoutMs > 0 ? setTimeout(() => giveUp(new AnswerTimeout(`${request.url} timed out`)), timeoutMs) : undefined
    // Same-origin credentials, the mode of the preloads the build announces, so the preloaded answer is the one used.
    fetch(request.url, {
      method: request.method,
      headers: request.headers,
      credentials: 'same-origin',
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(controller ? { signal: controller.signal } : {}),
    })
      .then(async (response) => ({ status: response.status, data: bodyOf(await response.text()) }))
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', abort)
      })
  })
}

/**
 * axios's adapter for `fetchAnswer`: axios's configuration, headers and transforms, fetch's wire. The
 * request layer hands axios a whole URL and a body already written as text, so neither a base URL
 * nor params nor a body to serialise reach here.
 */
export const fetchAdapter: AxiosAdapter = async (config) => {
  const request = {
    method: (config.method ?? 'get').toUpperCase(),
    url: config.url ?? '',
    headers: config.headers.toJSON() as Record<string, string>,
    ...(typeof config.data === 'string' ? { body: config.data } : {}),
  }
  const answer = await fetchAnswer(request, config.timeout ?? 0, config.signal as AbortSignal | undefined)
  return { data: answer.data, status: answer.status, statusText: '', headers: {}, config, request: null }
}
