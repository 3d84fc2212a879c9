import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, expect, test } from 'vitest'
import { initI18n } from '../../src/i18n/init-i18n'
import { artifactsDir, newPhoneContext } from '../support/browser'
import { testSandboxAndBrowser } from '../support/browser-suite'
import { recordProblems, recordsOf } from '../support/oracle-records'
import { compareScreen, readScreen, screensWithFigures, type OracleLocale, type Translate, type WalkChoices } from '../support/oracle-screens'
import { loginPersona, pageUrl } from '../support/sandbox'
import { testClock } from '../support/test-client'
import { throughCard } from '../support/test-flows'

/*
 * The oracle the page does not share: a borrower walks the funnel from an empty application to a
 * loan and a repayment, and an overdue borrower to the payment of a late period, in Chromium against
 * the sandbox, in Simplified Chinese and in English. On every screen with figures each figure is
 * read off the page as text and compared with the sandbox's own rows for that borrower
 * (support/oracle-records.ts, support/oracle-screens.ts): amounts, fees, APRs, dates, periods,
 * counts, the lenders' order and statuses. The screens with no figure (face, the forms, review) are
 * taken over the API. The count lands in artifacts/oracle.json for docs/testing.md.
 */

const { sandbox: sb, browser } = testSandboxAndBrowser({ clock: testClock(Date.now()) })

const browserLocale: Record<OracleLocale, string> = { 'zh-Hans': 'zh-CN', en: 'en-US' }
/** What each locale's walk chose: en asks more than its lender lends, over a term it does not offer. */
const walks: Record<OracleLocale, { amountYuan: number; term: number; lender: (offers: string[]) => string }> = {
  'zh-Hans': { amountYuan: 30_000, term: 24, lender: (ids) => ids[0]! },
  en: { amountYuan: 60_000, term: 24, lender: () => 'lender_yuanfan' },
}
const overduePhone = '13800000005'
const checked = new Map<OracleLocale, { screens: Set<string>; visits: number; figures: number; passed: boolean }>()

