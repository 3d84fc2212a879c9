import type { Page, Request } from 'playwright-core'
import { expect, test } from 'vitest'
import { initI18n } from '../../src/i18n/init-i18n'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * A shared phone, as a host app drives it from the README alone: the page opened before anyone is
 * logged in, the token handed over later by message, reloads with the payload in the address, a
 * logout, another borrower, and a session that expires under one borrower while another logs in.
 * What one borrower typed comes back to them and never shows to anyone else.
 */

const { sandbox, browser } = pageSandboxAndBrowser()
const t = await initI18n('en').then((i18n) => (key: string): string => (i18n.t as (k: string) => string)(key))
let nextPhone = 13_700_044_000

async function newBorrower() {
  nextPhone += 1
  return loginPersona(sandbox.url, String(nextPhone))
}

async function onScreen(page: Page, screen: string): Promise<void> {
  await page.locator(`main[data-screen="${screen}"]:not([aria-busy="true"])`).waitFor({ timeout: 30_000 })
}

/** What the host does once its borrower logs in: hands the page the token, and nothing else. */
async function hostHandsToken(page: Page, token: string): Promise<void> {
  await page.evaluate((payload) => window.postMessage({ type: 'huaqian.bridge', payload }, window.location.origin), { token })
}

const amountField = (page: Page) => page.getByLabel(t('screens.demand.amount'), { exact: true })

/** From home to the loan demand form, where the borrower types an amount and leaves the field. */
async function typeDemand(page: Page, yuan: string): Promise<void> {
  await onScreen(page, 'home')
  await page.getByRole('button', { name: t('screens.home.start'), exact: true }).click()
  await onScreen(page, 'loanDemand')
  await amountField(page).fill(yuan)
  await amountField(page).blur()
}

async function demandShown(page: Page): Promise<string> {
  await onScreen(page, 'home')
  await page.getByRole('button', { name: t('screens.home.start'), exact: true }).click()
  await onScreen(page, 'loanDemand')
  return amountField(page).inputValue()
}

// rules: security-per-borrower, nothing-lost-drafts
test('a token that comes after boot keeps its borrower\'s drafts across a reload; a logout and the next borrower never see them', { timeout: 180_000 }, async () => {
  const first = await newBorrower()
  const second = await newBorrower()
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  const withoutToken: string[] = []
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/v2/') && !request.headers().authorization) withoutToken.push(request.url())
  })

  await page.goto(pageUrl(sandbox.url, { lang: 'en' }))
  await onScreen(page, 'login')
  await hostHandsToken(page, first.token)
  await typeDemand(page, '12300')

  // The host hands its payload to every load it makes.
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }, { token: first.token }))
  await onScreen(page, 'loanDemand')
  expect(await amountField(page).inputValue()).toBe('12300')

  // Logged out: the host opens the page with no payload.
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }))
  await onScreen(page, 'login')
  expect(await page.locator('body').innerText()).not.toContain('12300')
  expect(await page.locator('body').innerText()).not.toContain('12,300')

  await hostHandsToken(page, second.token)
  expect(await demandShown(page)).not.toBe('12300')
  expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0)

  // The first borrower back on the phone finds their own amount.
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }, { token: first.token }))
  expect(await demandShown(page).catch(() => amountField(page).inputValue())).toBe('12300')
  expect(withoutToken).toEqual([])
  await context.close()
})

// rules: security-per-borrower, flow-relogin-returns
test('a session that expires under one borrower and is taken up by another shows the other their own home, none of the first\'s drafts', { timeout: 180_000 }, async () => {
  const first = await newBorrower()
  const second = await newBorrower()
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }, { token: first.token }))
  await typeDemand(page, '45600')

  // The first borrower's session ends on the server: the next call, pricing the new amount, answers 401.
  let expired = false
  await page.route('**/v2/**', async (route) => {
    if (expired) return route.continue()
    expired = true
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 401, message: 'expired', data: null }) })
  })
  await amountField(page).fill('45700')
  await onScreen(page, 'login')

  await hostHandsToken(page, second.token)
  const shown = await demandShown(page)
  expect(['45600', '45700']).not.toContain(shown)
  expect(await page.locator('body').innerText()).not.toMatch(/45,[67]00/)

  // The same borrower logging in again after their own 401 goes back to where they were.
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }, { token: first.token }))
  expect(await demandShown(page).catch(() => amountField(page).inputValue())).toBe('45700')
  await context.close()
})

// rules: boot-channel-lookup
test('a later host payload that names a channel code does not replace the one the lookup answered', { timeout: 120_000 }, async () => {
  const borrower = await newBorrower()
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  const lookedUp = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/channel/'))
  await page.goto(pageUrl(sandbox.url, { lang: 'en' }, { token: borrower.token }))
  const answered = ((await (await lookedUp).json()) as { data: { channel_code: string } }).data.channel_code
  await onScreen(page, 'home')
  await page.evaluate((payload) => window.postMessage({ type: 'huaqian.bridge', payload }, window.location.origin), { token: borrower.token, channelCode: 'host-later' })
  const headers: string[] = []
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/v2/')) headers.push(request.headers()['channel-code'] ?? '')
  })
  await page.getByRole('button', { name: t('screens.home.start'), exact: true }).click()
  await onScreen(page, 'loanDemand')
  await amountField(page).fill('20000')
  await amountField(page).blur()
  await expect.poll(() => headers.length).toBeGreaterThan(0)
  expect(new Set(headers)).toEqual(new Set([answered]))
  await context.close()
})
