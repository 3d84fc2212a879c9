import type { HttpMethod } from '../contract/call-routes'
import type { CallName } from '../contract/calls'
import { canonicalValue, isDropped, signRequest } from '../contract/signature'
import type { SessionState } from '../session/session'

/*
 * What a call looks like on the wire: its URL and its headers (docs/product-rules.md#one-request).
 * The request layer builds every request from here, and so does the entry when it sends boot's
 * calls ahead of the request layer (src/app/boot-calls.ts): an answer is only ever taken for the
 * very request the request layer would have sent. No axios and no zod here, for that reason.
 */

/** Per request, unless the request layer is told otherwise (docs/product-rules.md#request-timeout). */
export const defaultTimeoutMs = 60_000

/** A call the client refuses to send because the caller broke the contract (a programming error). */
export class ApiUsageError extends Error {
  override name = 'ApiUsageError'
}

export function defaultScreen(): string {
  const screen = (globalThis as { screen?: { width?: number; height?: number } }).screen
  return screen?.width && screen.height ? `${screen.width}*${screen.height}` : '0*0'
}

export function osFrom(state: SessionState): string {
  const name = state.osName.toLowerCase()
  if (/ios|iphone|ipad/.test(name)) return 'ios'
  if (/android/.test(name)) return 'android'
  if (/harmony/.test(name)) return 'harmony'
  return 'h5'
}

/**
 * HTTP header values must be Latin-1 and browsers and Node refuse anything else, so text such as a
 * Chinese phone model is sent percent-encoded (UTF-8), like a URL component.
 */
export function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value)
}

export function fillPath(name: CallName, template: string, params: unknown): string {
  const record = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ApiUsageError(`${name}: path parameter ${key} is missing`)
    }
    const text = String(value)
    // The URL parser resolves `.`/`..` segments even when percent-encoded: refuse them.
    if (text === '' || /^(\.|%2e)+$/i.test(text)) {
      throw new ApiUsageError(`${name}: path parameter ${key} is not a usable segment`)
    }
    return encodeURIComponent(text)
  })
}

export function signedFields(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {}
}

export function queryString(fields: Record<string, unknown>): string {
  const query = new URLSearchParams()
  for (const key of Object.keys(fields).sort()) {
    if (!isDropped(fields[key])) query.append(key, canonicalValue(fields[key]))
  }
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`
}

export interface WireRequest {
  method: string
  url: string
  headers: Record<string, string>
}

export interface RequestFacts {
  /** Seconds, on the server's clock as far as the page knows it. */
  timestamp: number
  /** The signed fields: the query's or the body's. */
  fields: Record<string, unknown>
  signingKey: string
  os: string
  /** `width*height`. */
  screen: string
  appVersion: string
  /** Sent as `Accept-Language`. */
  locale: string
  idempotencyKey?: string | undefined
  hasBody: boolean
}

/** Every header of docs/product-rules.md#one-request, for the session as it is now. */
export function requestHeaders(state: SessionState, facts: RequestFacts): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    timestamp: String(facts.timestamp),
    signature: signRequest(facts.timestamp, facts.fields, facts.signingKey),
    'app-code': headerValue(state.appCode),
    'Device-ID': headerValue(state.deviceId),
    model: headerValue(state.model),
    brand: headerValue(state.brand),
    os: headerValue(facts.os),
    screen: headerValue(facts.screen),
    // Before the lookup answers, the channel it asks about: home's calls may leave beside it.
    'channel-code': headerValue(state.channelCode || state.channel),
    oaid: headerValue(state.oaid),
    imei: headerValue(state.imei),
    version: headerValue(facts.appVersion),
    'os-name': headerValue(state.osName),
    'Accept-Language': headerValue(facts.locale),
  }
  if (state.token) headers.Authorization = `Bearer ${headerValue(state.token)}`
  if (facts.idempotencyKey) headers['Idempotency-Key'] = headerValue(facts.idempotencyKey)
  if (facts.hasBody) headers['Content-Type'] = 'application/json'
  return headers
}

/** The request as it goes on the wire: a GET's fields in its query, every header signed for now. */
export function wireRequest(method: HttpMethod, url: string, state: SessionState, facts: Omit<RequestFacts, 'hasBody'>): WireRequest {
  const hasBody = method !== 'GET'
  return { method, url: hasBody ? url : url + queryString(facts.fields), headers: requestHeaders(state, { ...facts, hasBody }) }
}
