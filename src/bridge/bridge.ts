import { normaliseOrigins } from './base-url-policy.js'
import {
  androidHandler,
  asksHostForPayload,
  bridgeGlobalName,
  iosHandler,
  parentFrame,
  property,
  readInitialPayload,
  type BridgeWindow,
  type MessageListener,
  type PayloadSource,
} from './host.js'
import { parseBridgePayload, type BridgePayload, type RefusableField } from './payload.js'

/*
 * The host bridge of docs/product-rules.md#bridge: session data comes in from the URL, a global the host
 * sets before load, or `message` events from allowed origins; commands go out to whichever host
 * is present. Nothing here navigates or renders; the machine decides what a payload means.
 */

/** Why the page's code did not start: it failed to load or run, or it took longer than the bound. */
export type LoadFailure = 'error' | 'timeout'

export type BridgeCommand =
  | { command: 'goHome' }
  | { command: 'login' }
  | { command: 'openUrl'; url: string }
  | { command: 'close' }
  /** The page has no payload (a reload took the token out of the URL): the host answers with one. */
  | { command: 'requestPayload' }
  /** The page's code runs and its first screen is live: payload messages are heard from here on. */
  | { command: 'ready' }
  /** A field of a payload the page did not take (`payload`: the whole of it), and what it expects there. */
  | { command: 'payloadRefused'; field: string; expected: string }
  /**
   * The page's code failed to load or run (`error`), or had not started within the bound (`timeout`; a
   * `ready` may still follow). The borrower sees a message with a reload button.
   */
  | { command: 'loadFailed'; reason: LoadFailure }

/** Where a command went: `none` means no host was found and the command was only recorded. */
export type BridgeDelivery = 'ios' | 'android' | 'parent' | 'none' | 'refused'

export interface SentCommand {
  command: BridgeCommand
  via: BridgeDelivery
}

export const bridgeMessageType = 'huaqian.bridge'
export const commandMessageType = 'huaqian.command'
/** The host's borrower logged out: the page forgets them (`{ type: 'huaqian.logout' }`, from a trusted origin). */
export const logoutMessageType = 'huaqian.logout'

/** URL parameters that carry a token: they leave the address bar at intake. */
export const tokenBearingParameters = ['bridge', 'token'] as const

function withoutTokenParameters(query: string): string {
  const parameters = new URLSearchParams(query)
  for (const name of tokenBearingParameters) parameters.delete(name)
  const text = parameters.toString()
  return text === '' ? '' : `?${text}`
}

/**
 * The page's address without the token-bearing parameters, in the query and in the hash route's
 * query; the route itself is kept. Null when there is nothing to remove.
 */
export function scrubbedAddress(location: { search: string; hash: string; pathname?: string }): string | null {
  const search = withoutTokenParameters(location.search)
  const hashQueryAt = location.hash.indexOf('?')
  const hash =
    hashQueryAt < 0 ? location.hash : location.hash.slice(0, hashQueryAt) + withoutTokenParameters(location.hash.slice(hashQueryAt + 1))
  if (search === location.search && hash === location.hash) return null
  return `${location.pathname ?? ''}${search}${hash}`
}

function scrubAddress(win: BridgeWindow): void {
  const address = scrubbedAddress(win.location)
  if (address === null) return
  try {
    // Replace, not push: Back must not lead to the address that held the token.
    win.history?.replaceState(win.history.state, '', address)
  } catch {
    // A sandboxed document may refuse; the Referrer-Policy still keeps the token off the wire.
  }
}

function isOpenableUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The origins a command to the parent frame is posted to, when no payload message named one: the parent's own
 * origin as the engine tells it (`location.ancestorOrigins`: every Chrome and WebKit of the matrix), if it is
 * trusted; else every trusted origin. Posting to an origin the parent does not have makes the engine log an
 * error in the host's console, once for each.
 */
export function frameHostOrigins(win: BridgeWindow, trusted: readonly string[]): readonly string[] {
  const parent = win.location.ancestorOrigins?.[0]
  return parent !== undefined && trusted.includes(parent) ? [parent] : trusted
}

/**
 * Sends one command to the first host present: the iOS handler, the Android one, else the parent frame at
 * `frameOrigins` (never '*'; a post whose origin is not the parent's is dropped by the engine, so at most one
 * is delivered). `none`: no host was found.
 */
export function deliverCommand(win: BridgeWindow, command: BridgeCommand, frameOrigins: readonly string[]): BridgeDelivery {
  if (command.command === 'openUrl' && !isOpenableUrl(command.url)) return 'refused'
  const ios = iosHandler(win)
  if (ios) {
    ios.postMessage(command)
    return 'ios'
  }
  const android = androidHandler(win)
  if (android) {
    android.postMessage(JSON.stringify(command))
    return 'android'
  }
  const parent = parentFrame(win)
  if (parent) {
    let posted = false
    for (const targetOrigin of frameOrigins) {
      try {
        parent.postMessage({ type: commandMessageType, ...command }, targetOrigin)
        posted = true
      } catch {
        // An origin the browser cannot parse as a target; try the next.
      }
    }
    if (posted) return 'parent'
  }
  return 'none'
}

