import { parseBridgePayload, readQueryPayload, urlParameters, type BridgePayload, type Platform, type RefusableField } from './payload.js'

/*
 * Which host the page runs in, and the payload it was opened with: read by the bridge's intake, and
 * before it by the entry, which starts the session and sends boot's calls (src/app/page-session.ts).
 */

export type PayloadSource = 'global' | 'query' | 'message'

export type MessageListener = (event: MessageEvent) => void

/** What the bridge needs of `window`; a real window satisfies it, tests pass a small fake. */
export interface BridgeWindow {
  location: { origin: string; search: string; hash: string; pathname?: string; ancestorOrigins?: ArrayLike<string> }
  history?: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void }
  parent?: unknown
  document?: { referrer?: string }
  addEventListener(type: 'message', listener: MessageListener): void
  removeEventListener(type: 'message', listener: MessageListener): void
}

export const bridgeGlobalName = '__HUAQIAN_BRIDGE__'

interface PostMessageTarget {
  postMessage(message: unknown, targetOrigin?: string): void
}

export function property(target: unknown, key: string): unknown {
  if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return undefined
  try {
    return (target as Record<string, unknown>)[key]
  } catch {
    // A cross-origin parent throws on property access.
    return undefined
  }
}

function poster(target: unknown): PostMessageTarget | null {
  return typeof property(target, 'postMessage') === 'function' ? (target as PostMessageTarget) : null
}

export function iosHandler(win: BridgeWindow): PostMessageTarget | null {
  return poster(property(property(property(win, 'webkit'), 'messageHandlers'), 'huaqian'))
}

export function androidHandler(win: BridgeWindow): PostMessageTarget | null {
  return poster(property(win, 'HuaqianAndroid'))
}

/** True when a native host injected its message handler (iOS WKWebView or Android). */
export function hasNativeHost(win: BridgeWindow): boolean {
  return iosHandler(win) !== null || androidHandler(win) !== null
}

/** The parent frame when the page is framed (the sandbox host simulator, an H5 host). */
export function parentFrame(win: BridgeWindow): PostMessageTarget | null {
  const parent = win.parent
  if (parent === undefined || parent === null || parent === win) return null
  return poster(parent)
}

/** A page opened without a payload asks its host for one when there is a host to ask. */
export function asksHostForPayload(win: BridgeWindow, initial: unknown): boolean {
  return initial === null && (hasNativeHost(win) || parentFrame(win) !== null)
}

/**
 * App when a native bridge object exists or the payload says so; Weixin inside WeChat's browser;
 * H5 in any other browser; unknown when there is nothing to go on.
 */
export function detectPlatform(
  userAgent: string | undefined,
  win: BridgeWindow | undefined,
  payload?: BridgePayload | null,
): Platform {
  if ((win && hasNativeHost(win)) || payload?.platform === 'App') return 'App'
  if (userAgent && /MicroMessenger/i.test(userAgent)) return 'Weixin'
  if (payload?.platform) return payload.platform
  if (userAgent && win) return 'H5'
  return 'unknown'
}

/** The first usable payload present at load: the host's global, else the URL. */
export function readInitialPayload(win: BridgeWindow, refusals?: RefusableField[]): { payload: BridgePayload; source: PayloadSource } | null {
  const fromGlobal = parseBridgePayload(property(win, bridgeGlobalName), refusals)
  if (fromGlobal) return { payload: fromGlobal, source: 'global' }
  const fromQuery = readQueryPayload(urlParameters(win.location.search, win.location.hash), refusals)
  return fromQuery ? { payload: fromQuery, source: 'query' } : null
}
