import type { Browser, BrowserContext, Page } from 'playwright-core'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { withLuhnDigit } from '../../server/banks'
import type { RunningSandbox } from '../../server/start'
import { initI18n } from '../../src/i18n/init-i18n'
import type { Locale } from '../../src/i18n/locale'
import { artifactsDir } from './browser'
import { loginPersona, pageUrl, sentSmsCode } from './sandbox'
import { pageSandboxAndBrowser } from './browser-suite'
import { sandboxClient } from './test-client'
import { throughCard } from './test-flows'
import { displayModes, type DisplayMode, type DisplayModeName } from './display-modes'
import { ScreenAudit } from './screen-audit'
import { env } from './env'

/*
 * Every screen the borrower can see, in each of the five locales, in its settled state, in three
 * display modes: the default 375x812 phone, elder mode, and 200% text on a 320 px screen. The
 * tour drives the built page against the real sandbox by clicks and typing; every control is
 * found by its role and the name the locale file gives it, so the same code walks every language
 * and mode. Personas put the borrower where each screen is: approve (the application funnel to
 * the loan plan), repaying (the repayment screens, a period due) and reject (the other lenders'
 * products). At each screen: a full-page screenshot under artifacts/screenshots/screens[-mode]/
 * <locale>/, axe's serious and critical violations, keys shown raw, page errors, and what the mode
 * may lose (support/layout-audit.ts); the lists must be empty, and artifacts/screens[-mode]-
 * <locale>.json keeps them.
 *
 * `npm test` runs one tour, the default phone in Simplified Chinese; `npm run tour` runs every mode in
 * every locale (docs/decisions/033-npm-test-tours-one-mode.md).
 */

type T = (key: string, values?: Record<string, unknown>) => string

let sandbox: RunningSandbox
let browser: Browser

const browserLocale: Record<string, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', en: 'en-US', fr: 'fr-FR', es: 'es-ES' }
/** The liveness vendor's own button: its page is the vendor's, not ours, and carries its own copy. */
const vendorPass = /^(核验通过|核驗通過|Pass|Réussite|Superada)$/

function escape(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
}

/** The screen is shown and has stopped loading: no busy page, no spinner. */
async function settled(page: Page, screen: string, { timeout = 20_000, spinner = false } = {}): Promise<void> {
  const main = page.locator(`main[data-screen="${screen}"]`)
  try {
    await main.waitFor({ timeout })
  } catch (error) {
    const shown = await page.locator('main[data-screen]').first().getAttribute('data-screen').catch(() => null)
    throw new Error(`expected screen ${screen}, saw ${shown} at ${page.url()}`, { cause: error })
  }
  await expect.poll(() => main.getAttribute('aria-busy'), { timeout }).not.toBe('true')
  if (!spinner) await expect.poll(() => page.locator('.spinner').count(), { timeout }).toBe(0)
}

const smsCode = (phone: string, purpose: string) => sentSmsCode(sandbox.url, phone, purpose)

/** A persona handed over by the host, in a fresh phone-sized context. */
async function openAs(locale: Locale, audit: ScreenAudit, phone?: string): Promise<{ context: BrowserContext; page: Page }> {
  // HUAQIAN_TOUR_WIDTH narrows the mode's phone, e.g. elder mode at 320 px for a look at its shots.
  const width = env.tourWidth ?? audit.mode.viewport.width
  const context = await browser.newContext({
    viewport: { ...audit.mode.viewport, width },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: browserLocale[locale],
  })
  await audit.mode.prepare(context)
  const page = await context.newPage()
  audit.watch(page)
  let payload: Record<string, unknown> | undefined
  if (phone !== undefined) {
    const { token, user } = await loginPersona(sandbox.url, phone)
    payload = { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }
  }
  await page.goto(pageUrl(sandbox.url, { lang: locale }, payload))
  return { context, page }
}

type Record_ = (page: Page, name: string, options?: { fullPage?: boolean; dialogAsked?: boolean }) => Promise<unknown>

