import { expect, test } from 'vitest'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * In a real browser against the sandbox: what the HTML announces is what the page uses
 * (no file fetched twice because a preload did not match), every script comes brotli-compressed,
 * and the sanitiser (DOMPurify) is not downloaded until a screen needs it.
 */

const suite = pageSandboxAndBrowser()

test('a logged-in entry fetches each file once, compressed, and leaves DOMPurify for later', { timeout: 60_000 }, async () => {
  const { token, user } = await loginPersona(suite.sandbox.url, '13800000001')
  const context = await newPhoneContext(suite.browser, 'zh-CN')
  const page = await context.newPage()
  const requested: string[] = []
  // Each script's encoding as its answer arrives, awaited before the check: read in a response handler, a slow answer
  // was still unread when the check ran.
  const encodings = new Map<string, Promise<string | undefined>>()
  page.on('request', (request) => {
    requested.push(request.url())
    if (request.url().endsWith('.js')) encodings.set(request.url(), request.response().then(async (response) => (await response?.allHeaders())?.['content-encoding']))
  })
  await page.goto(pageUrl(suite.sandbox.url, {}, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
  await page.locator('main[data-screen="home"]').waitFor()
  // The approve persona's next screen is loan demand: its chunk is prefetched once home is idle,
  // without the sanitiser its agreement reader loads only when opened.
  await expect.poll(() => requested.some((url) => /\/loan-demand-page-[\w-]+\.js$/.test(url)), { timeout: 15_000 }).toBe(true)
  await page.waitForTimeout(500)

  const files = requested.filter((url) => new URL(url).pathname.startsWith('/assets/') || url.includes('/config/init.json'))
  const twice = files.filter((url, index) => files.indexOf(url) !== index)
  expect(twice).toEqual([])
  expect(files.filter((url) => url.includes('/config/init.json'))).toHaveLength(1)
  for (const url of files.filter((file) => file.endsWith('.js'))) expect(await encodings.get(url), url).toBe('br')

  expect(files.some((url) => /\/rich-html-[\w-]+\.js$/.test(url))).toBe(false)
  await context.close()
})
