import axios, { isCancel, type AxiosAdapter } from 'axios'
import * as z from 'zod/mini'
import type { BridgeCommand } from '../bridge/bridge'
import {
  calls,
  type CallData,
  type CallInput,
  type CallName,
  type CallParams,
} from '../contract/calls'
import { envelope, StatusCode, staleTimestampData } from '../contract/envelope'
import type { Session } from '../session/session'
import { AnswerTimeout, fetchAdapter, type WireAnswer } from './fetch-answer'
import { ApiUsageError, defaultScreen, defaultTimeoutMs, fillPath, joinUrl, osFrom, signedFields, wireRequest, type WireRequest } from './request-shape'
import type { ToastChannel } from './toasts'

/*
 * The one request and the error catalogue (docs/product-rules.md#one-request and docs/product-rules.md#errors).
 * Every call goes through `call`, which signs it, sends every header, parses the answer with the
 * contract and turns every way it can go wrong into a typed failure. It reports through the
 * session (401), the bridge (`goHome`) and the toast channel (codes), and never navigates.
 */

export type ApiFailure =
  | { kind: 'unauthorized' }
  | {
      kind: 'refused'
      /** The body `status` when the answer is an envelope, else the HTTP status. */
      status: number
      httpStatus: number
      message?: string
      /** The raw answer body, handed back as the spec requires. */
      body: unknown
    }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'invalidResponse'; call: string }

export type ApiOutcome<Name extends CallName> =
  | { ok: true; data: CallData<Name> }
  | { ok: false; failure: ApiFailure }

export interface CallArgs<Name extends CallName> {
  params?: CallParams<Name>
  input?: CallInput<Name>
  /** Required for committing calls: made when the borrower commits, reused on every retry. */
  idempotencyKey?: string
  /** Aborting rejects the promise with axios's cancel error; no toast is shown. */
  signal?: AbortSignal
}

export interface ApiClient {
  call<Name extends CallName>(name: Name, args?: CallArgs<Name>): Promise<ApiOutcome<Name>>
}

export interface ApiClientOptions {
  /** The resolved API base URL (see base-url.ts); undefined before boot resolved it. */
  baseUrl: () => string | undefined
  session: Session
  signingKey: string
  bridge: { send(command: BridgeCommand): unknown }
  toasts: ToastChannel
  /** The page's version, sent as `version`. */
  appVersion: string
  /** The active locale, sent as `Accept-Language`. */
  locale: () => string
  /** `width*height` of the screen; defaults to `window.screen` when there is one. */
  screen?: () => string
  /** The `os` header; defaults to ios/android/harmony read from the session's osName, else h5. */
  os?: () => string
  /** Milliseconds since the epoch; the server's clock offset is added to it. */
  clock?: () => number
  logger?: { error(message: string, details?: unknown): void }
  /** Per request; 60 s by default (docs/product-rules.md#request-timeout). */
  timeoutMs?: number
  /**
   * Requests the page sent before the request layer loaded (boot's calls): the answer to this very
   * request, or null (at once, or once it is known that none was sent); each is taken once.
   */
  early?: { take(request: WireRequest): Promise<WireAnswer | null> | null }
  /** A test's axios adapter in place of the page's own over fetch (src/api/fetch-answer.ts). */
  httpAdapter?: AxiosAdapter
}

/** `promise`, or the abort's rejection as soon as `signal` aborts, as axios rejects a request it cancels. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    // An abort's reason is newer than AbortSignal itself (Chrome 98, iOS 15.4).
    const abort = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

const anyEnvelope = envelope(z.unknown())
/** A refusal is read leniently: a server that omits `data` still gets its message shown. */
const refusalShape = z.object({ status: z.int(), message: z.optional(z.string()) })

type Attempt =
  | { kind: 'response'; response: WireAnswer; sentEpoch: number }
  | { kind: 'network' }
  | { kind: 'timeout' }

