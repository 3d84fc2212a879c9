import { expect, test } from 'vitest'
import { downloadedText, newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'
import { elderFlagKey } from '../support/display-modes'

/*
 * Save contract in the built page, in Chromium against the sandbox, with a native host injected
 * as an Android app injects its handler: the tap ends in the host's `openUrl`, and the URL it gets
 * is a one-time download of the signed contract (docs/product-rules.md#contract-keep).
 */

const suite = pageSandboxAndBrowser()
const repaying = { phone: '13800000004', name: '刘洋' }

// rules: contract-keep
test('Save contract on the loan plan hands the host a one-time download of the signed contract', { timeout: 120_000 }, async () => {
  const context = await newPhoneContext(suite.browser)
  await context.addInitScript(() => {
    const sent: unknown[] = []
    Object.assign(window, {
      __hostSent: sent,
      HuaqianAndroid: { postMessage: (message: string) => sent.push(JSON.parse(message)) },
    })
  })
  // In elder mode on a 320 px phone: the button is a large target and nothing scrolls sideways.
  await context.addInitScript((key) => localStorage.setItem(key, '1'), elderFlagKey)
  const page = await context.newPage()
  await page.setViewportSize({ width: 320, height: 812 })
  const { token, user } = await loginPersona(suite.sandbox.url, repaying.phone)
  await page.goto(`${pageUrl(suite.sandbox.url, { lang: 'zh-Hans' }, { token, userId: user.user_id })}#/pages/loanPlan/index`)
  await page.locator('main[data-screen="loanPlan"]').waitFor({ timeout: 30_000 })

  const save = page.getByRole('button', { name: '保存合同', exact: true })
  await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true)
  expect(await page.evaluate(() => document.documentElement.classList.contains('elder'))).toBe(true)
  expect((await save.boundingBox())?.height).toBeGreaterThanOrEqual(48)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await save.click()

  const openUrl = async () =>
    page.evaluate(() =>
      ((window as unknown as { __hostSent: { command: string; url?: string }[] }).__hostSent ?? []).filter((c) => c.command === 'openUrl'),
    )
  await expect.poll(async () => (await openUrl()).length, { timeout: 30_000 }).toBe(1)
  const [command] = await openUrl()
  const url = command?.url ?? ''
  expect(url).toMatch(new RegExp(`^${suite.sandbox.url}/v2/contract-download/[A-Za-z0-9_-]{32}$`))
  expect(url).not.toContain(token)

  const first = await fetch(url)
  expect(first.status).toBe(200)
  expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.html"$/)
  const contract = await first.text()
  expect(contract).toContain(repaying.name)
  expect(contract).toContain('还款计划')
  const second = await fetch(url)
  expect(second.status).toBe(410)

  // The borrower stays on the plan, with no error.
  expect(await page.locator('main').getAttribute('data-screen')).toBe('loanPlan')
  expect(await page.getByTestId('error-notice').count()).toBe(0)
  await context.close()
})

// rules: contract-keep
test('in a plain browser, with no host, the page starts the download itself and stays on the plan', { timeout: 120_000 }, async () => {
  const context = await newPhoneContext(suite.browser)
  const page = await context.newPage()
  const { token, user } = await loginPersona(suite.sandbox.url, repaying.phone)
  await page.goto(`${pageUrl(suite.sandbox.url, { lang: 'en' }, { token, userId: user.user_id })}#/pages/loanPlan/index`)
  await page.locator('main[data-screen="loanPlan"]').waitFor({ timeout: 30_000 })
  const save = page.getByRole('button', { name: 'Save contract', exact: true })
  await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true)

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), save.click()])
  expect(download.url()).toMatch(new RegExp(`^${suite.sandbox.url}/v2/contract-download/[A-Za-z0-9_-]{32}$`))
  const saved = await downloadedText(download)
  expect(saved).toContain('Repayment schedule')
  expect(saved).toContain(repaying.name)
  expect(await page.locator('main').getAttribute('data-screen')).toBe('loanPlan')
  await context.close()
})
