import { detectPlatform, readInitialPayload } from '../bridge/host'
import type { BridgePayload } from '../bridge/payload'
import { applyBridgePayload, createSession, type Session } from '../session/session'

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length))
}

function safeStorage(pick: () => Storage): Storage | null {
  try {
    return pick()
  } catch {
    // Storage can be disabled in a WebView; the session then lives in memory for the page's life.
    return null
  }
}

export interface PageSession {
  session: Session
  /** The payload the page was opened with (the host's global, else the URL), if any. */
  payload: BridgePayload | null
}

/**
 * The borrower's session as the page starts: the device and session ids kept in storage, the URL's
 * parameters, and the payload the page was opened with. Read before the bridge's intake takes the
 * token out of the address bar.
 */
export function pageSession(win: Window): PageSession {
  const session = createSession({
    randomBytes,
    localStore: safeStorage(() => win.localStorage),
    sessionStore: safeStorage(() => win.sessionStorage),
    query: new URLSearchParams(win.location.search),
  })
  const payload = readInitialPayload(win)?.payload ?? null
  if (payload) applyBridgePayload(session, payload)
  session.update({ platform: detectPlatform(win.navigator.userAgent, win, payload) })
  return { session, payload }
}
