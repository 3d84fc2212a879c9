import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import en from '../../locales/en.json'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { testSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'
import { testClock } from '../support/test-client'
import { assetInput, basicInput, contactsInput, debitCard, throughFace } from '../support/test-flows'

/*
 * What a host app's WebView does to the page, in Chromium at a phone's size: the soft keyboard takes the lower part
 * of the screen, the app goes to the background and comes back (timers stop, the page is hidden), and the host's
 * Back key calls history.back().
 */

const { sandbox: sb, browser } = testSandboxAndBrowser({ clock: testClock(Date.now()) })
const phone = '13800000001'
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** A new borrower of the approve persona, through contacts on the sandbox, with the page open at home. */
async function borrowerAtHome(): Promise<Page> {
  await sb.raw('/sandbox/reset', { method: 'POST' })
  const { token } = await sb.login(phone)
  const face = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: basicInput(face.id, face.identity) })
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: assetInput(face.id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  const { user } = await loginPersona(sb.url, phone)
  // Replacing the blank first entry: a WebView's history starts at the page, with nothing before it.
  await page.evaluate((url) => location.replace(url), pageUrl(sb.url, { lang: 'en' }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
  await onScreen(page, 'home')
  return page
}

async function onScreen(page: Page, screen: string): Promise<void> {
  const main = page.locator(`main[data-screen="${screen}"]`)
  await main.waitFor({ timeout: 30_000 })
  await expect.poll(() => main.getAttribute('aria-busy'), { timeout: 30_000 }).not.toBe('true')
}

async function toBankCardWithCode(page: Page): Promise<void> {
  await button(page, en.screens.home.continue).click()
  await onScreen(page, 'bankCard')
  await page.getByLabel(en.screens.card.number).fill(debitCard)
  await page.getByLabel(en.screens.card.phone).fill(phone)
  await button(page, en.screens.sms.send).click()
  await page.getByTestId('sms-sent').waitFor()
}

const firstLender = (page: Page) => page.getByRole('button', { name: new RegExp(en.screens.match.choose.replace('{{name}}', '').trim()) }).first()

/** On the loan confirmation: the terms accepted, the SMS code sent and typed, the loan applied for. */
async function applyForLoan(page: Page): Promise<void> {
  await page.getByTestId('trial-apr').waitFor()
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await button(page, en.screens.sms.send).click()
  await page.getByTestId('sms-sent').waitFor()
  await page.getByLabel(en.screens.sms.code, { exact: true }).fill(await sb.smsCode(phone))
  await button(page, en.screens.lend.apply).click()
}

/** The element's box against the part of the screen the borrower sees: below the sticky bar, above the keyboard. */
async function seen(locator: ReturnType<Page['locator']>): Promise<{ top: number; bottom: number; viewTop: number; viewBottom: number }> {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const bar = document.querySelector('main .ui-nav-bar, main .nav-bar')?.getBoundingClientRect().bottom ?? 0
    const view = window.visualViewport
    return { top: rect.top, bottom: rect.bottom, viewTop: bar, viewBottom: view ? view.offsetTop + view.height : window.innerHeight }
  })
  return box
}

const inView = (box: Awaited<ReturnType<typeof seen>>) => box.top >= box.viewTop - 0.5 && box.bottom <= box.viewBottom + 0.5

// rules: webview-keyboard
test('with the soft keyboard open, the focused field and the screen’s primary button stay in view', { timeout: 120_000 }, async () => {
  const page = await borrowerAtHome()
  await toBankCardWithCode(page)
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  const code = page.getByLabel(en.screens.sms.code, { exact: true })
  const bind = button(page, en.screens.card.bind)
  // A keyboard of 336 px (a common Android height at 375 px wide) shrinks what the WebView shows.
  await page.evaluate(() => window.scrollTo(0, 0))
  await code.focus()
  await page.setViewportSize({ width: 375, height: 812 - 336 })
  await expect.poll(async () => inView(await seen(code)), { timeout: 10_000 }).toBe(true)
  await expect.poll(async () => inView(await seen(bind))).toBe(true)
  await page.screenshot({ path: screenshotPath('webview-keyboard-bank-card') })
  // Typing goes on into the field, and the keyboard closing gives the screen back.
  await page.keyboard.type(await sb.smsCode(phone))
  expect(await code.inputValue()).toHaveLength(6)
  await page.setViewportSize({ width: 375, height: 812 })
  expect(inView(await seen(bind))).toBe(true)
  await page.context().close()
})

