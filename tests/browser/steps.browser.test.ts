import type { Route } from 'playwright-core'
import { expect, test } from 'vitest'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { fillBasicInfo, fillLoanDemand, walkToVendor } from '../support/funnel-en'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * Instant steps, in Chromium against the sandbox, by order of events rather
 * than by time: the call a tap starts leaves while the tap is being handled, not after the page has
 * re-rendered (axios read an XSRF cookie through the async Cookie Store API first: 40-60 ms at 4× CPU);
 * the pressed button keeps the focus while its call is out; the frame that first paints a new screen
 * holds only its top, the rest coming after it; and the liveness result is asked as the vendor's page
 * leaves, not after its return URL has loaded.
 */

const suite = pageSandboxAndBrowser()

declare global {
  interface Window {
    __order?: string[]
    __firstFrame?: number[]
    __saves?: number
  }
}

// Runs before the page's scripts: from the tap on, records each trial request sent and whether the
// tap was still being handled.
function recordOrder() {
  const order: string[] = []
  window.__order = order
  let tapped = false
  let inTap = false
  // Capture on window runs first and bubble on window last: React handles the click in between.
  window.addEventListener('click', () => (tapped = inTap = true), true)
  window.addEventListener('click', () => (inTap = false))
  const send = window.fetch
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = input instanceof Request ? input.url : String(input)
    if (tapped && /\/v2\/loan-trial/.test(url)) order.push(inTap ? 'trial sent in the tap' : 'trial sent after the tap')
    return send.call(this, input, init)
  }
}

// Runs before the page's scripts: counts the application saves the page sends, as it sends them, so a
// press that sent one is seen as soon as the press has been handled.
function countSaves() {
  window.__saves = 0
  const send = window.fetch
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    if (/\/v2\/loan-user\//.test(input instanceof Request ? input.url : String(input))) window.__saves = (window.__saves ?? 0) + 1
    return send.call(this, input, init)
  }
}

/** A borrower's page in English, logged in through the host's payload, with `instrument(arg)` run before the page's scripts. */
async function borrowerPage(phone: string, instrument?: (arg: string) => void, arg?: string) {
  const { token, user } = await loginPersona(suite.sandbox.url, phone)
  const context = await newPhoneContext(suite.browser, 'en-US')
  // tsx compiles with esbuild's keepNames, which wraps functions passed to the page in `__name`.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target' })
  if (instrument) await context.addInitScript(instrument, arg)
  const page = await context.newPage()
  await page.goto(pageUrl(suite.sandbox.url, { lang: 'en' }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
  return { context, page }
}

test('home → loan demand: the trial leaves in the tap', { timeout: 90_000 }, async () => {
  const { context, page } = await borrowerPage('13800000001', recordOrder)
  await page.getByRole('button', { name: 'Start an application' }).waitFor({ timeout: 30_000 })
  // The router follows the machine in an effect after home's paint: on a busy machine the button can be seen first.
  await page.waitForFunction(() => location.hash === '#/pages/home/index', undefined, { timeout: 30_000 })
  await page.getByRole('button', { name: 'Start an application' }).click()
  await page.getByTestId('trial-apr').waitFor({ timeout: 30_000 })
  const order = await page.evaluate(() => window.__order ?? [])
  expect(order[0]).toBe('trial sent in the tap')
  await context.close()
})

test('loan demand → face: the pressed button keeps the focus while its call is out, takes no second press, and is there to press again if the call fails', { timeout: 90_000 }, async () => {
  const { context, page } = await borrowerPage('13711000003', countSaves)
  await page.getByRole('button', { name: 'Start an application' }).click({ timeout: 30_000 })
  await fillLoanDemand(page)
  const held: Route[] = []
  await page.route('**/v2/loan-user/**', (route) => held.push(route))
  const apply = page.getByRole('button', { name: 'Apply now' })
  const focused = () => apply.evaluate((button) => button === document.activeElement)
  await apply.click()
  await expect.poll(() => held.length).toBe(1)
  expect(await focused()).toBe(true)
  // What a screen reader announces: the button is there and unavailable.
  expect(await page.getByRole('button', { name: 'Apply now', disabled: true }).count()).toBe(1)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Space')
  // A press is handled, and any call it makes sent, before the key's press returns.
  expect(await page.evaluate(() => window.__saves)).toBe(1)

  await held[0]!.abort('connectionfailed')
  await page.getByTestId('error-notice').waitFor({ timeout: 30_000 })
  expect(await apply.isEnabled()).toBe(true)
  expect(await focused()).toBe(true)
  await page.unroute('**/v2/loan-user/**')
  await page.keyboard.press('Enter')
  await page.locator('main[data-screen="facialIdentification"]').waitFor({ timeout: 30_000 })
  await context.close()
})

// Runs before the page's scripts: how many controls `screen` holds when it is first in the DOM, and
// in the frame that first paints it (a frame's callbacks run just before it is painted).
function recordFirstFrame(screen: string) {
  const seen: number[] = []
  window.__firstFrame = seen
  const selector = `main[data-screen="${screen}"]`
  const controls = () => document.querySelectorAll(`${selector} input, ${selector} select`).length
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return
    observer.disconnect()
    seen.push(controls())
    requestAnimationFrame(() => seen.push(controls()))
  })
  observer.observe(document, { childList: true, subtree: true })
}

test("basic info → assets: the answer's frame paints the screen's top, and its other questions come a frame later", { timeout: 90_000 }, async () => {
  const { context, page } = await borrowerPage('13711000002', recordFirstFrame, 'assetInfo')
  await (await walkToVendor(page)).getByRole('button', { name: 'Pass' }).click({ timeout: 30_000 })
  await fillBasicInfo(page)
  // A phone's CPU: unthrottled, a render queued before the frame often still lands after it, and the
  // check could not tell the two apart.
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.getByRole('button', { name: 'Next' }).click()
  const screen = page.locator('main[data-screen="assetInfo"]')
  await screen.getByRole('combobox').nth(6).waitFor({ timeout: 30_000 })
  const all = await screen.locator('input, select').count()
  const [inDom, firstFrame] = (await page.evaluate(() => window.__firstFrame)) ?? []
  expect(inDom).toBeGreaterThan(0)
  expect(firstFrame).toBe(inDom)
  expect(firstFrame).toBeLessThan(all)
  await context.close()
})

test('vendor Pass → the result is asked as the vendor leaves, and our page never loads inside its frame', { timeout: 90_000 }, async () => {
  const { context, page } = await borrowerPage('13711000001')
  const vendor = await walkToVendor(page)
  await vendor.getByRole('button', { name: 'Pass' }).waitFor({ timeout: 30_000 })

  const afterPass: string[] = []
  page.on('request', (request) => {
    const where = request.frame() === page.mainFrame() ? 'page' : 'frame'
    afterPass.push(`${where} ${request.resourceType()} ${new URL(request.url()).pathname}`)
  })
  await vendor.getByRole('button', { name: 'Pass' }).click()
  await page.locator('main[data-screen="basicInfo"]').waitFor({ timeout: 30_000 })
  expect(afterPass).toContain('page fetch /v2/biometric-verification')
  // The return URL is this page: loaded in the frame, it was a second copy of the product.
  expect(afterPass.filter((entry) => entry.startsWith('frame document'))).toEqual([])
  await context.close()
})
