/*
 * The session data a host app hands the page (docs/product-rules.md#bridge). Everything
 * arriving here is untrusted: each known field is read from the raw value's own properties and
 * type-checked on its own, a wrong-typed field is dropped, unknown keys are never copied (so
 * `__proto__` or `constructor` cannot reach any prototype), and a payload without a non-empty
 * string token is no payload at all (docs/product-rules.md#bridge-token-required).
 */

export type Platform = 'H5' | 'Weixin' | 'App' | 'unknown'
export const platforms: readonly Platform[] = ['H5', 'Weixin', 'App', 'unknown']

export interface GpsPoint {
  lat: number
  lng: number
}

export interface BridgeLocation {
  province_id: string
  province_name: string
  city_id: string
  city_name: string
  district_id: string
  district_name: string
}

export interface BridgeUserInfo {
  phone: string
  nick_name: string
}

export interface BridgePayload {
  token: string
  channelCode?: string
  deviceId?: string
  gps?: GpsPoint
  location?: BridgeLocation
  oaid?: string
  imei?: string
  platform?: Platform
  userId?: string
  userInfo?: BridgeUserInfo
  baseUrl?: string
  /** As the host sends it; 2 means the borrower is over the lending limit (docs/product-rules.md#boot-defaults). */
  loanExcess?: number
  appCode?: string
  model?: string
  brand?: string
  osName?: string
  /** Optional, not in the spec: the host's UI language (a BCP 47 tag such as `zh-Hans`). */
  locale?: string
  /** Optional, not in the spec: the host's elder-friendly mode (docs/decisions/011-elder-mode-and-large-text.md). */
  elderMode?: boolean
  /** Optional, not in the spec: the host's text size, 1 to 2 times the page's own. */
  fontScale?: number
}

/*
 * Size limits apply per field: a host that sends one oversized field loses that
 * field, never the token with it. JSON text as a whole is only bounded to keep parsing cheap.
 */
export const fieldLimits = {
  token: 4096,
  id: 128,
  text: 256,
  baseUrl: 2048,
  /** A nickname is shown, so a long one is cut (by code points) rather than dropped. */
  nickName: 64,
  /** JSON text of a whole payload or of one object field. */
  jsonText: 1_000_000,
} as const

/**
 * One property read of untrusted host data. A getter that throws, or a Proxy whose traps throw,
 * costs that one field: the page boots with the rest.
 */
function own(record: object, key: string): unknown {
  try {
    return Object.prototype.hasOwnProperty.call(record, key)
      ? (record as Record<string, unknown>)[key]
      : undefined
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is object {
  try {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    // Array.isArray throws on a revoked Proxy.
    return false
  }
}

function text(value: unknown, limit: number = fieldLimits.text): string | undefined {
  return typeof value === 'string' && value.length <= limit ? value : undefined
}

function cutText(value: unknown, limit: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const points = [...value.slice(0, limit * 2)]
  return points.length <= limit ? points.join('') : points.slice(0, limit).join('')
}

/** Ids often arrive as numbers from native code; they are kept as text. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  return text(value, fieldLimits.id)
}

function finiteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.length <= 64 && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value)
  return undefined
}

/** Objects may arrive as JSON text (URL parameters, Android strings). */
function objectOf(value: unknown): object | undefined {
  if (isRecord(value)) return value
  if (typeof value === 'string' && value.length <= fieldLimits.jsonText) {
    try {
      const parsed: unknown = JSON.parse(value)
      return isRecord(parsed) ? parsed : undefined
    } catch {
      return undefined
    }
  }
  return undefined
}

function gpsOf(value: unknown): GpsPoint | undefined {
  const record = objectOf(value)
  if (!record) return undefined
  const lat = finiteNumber(own(record, 'lat'))
  const lng = finiteNumber(own(record, 'lng'))
  if (lat === undefined || lng === undefined) return undefined
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined
  return { lat, lng }
}

export const locationKeys = [
  'province_id',
  'province_name',
  'city_id',
  'city_name',
  'district_id',
  'district_name',
] as const

function locationOf(value: unknown): BridgeLocation | undefined {
  const record = objectOf(value)
  if (!record) return undefined
  const location: BridgeLocation = {
    province_id: '',
    province_name: '',
    city_id: '',
    city_name: '',
    district_id: '',
    district_name: '',
  }
  let any = false
  for (const key of locationKeys) {
    const field = idText(own(record, key))
    if (field !== undefined) {
      location[key] = field
      any = true
    }
  }
  return any ? location : undefined
}

function userInfoOf(value: unknown): BridgeUserInfo | undefined {
  const record = objectOf(value)
  if (!record) return undefined
  const phone = idText(own(record, 'phone'))
  const nickName = cutText(own(record, 'nick_name'), fieldLimits.nickName)
  if (phone === undefined && nickName === undefined) return undefined
  return { phone: phone ?? '', nick_name: nickName ?? '' }
}

function platformOf(value: unknown): Platform | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined
  return platforms.find((platform) => platform.toLowerCase() === value.trim().toLowerCase())
}

function localeOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 64 && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(value)
    ? value
    : undefined
}