/**
 * The app goes to the background for `awayMs` and comes back: the page is told it is hidden, its script stops
 * (a WebView's timers pause with the app), `meanwhile` runs, then the script goes on and the page is visible.
 */
async function inBackground(page: Page, awayMs: number, meanwhile: () => void = () => {}): Promise<void> {
  const visibility = (hidden: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  await page.evaluate(visibility, true)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Debugger.enable')
  await cdp.send('Debugger.pause')
  meanwhile()
  await new Promise((resolve) => setTimeout(resolve, awayMs))
  await cdp.send('Debugger.resume')
  await cdp.send('Debugger.disable')
  await cdp.detach()
  await page.evaluate(visibility, false)
}

/** Every API call the page makes, with when it left. */
function callLog(page: Page): { url: string; at: number }[] {
  const calls: { url: string; at: number }[] = []
  page.on('request', (request) => {
    if (/\/(api|v2)\//.test(request.url())) calls.push({ url: `${request.method()} ${request.url()}`, at: Date.now() })
  })
  return calls
}

/** No call made twice at once: the same call again within 300 ms is a poll doubled by the return to the foreground. */
function doubled(calls: { url: string; at: number }[], since: number): string[] {
  const after = calls.filter((call) => call.at >= since)
  return after.filter((call, index) => after.slice(0, index).some((before) => before.url === call.url && call.at - before.at < 300)).map((call) => call.url)
}

// rules: webview-background
test('in the background and back during the SMS countdown, the review poll and the disbursement poll: the countdown shows the true time left, no call is lost or doubled', { timeout: 180_000 }, async () => {
  const page = await borrowerAtHome()
  const calls = callLog(page)
  await toBankCardWithCode(page)
  const resend = page.getByRole('button', { name: /^Resend in \d+ s$/ })
  const secondsLeft = async () => Number((await resend.textContent())?.match(/\d+/)?.[0])
  const shownAt = Date.now()
  const shown = await secondsLeft()
  const typed = await sb.smsCode(phone)
  await page.getByLabel(en.screens.sms.code, { exact: true }).fill(typed)
  await inBackground(page, 5_000)
  // The deadline, not ticks counted while the script ran: at least the time away is gone from the count.
  await expect.poll(async () => {
    const before = Date.now()
    const left = await secondsLeft()
    const after = Date.now()
    return left <= shown - Math.floor((before - shownAt) / 1000) + 1 && left >= shown - Math.ceil((after - shownAt) / 1000) - 1
  }, { timeout: 10_000 }).toBe(true)
  expect(await page.getByLabel(en.screens.sms.code, { exact: true }).inputValue()).toBe(typed)
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await button(page, en.screens.card.bind).click()

  // The review poll: the decision comes while the app is away; back in front, the poll goes on and finds it.
  await page.locator('main[data-screen="review"], main[data-screen="result"]').first().waitFor({ timeout: 30_000 })
  let back = Date.now()
  if ((await page.locator('main[data-screen="review"]').count()) > 0) {
    await inBackground(page, 3_000, () => sb.clock.advance(10_000))
    back = Date.now()
  }
  await onScreen(page, 'result')
  expect(doubled(calls, back)).toEqual([])
  await button(page, en.screens.result.continue).click()
  await onScreen(page, 'match')
  await firstLender(page).click()
  await onScreen(page, 'lendConfirm')
  await applyForLoan(page)

  // The disbursement poll: the money goes out while the app is away.
  await onScreen(page, 'loanPlan')
  await inBackground(page, 3_000, () => sb.clock.advance(6_000))
  back = Date.now()
  await expect.poll(() => page.getByTestId('loan-status').textContent(), { timeout: 30_000 }).toBe(en.enums.loanStatus.repaying)
  expect(doubled(calls, back)).toEqual([])
  await page.screenshot({ path: screenshotPath('webview-background-loan-plan') })
  await page.context().close()
})

/** The host's Back key: history.back() on the WebView. Where it lands, which must be a screen with words on it. */
async function hostBack(page: Page): Promise<string> {
  await page.evaluate(() => history.back())
  const main = page.locator('main[data-screen]')
  await main.waitFor({ timeout: 30_000 })
  await expect.poll(() => main.getAttribute('aria-busy'), { timeout: 30_000 }).not.toBe('true')
  // Never a blank page: still the page, and a screen with a heading.
  expect(new URL(page.url()).origin).toBe(sb.url)
  expect((await page.locator('main[data-screen] h1').textContent())?.trim()).not.toBe('')
  return (await main.getAttribute('data-screen'))!
}

// rules: webview-back
test('the host’s Back at every screen goes where the one-way funnel allows, never to a blank page or past a committed step', { timeout: 180_000 }, async () => {
  const page = await borrowerAtHome()
  // Home is the first entry: Back has nowhere to go in the page (the host closes the WebView), and home stays.
  expect(await hostBack(page)).toBe('home')

  await button(page, en.screens.home.continue).click()
  await onScreen(page, 'bankCard')
  expect(await hostBack(page)).toBe('home')
  await toBankCardWithCode(page)
  await page.getByLabel(en.screens.sms.code, { exact: true }).fill(await sb.smsCode(phone))
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await button(page, en.screens.card.bind).click()
  // The card is bound: Back never offers the bank card screen again.
  await page.locator('main[data-screen="review"], main[data-screen="result"]').first().waitFor({ timeout: 30_000 })
  expect(await hostBack(page)).toBe('home')

  sb.clock.advance(10_000)
  // Home leads on to the review or its decision, whichever the server reports.
  const onward = page.getByRole('button', { name: new RegExp(`^(${en.screens.home.seeResult}|${en.screens.home.seeReview})$`) })
  await onward.click()
  await onScreen(page, 'result')
  // The decision ends a one-way step: it took home's place in the history, so Back has nowhere to go in the page.
  expect(await hostBack(page)).toBe('result')
  await button(page, en.screens.result.continue).click()
  await onScreen(page, 'match')
  expect(await hostBack(page)).toBe('result')
  await button(page, en.screens.result.continue).click()
  await onScreen(page, 'match')
  const lender = firstLender(page)
  await lender.click()
  await onScreen(page, 'lendConfirm')
  expect(await hostBack(page)).toBe('match')
  await lender.click()
  await onScreen(page, 'lendConfirm')
  await applyForLoan(page)
  await onScreen(page, 'loanPlan')
  sb.clock.advance(6_000)
  await expect.poll(() => page.getByTestId('loan-status').textContent(), { timeout: 30_000 }).toBe(en.enums.loanStatus.repaying)
  // Applied: Back never offers the confirmation that committed it.
  expect(['home', 'match', 'result', 'loanPlan']).toContain(await hostBack(page))
  expect(await page.locator('main[data-screen="lendConfirm"]').count()).toBe(0)

  if ((await page.locator('main[data-screen="home"]').count()) === 0) {
    await page.getByRole('button', { name: en.routes.home, exact: true }).click()
    await onScreen(page, 'home')
  }
  // Each pushed screen: Back goes to the one before, and the borrower comes forward again the same way.
  const pushed = async (screen: string, from: string, forward: () => Promise<void>) => {
    await forward()
    await onScreen(page, screen)
    expect(await hostBack(page)).toBe(from)
    await forward()
    await onScreen(page, screen)
  }
  await pushed('repayment', 'home', () => button(page, en.screens.home.repay).click())
  await pushed('repayDetail', 'repayment', async () => {
    await page.getByLabel('Period 1', { exact: true }).check()
    await button(page, en.screens.repay.next).click()
  })
  await pushed('paymentConfirm', 'repayDetail', () => button(page, en.screens.repay.toPay).click())
  await expect.poll(() => button(page, en.screens.pay.pay).isEnabled()).toBe(true)
  await button(page, en.screens.pay.pay).click()
  await page.locator('main[data-screen="repaymentResult"]').waitFor({ timeout: 30_000 })
  await expect.poll(() => page.getByTestId('repayment-outcome').textContent(), { timeout: 30_000 }).toBe(en.enums.repaymentOutcome.succeeded)
  // Paid: Back never offers the payment again.
  await hostBack(page)
  expect(await page.locator('main[data-screen="paymentConfirm"]').count()).toBe(0)
  await page.screenshot({ path: screenshotPath('webview-back-after-paying') })
  await page.context().close()
})