export function createApiClient(options: ApiClientOptions): ApiClient {
  const clock = options.clock ?? (() => Date.now())
  const logger = options.logger ?? console
  const screen = options.screen ?? defaultScreen
  const os = options.os ?? (() => osFrom(options.session.getSnapshot()))
  const http = axios.create({
    timeout: options.timeoutMs ?? defaultTimeoutMs,
    // Every status is interpreted here, against the error catalogue.
    validateStatus: () => true,
    // The body goes as the signed text and the adapter hands back parsed JSON: axios's own
    // transforms would only parse every body again to check it.
    transformRequest: [],
    transformResponse: [],
    // The API trusts the signature and the bearer token, never a cookie. Left on, axios reads its
    // XSRF cookie first, by the async Cookie Store API where the browser has one: the request then
    // left only after the re-render that the tap caused (40-60 ms at 4x CPU), not in the tap.
    withXSRFToken: false,
    adapter: options.httpAdapter ?? fetchAdapter,
  })
  /** Server clock minus ours, learned from a stale-timestamp answer. */
  let clockOffsetMs = 0
  /** The auth epoch whose 401 was already answered with `goHome`. */
  let handledEpoch = -1

  async function attempt(
    name: CallName,
    url: string,
    fields: Record<string, unknown>,
    args: CallArgs<CallName>,
  ): Promise<Attempt> {
    const spec = calls[name]
    const state = options.session.getSnapshot()
    const timestamp = Math.floor((clock() + clockOffsetMs) / 1000)
    const hasBody = spec.method !== 'GET'
    const request = wireRequest(spec.method, url, state, {
      timestamp,
      fields,
      signingKey: options.signingKey,
      os: os(),
      screen: screen(),
      appVersion: options.appVersion,
      locale: options.locale(),
      idempotencyKey: args.idempotencyKey,
    })
    const sentEarly = options.early?.take(request) ?? null
    if (sentEarly) {
      const early = await answerOf(sentEarly, state.authEpoch, args.signal)
      if (early) return early
    }
    try {
      const response = await http.request<unknown>({
        ...request,
        // Sent as text so the bytes on the wire are exactly the fields that were signed.
        ...(hasBody ? { data: JSON.stringify(fields) } : {}),
        ...(args.signal ? { signal: args.signal } : {}),
      })
      return { kind: 'response', response, sentEpoch: state.authEpoch }
    } catch (error) {
      if (isCancel(error) || args.signal?.aborted) throw error
      if (error instanceof AnswerTimeout) return { kind: 'timeout' }
      return { kind: 'network' }
    }
  }

  /** The answer of a request sent early, read as the request layer reads its own; null when none was sent. */
  async function answerOf(sentEarly: Promise<WireAnswer | null>, sentEpoch: number, signal: AbortSignal | undefined): Promise<Attempt | null> {
    try {
      const response = await untilAborted(sentEarly, signal)
      return response === null ? null : { kind: 'response', response, sentEpoch }
    } catch (error) {
      if (signal?.aborted) throw error
      return { kind: error instanceof AnswerTimeout ? 'timeout' : 'network' }
    }
  }

  function unauthorized(sentEpoch: number): ApiFailure {
    // One goHome per token: the first 401 of a burst clears the session and tells the host; the
    // rest of the burst, and 401s for a token already replaced, change nothing.
    const current = options.session.getSnapshot().authEpoch
    if (sentEpoch === current && handledEpoch !== sentEpoch) {
      handledEpoch = sentEpoch
      options.session.clearAuth()
      options.bridge.send({ command: 'goHome' })
    }
    return { kind: 'unauthorized' }
  }

  function invalid(name: CallName, details: unknown): ApiFailure {
    logger.error(`api ${name}: the answer does not match the contract`, details)
    options.toasts.publish({ code: 'requestError' })
    return { kind: 'invalidResponse', call: name }
  }

  function refused(status: number, httpStatus: number, message: string | undefined, body: unknown): ApiFailure {
    const text = message?.trim()
    options.toasts.publish(text ? { code: 'serverMessage', message: text } : { code: 'requestError' })
    return { kind: 'refused', status, httpStatus, ...(text ? { message: text } : {}), body }
  }

  function staleServerTime(response: WireAnswer): number | null {
    if (response.status === 401) return null
    const body = z.safeParse(anyEnvelope, response.data)
    if (!body.success || body.data.status !== StatusCode.staleTimestamp) return null
    const data = z.safeParse(staleTimestampData, body.data.data)
    return data.success ? data.data.server_time : null
  }

  function interpret<Name extends CallName>(
    name: Name,
    response: WireAnswer,
    sentEpoch: number,
  ): ApiOutcome<Name> {
    if (response.status === 401) return { ok: false, failure: unauthorized(sentEpoch) }
    const refusal = z.safeParse(refusalShape, response.data)
    if (refusal.success && refusal.data.status !== StatusCode.ok) {
      const { status, message } = refusal.data
      return { ok: false, failure: refused(status, response.status, message, response.data) }
    }
    if (response.status !== 200) {
      return { ok: false, failure: refused(response.status, response.status, undefined, response.data) }
    }
    const body = z.safeParse(anyEnvelope, response.data)
    if (!body.success) return { ok: false, failure: invalid(name, body.error.issues) }
    const data = z.safeParse(calls[name].data, body.data.data)
    if (!data.success) return { ok: false, failure: invalid(name, data.error.issues) }
    return { ok: true, data: data.data as CallData<Name> }
  }

  async function call<Name extends CallName>(
    name: Name,
    args: CallArgs<Name> = {},
  ): Promise<ApiOutcome<Name>> {
    const spec = calls[name]
    if (spec.committing && !args.idempotencyKey) {
      throw new ApiUsageError(`${name} changes money or a binding: it needs an Idempotency-Key`)
    }
    if (!z.safeParse(spec.params, args.params ?? {}).success) {
      throw new ApiUsageError(`${name}: path parameters do not match the contract`)
    }
    const base = options.baseUrl()
    if (!base) throw new ApiUsageError(`${name}: no API base URL yet`)
    const url = joinUrl(base, fillPath(name, spec.path, args.params))
    const fields = signedFields(args.input)
    const general = args as CallArgs<CallName>

    let result = await attempt(name, url, fields, general)
    if (result.kind === 'response') {
      const serverTime = staleServerTime(result.response)
      if (serverTime !== null) {
        // Our clock is off: learn the offset and retry once, silently. A second stale answer is
        // reported like any refusal.
        clockOffsetMs = serverTime * 1000 - clock()
        result = await attempt(name, url, fields, general)
      }
    }
    if (result.kind === 'network' || result.kind === 'timeout') {
      options.toasts.publish({ code: 'networkError' })
      return { ok: false, failure: { kind: result.kind } }
    }
    return interpret(name, result.response, result.sentEpoch)
  }

  return { call }
}