/**
 * The application from the demand to the review, filled in as the borrower does, with what hangs
 * off the funnel opened on the way (an agreement, the city picker). `record` is called at each screen.
 */
async function applyForLoan(page: Page, t: T, phone: string, record: Record_): Promise<void> {
  const button = (key: string, values?: Record<string, unknown>) => page.getByRole('button', { name: t(key, values), exact: true })
  const accept = (agreement: string) => page.getByLabel(t('screens.common.iAccept', { title: t(`agreements.${agreement}`) }))

  await button('screens.home.start').click()
  await settled(page, 'loanDemand')
  await page.getByLabel(t('screens.demand.amount'), { exact: true }).fill('20000')
  await page.getByLabel(t('screens.demand.term'), { exact: true }).selectOption('6')
  await page.getByLabel(t('screens.demand.purpose'), { exact: true }).selectOption('shopping')
  await page.getByText(t('screens.trial.schedule', { periods: 6 })).waitFor()
  // The first agreement's Read link opens it over the demand; closing comes back with the draft.
  await page.getByRole('button', { name: t('screens.common.read'), exact: true }).first().click()
  await settled(page, 'privacy')
  await record(page, 'privacy')
  await page.getByRole('button', { name: t('common.close'), exact: true }).last().click()
  await settled(page, 'loanDemand')
  await page.getByText(t('screens.trial.schedule', { periods: 6 })).waitFor()
  // The protocol popup: all four agreements in one sheet, the first one open in its reader.
  await button('screens.demand.readAll').click()
  const popup = page.getByRole('dialog', { name: t('ui.protocol.title') })
  await popup.getByRole('button', { name: t('ui.agreementLink', { title: t('agreements.register') }) }).click()
  await page.getByRole('article', { name: t('agreements.register') }).waitFor()
  await record(page, 'protocol-popup', { fullPage: false, dialogAsked: true })
  await page.getByRole('button', { name: t('ui.protocol.backToList') }).click()
  await page.getByRole('button', { name: t('ui.sheet.close') }).click()
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  const apply = button('screens.demand.submit')
  await expect.poll(() => apply.isEnabled()).toBe(true)
  await record(page, 'loanDemand')
  await apply.click()

  await settled(page, 'facialIdentification')
  await accept('face-consent').check()
  await accept('sensitive-consent').check()
  await record(page, 'facialIdentification')
  await button('screens.face.start').click()
  await settled(page, 'webview')
  const vendor = page.frameLocator('iframe.webview-frame')
  await vendor.getByRole('button', { name: vendorPass }).waitFor()
  await record(page, 'webview-liveness')
  await vendor.getByRole('button', { name: vendorPass }).click()

  await settled(page, 'basicInfo', { timeout: 30_000 })
  await expect.poll(() => page.getByLabel(t('screens.basic.name'), { exact: true }).inputValue()).not.toBe('')
  await page.getByLabel(t('screens.basic.education'), { exact: true }).selectOption('bachelor')
  await page.getByLabel(t('screens.basic.marital'), { exact: true }).selectOption('married')
  await page.getByRole('button', { name: escape(t('screens.basic.residence')) }).click()
  const picker = page.getByRole('dialog')
  await expect.poll(() => picker.getByRole('status').count()).toBe(0)
  await picker.getByRole('button', { name: '北京市', exact: true }).first().waitFor()
  await record(page, 'basicInfo-cityPicker', { fullPage: false, dialogAsked: true })
  await picker.getByLabel(t('ui.cityPicker.search'), { exact: true }).fill('朝阳区')
  await picker.getByRole('button', { name: '北京市 北京市 朝阳区', exact: true }).click()
  await expect.poll(() => picker.isVisible()).toBe(false)
  await page.getByLabel(t('screens.basic.address'), { exact: true }).fill('建国路 88 号 6 栋')
  await record(page, 'basicInfo')
  await button('common.next').click()

  await settled(page, 'assetInfo')
  const select = (key: string, value: string) => page.getByLabel(t(key), { exact: true }).selectOption(value)
  await select('screens.asset.occupation', 'employee')
  await select('screens.asset.income', '10k_20k')
  await select('screens.asset.housing', 'rented')
  await select('screens.asset.car', 'none')
  await select('screens.asset.socialInsurance', 'yes')
  await select('screens.asset.providentFund', 'yes')
  await select('screens.asset.creditCard', 'no')
  await record(page, 'assetInfo')
  await button('common.next').click()

  await settled(page, 'contact')
  const field = (key: string, index: number) => page.getByLabel(t(key), { exact: true }).nth(index)
  await field('screens.contact.relation', 0).selectOption('parent')
  await field('screens.contact.name', 0).fill('王建国')
  await field('screens.contact.phone', 0).fill('13900000011')
  await field('screens.contact.relation', 1).selectOption('friend')
  await field('screens.contact.name', 1).fill('李明')
  await field('screens.contact.phone', 1).fill('13900000022')
  await accept('form').check()
  await record(page, 'contact')
  await button('common.next').click()

  await settled(page, 'bankCard')
  await page.getByLabel(t('screens.card.number'), { exact: true }).fill(withLuhnDigit('622202000012345'))
  await page.getByLabel(t('screens.card.phone'), { exact: true }).fill(phone)
  await button('screens.sms.send').click()
  await page.getByTestId('sms-sent').waitFor()
  await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(await smsCode(phone, 'card'))
  await accept('withhold-agreement').check()
  await record(page, 'bankCard')
  await button('screens.card.bind').click()

  // The review is a poll: its spinner is the settled state.
  await settled(page, 'review', { spinner: true })
  await record(page, 'review')
}

