// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import type { ReactElement } from 'react'
import { TranslationProvider } from '../i18n/translation'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { initI18n } from '../i18n/init-i18n'
import { lazyPage, preloadPage, type PageModule } from './lazy-page'

type Props = { who: string }
function Greeting({ who }: Props): ReactElement {
  return <h1>Hello {who}</h1>
}
const greetingModule: PageModule<Props> = { default: Greeting }

/** A chunk download the test finishes by hand, counting how often the page asked for it. */
function controllableLoader() {
  const downloads: Array<{ resolve: (module: PageModule<Props>) => void; reject: (error: Error) => void }> = []
  const loader = vi.fn(
    () =>
      new Promise<PageModule<Props>>((resolve, reject) => {
        downloads.push({ resolve, reject })
      }),
  )
  return { loader, downloads }
}

let en: I18n
let zh: I18n
beforeAll(async () => {
  en = await initI18n('en')
  zh = await initI18n('zh-Hans')
})
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function show(element: ReactElement, i18n: I18n = en) {
  return render(<TranslationProvider i18n={i18n}>{element}</TranslationProvider>)
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
// fireEvent rather than user-event: Testing Library's async wrapper waits on a real setTimeout(0),
// which Vitest's fake timers never fire (it only advances Jest's).
const clickRetry = () => fireEvent.click(screen.getByRole('button', { name: 'Retry' }))

// rules: flow-routes
test('nothing is shown for the first 200 ms, then a loading indicator', async () => {
  const { loader } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="borrower" />)

  await wait(199)
  expect(screen.queryByRole('status')).toBeNull()
  expect(document.body.textContent).toBe('')

  await wait(1)
  expect(screen.getByRole('status').textContent).toBe('Loading…')
})

test('the loading indicator speaks the borrower’s language', async () => {
  const Page = lazyPage(controllableLoader().loader)
  show(<Page who="borrower" />, zh)
  await wait(200)
  expect(screen.getByRole('status').textContent).toBe('加载中…')
})

test('a page that arrives quickly appears without any loading indicator', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="Li Lei" />)

  await wait(150)
  await act(async () => downloads[0]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello Li Lei')

  await wait(1_000)
  expect(screen.queryByRole('status')).toBeNull()
})

// rules: flow-routes
test('after 60 s without the page the borrower sees an error and Retry loads the page', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="Han Meimei" />)

  await wait(59_999)
  expect(screen.getByRole('status')).toBeTruthy()
  expect(screen.queryByRole('alert')).toBeNull()

  await wait(1)
  expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.')
  expect(screen.queryByRole('status')).toBeNull()

  clickRetry()
  expect(loader).toHaveBeenCalledTimes(2)
  expect(screen.queryByRole('alert')).toBeNull()

  await act(async () => downloads[1]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello Han Meimei')
})

test('a failed download shows the error at once, and Retry tries the download again', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="borrower" />)

  await act(async () => downloads[0]?.reject(new Error('chunk 404')))
  expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.')

  clickRetry()
  await wait(200)
  expect(screen.getByRole('status')).toBeTruthy()

  await act(async () => downloads[1]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello borrower')
  expect(loader).toHaveBeenCalledTimes(2)
})

test('a retry that times out again offers Retry again', async () => {
  const { loader } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="borrower" />)

  await wait(60_000)
  clickRetry()
  await wait(60_000)
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  expect(loader).toHaveBeenCalledTimes(2)
})

test('a page that finally arrives after the timeout replaces the error', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  show(<Page who="borrower" />)

  await wait(60_000)
  expect(screen.getByRole('alert')).toBeTruthy()
  await act(async () => downloads[0]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello borrower')
})

test('a preloaded page renders at once, downloaded only once', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  const preloading = preloadPage(Page)
  downloads[0]?.resolve(greetingModule)
  expect(await preloading, 'the chunk is here').toBe(true)

  show(<Page who="again" />)
  expect(screen.getByRole('heading').textContent).toBe('Hello again')
  expect(loader).toHaveBeenCalledTimes(1)
})

test('a page shown while its preload is under way waits for that same download', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  void preloadPage(Page)
  show(<Page who="borrower" />)

  await act(async () => downloads[0]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello borrower')
  expect(loader).toHaveBeenCalledTimes(1)
})

test('a failed preload is harmless: the page downloads again when shown', async () => {
  const { loader, downloads } = controllableLoader()
  const Page = lazyPage(loader)
  const preloading = preloadPage(Page)
  downloads[0]?.reject(new Error('offline'))
  // It says the chunk is not here, so the page is not warmed in its loading state (`preloadAndWarm`, src/app/warm-pages.tsx).
  await expect(preloading).resolves.toBe(false)

  show(<Page who="borrower" />)
  expect(loader).toHaveBeenCalledTimes(2)
  await act(async () => downloads[1]?.resolve(greetingModule))
  expect(screen.getByRole('heading').textContent).toBe('Hello borrower')
})

test('custom delay and timeout are honoured', async () => {
  const Page = lazyPage(controllableLoader().loader, { delayMs: 50, timeoutMs: 1_000 })
  show(<Page who="borrower" />)
  await wait(50)
  expect(screen.getByRole('status')).toBeTruthy()
  await wait(950)
  expect(screen.getByRole('alert')).toBeTruthy()
})
