import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { Page } from 'playwright-core'
import { afterAll, expect, test } from 'vitest'
import { initI18n } from '../../src/i18n/init-i18n'
import { artifactsDir, newPhoneContext } from '../support/browser'
import { testSandboxAndBrowser } from '../support/browser-suite'
import { env } from '../support/env'
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
 * counts, the lenders' order and statuses; then a rejected borrower's result. The screens with no
 * figure (face, the forms, review) are taken over the API. Beside the walk's own choices, each
 * locale prices amounts and terms drawn from ORACLE_SEED on loan demand and loan confirmation, and
 * repays a drawn number of periods. The count lands in artifacts/oracle.json for docs/testing.md.
 */

const { sandbox: sb, browser } = testSandboxAndBrowser({ clock: testClock(Date.now()) })

const browserLocale: Record<OracleLocale, string> = { 'zh-Hans': 'zh-CN', en: 'en-US' }
/** What each locale's walk chose: en asks more than its lender lends, over a term it does not offer. */
const walks: Record<OracleLocale, { amountYuan: number; term: number; lender: (offers: string[]) => string }> = {
  'zh-Hans': { amountYuan: 30_000, term: 24, lender: (ids) => ids[0]! },
  en: { amountYuan: 60_000, term: 24, lender: () => 'lender_yuanfan' },
}
const overduePhone = '13800000005'
const seed = env.oracleSeed
const anyTerm = fc.constantFrom(3, 6, 9, 12, 24, 36)
/** `count` draws of `arbitrary` for this locale: the same seed draws the same values. */
const draw = <T>(locale: OracleLocale, arbitrary: fc.Arbitrary<T>, count: number): T[] =>
  fc.sample(arbitrary, { seed: seed + (locale === 'en' ? 1 : 0), numRuns: count })
/** Whole hundreds of yuan from `min` to `max`, in fen. */
const hundredsOfYuan = (min: number, max: number) => fc.integer({ min: min / 10_000, max: max / 10_000 }).map((hundreds) => hundreds * 10_000)
const checked = new Map<OracleLocale, { screens: Set<string>; visits: number; figures: number; passed: boolean }>()

/**
 * The page as the host opens it for this borrower, in a fresh phone-sized context. `onTheSandboxClock`:
 * the phone's clock reads the sandbox's, so both can move on to another day together.
 */
async function openAs(locale: OracleLocale, phone: string, onTheSandboxClock = false): Promise<Page> {
  const { token, user } = await loginPersona(sb.url, phone)
  const context = await newPhoneContext(browser, browserLocale[locale])
  if (onTheSandboxClock) await context.clock.install({ time: sb.clock.now() })
  const page = await context.newPage()
  const payload = { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }
  await context.addInitScript((hostPayload) => {
    Object.assign(window, { __HUAQIAN_BRIDGE__: hostPayload })
  }, payload)
  await page.goto(pageUrl(sb.url, { lang: locale }, payload))
  return page
}

/** A new borrower who fares as the persona `like` does; their phone. */
async function newBorrower(like: string): Promise<string> {
  const created = await sb.raw('/sandbox/borrowers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ like }) })
  return (created.body.data as { phone: string }).phone
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/**
 * Waits for `screen`, then compares its figures with the borrower's rows until they agree: the
 * page may still be loading the latest answer. What differs after the wait fails the test, by
 * screen and figure; so does a row that breaks the rule it was written by.
 */
async function oracle(page: Page, locale: OracleLocale, t: Translate, screen: string, phone: string, choices: WalkChoices = {}): Promise<void> {
  await page
    .locator(`main[data-screen="${screen}"]:not([aria-busy="true"])`)
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      // Where the page is instead, and what it says, for the person reading the failure.
      const shown = await page.locator('main[data-screen]').first().getAttribute('data-screen', { timeout: 1_000 }).catch(() => 'none')
      const text = await page.locator('main').first().innerText({ timeout: 1_000 }).catch(() => '')
      throw new Error(`expected the ${screen} screen [${locale}] at rest, the page shows ${shown}: ${text.replaceAll('\n', ' | ')}`, { cause: error })
    })
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
      { timeout: 30_000, interval: 250, message: `the ${screen} screen [${locale}] against the sandbox's records (ORACLE_SEED=${seed})` },
    )
    .toEqual([])
  const tally = checked.get(locale) ?? { screens: new Set(), visits: 0, figures: 0, passed: false }
  checked.set(locale, tally)
  tally.screens.add(screen)
  tally.visits += 1
  tally.figures += figures
}

