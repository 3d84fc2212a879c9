import type { BridgeLocation, BridgePayload, BridgeUserInfo, GpsPoint, Platform } from '../bridge/payload'

/*
 * The global session of docs/product-rules.md#bridge, framework-free: a tiny external store (`subscribe` and
 * `getSnapshot`, so React reads it with useSyncExternalStore). The token lives in memory only,
 * the host supplies it again on every load (docs/product-rules.md#nothing-lost). Storage and randomness are
 * passed in so tests control them.
 */

export interface SessionState {
  token: string | null
  /**
   * Goes up each time a new token arrives. The request layer answers a burst of 401s with one
   * `goHome` per token by remembering which epoch it already handled.
   */
  authEpoch: number
  userId: string | null
  userInfo: BridgeUserInfo | null
  identityId: string | null
  oaid: string
  imei: string
  channelCode: string
  deviceId: string
  sessionId: string
  isLoanExcess: boolean
  gps: GpsPoint | null
  location: BridgeLocation | null
  appCode: string
  channel: string
  model: string
  brand: string
  osName: string
  platform: Platform
  /** The host's locale if it sent one; the i18n layer decides what to do with it. */
  locale: string | null
}

/** The part of Web Storage the session uses. */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export const defaultAppCode = '10002'
export const defaultChannel = 'app-test'
export const deviceIdStorageKey = 'huaqian.deviceId'
export const sessionIdStorageKey = 'huaqian.sessionId'

export interface SessionOptions {
  /** Keeps the generated device id across sessions (localStorage). */
  localStore?: KeyValueStore | null
  /** Keeps the session id across reloads of this tab (sessionStorage). */
  sessionStore?: KeyValueStore | null
  /** Random bytes; the edge passes `(n) => crypto.getRandomValues(new Uint8Array(n))`. */
  randomBytes: (length: number) => Uint8Array
  /** The page URL's parameters: `appCode` and `channel` are read from them. */
  query?: URLSearchParams
  /** Anything else known at start (tests, a restored state). */
  initial?: Partial<Omit<SessionState, 'sessionId' | 'authEpoch'>>
}

export type SessionPatch = Partial<Omit<SessionState, 'sessionId' | 'authEpoch'>>

export interface Session {
  getSnapshot(): SessionState
  subscribe(listener: () => void): () => void
  update(patch: SessionPatch): void
  /** After an HTTP 401: the token and the user's info go (docs/product-rules.md#boot-and-login). */
  clearAuth(): void
}

/** A random id as 32 hex characters (128 bits). */
export function randomId(randomBytes: (length: number) => Uint8Array): string {
  return Array.from(randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function safeGet(store: KeyValueStore | null | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null
  } catch {
    // Storage can throw (private mode, disabled cookies); the session then lives in memory.
    return null
  }
}

function safeSet(store: KeyValueStore | null | undefined, key: string, value: string): void {
  try {
    store?.setItem(key, value)
  } catch {
    // Same as above: a session that cannot be stored still works for this page's life.
  }
}

function storedOrNew(
  store: KeyValueStore | null | undefined,
  key: string,
  randomBytes: (length: number) => Uint8Array,
): string {
  const existing = safeGet(store, key)
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing
  const created = randomId(randomBytes)
  safeSet(store, key, created)
  return created
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value
}

export function createSession(options: SessionOptions): Session {
  // An explicit `undefined` in `initial` must not erase a default.
  const initial = Object.fromEntries(
    Object.entries(options.initial ?? {}).filter(([, value]) => value !== undefined),
  ) as SessionPatch
  const query = options.query ?? new URLSearchParams()
  let state: SessionState = {
    token: null,
    userId: null,
    userInfo: null,
    identityId: null,
    oaid: '',
    imei: '',
    channelCode: '',
    isLoanExcess: false,
    gps: null,
    location: null,
    model: '',
    brand: '',
    osName: '',
    platform: 'unknown',
    locale: null,
    ...initial,
    appCode: nonEmpty(initial.appCode) ?? nonEmpty(query.get('appCode')) ?? defaultAppCode,
    channel: nonEmpty(initial.channel) ?? nonEmpty(query.get('channel')) ?? defaultChannel,
    deviceId:
      nonEmpty(initial.deviceId) ??
      storedOrNew(options.localStore, deviceIdStorageKey, options.randomBytes),
    sessionId: storedOrNew(options.sessionStore, sessionIdStorageKey, options.randomBytes),
    authEpoch: initial.token ? 1 : 0,
  }
  const listeners = new Set<() => void>()

  function update(patch: SessionPatch): void {
    // An update that changes nothing keeps the snapshot, so React does not re-render for it.
    const keys = Object.keys(patch) as (keyof SessionPatch)[]
    if (keys.every((key) => patch[key] === undefined || patch[key] === state[key])) return
    const next: SessionState = { ...state, ...patch }
    if (patch.token !== undefined && patch.token !== null && patch.token !== state.token) {
      next.authEpoch = state.authEpoch + 1
    }
    state = next
    for (const listener of [...listeners]) listener()
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    update,
    clearAuth() {
      update({ token: null, userInfo: null })
    },
  }
}

/**
 * What an accepted bridge payload changes. The base URL is not applied here: it must pass the
 * allowlist first (see src/api/base-url.ts).
 */
export function sessionPatchFromPayload(payload: BridgePayload): SessionPatch {
  const patch: SessionPatch = { token: payload.token }
  if (payload.channelCode !== undefined) patch.channelCode = payload.channelCode
  if (payload.deviceId) patch.deviceId = payload.deviceId
  if (payload.gps) patch.gps = payload.gps
  if (payload.location) patch.location = payload.location
  if (payload.oaid !== undefined) patch.oaid = payload.oaid
  if (payload.imei !== undefined) patch.imei = payload.imei
  if (payload.platform) patch.platform = payload.platform
  if (payload.userId !== undefined) patch.userId = payload.userId
  if (payload.userInfo) patch.userInfo = payload.userInfo
  if (payload.loanExcess !== undefined) patch.isLoanExcess = payload.loanExcess === 2
  if (payload.appCode) patch.appCode = payload.appCode
  if (payload.model !== undefined) patch.model = payload.model
  if (payload.brand !== undefined) patch.brand = payload.brand
  if (payload.osName !== undefined) patch.osName = payload.osName
  if (payload.locale) patch.locale = payload.locale
  return patch
}

/**
 * `channelLookedUp`: the lookup has answered, and the code it answered is the one every call carries
 * (docs/product-rules.md#boot-channel-lookup); a later payload's `channelCode` does not replace it.
 */
export function applyBridgePayload(session: Session, payload: BridgePayload, options: { channelLookedUp?: boolean } = {}): void {
  const patch = sessionPatchFromPayload(payload)
  if (options.channelLookedUp) delete patch.channelCode
  session.update(patch)
}
