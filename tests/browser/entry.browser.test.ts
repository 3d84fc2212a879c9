import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * Proven in a real browser against the sandbox: the entry route boots (intake, base
 * URL from the init config file, a signed channel lookup) and moves on where the spec says, in
 * the active locale.
 */

const { sandbox, browser } = pageSandboxAndBrowser()

async function openPage(url: string, locale = 'zh-CN'): Promise<{ page: Page; apiRequests: string[] }> {
  const context = await newPhoneContext(browser, locale)
  const page = await context.newPage()
  const apiRequests: string[] = []
  page.on('request', (request) => {
    if (/\/(api|v2)\//.test(request.url())) apiRequests.push(request.url())
  })
  await page.goto(url)
  return { page, apiRequests }
}

// rules: boot-channel-lookup, boot-login-gate, boot-defaults
test('without a token the entry page looks up the channel and goes to login, in zh-Hans', async () => {
  const { page, apiRequests } = await openPage(pageUrl(sandbox.url, {}))
  await page.waitForURL(/#\/pages\/login\/index/)
  expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans')
  await expect.poll(() => page.locator('h1').first().textContent()).toBe('登录')
  expect(apiRequests).toContain(`${sandbox.url}/api/channel/app-test`)
  await page.screenshot({ path: screenshotPath('entry-zh-Hans-login') })
  await page.context().close()
})

test('a borrower handed over by the host boots to home, in English', async () => {
  const { token, user } = await loginPersona(sandbox.url, '13800000001')
  const { page, apiRequests } = await openPage(
    pageUrl(sandbox.url, { lang: 'en' }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }),
    'en-US',
  )
  await page.waitForURL(/#\/pages\/home\/index$/)
  expect(await page.getAttribute('html', 'lang')).toBe('en')
  await expect.poll(() => apiRequests.some((url) => url.endsWith('/v2/loan-user-status'))).toBe(true)
  await page.screenshot({ path: screenshotPath('entry-en-home') })
  await page.context().close()
})

// rules: boot-failure-retry
test('an unknown channel stops boot with the reason and a retry, in the active locale', async () => {
  const { page } = await openPage(pageUrl(sandbox.url, { lang: 'fr', channel: 'no-such-channel' }), 'fr-FR')
  const alert = page.getByRole('alert')
  await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('Échec de la recherche du canal')
  await expect.poll(() => page.getByRole('button', { name: 'Réessayer' }).isVisible()).toBe(true)
  await page.screenshot({ path: screenshotPath('entry-fr-channel-failed') })
  await page.context().close()
})

// rules: security-base-url
test('a hostile baseUrl in the bridge payload never receives the token', async () => {
  const { token, user } = await loginPersona(sandbox.url, '13800000002')
  const context = await newPhoneContext(browser)
  const page = await context.newPage()
  const foreign: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.origin !== sandbox.url) {
      foreign.push(route.request().url())
      return route.abort()
    }
    return route.continue()
  })
  await page.goto(pageUrl(sandbox.url, {}, { token, userId: user.user_id, baseUrl: 'https://evil.example.com' }))
  await page.waitForURL(/#\/pages\/home\/index$/)
  expect(foreign).toEqual([])
  await context.close()
})

// rules: flow-deep-link-clamp
test('a host opening the page at an agreement link, in a web view that showed home before, lands on the agreement', async () => {
  const { token, user } = await loginPersona(sandbox.url, '13800000001')
  const payload = { token, userId: user.user_id }
  const { page } = await openPage(pageUrl(sandbox.url, { lang: 'en' }, payload), 'en-US')
  await page.waitForSelector('main[data-screen="home"][aria-busy="false"]')
  // The earlier visit's snapshot is on the device; the new load's address asks for the agreement.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes('home')))).toBe(true)
  await page.goto(`${pageUrl(sandbox.url, { lang: 'en' }, payload)}#/pages/privacy/index?key=privacy&title=x`)
  await page.waitForSelector('main[data-screen="privacy"][aria-busy="false"]')
  expect(page.url()).toContain('#/pages/privacy/index?key=privacy')
  await page.context().close()
})
