// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import path from 'node:path'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router-dom'
import { afterAll, expect, test, vi } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { actionOf, goldenFile, parseGolden } from './engine/golden'
import { instrument } from './engine/instrument'
import type { ModelPath } from './engine/model-path'
import { replayPath } from './engine/replay'
import { routeForState, type AppSnapshot } from '../../machines/routes'
import { AppHandlesContext, type AppHandles } from '../../src/app/app-context'
import { RouteProjection } from '../../src/app/route-projection'
import { entriesFor, specPaths } from '../support/verify'
import { advanceWorld, startWorld, verifyFacts, type World } from '../support/verify'
import { startSamples } from './engine/fixtures'

/*
 * The route projection (src/app/route-projection.tsx) over the golden paths, in jsdom: the real
 * component under a hash router, mirroring a real actor of the machine. After every step the URL
 * in the address bar and whether the projection pushed or replaced it must be what the
 * verification table says for the state (docs/product-rules.md#screens-and-flow); a route step is the
 * borrower typing the spec's URL (or Back to it), which the projection must turn into the event,
 * and a refused URL must be put back. Cheap enough to run per mutant, unlike the React level.
 */

// React's act() outside Testing Library; put back after this file, as the next file in the worker renders as a page does.
vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
afterAll(() => vi.unstubAllGlobals())

const model = instrument(appMachine)
const golden = parseGolden(readFileSync(path.join(path.resolve(import.meta.dirname, '../..'), goldenFile), 'utf8'))

/** The projection's own history writes (the router's state-only writes carry no URL); the borrower's typing goes around them. */
const writes: { kind: 'push' | 'replace'; url: string }[] = []
const original = { push: window.history.pushState.bind(window.history), replace: window.history.replaceState.bind(window.history) }
window.history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
  if (url) writes.push({ kind: 'push', url: String(url) })
  original.push(data, unused, url)
}
window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
  if (url) writes.push({ kind: 'replace', url: String(url) })
  original.replace(data, unused, url)
}

/** The page's URL as the router reads it: the hash's path. */
function shownPath(): string {
  const hash = window.location.hash.replace(/^#/, '') || '/'
  return hash.split('?')[0] ?? hash
}

/** The query of the page's URL (after the hash's path). */
function shownQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.hash.split('?')[1] ?? ''))
}

/**
 * After the borrower typed a URL (or went Back to it): taken, the URL is already in the address bar and the
 * projection writes nothing (a second entry would make Back stay on the page); refused, the projection puts the
 * machine's URL back in its place with replace, never push (Back would reach the refused URL again).
 */
function typedProblems(typed: string, snapshot: AnyMachineSnapshot, mine: { kind: 'push' | 'replace'; url: string }[]): string[] {
  const named = routeForState(snapshot as unknown as AppSnapshot)
  if (named === null) return []
  const query = new URLSearchParams(named.query ?? {}).toString()
  const href = `${named.path}${query ? `?${query}` : ''}`
  if (href === typed) return mine.length === 0 ? [] : [`the typed URL ${typed} was taken, yet the projection wrote ${mine.map((w) => `${w.kind} ${w.url}`).join(', ')}`]
  return mine.length > 0 && mine.every((w) => w.kind === 'replace') && `#${href}` === mine.at(-1)!.url.replace(/^[^#]*/, '')
    ? []
    : [`the typed URL ${typed} led to ${href}, which must replace it; the projection wrote ${mine.map((w) => `${w.kind} ${w.url}`).join(', ') || 'nothing'}`]
}

/** The route the table names for a state (the innermost entry that names one), or undefined for the opener's. */
function tableRoute(snapshot: AnyMachineSnapshot): { path: string; history: string } | null | undefined {
  let route: { path: string; history: string } | null | undefined
  for (const entry of entriesFor(snapshot.value).entries) if (entry.facts?.route !== undefined) route = entry.facts.route
  return route
}

async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0))
  })
}

// rules: flow-router-projection, flow-back-not-substate
test.each(golden.map((g) => [g.path.id, g.path.goal, g] as const))('%s (%s): the URL follows the machine, push or replace as the table says', async (_id, _goal, g) => {
  expect(await project(g.path)).toBeNull()
})

/** A URL of no page, typed by the borrower (`to` is the URL itself). */
const nowhere = { label: 'typed /pages/nowhere/index', do: { kind: 'event', event: { type: 'xstate.route', to: '#/pages/nowhere/index' } }, expect: {} } as unknown as ModelPath['steps'][number]

test.each(['home.ready', 'repayment.ready', 'overlay.privacy.ready'])('a URL of no page typed at %s is replaced by the page shown, and the machine stays', async (state) => {
  const g = golden.find((p) => p.shows.at(-1)!.state.endsWith(state))
  if (g === undefined) throw new Error(`no golden path ends at ${state}`)
  expect(await project({ ...g.path, steps: [...g.path.steps, nowhere] })).toBeNull()
})

