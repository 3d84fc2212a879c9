import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { withLuhnDigit } from '../../server/banks'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { answerAssets, fillContacts } from '../support/funnel-en'
import { loginPersona, pageUrl, sentSmsCode } from '../support/sandbox'

/*
 * Walked by hand in a real browser against the sandbox: the approve persona goes from
 * the entry page to the loan plan and repays one period, by clicks and typing only. Along the way:
 * a reload on basic info resumes there with the typed fields, and Back after an SMS code was sent
 * never lands in a "code sent" state. The machine's poll delays and the sandbox clock are real.
 */

const { sandbox, browser } = pageSandboxAndBrowser()

const phone = '13800000001'
const steps: string[] = []
let shot = 0

const pageErrors: string[] = []

async function onScreen(page: Page, screen: string, timeout = 15_000): Promise<void> {
  try {
    await page.locator(`main[data-screen="${screen}"]`).waitFor({ timeout })
  } catch (error) {
    // What the borrower saw instead, for the person reading the failure.
    await page.screenshot({ path: screenshotPath(`walk-failure-${screen}`), fullPage: true })
    const shown = await page.locator('main').first().getAttribute('data-screen').catch(() => null)
    throw new Error(`expected screen ${screen}, saw ${shown} at ${page.url()}; page errors: ${pageErrors.join(' | ')}`, { cause: error })
  }
}

async function snap(page: Page, screen: string): Promise<void> {
  shot += 1
  // From the top, so the sticky bar sits where the borrower sees it in a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: screenshotPath(`walk-${String(shot).padStart(2, '0')}-${screen}`), fullPage: true })
}

const smsCode = (purpose: string) => sentSmsCode(sandbox.url, phone, purpose)