/** The page as the host opens it for this borrower, in a fresh phone-sized context. */
async function openAs(locale: OracleLocale, phone: string): Promise<Page> {
  const { token, user } = await loginPersona(sb.url, phone)
  const context = await newPhoneContext(browser, browserLocale[locale])
  const page = await context.newPage()
  const payload = { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }
  await context.addInitScript((hostPayload) => {
    Object.assign(window, { __HUAQIAN_BRIDGE__: hostPayload })
  }, payload)
  await page.goto(pageUrl(sb.url, { lang: locale }, payload))
  return page
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/**
 * Waits for `screen`, then compares its figures with the borrower's rows until they agree: the
 * page may still be loading the latest answer. What differs after the wait fails the test, by
 * screen and figure; so does a row that breaks the rule it was written by.
 */
async function oracle(page: Page, locale: OracleLocale, t: Translate, screen: string, phone: string, choices: WalkChoices = {}): Promise<void> {
  await page.locator(`main[data-screen="${screen}"]:not([aria-busy="true"])`).waitFor({ timeout: 30_000 })
  let figures = 0
  await expect
    .poll(
      async () => {
        const shown = await readScreen(page)
        if (shown.screen !== screen) return [`expected the ${screen} screen, the page shows ${shown.screen ?? 'none'}`]
        const records = recordsOf(sb.db, phone, sb.clock.now())
        const compared = compareScreen(shown, records, choices, t, locale)
        figures = compared.figures
        return [...recordProblems(records), ...compared.differences]
      },
      { timeout: 30_000, interval: 250, message: `the ${screen} screen [${locale}] against the sandbox's records` },
    )
    .toEqual([])
  const tally = checked.get(locale)!
  tally.screens.add(screen)
  tally.visits += 1
  tally.figures += figures
}

for (const locale of ['zh-Hans', 'en'] as const) {
  // rules: money-amortization, money-penalty, money-format, money-repayment-total, money-apr-shown, flow-lender-offer
  test(`[${locale}] every figure on every screen from an empty application to a repayment, and of a late period, is the sandbox's own`, { timeout: 180_000 }, async () => {
    const i18n = await initI18n(locale)
    const t: Translate = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
    checked.set(locale, { screens: new Set(), visits: 0, figures: 0, passed: false })
    const walk = walks[locale]
    const created = await sb.raw('/sandbox/borrowers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ like: 'approve' }) })
    const { phone } = created.body.data as { phone: string }

    // A new borrower: home, then the price of a demand.
    let page = await openAs(locale, phone)
    let who = phone
    const see = (screen: string, choices: WalkChoices = {}) => oracle(page, locale, t, screen, who, choices)
    const tap = async (label: string, screen: string, choices: WalkChoices = {}) => {
      await button(page, t(label)).click()
      await see(screen, choices)
    }
    await see('home')
    await button(page, t('screens.home.start')).click()
    await page.locator('main[data-screen="loanDemand"]').waitFor({ timeout: 30_000 })
    await page.getByLabel(t('screens.demand.amount'), { exact: true }).fill(String(walk.amountYuan))
    await page.getByLabel(t('screens.demand.term'), { exact: true }).selectOption(String(walk.term))
    await page.getByLabel(t('screens.demand.purpose'), { exact: true }).selectOption('shopping')
    await see('loanDemand', { demand: { amount: walk.amountYuan * 100, term: walk.term } })
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await button(page, t('screens.demand.submit')).click()
    await page.locator('main[data-screen="facialIdentification"]').waitFor({ timeout: 30_000 })
    await page.context().close()

    // Face, forms and card over the API; the review's three seconds on the sandbox's clock.
    const { token } = await sb.login(phone)
    await throughCard(sb, token, phone, '10k_20k', false)
    sb.clock.advance(3_000)

    page = await openAs(locale, phone)
    await see('home')
    await tap('screens.home.seeResult', 'result')
    await tap('screens.result.continue', 'match')
    const { items } = await sb.ok('listMatches', { token, locale })
    const lenderId = walk.lender(items.map((item) => item.lender_id))
    const lender = items.find((item) => item.lender_id === lenderId)!
    await button(page, t('screens.match.choose', { name: lender.name })).click()
    await see('lendConfirm', { lenderId })
    const priced = {
      amount: Number((await page.getByLabel(t('screens.demand.amount'), { exact: true }).inputValue()).replaceAll(',', '')) * 100,
      term: Number(await page.getByLabel(t('screens.demand.term'), { exact: true }).inputValue()),
    }
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await button(page, t('screens.sms.send')).click()
    await page.getByTestId('sms-sent').waitFor()
    await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(await sb.smsCode(phone))

    // The loan: signed at the figures priced on screen, paid out on the sandbox's clock.
    await tap('screens.lend.apply', 'loanPlan')
    const loan = recordsOf(sb.db, phone, sb.clock.now()).loans[0]!
    expect({ lender: loan.lender_id, amount: loan.amount, term: loan.term, apr: loan.apr }).toEqual({ lender: lenderId, ...priced, apr: lender.apr })
    sb.clock.advance(6_000)
    await see('loanPlan')

    // Two periods repaid, then what is left.
    await tap('screens.plan.toHome', 'home')
    await tap('screens.home.repay', 'repayment')
    await page.getByLabel(t('ui.schedule.periodOf', { period: 2 }), { exact: true }).check()
    await tap('screens.repay.next', 'repayDetail', { periods: [1, 2] })
    await tap('screens.repay.toPay', 'paymentConfirm', { periods: [1, 2] })
    await expect.poll(() => button(page, t('screens.pay.pay')).isEnabled(), { timeout: 30_000 }).toBe(true)
    await tap('screens.pay.pay', 'repaymentResult')
    await tap('screens.plan.toHome', 'home')
    await tap('screens.home.repay', 'repayment')
    await tap('routes.repayPlan', 'repayPlan')
    await page.context().close()

    // A late period: its penalty and days, on every screen up to the payment.
    who = overduePhone
    page = await openAs(locale, overduePhone)
    await see('home')
    await tap('screens.home.repay', 'repayment')
    await tap('routes.repayPlan', 'repayPlan')
    await tap('common.back', 'repayment')
    const overdue = recordsOf(sb.db, overduePhone, sb.clock.now())
    const periods = overdue.loans[0]!.periods.filter((p) => p.paid_at === null && p.due_date < overdue.today).map((p) => p.period)
    expect(periods.length).toBeGreaterThan(0)
    await page.getByLabel(t('ui.schedule.periodOf', { period: periods.at(-1) }), { exact: true }).check()
    await tap('screens.repay.next', 'repayDetail', { periods })
    await tap('screens.repay.toPay', 'paymentConfirm', { periods })
    await page.context().close()

    expect([...checked.get(locale)!.screens].sort()).toEqual([...screensWithFigures].sort())
    checked.get(locale)!.passed = true
  })
}

afterAll(() => {
  // The count for docs/testing.md, written only when both locales went through with no difference.
  if (checked.size !== 2 || [...checked.values()].some((tally) => !tally.passed)) return
  const tallies = [...checked.entries()]
  mkdirSync(artifactsDir, { recursive: true })
  const report = {
    screens: screensWithFigures.length,
    locales: tallies.map(([locale]) => locale),
    visits: tallies.reduce((total, [, tally]) => total + tally.visits, 0),
    figures: tallies.reduce((total, [, tally]) => total + tally.figures, 0),
    differences: 0,
    finishedAt: new Date().toISOString(),
  }
  writeFileSync(path.join(artifactsDir, 'oracle.json'), `${JSON.stringify(report, null, 2)}\n`)
})
