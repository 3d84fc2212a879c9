// @vitest-environment jsdom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router-dom'
import { afterAll, afterEach, expect, test, vi } from 'vitest'
import { baseScript, loanUser, start } from '../../tests/support/test-kit'
import { AppHandlesContext, type AppHandles } from './app-context'
import { RouteProjection } from './route-projection'

/*
 * Back on the first screen the page shows (docs/product-rules.md#webview-back): a deep link, or a state
 * resumed in a new web view, has home beneath it, so the host's Back lands on home and never on a blank
 * page or out of the page; the page's own entries beneath (a reload) are left as they are.
 */

// React's act() outside Testing Library; put back after this file, as the next file in the worker renders as a page does.
vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
afterAll(() => vi.unstubAllGlobals())

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The address bar's route (the hash's path and query). */
const shown = () => window.location.hash.replace(/^#/, '') || '/'

/** Lets the router hear a history change and the projection's effects run. */
async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0))
  })
}

/** The page opened at `hash` on the history entry `state` describes: the real machine with scripted answers, the projection mounted once it is on `screen`. */
async function openAt(hash: string, state: unknown, screen: string) {
  window.history.replaceState(state, '', `#${hash}`)
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'contact' })
  const run = start(script, { input: { initialDeepLink: { path: hash } } })
  await run.until((s) => s.context.screen === screen)
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() =>
    root.render(
      <AppHandlesContext value={{ actor: run.actor, services: {} } as unknown as AppHandles}>
        <HashRouter>
          <RouteProjection />
        </HashRouter>
      </AppHandlesContext>,
    ),
  )
  cleanups.push(() => {
    act(() => root.unmount())
    container.remove()
    run.actor.stop()
  })
  await flush()
  return run
}

/** Back, as the host presses it, once the router has heard it. */
async function back(): Promise<void> {
  await act(async () => {
    const heard = new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }))
    window.history.back()
    await heard
  })
  await flush()
}

// rules: webview-back, flow-deep-link-clamp
test('a deep link opened in a new web view has home beneath it: Back lands on home', async () => {
  const run = await openAt('/pages/basicInfo/index', null, 'basicInfo')
  expect(shown()).toBe('/pages/basicInfo/index')
  await back()
  expect(shown()).toBe('/pages/home/index')
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: webview-back, flow-router-projection
test("a reload on a screen above the page's own entries writes nothing beneath it", async () => {
  // The entry the router numbered 1 when the borrower reached it: home is already beneath, at 0.
  window.history.replaceState({ usr: null, key: 'home', idx: 0 }, '', '#/pages/home/index')
  window.history.pushState({ usr: null, key: 'basic', idx: 1 }, '', '#/pages/basicInfo/index')
  const length = window.history.length
  await openAt('/pages/basicInfo/index', window.history.state, 'basicInfo')
  expect(window.history.length).toBe(length)
  expect(shown()).toBe('/pages/basicInfo/index')
  await back()
  expect(shown()).toBe('/pages/home/index')
})
