import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * Elder mode as a borrower and a host turn it on, in Chromium against the sandbox. The sizes come
 * from the rules, not from the styles: body text is 14 px at the 375 px design width, 18 px in
 * elder mode on any width, and a host's fontScale multiplies either.
 */

const suite = pageSandboxAndBrowser()
const approve = '13800000001'

const bodyTextPx = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))
const elderClassOn = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('elder'))
const deviceFlag = (page: Page) => page.evaluate(() => localStorage.getItem('huaqian.elder'))

async function openHome(page: Page, extra: Record<string, unknown> = {}, lang = 'zh-Hans'): Promise<void> {
  const { token, user } = await loginPersona(suite.sandbox.url, approve)
  await page.goto(pageUrl(suite.sandbox.url, { lang }, { token, userId: user.user_id, ...extra }))
  await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 })
}

test('the home switch turns elder mode on, the device remembers it, and it turns off again', { timeout: 120_000 }, async () => {
  const context = await newPhoneContext(suite.browser)
  const page = await context.newPage()
  await openHome(page)
  const toggle = page.getByRole('button', { name: '大字模式', exact: true })
  expect(await toggle.getAttribute('aria-pressed')).toBe('false')
  expect(await bodyTextPx(page)).toBeCloseTo(14, 1)

  await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
  expect(await bodyTextPx(page)).toBeCloseTo(18, 1)
  expect(await deviceFlag(page)).toBe('1')
  // Amounts are named in words: the rights card's price reads as yuan.
  await page.getByText('19.90人民币', { exact: true }).waitFor()
  // One primary action a screen: the rights card's offer is drawn apart from the application's button.
  const filledButtons = await page.evaluate(() => {
    const fill = (b: Element) => getComputedStyle(b).backgroundColor
    const buttons = [...document.querySelectorAll('main .ui-entrance button')]
    return buttons.filter((b) => fill(b) === fill(buttons[0]!)).map((b) => b.textContent)
  })
  expect(filledButtons).toEqual(['开始申请'])

  // The next visit opens large from its first paint: the head script reads the flag.
  await page.reload({ waitUntil: 'commit' })
  await page.waitForFunction(() => document.body !== null)
  expect(await elderClassOn(page)).toBe(true)
  expect(await bodyTextPx(page)).toBeCloseTo(18, 1)
  await openHome(page)
  expect(await toggle.getAttribute('aria-pressed')).toBe('true')
  await toggle.click()
  await expect.poll(() => elderClassOn(page)).toBe(false)
  expect(await bodyTextPx(page)).toBeCloseTo(14, 1)
  expect(await deviceFlag(page)).toBeNull()
  await context.close()
})

test("the host's elderMode and fontScale apply for the visit without writing the device's flag", { timeout: 120_000 }, async () => {
  const context = await newPhoneContext(suite.browser)
  const page = await context.newPage()
  await openHome(page, { elderMode: true, fontScale: 1.5 })
  await expect.poll(() => elderClassOn(page), { timeout: 20_000 }).toBe(true)
  // 18 px × 1.5
  await expect.poll(() => bodyTextPx(page)).toBeCloseTo(27, 1)
  expect(await deviceFlag(page)).toBeNull()
  await context.close()

  const plain = await newPhoneContext(suite.browser)
  const other = await plain.newPage()
  await openHome(other, { fontScale: 2 })
  // 14 px × 2, elder mode off
  await expect.poll(() => bodyTextPx(other), { timeout: 20_000 }).toBeCloseTo(28, 1)
  expect(await elderClassOn(other)).toBe(false)
  // Out of range: dropped, the default size.
  await openHome(other, { fontScale: 3 })
  expect(await bodyTextPx(other)).toBeCloseTo(14, 1)
  await plain.close()
})