// rules: webview-back
test('a deep link to the lender match opened first in the web view: home lies beneath it, so Back lands on home', async () => {
  // An approved borrower at boot (docs/product-rules.md#boot-login-gate): the link's screen opens, over nothing of the page's.
  const boot = ['resolveBaseUrl.done:sandbox', 'lookupChannel.done:loginNotRequired', 'showUser.done:borrower', 'getLoanUserStatus.done:approved', 'showRewardProduct.done:onSale']
  const steps = boot.map((label) => ({ label, do: actionOf(label), expect: {} }) as unknown as ModelPath['steps'][number])
  const failure = await project({ ...golden[0]!.path, start: 'matchLink', steps })
  expect(shownPath()).toBe(specPaths.get('match'))
  // jsdom traverses on a zero-delay task; with no entry beneath, no popstate comes and the later timer ends the wait.
  await new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true })
    setTimeout(resolve, 1_000)
    window.history.back()
  })
  expect(shownPath(), 'Back from the linked screen').toBe(specPaths.get('home'))
  expect(failure).toBeNull()
})

/** Replays a path with the projection rendered; the first step whose URL or history write is wrong, or null. */
async function project(path: ModelPath): Promise<string | null> {
  const g = { path }
  const sample = startSamples.find((s) => s.name === g.path.start)
  if (!sample) throw new Error(`no start ${g.path.start}`)
  const start = sample.input.initialDeepLink?.path ?? '/'
  original.replace(null, '', `#${start}`)
  let world: World = startWorld(sample)
  let from = writes.length
  let routed = false
  let before: string | null | undefined
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)

  // The URL the borrower just typed, until the step is checked, and the first history write after it.
  let typed: string | null = null
  let typedFrom = 0
  const observe = async (snapshot: AnyMachineSnapshot): Promise<string[]> => {
    await flush()
    const mine = writes.slice(from)
    from = writes.length
    const own = typed === null ? [] : typedProblems(typed, snapshot, writes.slice(typedFrom))
    typed = null
    routed ||= mine.length > 0
    const wanted = tableRoute(snapshot)
    const changed = wanted !== undefined && (wanted === null ? null : wanted.path) !== before
    if (wanted !== undefined) before = wanted === null ? null : wanted.path
    const history = changed ? (mine.at(-1)?.kind ?? null) : null
    // While booting the entry page shows and the projection writes nothing.
    const route = routed ? { path: shownPath(), history } : null
    // The query is the page's own (an agreement's key, the vendor's page): the machine-level checks hold the
    // machine's route query to what the borrower opened (machine-checks.ts), here the URL must carry it.
    const named = routed ? routeForState(snapshot as unknown as AppSnapshot) : null
    const query = named === null || isDeepStrictEqual(shownQuery(), named.query ?? {}) ? [] : [`the URL's query is ${JSON.stringify(shownQuery())}, the page's is ${JSON.stringify(named.query ?? {})}`]
    return [...verifyFacts(snapshot.value, world, { route }), ...query, ...own]
  }

  const result = await replayPath(model, g.path, {
    attach: (actor) => {
      const handles = { actor, services: {} } as unknown as AppHandles
      act(() =>
        root.render(
          <AppHandlesContext value={handles}>
            <HashRouter>
              <RouteProjection />
            </HashRouter>
          </AppHandlesContext>,
        ),
      )
      return () => act(() => root.unmount())
    },
    // A route step is the borrower's URL: typed (or Back), the router hears it, the projection sends the event.
    perform: async (action) => {
      if (action.kind !== 'event' || action.event.type !== 'xstate.route') return false
      const { to, query } = action.event as unknown as { to: string; query?: Record<string, string> }
      const url = specPaths.get(to.slice(1)) ?? (to.startsWith('#/') ? to.slice(1) : undefined)
      if (url === undefined) throw new Error(`the spec has no route for ${to}`)
      const search = new URLSearchParams(query ?? {}).toString()
      typed = `${url}${search ? `?${search}` : ''}`
      typedFrom = writes.length
      await act(async () => {
        original.push(null, '', `#${typed}`)
        window.dispatchEvent(new PopStateEvent('popstate'))
      })
      from = writes.length
      return true
    },
    verifier: () => ({
      start: observe,
      step: (step, snapshot, output) => {
        world = advanceWorld(world, step.do, output)
        return observe(snapshot)
      },
    }),
    compare: () => [],
    // Each step re-renders the projection, so React is told (act) and finishes before the step is checked.
    within: (work) => act(work),
  })
  container.remove()
  return result.failure
}
