import { expect, test } from 'vitest'
import { newPhoneContext } from '../support/browser'
import { devSandboxAndBrowser } from '../support/browser-suite'
import { pageUrl } from '../support/sandbox'

/*
 * `npm run dev` as the README promises it: the sandbox with Vite's dev server on one port. React's
 * development build checks what production does not (StrictMode runs every effect twice), so a
 * page that works built can still fail here.
 */

const { sandbox, browser } = devSandboxAndBrowser()

// rules: bridge-ready
test('the dev server serves the page, which boots to login in English without a console error and tells its host ready once', { timeout: 120_000 }, async () => {
  const context = await newPhoneContext(browser, 'en-US')
  await context.addInitScript(() => {
    const sent: unknown[] = []
    Object.assign(window, { hostCommands: sent, webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => sent.push(message) } } } })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }))
  await page.locator('main[data-screen="login"]').waitFor({ timeout: 90_000 })
  expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Log in')
  expect(errors).toEqual([])
  // Strict mode commits the first screen twice; the host hears it once.
  const commands = () => page.evaluate(() => (window as unknown as { hostCommands: { command: string }[] }).hostCommands.map((sent) => sent.command))
  await expect.poll(commands).toContain('ready')
  expect((await commands()).filter((command) => command === 'ready')).toHaveLength(1)
  await context.close()
})

test('the sandbox still answers its own pages and the API beside the dev server', async () => {
  for (const path of ['/host/', '/docs/', '/config/init.json']) {
    expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(200)
  }
})
