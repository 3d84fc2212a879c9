import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { ensureBuiltPage, pageUrl } from '../support/sandbox'
import { startTestSandbox, type TestSandbox } from '../support/test-client'
import { assetInput, basicInput, contactsInput, debitCard, throughFace } from '../support/test-flows'
import { elderFlagKey } from '../support/display-modes'

/*
 * Screenshots of the screens a reviewer checks in elder mode, in zh-Hans and en, at 375 and 320 px:
 * home, loan demand, bank card with the SMS code, the loan plan's schedule (with Save contract),
 * repayment with an overdue period, and the saved contract document itself.
 *
 *   npx tsx tests/browser/elder-shots.ts      # writes artifacts/screenshots/elder-done/*.png
 *
 * Not part of `npm test`: its output is for eyes, the checks live in the screen tour.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const outDir = path.join(repoRoot, 'artifacts', 'screenshots', 'elder-done')
const locales = ['zh-Hans', 'en'] as const
const widths = [375, 320] as const
type Locale = (typeof locales)[number]

const copy = Object.fromEntries(
  locales.map((locale) => [locale, JSON.parse(readFileSync(path.join(repoRoot, 'locales', `${locale}.json`), 'utf8')) as Record<string, unknown>]),
) as Record<Locale, Record<string, unknown>>

function text(locale: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], copy[locale])
  if (typeof value !== 'string') throw new Error(`no ${key} in ${locale}`)
  return value
}

async function login(sb: TestSandbox, phone: string) {
  const { token, userId } = await sb.login(phone)
  return { token, userId }
}

async function openAt(page: Page, sb: TestSandbox, locale: Locale, phone: string, route: string, screen: string) {
  const { token, userId } = await login(sb, phone)
  await page.goto(`${pageUrl(sb.url, { lang: locale }, { token, userId })}#${route}`)
  await page.locator(`main[data-screen="${screen}"]`).waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') !== 'true', undefined, { timeout: 30_000 })
  return token
}

async function shot(page: Page, name: string): Promise<string> {
  const file = path.join(outDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** A new borrower whose application is saved up to the contacts: the bank card is next. */
async function atBankCard(sb: TestSandbox, phone: string) {
  const { token } = await login(sb, phone)
  const { id, identity } = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
}

async function run(browser: Browser, sb: TestSandbox): Promise<string[]> {
  const written: string[] = []
  let nextPhone = 13700000600
  for (const locale of locales) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: { width, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: locale === 'en' ? 'en-US' : 'zh-CN',
      })
      await context.addInitScript((key) => localStorage.setItem(key, '1'), elderFlagKey)
      const page = await context.newPage()
      const tag = `${locale}-${width}`

      await openAt(page, sb, locale, '13800000001', '/', 'home')
      written.push(await shot(page, `home-${tag}`))

      await openAt(page, sb, locale, '13800000001', '/pages/loanDemand/index', 'loanDemand')
      written.push(await shot(page, `loan-demand-${tag}`))

      const phone = String(nextPhone++)
      await atBankCard(sb, phone)
      await openAt(page, sb, locale, phone, '/pages/bankCard/index', 'bankCard')
      await page.getByLabel(text(locale, 'screens.card.number'), { exact: true }).fill(debitCard)
      await page.getByLabel(text(locale, 'screens.card.phone'), { exact: true }).fill(phone)
      await page.getByRole('button', { name: text(locale, 'screens.sms.send'), exact: true }).click()
      await page.getByLabel(text(locale, 'screens.sms.code'), { exact: true }).waitFor({ timeout: 30_000 })
      await page.getByLabel(text(locale, 'screens.sms.code'), { exact: true }).fill(await sb.smsCode(phone))
      written.push(await shot(page, `bank-card-sms-${tag}`))

      const token = await openAt(page, sb, locale, '13800000004', '/pages/loanPlan/index', 'loanPlan')
      written.push(await shot(page, `loan-plan-${tag}`))
      await page.screenshot({ path: `/tmp/contract-plan-${tag}.png`, fullPage: true })

      await openAt(page, sb, locale, '13800000005', '/pages/repayment/index', 'repayment')
      written.push(await shot(page, `repayment-overdue-${tag}`))

      // The saved contract as the borrower's browser shows the downloaded file.
      const ticket = await sb.ok('requestContractDownload', { token, locale })
      const html = await (await fetch(ticket.url)).text()
      await page.setContent(html, { waitUntil: 'load' })
      written.push(await shot(page, `saved-contract-${tag}`))
      // Screen-sized views for a reviewer's eyes: its top, and its schedule.
      await page.screenshot({ path: `/tmp/contract-doc-${tag}.png` })
      await page.locator('table').evaluate((table) => table.scrollIntoView())
      await page.screenshot({ path: `/tmp/contract-doc-${tag}-schedule.png` })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      if (overflow > 0) console.warn(`saved contract ${tag}: ${overflow} px of sideways scrolling`)
      await context.close()
    }
  }
  return written
}

await ensureBuiltPage()
mkdirSync(outDir, { recursive: true })
const sb = await startTestSandbox({ page: true })
const browser = await launchChromium()
try {
  const written = await run(browser, sb)
  console.log(`${written.length} screenshots in ${path.relative(repoRoot, outDir)}`)
} finally {
  await browser.close()
  await sb.close()
}
