import type { SnapshotFrom } from 'xstate'
import type { AppEvent, appMachine } from './app.machine'
import type { ScreenName } from './screens'
import { screenForPath, screenPaths } from './screens'

/*
 * The router is a projection of the machine. Two pure functions:
 * - routeForState: machine state → the URL it should show (hash history) and how to get there;
 * - eventForLocation: a URL the borrower produced (Back, a typed or deep link) → the event to
 *   send. The machine accepts it (XState routable states: `route: {}` and `xstate.route`) or
 *   refuses it; after a refusal the adapter rewrites the URL with routeForState, `replace`.
 *
 * Push vs replace (for changes the machine makes):
 * - the URL changes only when the screen changes, never for sub-states ("code sent",
 *   "submitting", "paying", "paid" share their screen's URL), so Back can never land on them;
 * - `replace` when arriving on a screen that ends a one-way step, so Back does not offer the
 *   screen that committed it: home (after boot/login), login, review (after the card is
 *   bound), result, loanPlan (after applying) and repaymentResult (after paying);
 * - `push` for everything else, overlays included, so Back closes an overlay.
 */

export type AppSnapshot = SnapshotFrom<typeof appMachine>

export interface RouteTarget {
  path: string
  query?: Record<string, string>
  history: 'push' | 'replace'
}

export const replaceOnArrival: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'home',
  'login',
  'review',
  'result',
  'loanPlan',
  'repaymentResult',
])

/** The screen the state shows: a state's `meta.path` (e.g. the liveness webview) wins over `meta.screen`. */
export function screenForState(snapshot: AppSnapshot): ScreenName | null {
  let screen: ScreenName | null = null
  let path: ScreenName | null = null
  for (const meta of Object.values(snapshot.getMeta())) {
    if (meta?.path) path = meta.path
    else if (meta?.screen) screen = meta.screen
  }
  // The rights sheet has no page of its own: it shows over the screen that opened it.
  return path ?? screen ?? (snapshot.matches({ session: 'rights' }) ? snapshot.context.screen : null)
}

/** Where the URL should be; null while booting (the entry page shows the boot state). */
export function routeForState(snapshot: AppSnapshot): RouteTarget | null {
  if (snapshot.matches('boot')) return null
  const screen = screenForState(snapshot)
  if (screen === null) return null
  const history = replaceOnArrival.has(screen) ? 'replace' : 'push'
  const path = screenPaths[screen]
  if (screen === 'webview' && snapshot.matches({ session: { screens: 'facialIdentification' } })) {
    const url = snapshot.context.biometric?.verify_url
    return url ? { path, query: { url }, history } : { path, history }
  }
  const overlay = snapshot.context.overlay
  if (overlay !== null && overlay.page === screen && Object.keys(overlay.query).length > 0) {
    return { path, query: overlay.query, history }
  }
  return { path, history }
}

/** The event a URL change asks for, or null for a path the app does not know (rewrite it). */
export function eventForLocation(path: string, query: Record<string, string> = {}): AppEvent | null {
  const screen = screenForPath(path)
  if (screen === null || screen === 'login') return null
  return Object.keys(query).length > 0
    ? { type: 'xstate.route', to: `#${screen}`, query }
    : { type: 'xstate.route', to: `#${screen}` }
}