for (const locale of ['zh-Hans', 'en'] as const) {
  // rules: money-amortization, money-penalty, money-format, money-repayment-total, money-apr-shown, flow-lender-offer
  test(`[${locale}] every figure on every screen from an empty application to a repayment, and of a late period, is the sandbox's own`, { timeout: 180_000 }, async () => {
    const i18n = await initI18n(locale)
    const t: Translate = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
    const walk = walks[locale]
    const phone = await newBorrower('approve')

    // A new borrower: home, then the price of a demand.
    let page = await openAs(locale, phone)
    let who = phone
    const see = (screen: string, choices: WalkChoices = {}) => oracle(page, locale, t, screen, who, choices)
    const tap = async (label: string, screen: string, choices: WalkChoices = {}) => {
      await button(page, t(label)).click()
      await see(screen, choices)
    }
    const price = async (screen: string, amount: number, term: number, choices: WalkChoices) => {
      await page.getByLabel(t('screens.demand.amount'), { exact: true }).fill(String(amount / 100))
      await page.getByLabel(t('screens.demand.term'), { exact: true }).selectOption(String(term))
      await see(screen, choices)
    }
    await see('home')
    await button(page, t('screens.home.start')).click()
    await page.locator('main[data-screen="loanDemand"]').waitFor({ timeout: 30_000 })
    await page.getByLabel(t('screens.demand.purpose'), { exact: true }).selectOption('shopping')
    const demands = [...draw(locale, fc.record({ amount: hundredsOfYuan(100_000, 20_000_000), term: anyTerm }), 3), { amount: walk.amountYuan * 100, term: walk.term }]
    for (const demand of demands) await price('loanDemand', demand.amount, demand.term, { demand })
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
    for (const lend of draw(locale, fc.record({ amount: hundredsOfYuan(100_000, lender.credit_limit), term: fc.constantFrom(...lender.terms) }), 2)) {
      await price('lendConfirm', lend.amount, lend.term, { lenderId, lend })
    }
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

    // One or two periods repaid (the shortest term has three), then what is left.
    const [repaid] = draw(locale, fc.constantFrom(1, 2), 1) as [number]
    const paid = Array.from({ length: repaid }, (_, i) => i + 1)
    await tap('screens.plan.toHome', 'home')
    await tap('screens.home.repay', 'repayment')
    await page.getByLabel(t('ui.schedule.periodOf', { period: repaid }), { exact: true }).check()
    await tap('screens.repay.next', 'repayDetail', { periods: paid })
    await tap('screens.repay.toPay', 'paymentConfirm', { periods: paid })
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

    // A period due today, not yet late; a repayment the bank holds, then fails: the period is owed again.
    who = '13800000008'
    page = await openAs(locale, who)
    await see('home')
    await tap('screens.home.repay', 'repayment')
    await page.getByLabel(t('ui.schedule.periodOf', { period: 1 }), { exact: true }).check()
    await tap('screens.repay.next', 'repayDetail', { periods: [1] })
    await tap('screens.repay.toPay', 'paymentConfirm', { periods: [1] })
    await expect.poll(() => button(page, t('screens.pay.pay')).isEnabled(), { timeout: 30_000 }).toBe(true)
    await tap('screens.pay.pay', 'repaymentResult')
    sb.clock.advance(6_000)
    await see('repaymentResult')
    await tap('screens.plan.toHome', 'home')
    await tap('screens.home.repay', 'repayment')
    await page.context().close()

    // A rejected borrower: the other lenders' products and their ranges.
    who = await newBorrower('reject')
    await throughCard(sb, (await sb.login(who)).token, who)
    sb.clock.advance(3_000)
    page = await openAs(locale, who)
    await see('home')
    await tap('screens.home.seeResult', 'result')
    await page.context().close()

    expect([...checked.get(locale)!.screens].sort()).toEqual([...screensWithFigures].sort())
    checked.get(locale)!.passed = true
  })
}

/**
 * The next day in China, a minute after midnight, on the sandbox's clock and the phone's: a late
 * period's penalty has grown by a day. Less than a day later, so the host's token still holds.
 */
async function nextDay(page: Page): Promise<void> {
  const day = 86_400_000
  sb.clock.advance(day - ((sb.clock.now() + 8 * 3_600_000) % day) + 60_000)
  await page.context().clock.setSystemTime(sb.clock.now())
}

// rules: nothing-lost-snapshot, money-repayment-total, money-penalty
test('a web view reopened on a later day shows that day\'s figures on every screen it restores, and pays that day\'s total', { timeout: 180_000 }, async () => {
  // One locale: the two walks above hold every figure in both; this one holds what a restore re-reads.
  for (const locale of ['en'] as const) {
    const i18n = await initI18n(locale)
    const t: Translate = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
    const see = (page: Page, screen: string, choices: WalkChoices = {}) => oracle(page, locale, t, screen, overduePhone, choices)
    const late = () => {
      const records = recordsOf(sb.db, overduePhone, sb.clock.now())
      return records.loans[0]!.periods.filter((p) => p.paid_at === null && p.due_date < records.today).map((p) => p.period)
    }
    // Each screen left and reopened the next day, in a web view of its own: the host's token lasts a
    // day, so each logs in a while after the last midnight and reopens just after the next.
    for (const screen of ['home', 'repayment', 'repayPlan', 'repayDetail', 'paymentConfirm']) {
      sb.clock.advance(10 * 60_000)
      const page = await openAs(locale, overduePhone, true)
      await see(page, 'home')
      const periods = late()
      const path = { home: [], repayment: ['repayment'], repayPlan: ['repayment', 'repayPlan'], repayDetail: ['repayment', 'repayDetail'], paymentConfirm: ['repayment', 'repayDetail', 'paymentConfirm'] }[screen]!
      for (const step of path) {
        if (step === 'repayment') await button(page, t('screens.home.repay')).click()
        if (step === 'repayPlan') await button(page, t('routes.repayPlan')).click()
        if (step === 'repayDetail') {
          await page.getByLabel(t('ui.schedule.periodOf', { period: periods.at(-1) }), { exact: true }).check()
          await button(page, t('screens.repay.next')).click()
        }
        if (step === 'paymentConfirm') await button(page, t('screens.repay.toPay')).click()
        await see(page, step, { periods })
      }
      await nextDay(page)
      await page.reload()
      await see(page, screen, { periods })
      // Paid: the sandbox takes the total the screen shows.
      if (screen === 'paymentConfirm') {
        await expect.poll(() => button(page, t('screens.pay.pay')).isEnabled(), { timeout: 30_000 }).toBe(true)
        await button(page, t('screens.pay.pay')).click()
        await see(page, 'repaymentResult')
        expect(recordsOf(sb.db, overduePhone, sb.clock.now()).repayments[0]?.status).toBe('succeeded')
      }
      await page.context().close()
    }
  }
})

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
