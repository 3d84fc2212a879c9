import type { Page, Route } from 'playwright-core'
import { expect, test } from 'vitest'
import en from '../../locales/en.json'
import zhHans from '../../locales/zh-Hans.json'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * The built page in Chromium with its script broken: the entry chunk refused by the network, answered with
 * text that does not parse, or held back. The prerendered splash gives way to what to do in the borrower's
 * language, with a Reload, and a native host (the iOS handler, stood in for by an init script) hears
 * `loadFailed` with the reason. Held back past the bound, the page still starts once the chunk arrives: the
 * message goes and the host hears `ready`.
 */

const { sandbox, browser } = pageSandboxAndBrowser()
// The modern build's entry, not the legacy one's: the modern engine loads this one.
const entryChunk = /\/assets\/index-(?!legacy)[\w-]+\.js$/

async function openWithHost(
  locale: string,
  lang: string,
  breakEntry: (route: Route) => Promise<void> | void,
  { script = entryChunk, olderEngine = false } = {},
): Promise<{ page: Page; commands: () => Promise<unknown[]> }> {
  const context = await newPhoneContext(browser, locale)
  await context.addInitScript(() => {
    const sent: unknown[] = []
    Object.assign(window, { hostCommands: sent, webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => sent.push(message) } } } })
  })
  // An engine without structuredClone (Chrome 97, iOS 15.3) takes the legacy build, loaded by script elements.
  if (olderEngine) await context.addInitScript(() => delete (window as { structuredClone?: unknown }).structuredClone)
  const page = await context.newPage()
  await page.route(script, breakEntry)
  const { token, user } = await loginPersona(sandbox.url, '13800000001')
  await page.goto(pageUrl(sandbox.url, { lang }, { token, userId: user.user_id }))
  return { page, commands: () => page.evaluate(() => (window as unknown as { hostCommands: unknown[] }).hostCommands) }
}

// rules: boot-load-failed
test('the entry chunk refused by the network: the message in zh-Hans, and the host hears loadFailed', async () => {
  const { page, commands } = await openWithHost('zh-CN', 'zh-Hans', (route) => route.abort('connectionfailed'))
  const notice = page.getByTestId('load-failed')
  await notice.waitFor({ timeout: 20_000 })
  expect(await notice.getAttribute('role')).toBe('alert')
  expect(await notice.locator('h2').textContent()).toBe(zhHans.loadFailed.title)
  expect(await notice.locator('p').textContent()).toBe(zhHans.loadFailed.body)
  expect(await notice.getByRole('button', { name: zhHans.loadFailed.reload }).isVisible()).toBe(true)
  await expect.poll(commands).toContainEqual({ command: 'loadFailed', reason: 'error' })
  expect(await commands()).not.toContainEqual({ command: 'ready' })
  await page.screenshot({ path: screenshotPath('load-failed-zh-Hans-refused') })
  await page.context().close()
})

// rules: boot-load-failed
test('an entry chunk that does not parse: the message in English with a Reload that loads the page again', async () => {
  let broken = true
  const { page, commands } = await openWithHost('en-US', 'en', (route) => (broken ? route.fulfill({ contentType: 'text/javascript', body: 'export const = ;' }) : route.continue()))
  const notice = page.getByTestId('load-failed')
  await notice.waitFor({ timeout: 20_000 })
  expect(await notice.locator('h2').textContent()).toBe(en.loadFailed.title)
  expect(await notice.locator('p').textContent()).toBe(en.loadFailed.body)
  await expect.poll(commands).toContainEqual({ command: 'loadFailed', reason: 'error' })
  await page.screenshot({ path: screenshotPath('load-failed-en-syntax') })
  // The network mended, Reload starts the page: the host asked for its payload again and heard ready.
  broken = false
  await notice.getByRole('button', { name: en.loadFailed.reload }).click()
  await page.locator('main[data-screen]').waitFor({ timeout: 30_000 })
  await expect.poll(commands, { timeout: 30_000 }).toContainEqual({ command: 'ready' })
  expect(await page.getByTestId('load-failed').count()).toBe(0)
  await page.context().close()
})

// rules: boot-load-failed
test('on an older engine, the legacy polyfills refused by the network: the message at once, and the host hears loadFailed error', async () => {
  const { page, commands } = await openWithHost('en-US', 'en', (route) => route.abort('connectionfailed'), { script: /\/assets\/polyfills-legacy-[\w-]+\.js$/, olderEngine: true })
  const notice = page.getByTestId('load-failed')
  await notice.waitFor({ timeout: 20_000 })
  expect(await notice.locator('h2').textContent()).toBe(en.loadFailed.title)
  // A failed script element is an error as it happens, not the bound's timeout seconds later.
  await expect.poll(commands).toContainEqual({ command: 'loadFailed', reason: 'error' })
  expect(await commands()).not.toContainEqual({ command: 'loadFailed', reason: 'timeout' })
  await page.context().close()
})

// rules: boot-load-failed, bridge-ready
test('an entry chunk held back past the bound: the message and loadFailed timeout; once it arrives the page starts and says ready', async () => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const { page, commands } = await openWithHost('en-US', 'en', async (route) => {
    await held
    await route.continue()
  })
  const notice = page.getByTestId('load-failed')
  await notice.waitFor({ timeout: 30_000 })
  await expect.poll(commands).toContainEqual({ command: 'loadFailed', reason: 'timeout' })
  expect(await commands()).not.toContainEqual({ command: 'ready' })
  await page.screenshot({ path: screenshotPath('load-failed-en-timeout') })
  release()
  await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 })
  await expect.poll(commands, { timeout: 30_000 }).toContainEqual({ command: 'ready' })
  expect(await page.getByTestId('load-failed').count()).toBe(0)
  await page.context().close()
})

// rules: bridge-ready
test('a page that starts says ready once and never loadFailed', async () => {
  const { page, commands } = await openWithHost('zh-CN', 'zh-Hans', (route) => route.continue())
  await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 })
  await expect.poll(commands).toContainEqual({ command: 'ready' })
  const sent = (await commands()) as { command: string }[]
  expect(sent.filter((command) => command.command === 'ready')).toHaveLength(1)
  expect(sent.filter((command) => command.command === 'loadFailed')).toEqual([])
  expect(await page.getByTestId('load-failed').count()).toBe(0)
  await page.context().close()
})
