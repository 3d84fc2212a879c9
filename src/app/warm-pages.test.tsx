// @vitest-environment jsdom
import { waitFor } from '@testing-library/react'
import { createContext, use, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { expect, test, vi } from 'vitest'
import { RestOfScreen } from '../pages/screen-kit'
import { lazyPage, type PageModule } from '../ui/lazy-page'
import { preloadAndWarm, warmPage } from './warm-pages'

/*
 * Warming a page runs its render once, out of sight, before the borrower reaches it. It
 * must be only that: none of the page's effects may run (they send events, load, focus), nothing may
 * reach the document, and a page that cannot render outside its own state must fail silently.
 */

// What the page's own providers hand it (the app's handles, the shared translation), as the page reads it.
const Around = createContext('missing')

test('a warmed page is rendered once, with the context given, and none of its effects runs', async () => {
  const seen = { renders: 0, effects: 0, layoutEffects: 0, context: '' }
  function Page() {
    seen.renders += 1
    seen.context = use(Around)
    useEffect(() => void (seen.effects += 1), [])
    useLayoutEffect(() => void (seen.layoutEffects += 1), [])
    return <p>a warmed page</p>
  }
  const before = document.body.innerHTML
  warmPage(Page, (page: ReactNode) => <Around value="given">{page}</Around>)
  await waitFor(() => expect(seen.renders).toBeGreaterThan(0))
  // Time for a commit's effects, had there been any.
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(seen.renders).toBeGreaterThan(0)
  expect(seen.context).toBe('given')
  expect(seen.effects).toBe(0)
  expect(seen.layoutEffects).toBe(0)
  expect(document.body.innerHTML).toBe(before)

  // Once per page: a second warming does nothing.
  const renders = seen.renders
  warmPage(Page, (page) => page)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(seen.renders).toBe(renders)
})

test("a page's RestOfScreen is warmed with its top", async () => {
  // On a shown screen it waits for the first paint, which a page warmed hidden never has: unwarmed,
  // the borrower's first sight of that part pays for compiling it.
  const rendered = { top: 0, rest: 0 }
  function Top() {
    rendered.top += 1
    return <p>first fields</p>
  }
  function Agreements() {
    rendered.rest += 1
    return <p>agreements</p>
  }
  function Page() {
    return (
      <>
        <Top />
        <RestOfScreen>
          <Agreements />
        </RestOfScreen>
      </>
    )
  }
  warmPage(Page, (page) => page)
  await waitFor(() => expect(rendered.top).toBeGreaterThan(0))
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(rendered.rest).toBeGreaterThan(0)
})

test('a page that throws outside its own state is warmed silently', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  // React reports an uncaught render error through `reportError`: a window error event.
  const reported: unknown[] = []
  const onError = (event: ErrorEvent) => {
    reported.push(event.error)
    event.preventDefault()
  }
  window.addEventListener('error', onError)
  let attempts = 0
  function Broken(): ReactNode {
    attempts += 1
    throw new Error('no plan in this state')
  }
  warmPage(Broken, (page) => page)
  await waitFor(() => expect(attempts).toBeGreaterThan(0))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(attempts).toBeGreaterThan(0)
  expect(errors).not.toHaveBeenCalled()
  expect(reported).toEqual([])
  window.removeEventListener('error', onError)
  errors.mockRestore()
})

test('a page whose download failed is not warmed then, and is warmed once a later download arrives', async () => {
  let renders = 0
  function Page() {
    renders += 1
    return <p>the next form</p>
  }
  const downloads = [() => Promise.reject(new Error('offline')), () => Promise.resolve<PageModule<object>>({ default: Page })]
  const NextPage = lazyPage(() => downloads.shift()!())
  const now = (task: () => void) => task()

  await preloadAndWarm(NextPage, (page) => page, now)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(renders).toBe(0)

  await preloadAndWarm(NextPage, (page) => page, now)
  await waitFor(() => expect(renders).toBeGreaterThan(0))
})
