import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { eventForLocation, routeForState, type RouteTarget } from '../../machines/routes'
import { screenPaths } from '../../machines/screens'
import { useAppHandles } from './app-context'

/*
 * The router mirrors the machine and never decides. Machine → URL: when the
 * route the machine names changes, navigate there (push or replace, as routes.ts says). URL →
 * machine: when the borrower changes the URL (Back, a typed link), send the event routes.ts
 * derives; if the machine refuses, put its own URL back with `replace`.
 */

/** The routes the page starts from: Back from either leaves the page, as the host means it to. */
const roots: ReadonlySet<string> = new Set([screenPaths.home, screenPaths.login])

/**
 * Whether the address bar's entry is the first of the page's in this web view. The router numbers its
 * entries from the one it was created on (a reload keeps their numbers), so the page's own entries lie
 * beneath any entry numbered above 0.
 */
function firstEntry(win: Window): boolean {
  const state: unknown = win.history.state
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : 0
  return index === 0
}

function hrefOf(target: RouteTarget): string {
  const query = new URLSearchParams(target.query ?? {}).toString()
  return query ? `${target.path}?${query}` : target.path
}

function sameRoute(a: RouteTarget | null, b: RouteTarget | null): boolean {
  return (a === null ? null : hrefOf(a)) === (b === null ? null : hrefOf(b))
}

export function RouteProjection() {
  const { actor } = useAppHandles()
  const target = useSelector(actor, routeForState, sameRoute)
  const location = useLocation()
  const navigate = useNavigate()
  const current = location.pathname + location.search

  // `navigate` changes identity with every location change, so this effect also runs when only the
  // URL moved (Back): without remembering the route it last projected, it would push the machine's
  // previous route before the effect below tells the machine, and the two would ping-pong forever.
  const projected = useRef<string | null>(null)
  // URLs this component asked for and the router has not yet reported back. When the machine moves
  // twice before the router's location catches up (a poll answered at once, a restored snapshot
  // re-running its request), the first of those URLs arrives while the machine is already past it;
  // read as the borrower's doing, it would be sent to the machine as Back.
  const ownNavigations = useRef<string[]>([])
  const navigateOwn = (href: string, replace: boolean) => {
    ownNavigations.current.push(href)
    navigate(href, { replace })
  }
  useEffect(() => {
    // The machine may have moved since this render (an answer that came in between the commit and
    // its effects, as a deep link followed at boot on a loaded phone): project where it is now, or
    // the stale route's URL would come back as if the borrower had pressed Back.
    const live = routeForState(actor.getSnapshot())
    const href = live === null ? null : hrefOf(live)
    if (href === projected.current) return
    const first = projected.current === null
    projected.current = href
    if (live === null) return
    // The first screen shown is not home (a deep link, or a state resumed in a new web view) and nothing
    // of the page lies beneath it: home is written beneath, so Back lands on home, never on a blank page
    // or out of the page (docs/decisions/036-home-s-calls-beside-the-channel-lookup-and-home-beneath-a-first-screen.md).
    // Home's entry is written past the router, which never hears it: it is no move of the machine's.
    if (first && !roots.has(live.path) && firstEntry(window)) {
      window.history.replaceState(window.history.state, '', `#${screenPaths.home}`)
      navigateOwn(hrefOf(live), false)
      return
    }
    if (href === current) return
    navigateOwn(hrefOf(live), live.history === 'replace')
    // Only a change of the machine's route moves the URL here; URL changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, navigate])

  // The address the page was opened at is the machine's input (the boot deep link), never a move of
  // the borrower: read as one, `/` (loan demand's path) took a borrower already home to loan demand and
  // back, with a stray trial and home's calls twice. Kept until the URL first changes (StrictMode runs
  // this effect twice on mount).
  const openedAt = useRef<string | null>(current)
  useEffect(() => {
    if (current === openedAt.current) return
    openedAt.current = null
    const own = ownNavigations.current.indexOf(current)
    if (own !== -1) {
      ownNavigations.current.splice(0, own + 1)
      const wanted = routeForState(actor.getSnapshot())
      // The machine moved on meanwhile; its newer URL is already on the way (or is this one).
      if (wanted === null || ownNavigations.current.includes(hrefOf(wanted)) || hrefOf(wanted) === current) return
      navigateOwn(hrefOf(wanted), true)
      return
    }
    ownNavigations.current = []
    const wanted = routeForState(actor.getSnapshot())
    if (wanted === null || hrefOf(wanted) === current) return
    const event = eventForLocation(location.pathname, Object.fromEntries(new URLSearchParams(location.search)))
    if (event !== null) actor.send(event)
    const after = routeForState(actor.getSnapshot())
    if (after !== null && hrefOf(after) !== current) navigateOwn(hrefOf(after), true)
    // Runs for URL changes only; the machine's own moves are the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  return null
}
