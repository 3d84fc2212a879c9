import type { Route } from 'playwright-core'
import { expect, test } from 'vitest'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * The built page opened by a host with a token: boot's calls (the channel lookup and home's three)
 * leave from the entry, while the machine's stages are still on the wire, and the machine takes
 * their answers: each call crosses the network once, and home shows the borrower's figures. Opened
 * without one, the page may have to ask the borrower to log in, and login's chunk comes with the
 * first screen instead.
 */

const { sandbox, browser } = pageSandboxAndBrowser()
const bootCalls = ['/api/channel/app-test', '/api/users/show', '/v2/loan-user-status', '/v2/reward-product/show']

for (const lang of ['zh-Hans', 'en']) {
  test(`with the request layer's stage held back, boot's calls still leave, once each, and home shows with them (${lang})`, async () => {
    const context = await newPhoneContext(browser, lang === 'en' ? 'en-US' : 'zh-CN')
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') asked.push(pathname)
    })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/start-machine-(?!legacy)[\w-]+\.js$/, async (route: Route) => {
      await held
      await route.continue()
    })
    const { token, user } = await loginPersona(sandbox.url, '13800000001')
    await page.goto(pageUrl(sandbox.url, { lang }, { token, userId: user.user_id }))
    await expect.poll(() => bootCalls.filter((call) => asked.includes(call)), { timeout: 20_000 }).toEqual(bootCalls)
    release()
    await page.locator('main[data-screen="home"][aria-busy="false"]').waitFor({ timeout: 30_000 })
    await expect(page.locator('main[data-screen="home"]').getByRole('button').first().isEnabled()).resolves.toBe(true)
    for (const call of bootCalls) expect(asked.filter((path) => path === call), call).toHaveLength(1)
    await context.close()
  })
}

test("login's chunk is announced with the first screen when the page was opened without a token, and not with one", async () => {
  const context = await newPhoneContext(browser, 'zh-CN')
  const page = await context.newPage()
  // The entry held back: every hint there is, is the starter's.
  await page.route(/\/assets\/index-(?!legacy)[\w-]+\.js$/, () => undefined)
  const announced = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href))
  const { token, user } = await loginPersona(sandbox.url, '13800000001')
  await page.goto(pageUrl(sandbox.url, {}, { token, userId: user.user_id }))
  await expect.poll(async () => (await announced()).some((href) => /\/start-machine-/.test(href)), { timeout: 10_000 }).toBe(true)
  expect((await announced()).some((href) => /\/login-page-/.test(href))).toBe(false)
  await page.goto(pageUrl(sandbox.url, {}))
  await expect.poll(async () => (await announced()).some((href) => /\/start-machine-/.test(href)), { timeout: 10_000 }).toBe(true)
  expect((await announced()).some((href) => /\/login-page-/.test(href))).toBe(true)
  await context.close()
})