async function tour(locale: Locale, mode: DisplayMode = displayModes.default): Promise<void> {
  const started = Date.now()
  const i18n = await initI18n(locale)
  const t: T = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
  // The reviewer page's elder shots are the mode's own phone's, not a narrowed one's.
  const modelShots: Record<string, string> | null =
    mode.name === 'elder' && (locale === 'zh-Hans' || locale === 'en') && env.tourWidth === null ? {} : null
  const audit = new ScreenAudit(locale, mode, modelShots)
  const record: Record_ = (page, name, options) => audit.record(page, name, options)
  const button = (page: Page, key: string, values?: Record<string, unknown>) =>
    page.getByRole('button', { name: t(key, values), exact: true })
  // Each locale starts from the seeded personas.
  await fetch(`${sandbox.url}/sandbox/reset`, { method: 'POST' })

  // No token: the page asks the host to log in.
  {
    const { context, page } = await openAs(locale, audit)
    await settled(page, 'login')
    await record(page, 'login')
    await context.close()
  }

  // Approve persona: home, the rights sheet and its details, then the funnel to the loan plan.
  {
    const phone = '13800000001'
    const { context, page } = await openAs(locale, audit, phone)
    await settled(page, 'home')
    await record(page, 'home')
    const rightsEntry = button(page, 'screens.rights.open')
    await rightsEntry.waitFor()
    await rightsEntry.click()
    // In elder mode the rights card is a plain view over the screen, never a popup.
    const sheet = page.locator('.ui-sheet')
    await sheet.getByRole('button', { name: t('ui.rights.buy') }).waitFor()
    await record(page, 'rights-sheet', { fullPage: mode.name === 'elder', dialogAsked: mode.name !== 'elder' })
    await sheet.getByRole('button', { name: t('screens.rights.details'), exact: true }).click()
    await settled(page, 'richText')
    await record(page, 'richText')
    await button(page, 'common.close').last().click()
    await sheet.getByRole('button', { name: t('ui.sheet.close'), exact: true }).click()
    await expect.poll(() => sheet.count()).toBe(0)
    await settled(page, 'home')

    await applyForLoan(page, t, phone, record)
    await settled(page, 'result', { timeout: 40_000 })
    await page.getByTestId('result-apr').waitFor()
    await record(page, 'result-approved')
    await button(page, 'screens.result.continue').click()

    await settled(page, 'match')
    const choose = page.getByRole('button', { name: escape(t('screens.match.choose', { name: '' }).trim()) }).first()
    await choose.waitFor()
    await record(page, 'match')
    await choose.click()

    await settled(page, 'lendConfirm')
    await page.getByTestId('trial-apr').waitFor()
    // The lender's contract, read before the code is asked for.
    const contractRow = page.locator('.agreement').filter({ hasText: t('screens.lend.contract') })
    await contractRow.getByRole('button', { name: t('screens.common.read'), exact: true }).click()
    await settled(page, 'thirdProtocol')
    await record(page, 'thirdProtocol')
    await button(page, 'common.close').last().click()
    await settled(page, 'lendConfirm')
    await page.getByTestId('trial-apr').waitFor()
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await button(page, 'screens.sms.send').click()
    await page.getByTestId('sms-sent').waitFor()
    await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(await smsCode(phone, 'lender_card'))
    await record(page, 'lendConfirm')
    await button(page, 'screens.lend.apply').click()

    await settled(page, 'loanPlan')
    await page.getByTestId('loan-status').waitFor()
    await record(page, 'loanPlan')
    await context.close()
  }

  // Repaying persona: its loan has a period due today.
  {
    const { context, page } = await openAs(locale, audit, '13800000004')
    await settled(page, 'home')
    await button(page, 'screens.home.repay').waitFor()
    await record(page, 'home-repaying')
    await button(page, 'screens.home.repay').click()
    await settled(page, 'repayment')
    await button(page, 'routes.repayPlan').click()
    await settled(page, 'repayPlan')
    await record(page, 'repayPlan')
    await page.getByRole('button', { name: t('common.back'), exact: true }).click()
    await settled(page, 'repayment')
    await page.getByLabel(t('ui.schedule.periodOf', { period: 1 }), { exact: true }).check()
    await record(page, 'repayment')
    await button(page, 'screens.repay.next').click()
    await settled(page, 'repayDetail')
    await page.getByTestId('repay-total').waitFor()
    await record(page, 'repayDetail')
    await button(page, 'screens.repay.toPay').click()
    await settled(page, 'paymentConfirm')
    await expect.poll(() => button(page, 'screens.pay.pay').isEnabled()).toBe(true)
    await record(page, 'paymentConfirm')
    await button(page, 'screens.pay.pay').click()
    await settled(page, 'repaymentResult', { spinner: true })
    await expect
      .poll(() => page.getByTestId('repayment-outcome').textContent(), { timeout: 30_000 })
      .toBe(t('enums.repaymentOutcome.succeeded'))
    // The borrower sees what was paid, not only that it was.
    await page.getByText(t('screens.repay.total'), { exact: true }).waitFor()
    await record(page, 'repaymentResult')
    await context.close()
  }

  // Overdue persona: period 2 ten days late, with a penalty, on home and on the repayment screen.
  {
    const { context, page } = await openAs(locale, audit, '13800000005')
    await settled(page, 'home')
    await button(page, 'screens.home.repay').waitFor()
    await record(page, 'home-overdue')
    await button(page, 'screens.home.repay').click()
    await settled(page, 'repayment')
    await page.getByText(t('enums.periodStatus.overdue')).first().waitFor()
    await record(page, 'repayment-overdue')
    await context.close()
  }

  // Reject persona: the same application, refused; other lenders' products instead. The approve
  // persona typed it screen by screen above; here it is handed in as the page would send it.
  {
    const phone = '13800000002'
    const client = sandboxClient(sandbox.url, Date)
    await throughCard(client, (await client.login(phone)).token, phone)
    const { context, page } = await openAs(locale, audit, phone)
    await settled(page, 'home')
    // Home offers the review while it runs (3 s), then its result.
    const review = [t('screens.home.seeReview'), t('screens.home.seeResult')].map((label) => escape(label).source).join('|')
    await page.getByRole('button', { name: new RegExp(`^(${review})$`) }).click()
    await settled(page, 'result', { timeout: 40_000 })
    await page.getByRole('heading', { name: t('screens.result.rejected') }).waitFor()
    const view = button(page, 'screens.result.viewProduct').first()
    await view.waitFor()
    await record(page, 'result-rejected')
    await view.click()
    await settled(page, 'webview')
    await record(page, 'webview-product')
    await context.close()
  }

  const seconds = Math.round((Date.now() - started) / 100) / 10
  const summary = audit.writeSummary(seconds)
  if (modelShots !== null) writeModelIndex(mode.name, locale, modelShots)
  console.info(`${locale} ${mode.name} tour: ${audit.screens.length} screens in ${seconds} s; summary ${summary}`)
  expect(
    { violations: audit.violations, rawKeys: audit.rawKeys, layout: audit.layout, pageErrors: audit.pageErrors },
    `serious/critical axe violations, raw keys, layout losses and page errors on the ${locale} ${mode.name} tour`,
  ).toEqual({ violations: [], rawKeys: [], layout: [], pageErrors: [] })
}