/** A boolean, or its text from a URL parameter. */
function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined
}

/** A text size outside 1–2 is dropped, not clamped: the host meant something this page cannot show. */
function scaleOf(value: unknown): number | undefined {
  const scale = finiteNumber(value)
  return scale !== undefined && scale >= 1 && scale <= 2 ? scale : undefined
}

/** What a host can send that the page may refuse: a field, or `payload`, the whole of it. */
export type RefusableField = keyof BridgePayload | 'payload'

/**
 * The length of a host object's JSON text; null when it has none (a getter or trap that throws, a cycle): then
 * each field's own check, which reads it alone, decides.
 */
function jsonLength(record: object): number | null {
  try {
    return JSON.stringify(record).length
  } catch {
    return null
  }
}

/**
 * A type-checked copy of a host payload, or null when it carries no usable token. Accepts an
 * object or its JSON text; the size limit holds for both. `refusals`, when given, receives each
 * field that was sent and not taken (src/bridge/field-expectations.ts says what each takes).
 */
export function parseBridgePayload(raw: unknown, refusals?: RefusableField[]): BridgePayload | null {
  const refuse = (field: RefusableField) => refusals?.push(field)
  // Nothing sent is no payload; it refuses nothing.
  if (raw === undefined || raw === null) return null
  const size = isRecord(raw) ? jsonLength(raw) : null
  const record = size !== null && size > fieldLimits.jsonText ? undefined : objectOf(raw)
  if (!record) {
    refuse('payload')
    return null
  }
  const sentToken = own(record, 'token')
  const token = text(sentToken, fieldLimits.token)?.trim()
  if (!token) {
    // Without a token the payload says there is no borrower; a token of the wrong kind is the host's mistake.
    if (sentToken !== undefined && sentToken !== null && sentToken !== '') refuse('token')
    return null
  }
  const candidate: Omit<BridgePayload, 'token'> = {
    channelCode: idText(own(record, 'channelCode')),
    deviceId: idText(own(record, 'deviceId')),
    gps: gpsOf(own(record, 'gps')),
    location: locationOf(own(record, 'location')),
    oaid: text(own(record, 'oaid')),
    imei: text(own(record, 'imei')),
    platform: platformOf(own(record, 'platform')),
    userId: idText(own(record, 'userId')),
    userInfo: userInfoOf(own(record, 'userInfo')),
    baseUrl: text(own(record, 'baseUrl'), fieldLimits.baseUrl),
    loanExcess: finiteNumber(own(record, 'loanExcess') ?? own(record, 'isLoanExcess')),
    appCode: idText(own(record, 'appCode')),
    model: text(own(record, 'model')),
    brand: text(own(record, 'brand')),
    osName: text(own(record, 'osName')),
    locale: localeOf(own(record, 'locale')),
    elderMode: flag(own(record, 'elderMode')),
    fontScale: scaleOf(own(record, 'fontScale')),
  }
  // Only the fields read above, and only those with a value: anything else a host sends is ignored.
  const payload: BridgePayload = { token }
  for (const [key, value] of Object.entries(candidate)) {
    if (value !== undefined) Object.assign(payload, { [key]: value })
    else if (own(record, key) !== undefined && own(record, key) !== null) refuse(key as keyof BridgePayload)
  }
  return payload
}

function decodeBase64Url(encoded: string): string | null {
  // URLSearchParams turns a stray `+` of plain base64 into a space; undo that too.
  const base64 = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  try {
    const binary = atob(padded)
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** Encodes a payload for the `bridge=` URL parameter (for hosts, the simulator and tests). */
export function encodeBridgeParameter(payload: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * The URL's parameters: the query, plus any query inside the hash (the router uses hash mode, so
 * hosts often append parameters after `#/`). The real query wins a tie.
 */
export function urlParameters(search: string, hash = ''): URLSearchParams {
  const parameters = new URLSearchParams(search)
  const hashQuery = hash.indexOf('?')
  if (hashQuery >= 0) {
    for (const [key, value] of new URLSearchParams(hash.slice(hashQuery + 1))) {
      if (!parameters.has(key)) parameters.append(key, value)
    }
  }
  return parameters
}

/** A payload from the URL: `bridge=` base64url JSON, else individual parameters. */
export function readQueryPayload(parameters: URLSearchParams, refusals?: RefusableField[]): BridgePayload | null {
  const encoded = parameters.get('bridge')
  if (encoded !== null) {
    const json = decodeBase64Url(encoded)
    if (json === null) refusals?.push('payload')
    return json === null ? null : parseBridgePayload(json, refusals)
  }
  // Own properties only (`__proto__` included, as a plain key of an object without a prototype): the parser reads
  // the fields it knows. A repeated parameter counts once, its first value, as URLSearchParams.get reads it. Not
  // Object.fromEntries: the inline head script reads this before any polyfill has loaded.
  const fields: Record<string, string> = Object.create(null)
  for (const [key, value] of parameters) if (!(key in fields)) fields[key] = value
  return parseBridgePayload(fields, refusals)
}