// rules: flow-order
test('a borrower walks from the entry page to the loan plan and repays one period', { timeout: 120_000 }, async () => {
  const started = Date.now()
  const mark = (label: string) => steps.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const { token, user } = await loginPersona(sandbox.url, phone)
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  const url = pageUrl(
    sandbox.url,
    { lang: 'en' },
    { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } },
  )
  await page.goto(url)

  // Boot goes home after the channel lookup (docs/product-rules.md#boot-and-login); home continues the application at
  // the step the server reports. The price shows APR first; agreements start unchecked.
  await onScreen(page, 'home')
  await snap(page, 'home')
  await page.getByRole('button', { name: 'Start an application' }).click()
  await onScreen(page, 'loanDemand')
  await page.getByTestId('trial-apr').waitFor()
  const apply = page.getByRole('button', { name: 'Apply now' })
  await page.getByLabel('Amount (yuan)').fill('20000')
  await page.getByLabel('Term').selectOption('6')
  await page.getByLabel('Purpose').selectOption('shopping')
  await expect.poll(() => page.getByText('Repayment schedule (6 payments)').isVisible()).toBe(true)
  expect(await page.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked))).toEqual([
    false,
    false,
    false,
    false,
  ])
  expect(await apply.isDisabled()).toBe(true)
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await expect.poll(() => apply.isEnabled()).toBe(true)
  await snap(page, 'loanDemand')
  await apply.click()
  mark('demand')

  // Face: two consents, then the vendor page in the frame; Pass there, and the result is polled.
  await onScreen(page, 'facialIdentification')
  await page.getByLabel(/Authorisation to Process Facial Information/).check()
  await page.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
  await snap(page, 'facialIdentification')
  await page.getByRole('button', { name: 'Start verification' }).click()
  await onScreen(page, 'webview')
  const vendor = page.frameLocator('iframe.webview-frame')
  await vendor.getByRole('button', { name: 'Pass' }).waitFor()
  await snap(page, 'webview')
  await vendor.getByRole('button', { name: 'Pass' }).click()
  mark('face')

  // Basic info: name and ID come from identification; the rest is typed and chosen.
  await onScreen(page, 'basicInfo', 30_000)
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('王晓明')
  expect(await page.getByLabel('ID card number').inputValue()).toMatch(/^11010519900512\d{3}[\dX]$/)
  await page.getByLabel('Education').selectOption('bachelor')
  await page.getByLabel('Marital status').selectOption('married')
  // The residence is the city picker: search the district, take the Beijing one.
  await page.getByRole('button', { name: /^Where you live/ }).click()
  const picker = page.getByRole('dialog')
  await picker.getByLabel('Search regions').fill('朝阳区')
  await picker.getByRole('button', { name: '北京市 北京市 朝阳区', exact: true }).click()
  await expect.poll(() => picker.isVisible()).toBe(false)
  await page.getByLabel('Street address').fill('建国路 88 号 6 栋')
  // A rule message shows next to its field before any call: a bad email, then fixed.
  await page.getByLabel(/^Email/).fill('not-an-email')
  await page.getByLabel(/^Email/).blur()
  await expect.poll(() => page.getByText('Enter a valid email address.').isVisible()).toBe(true)
  await page.getByLabel(/^Email/).fill('')

  // Reload here: the page resumes on basic info with what was typed. The token left the address
  // at intake, so the host hands the payload again on this load, as a native host
  // does with its global before the page runs.
  await context.addInitScript((payload) => {
    Object.assign(window, { __HUAQIAN_BRIDGE__: payload })
  }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } })
  await page.reload()
  await onScreen(page, 'basicInfo')
  await expect.poll(() => page.getByLabel('Street address').inputValue()).toBe('建国路 88 号 6 栋')
  expect(await page.getByLabel('Education').inputValue()).toBe('bachelor')
  expect(await page.getByLabel('Marital status').inputValue()).toBe('married')
  expect(await page.getByLabel('Full name').inputValue()).toBe('王晓明')
  await expect.poll(() => page.getByRole('button', { name: /^Where you live/ }).textContent()).toContain('北京市 北京市 朝阳区')
  await snap(page, 'basicInfo')
  await page.getByRole('button', { name: 'Next' }).click()
  mark('basic + reload')

  // Assets: every question answered.
  await onScreen(page, 'assetInfo')
  await answerAssets(page)
  await snap(page, 'assetInfo')
  await page.getByRole('button', { name: 'Next' }).click()

  // Contacts: the first an immediate relative; the sharing authorization.
  await onScreen(page, 'contact')
  await fillContacts(page)
  await snap(page, 'contact')
  await page.getByRole('button', { name: 'Next' }).click()
  mark('asset + contact')

  // Bank card: send the code, then Back twice (the bar's, then the browser's): never a "sent" state.
  await onScreen(page, 'bankCard')
  await page.getByLabel('Debit card number').fill(withLuhnDigit('622202000012345'))
  await page.getByLabel('Phone number registered with the bank').fill(phone)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByTestId('sms-sent').waitFor()
  await snap(page, 'bankCard-sent')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect.poll(() => page.getByTestId('sms-sent').count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Send code' }).isVisible()).toBe(true)
  await page.goBack()
  await onScreen(page, 'contact')
  expect(await page.getByTestId('sms-sent').count()).toBe(0)
  await page.getByRole('button', { name: 'Next' }).click()
  await onScreen(page, 'bankCard')
  expect(await page.getByTestId('sms-sent').count()).toBe(0)
  expect(await page.getByLabel('Verification code').count()).toBe(0)
  // Asking again within 60 s is refused; the code already sent still binds the card.
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByTestId('sms-sent').waitFor()
  await page.getByLabel('Verification code').fill(await smsCode('card'))
  await page.getByLabel(/Automatic Deduction Authorisation/).check()
  await snap(page, 'bankCard-code')
  await page.getByRole('button', { name: 'Add card' }).click()
  mark('bank card')

  // Review (about 3 s of server time, polled with backoff), then the approved result.
  await onScreen(page, 'review')
  await snap(page, 'review')
  await onScreen(page, 'result', 40_000)
  await page.getByTestId('result-apr').waitFor()
  await snap(page, 'result')
  mark('review')
  await page.getByRole('button', { name: 'Choose a lender' }).click()

  // Match: choose the first lender.
  await onScreen(page, 'match')
  const choose = page.getByRole('button', { name: /^Choose / }).first()
  await choose.waitFor()
  await snap(page, 'match')
  await choose.click()

  // Lend confirm: the lender's price, three agreements, the lender's card code, apply.
  await onScreen(page, 'lendConfirm')
  await page.getByTestId('trial-apr').waitFor()
  await page.getByLabel(/Loan Disclosure Statement/).check()
  await page.getByLabel(/Loan contract/).check()
  await page.getByLabel(/Third-party agreement/).check()
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByTestId('sms-sent').waitFor()
  await page.getByLabel('Verification code').fill(await smsCode('lender_card'))
  await snap(page, 'lendConfirm')
  await page.getByRole('button', { name: 'Confirm the loan' }).click()

  // Loan plan: the new loan and its schedule.
  await onScreen(page, 'loanPlan', 20_000)
  await page.getByTestId('loan-status').waitFor()
  expect(await page.getByRole('table', { name: 'Repayment schedule' }).locator('tbody tr').count()).toBe(6)
  await snap(page, 'loanPlan')
  mark('match + lend + plan')

  // The sandbox pays the loan out 5 s after applying; the plan follows it.
  await expect.poll(() => page.getByTestId('loan-status').textContent(), { timeout: 30_000 }).toBe('Repaying')

  // Repay one period: home → repayment → the first period → detail → confirm → result.
  await page.getByRole('button', { name: 'Back to home' }).click()
  await onScreen(page, 'home')
  await page.getByRole('button', { name: 'Repay' }).click()
  await onScreen(page, 'repayment')
  await page.getByLabel('Period 1', { exact: true }).check()
  await snap(page, 'repayment')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await onScreen(page, 'repayDetail')
  await page.getByTestId('repay-total').waitFor()
  await snap(page, 'repayDetail')
  await page.getByRole('button', { name: 'Go to payment' }).click()
  await onScreen(page, 'paymentConfirm')
  await expect.poll(() => page.getByRole('button', { name: 'Pay now' }).isEnabled()).toBe(true)
  await snap(page, 'paymentConfirm')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await onScreen(page, 'repaymentResult', 20_000)
  await expect.poll(() => page.getByTestId('repayment-outcome').textContent(), { timeout: 30_000 }).toBe('Repayment successful')
  await snap(page, 'repaymentResult')
  mark('repay')
  console.info(`walk timings: ${steps.join(', ')}`)
  await context.close()
})