/**
 * The reviewer page's index of a mode's shots, in the model screenshots' format ({ locale, screens:
 * { [stateId]: fileName } }, the first locale written), with every locale's under `locales`.
 */
const modelIndexes = new Map<string, Record<string, Record<string, string>>>()
function writeModelIndex(mode: DisplayModeName, locale: Locale, shots: Record<string, string>): void {
  const locales = modelIndexes.get(mode) ?? {}
  locales[locale] = Object.fromEntries(Object.entries(shots).sort())
  modelIndexes.set(mode, locales)
  const dir = path.join(artifactsDir, 'screenshots', `model-${mode}`)
  mkdirSync(dir, { recursive: true })
  const [first] = Object.keys(locales)
  writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify({ locale: first, screens: locales[first], locales }, null, 2)}\n`)
}

const locales: ReadonlyArray<readonly [Locale, string]> = [
  ['zh-Hans', 'Simplified Chinese'],
  ['en', 'English'],
  ['zh-Hant', 'Traditional Chinese'],
  ['fr', 'French'],
  ['es', 'Spanish'],
]
const everyMode = env.tourEveryMode
const modeWords: Record<DisplayModeName, string> = {
  default: '',
  elder: ' in elder mode',
  text200: ' with 200% text on a 320 px screen',
}
/** The one tour `npm test` runs; `npm run tour` runs all fifteen. */
const sample: Record<DisplayModeName, readonly Locale[]> = {
  default: ['zh-Hans'],
  elder: [],
  text200: [],
}

/**
 * The tours of the given modes, as a test file's tests, with the file's own sandbox and Chromium.
 * The longer French and Spanish strings included: no screen shows a raw key, a page error, an axe
 * failure or a layout loss in any language the page supports. A file none of whose tours runs here
 * says which script runs them, and starts nothing.
 */
export function screenTours(modes: readonly DisplayModeName[]): void {
  const tours = modes.flatMap((name) =>
    locales.filter(([locale]) => everyMode || sample[name].includes(locale)).map(([locale, language]) => ({ mode: displayModes[name], locale, language })),
  )
  if (tours.length === 0) {
    test.skip(`every screen${modes.map((name) => modeWords[name]).join(' and')}, in every locale: npm run tour`)
    return
  }
  ;({ sandbox, browser } = pageSandboxAndBrowser())
  for (const { mode, locale, language } of tours) {
    test(`every screen a borrower can see renders in ${language}${modeWords[mode.name]}, accessible, fully translated and whole`, { timeout: 240_000 }, async () => {
      await tour(locale, mode)
    })
  }
}