export interface BridgeOptions {
  window: BridgeWindow
  /** Origins whose `message` events are accepted and whose frames may receive commands. */
  allowedOrigins: readonly string[]
  /** A later payload pushed by the host (after login, for instance). */
  onPayload?: (payload: BridgePayload, origin: string) => void
}

/** How long the page waits for the host's answer to `requestPayload` before it boots without one. */
export const payloadRequestTimeoutMs = 1500

export interface Bridge {
  initial: BridgePayload | null
  initialSource: PayloadSource | null
  send(command: BridgeCommand): BridgeDelivery
  /**
   * Settles when the page has what the host will give: at once with an initial payload or with no
   * host to ask; otherwise after asking it (`requestPayload`) and hearing back (a payload, or a
   * message without a token: logged out) or after `timeoutMs`.
   */
  payloadSettled(timeoutMs?: number): Promise<void>
  /** Every command sent, with where it went (`none`: no host was present). */
  readonly sent: readonly SentCommand[]
  /** Tells the host (`payloadRefused`) and the console that a field it sent was not taken, and what it takes. */
  refuse(field: RefusableField): void
  /** Calls `listener` when the host logs its borrower out; the page listens in the task that creates the bridge. */
  onLogout(listener: () => void): void
  dispose(): void
}

export function createBridge(options: BridgeOptions): Bridge {
  const win = options.window
  const ownOrigin = normaliseOrigins([win.location.origin])
  // The page's own origin is always trusted: the sandbox host simulator is same-origin, and a
  // native host pushes payloads by posting to the page's own window.
  const trusted = normaliseOrigins([...ownOrigin, ...options.allowedOrigins])
  let payloadOrigin: string | null = null
  const sent: SentCommand[] = []
  const answerListeners = new Set<() => void>()
  const logoutListeners = new Set<() => void>()

  const listener: MessageListener = (event) => {
    if (!trusted.includes(event.origin)) return
    let data: unknown = event.data
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {
        return
      }
    }
    const type = property(data, 'type')
    if (type !== bridgeMessageType && type !== logoutMessageType) return
    // A payload, `payload: null` (no borrower) or a logout: each answers `requestPayload`.
    for (const answered of [...answerListeners]) answered()
    if (type === logoutMessageType) {
      logoutListeners.forEach((listener) => listener())
      return
    }
    const refusals: RefusableField[] = []
    const payload = parseBridgePayload(property(data, 'payload'), refusals)
    refusals.forEach(refuse)
    if (!payload) return
    payloadOrigin = event.origin
    options.onPayload?.(payload, event.origin)
  }
  win.addEventListener('message', listener)

  const initialRefusals: RefusableField[] = []
  const initial = readInitialPayload(win, initialRefusals)
  // Read once: the token does not stay readable in a global for any script of the page's origin. A global the
  // host defined read-only stays (deleting it throws here); the page never reads it again.
  try {
    delete (win as unknown as Record<string, unknown>)[bridgeGlobalName]
  } catch {
    // See above.
  }
  // The token is in memory now; it must not stay in the address bar, the history or a Referer,
  // whichever copy the page read: a host may hand it both in the URL and in its global.
  scrubAddress(win)

  function deliver(command: BridgeCommand): BridgeDelivery {
    return deliverCommand(win, command, payloadOrigin ? [payloadOrigin] : frameHostOrigins(win, trusted))
  }

  // Reports in the order the refusals were made: each waits for the one before it.
  let reported = Promise.resolve()
  function refuse(field: RefusableField): void {
    reported = reported.then(() => import('./field-expectations.js')).then(({ fieldExpectations }) => {
      const expected = fieldExpectations[field]
      // The host's engineer reads the console in the WebView's inspector; the command reaches the app's own logs.
      console.error(`huaqian bridge: ${field} refused; expected ${expected}`)
      send({ command: 'payloadRefused', field, expected })
    })
  }

  function send(command: BridgeCommand): BridgeDelivery {
    const via = deliver(command)
    sent.push({ command, via })
    return via
  }

  initialRefusals.forEach(refuse)

  return {
    initial: initial?.payload ?? null,
    initialSource: initial?.source ?? null,
    send,
    payloadSettled(timeoutMs = payloadRequestTimeoutMs) {
      if (!asksHostForPayload(win, initial)) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const done = () => {
          answerListeners.delete(done)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        answerListeners.add(done)
        send({ command: 'requestPayload' })
      })
    },
    get sent() {
      return sent
    },
    refuse,
    onLogout(listener) {
      logoutListeners.add(listener)
    },
    dispose() {
      win.removeEventListener('message', listener)
    },
  }
}
