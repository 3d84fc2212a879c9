// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import path from 'node:path'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router-dom'
import { expect, test } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { goldenFile, parseGolden } from '../../machines/model/golden'
import { instrument } from '../../machines/model/instrument'
import { replayPath } from '../../machines/model/replay'
import { routeForState, type AppSnapshot } from '../../machines/routes'
import { AppHandlesContext, type AppHandles } from '../../src/app/app-context'
import { RouteProjection } from '../../src/app/route-projection'
import { entriesFor, specPaths } from './support/verify'
import { advanceWorld, startWorld, verifyFacts, type World } from './support/verify'
import { startSamples } from '../../machines/model/fixtures'

/*
 * The route projection (src/app/route-projection.tsx) over the golden paths, in jsdom: the real
 * component under a hash router, mirroring a real actor of the machine. After every step the URL
 * in the address bar and whether the projection pushed or replaced it must be what the
 * verification table says for the state (spec section 2, PRODUCT.md 3); a route step is the
 * borrower typing the spec's URL (or Back to it), which the projection must turn into the event,
 * and a refused URL must be put back. Cheap enough to run per mutant, unlike the React level.
 */

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

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

test.each(golden.map((g) => [g.path.id, g.path.goal, g] as const))('%s (%s): the URL follows the machine, push or replace as the table says', async (_id, _goal, g) => {
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

  const observe = async (snapshot: AnyMachineSnapshot): Promise<string[]> => {
    await flush()
    const mine = writes.slice(from)
    from = writes.length
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
    return [...verifyFacts(snapshot.value, world, { route }), ...query]
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
      const url = specPaths.get(to.slice(1))
      if (url === undefined) throw new Error(`the spec has no route for ${to}`)
      const search = new URLSearchParams(query ?? {}).toString()
      await act(async () => {
        original.push(null, '', `#${url}${search ? `?${search}` : ''}`)
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
  })
  container.remove()
  expect(result.failure).toBeNull()
})
