import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { withLuhnDigit } from '../../server/banks'
import { testClock } from '../support/test-client'
import { assetInput, basicInput, contactsInput, debitCard, statusOf, throughCard, throughFace } from '../support/test-flows'
import { formatMoney } from '../../src/contract/format'
import { initI18n } from '../../src/i18n/init-i18n'
import type { Locale } from '../../src/i18n/locale'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { testSandboxAndBrowser } from '../support/browser-suite'
import { fillBasicInfo } from '../support/funnel-en'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * What a borrower sees, walked in Chromium at 375x812 against the sandbox, in Simplified
 * Chinese and English. Expected figures come from the sandbox's answers as the spec defines a
 * period's amount (principal + interest + fee + penalty), never from the page's own code; controls
 * are found by role and the locale file's names. The sandbox's clock is a test clock, so the
 * disbursement of a new loan happens when the test moves it, not after a wait.
 */

const { sandbox: sb, browser } = testSandboxAndBrowser({ clock: testClock(Date.now()) })

type T = (key: string, values?: Record<string, unknown>) => string
const browserLocale: Record<string, string> = { 'zh-Hans': 'zh-CN', en: 'en-US' }
let fresh = 13_700_013_000

async function translator(locale: Locale): Promise<T> {
  const i18n = await initI18n(locale)
  return (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
}

/** The page as the host opens it for this phone, in a fresh phone-sized context. */
async function openAs(locale: Locale, phone: string, extra: Record<string, unknown> = {}, hash = ''): Promise<Page> {
  const { token, user } = await loginPersona(sb.url, phone)
  const context = await newPhoneContext(browser, browserLocale[locale])
  const page = await context.newPage()
  const payload = { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name }, ...extra }
  // A host hands the payload to every load it makes: the page takes it out of its URL at intake,
  // so a reload finds it in the host's global.
  await context.addInitScript((hostPayload) => {
    Object.assign(window, { __HUAQIAN_BRIDGE__: hostPayload })
  }, payload)
  await page.goto(pageUrl(sb.url, { lang: locale }, payload) + hash)
  return page
}

async function onScreen(page: Page, screen: string): Promise<void> {
  const main = page.locator(`main[data-screen="${screen}"]`)
  // A screen that never comes says where the page is instead (this wait once timed out in a loaded full run).
  await main.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    const shown = await page.locator('main[data-screen]').getAttribute('data-screen', { timeout: 1_000 }).catch(() => 'none')
    throw new Error(`expected the ${screen} screen, the page shows ${shown} at ${page.url().replace(/bridge=[^&#]*/, 'bridge=…')}: ${String(error)}`)
  })
  await expect.poll(() => main.getAttribute('aria-busy'), { timeout: 30_000 }).not.toBe('true')
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** A new borrower whose application the API has brought to the card step, on the card screen. */
async function onCardScreen(locale: Locale, t: T): Promise<{ page: Page; phone: string; token: string }> {
  fresh += 1
  const phone = String(fresh)
  const { token } = await sb.login(phone)
  const face = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: basicInput(face.id, face.identity) })
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: assetInput(face.id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  const page = await openAs(locale, phone)
  await onScreen(page, 'home')
  await button(page, t('screens.home.continue')).click()
  await onScreen(page, 'bankCard')
  return { page, phone, token }
}

/*
 * A scenario whose words or figures differ by language (an amount, how late a period is, the list of
 * periods paid) runs in both; the others run in one, the two languages taking turns: the oracle checks
 * every figure on every screen in both, and src/i18n/locale-files.test.ts every key of both files.
 */
const locales = ['zh-Hans', 'en'] as const

for (const locale of locales) {
  // The overdue persona's late period, one figure on every screen that shows it.
  // rules: money-repayment-total, money-penalty
  test(`[${locale}] the overdue period shows the same amount, penalty included once, on home, repayment, plan and detail`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    const phone = '13800000005'
    const { token } = await sb.login(phone)
    const loan = (await statusOf(sb, token)).loan
    if (loan === null) throw new Error('the overdue persona has no loan')
    const plan = await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })
    const late = plan.periods.find((period) => period.status === 'overdue')
    if (late === undefined) throw new Error('the overdue persona has no late period')
    expect(late.penalty).toBeGreaterThan(0)
    const owed = formatMoney(late.principal + late.interest + late.fee + late.penalty, locale)
    const counted = formatMoney(late.principal + late.interest + late.fee + 2 * late.penalty, locale)

    const page = await openAs(locale, phone)
    await onScreen(page, 'home')
    const loansCard = page.getByRole('region', { name: t('screens.home.loans') })
    await expect.poll(() => loansCard.textContent()).toContain(owed)
    // How late, and the penalty inside the figure, instead of "next payment".
    const text = (await loansCard.textContent()) ?? ''
    expect(text).toContain(formatMoney(late.penalty, locale))
    expect(text).toMatch(locale === 'en' ? /days overdue: \d+/ : /已逾期 \d+ 天/)
    expect(text).not.toContain(t('screens.home.nextDueLabel', { date: '' }).trim())

    await button(page, t('screens.home.repay')).click()
    await onScreen(page, 'repayment')
    const choice = page.locator('.repay-choice', { hasText: t('ui.schedule.periodOf', { period: late.period }) })
    await expect.poll(() => choice.textContent()).toContain(owed)
    expect(await choice.textContent()).not.toContain(counted)

    await button(page, t('routes.repayPlan')).click()
    await onScreen(page, 'repayPlan')
    const row = page.getByRole('row', { name: new RegExp(`^${t('ui.schedule.periodOf', { period: late.period })}`) })
    expect(await row.textContent()).toContain(owed)
    await button(page, t('common.back')).click()
    await onScreen(page, 'repayment')

    await page.getByLabel(t('ui.schedule.periodOf', { period: late.period }), { exact: true }).check()
    await button(page, t('screens.repay.next')).click()
    await onScreen(page, 'repayDetail')
    await expect.poll(() => page.getByTestId('repay-total').textContent()).toBe(owed)
    await page.context().close()
  })

  // Periods are repaid oldest first; the screen never lets a later one be chosen alone.
  // rules: flow-periods-in-order
  if (locale === 'en') test(`[${locale}] ticking a later period ticks the earlier ones, unticking an earlier one unticks the later, and the detail opens without a refusal`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    const page = await openAs(locale, '13800000004')
    await onScreen(page, 'home')
    await button(page, t('screens.home.repay')).click()
    await onScreen(page, 'repayment')
    const box = (period: number) => page.getByLabel(t('ui.schedule.periodOf', { period }), { exact: true })
    const ticked = async () => Promise.all([1, 2, 3, 4].map((period) => box(period).isChecked()))
    await box(3).check()
    await expect.poll(ticked).toEqual([true, true, true, false])
    await box(2).uncheck()
    await expect.poll(ticked).toEqual([true, false, false, false])
    await box(2).check()
    await expect.poll(ticked).toEqual([true, true, false, false])
    await button(page, t('screens.repay.next')).click()
    await onScreen(page, 'repayDetail')
    await page.getByTestId('repay-total').waitFor()
    expect(await page.getByTestId('error-notice').count()).toBe(0)
    await page.context().close()
  })

  // A refusal on the screen says what happened and what to do; no code, no Retry.
  // rules: error-refusal-no-retry, field-bank-card
  if (locale === 'zh-Hans') test(`[${locale}] a refused credit card says on the screen what happened and what to do, without the code or a Retry`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    const { page, phone } = await onCardScreen(locale, t)
    await page.getByLabel(t('screens.card.number'), { exact: true }).fill(withLuhnDigit('427020000012345'))
    await page.getByLabel(t('screens.card.phone'), { exact: true }).fill(phone)
    await button(page, t('screens.sms.send')).click()
    const notice = page.getByTestId('error-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toBe(`${t('errors.refusal.cardRefused')}${t('errors.next.cardRefused')}`)
    expect(await notice.textContent()).not.toContain('1009')
    expect(await notice.getByRole('button').count()).toBe(0)
    // Nothing typed is lost: the borrower corrects the card where it is.
    expect(await page.getByLabel(t('screens.card.phone'), { exact: true }).inputValue()).not.toBe('')
    await page.context().close()
  })

  // A new borrower is asked to start; on contacts a tap right after a bad phone lands.
  if (locale === 'en') test(`[${locale}] a new borrower is offered to start, and on contacts the tap that leaves a bad phone ticks the box`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    fresh += 1
    const phone = String(fresh)
    const { token } = await sb.login(phone)
    const page = await openAs(locale, phone)
    await onScreen(page, 'home')
    await button(page, t('screens.home.start')).waitFor()
    expect(await button(page, t('screens.home.continue')).count()).toBe(0)
    await page.context().close()

    const face = await throughFace(sb, token)
    await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: basicInput(face.id, face.identity) })
    await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: assetInput(face.id) })
    const again = await openAs(locale, phone)
    await onScreen(again, 'home')
    await button(again, t('screens.home.continue')).click()
    await onScreen(again, 'contact')
    const firstPhone = again.getByLabel(t('screens.contact.phone'), { exact: true }).first()
    await firstPhone.tap()
    await firstPhone.fill('1234')
    const consent = again.getByLabel(t('screens.common.iAccept', { title: t('agreements.form') }))
    await consent.tap()
    await expect.poll(() => consent.isChecked()).toBe(true)
    await again.getByText(t('fieldRules.contacts.phoneInvalid')).first().waitFor()
    await again.context().close()
  })

  // A repaying borrower is not asked to continue an application nor sold the rights card.
  if (locale === 'zh-Hans') test(`[${locale}] a repaying borrower's home offers repaying only: no continue, no rights card`, { timeout: 60_000 }, async () => {
    const t = await translator(locale)
    const page = await openAs(locale, '13800000004')
    await onScreen(page, 'home')
    await button(page, t('screens.home.repay')).waitFor()
    for (const key of ['screens.home.continue', 'screens.home.start', 'screens.rights.open']) {
      expect(await button(page, t(key)).count(), key).toBe(0)
    }
    await page.context().close()
  })

  // A link to an agreement that does not exist says so and offers the way back, not Retry.
  if (locale === 'en') test(`[${locale}] an agreement link with an unknown key says the document does not exist and offers Close, not Retry`, { timeout: 60_000 }, async () => {
    const t = await translator(locale)
    // The host opens the agreement as the page's address (loaded full runs once lost it to home:
    // tests/ui/route-projection.test.tsx holds that race).
    const page = await openAs(locale, '13800000001', {}, '#/pages/privacy/index?key=no-such-agreement&title=x')
    await onScreen(page, 'privacy')
    const notice = page.getByTestId('error-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toBe(`${t('errors.refusal.documentNotFound')}${t('errors.next.documentNotFound')}`)
    expect(await button(page, t('common.retry')).count()).toBe(0)
    // The notice's own Close (the nav bar's back arrow is labelled Close too, with no text).
    await button(page, t('common.close')).filter({ hasText: t('common.close') }).click()
    await onScreen(page, 'home')
    expect(await page.getByTestId('error-notice').count(), 'the missing document is not home\'s error').toBe(0)
    await page.context().close()
  })
}

/*
 * A web view closed while a call is out, and the host opens a new one: same storage, no
 * sessionStorage, so the SMS code and card number are gone (docs/product-rules.md#nothing-lost). Sent again, a binding
 * would go blank under its key: refused as another request, and the borrower told so in the server's
 * words. Instead the page never sends it again, and asks the borrower, or the server, what it needs.
 */

/**
 * Presses `press`, then closes the page while the call to `callPath` is out, and opens a new page
 * where it was. `delivered`: the server took the call (its answer never reaches the page); else it
 * never arrived: it goes to a server that never answers, since a route left unhandled is sent on as
 * the page closes. `sentAgain` lists that call's requests from the new page.
 */
async function closeWhileOut(page: Page, callPath: string, delivered: boolean, press: () => Promise<void>) {
  const silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const out: Promise<unknown>[] = []
  await page.route(`**${callPath}**`, (route) => {
    out.push(delivered ? route.fetch() : route.continue({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/never` }))
  })
  await press()
  await expect.poll(() => out.length).toBe(1)
  if (delivered) await out[0]
  const address = page.url()
  const context = page.context()
  await page.close()
  silent.closeAllConnections()
  silent.close()
  const again = await context.newPage()
  const sentAgain: string[] = []
  again.on('request', (request) => {
    if (new URL(request.url()).pathname === callPath) sentAgain.push(request.url())
  })
  await again.goto(address)
  return { again, sentAgain }
}

/** The card form filled in, a code asked for and typed, the withholding authorisation ticked; the code. */
async function fillCardAndCode(page: Page, phone: string, t: T): Promise<string> {
  await page.getByLabel(t('screens.card.number')).fill(debitCard)
  await page.getByLabel(t('screens.card.phone')).fill(phone)
  await button(page, t('screens.sms.send')).click()
  await page.getByTestId('sms-sent').waitFor()
  const code = await sb.smsCode(phone)
  await page.getByLabel(t('screens.sms.code')).fill(code)
  await page.getByLabel(/Automatic Deduction Authorisation/).check()
  return code
}

/** A mobile number as its field shows it, in 3-4-4 groups. */
const asTyped = (phone: string) => phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1 $2 $3')

/** Bound, the review starts, and may be decided at once on the sandbox's clock. */
const pastTheCard = 'main[data-screen="review"], main[data-screen="result"]'

async function expectInterruptedNotice(page: Page, t: T) {
  const notice = page.getByTestId('error-notice')
  await notice.waitFor()
  expect(await notice.textContent()).toBe(`${t('errors.interrupted')}${t('errors.next.interrupted')}`)
  expect(await button(page, t('common.retry')).count()).toBe(0)
}

for (const bound of [true, false]) {
  test(`[en] a web view closed while the card was being bound: the new one never sends the binding again; ${bound ? 'it went through, so the review' : 'it did not, so the form says what to enter again'}`, { timeout: 120_000 }, async () => {
    const t = await translator('en')
    const { page, phone } = await onCardScreen('en', t)
    await fillCardAndCode(page, phone, t)
    const { again, sentAgain } = await closeWhileOut(page, '/v2/bank-card/confirm', bound, () => button(page, t('screens.card.bind')).click())
    if (bound) {
      await again.locator(pastTheCard).first().waitFor({ timeout: 30_000 })
      expect(await again.getByTestId('error-notice').count()).toBe(0)
    } else {
      await onScreen(again, 'bankCard')
      await expectInterruptedNotice(again, t)
      expect(await again.getByLabel(t('screens.card.number')).inputValue()).toBe('')
      expect(await again.getByLabel(t('screens.card.phone')).inputValue()).toBe(asTyped(phone))
      await again.screenshot({ path: screenshotPath('card-binding-cut-off') })
    }
    expect(sentAgain).toEqual([])
    await again.context().close()
  })
}

test('[en] a web view closed while a card code was being asked for: the new one asks for nothing, says the card number is to be entered again, and sends a code once it is', { timeout: 120_000 }, async () => {
  const t = await translator('en')
  const { page, phone } = await onCardScreen('en', t)
  await page.getByLabel(t('screens.card.number')).fill(debitCard)
  await page.getByLabel(t('screens.card.phone')).fill(phone)
  const { again, sentAgain } = await closeWhileOut(page, '/v2/bank-card/send-code', false, () => button(page, t('screens.sms.send')).click())
  await onScreen(again, 'bankCard')
  await expectInterruptedNotice(again, t)
  expect(await again.getByLabel(t('screens.card.number')).inputValue()).toBe('')
  expect(await again.getByLabel(t('screens.card.phone')).inputValue()).toBe(asTyped(phone))
  expect(await again.getByTestId('sms-sent').count(), 'a code the server never sent').toBe(0)
  expect(sentAgain).toEqual([])
  await again.getByLabel(t('screens.card.number')).fill(debitCard)
  await button(again, t('screens.sms.send')).click()
  await again.getByTestId('sms-sent').waitFor()
  expect(sentAgain).toHaveLength(1)
  await again.context().close()
})

test('[en] a web view closed while basic info was being saved: the new one shows the form as typed but the ID number, says why, and sends nothing', { timeout: 120_000 }, async () => {
  const t = await translator('en')
  fresh += 1
  const phone = String(fresh)
  const { token } = await sb.login(phone)
  const face = await throughFace(sb, token)
  const page = await openAs('en', phone)
  await onScreen(page, 'home')
  await button(page, t('screens.home.continue')).click()
  await onScreen(page, 'basicInfo')
  await page.getByLabel(t('screens.basic.name')).fill(face.identity.real_name)
  await page.getByLabel(t('screens.basic.idNumber')).fill(face.identity.id_number)
  await fillBasicInfo(page)
  const { again, sentAgain } = await closeWhileOut(page, `/v2/loan-user/${face.id}`, false, () => button(page, t('common.next')).click())
  await onScreen(again, 'basicInfo')
  await expectInterruptedNotice(again, t)
  expect(await again.getByLabel(t('screens.basic.idNumber')).inputValue()).toBe('')
  expect(await again.getByLabel(t('screens.basic.name')).inputValue()).toBe(face.identity.real_name)
  expect(await again.getByLabel(t('screens.basic.address')).inputValue()).toBe('建国路 88 号 6 栋')
  expect(sentAgain).toEqual([])
  await again.context().close()
})

test('[en] a lost answer to the card binding, then a new code: the new binding goes through, with no refusal of a reused key', { timeout: 120_000 }, async () => {
  const t = await translator('en')
  const { page, phone } = await onCardScreen('en', t)
  await page.clock.install()
  const firstCode = await fillCardAndCode(page, phone, t)
  // The server binds the card; its answer is lost on the way back.
  await page.route('**/v2/bank-card/confirm**', async (route) => {
    await route.fetch()
    await route.abort('connectionfailed')
  }, { times: 1 })
  await button(page, t('screens.card.bind')).click()
  await page.getByTestId('error-notice').waitFor()
  // The resend countdown passes for the page and the sandbox alike.
  await page.clock.fastForward(61_000)
  sb.clock.advance(61_000)
  const refusals: unknown[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/v2/bank-card/confirm')) return
    const body = (await response.json().catch(() => null)) as { status?: number } | null
    if (body?.status !== 0) refusals.push(body)
  })
  await button(page, t('ui.sms.resend')).click()
  await expect.poll(() => sb.smsCode(phone)).not.toBe(firstCode)
  await page.getByLabel(t('screens.sms.code')).fill(await sb.smsCode(phone))
  await button(page, t('screens.card.bind')).click()
  // Refused, the notice says so.
  await page.locator(`${pastTheCard}, [data-testid="error-notice"]`).first().waitFor({ timeout: 30_000 })
  const notices = await page.getByTestId('error-notice').count()
  // The response listener reads the body after the page has: give it that moment before reporting.
  if (notices > 0) await expect.poll(() => refusals.length).toBeGreaterThan(0)
  expect(refusals).toEqual([])
  expect(notices).toBe(0)
  await page.context().close()
})

test('[en] a web view closed while the lender card was being bound: the new one asks for the code again, and the code from the SMS goes on to the loan', { timeout: 120_000 }, async () => {
  const t = await translator('en')
  await sb.raw('/sandbox/reset', { method: 'POST' })
  const phone = '13800000006'
  const page = await openAs('en', phone)
  await onScreen(page, 'home')
  await button(page, t('screens.home.seeResult')).click()
  await onScreen(page, 'result')
  await button(page, t('screens.result.continue')).click()
  await onScreen(page, 'match')
  await page.getByRole('button', { name: new RegExp(t('screens.match.choose', { name: '' }).trim()) }).first().click()
  await onScreen(page, 'lendConfirm')
  await page.getByTestId('trial-apr').waitFor()
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await button(page, t('screens.sms.send')).click()
  await page.getByTestId('sms-sent').waitFor()
  const code = await sb.smsCode(phone)
  await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(code)
  const { again, sentAgain } = await closeWhileOut(page, '/v2/bank-card/loan/confirm', false, () => button(page, t('screens.lend.apply')).click())
  await onScreen(again, 'lendConfirm')
  await expectInterruptedNotice(again, t)
  const codeField = again.getByLabel(t('screens.sms.code'), { exact: true })
  expect(await codeField.inputValue()).toBe('')
  expect(sentAgain).toEqual([])
  await again.screenshot({ path: screenshotPath('lender-binding-cut-off') })
  // The code in the borrower's messages is still good: typed again, the binding and the application go on.
  await codeField.fill(code)
  await button(again, t('screens.lend.apply')).click()
  await onScreen(again, 'loanPlan')
  expect(sentAgain).toHaveLength(1)
  await again.context().close()
})

for (const locale of locales) {
  // From the match to the loan plan, which follows the loan while it is paid out.
  if (locale === 'zh-Hans') test(`[${locale}] the loan plan follows the new loan from paying out to repaying, across a reload, without leaving the screen`, { timeout: 150_000 }, async () => {
    const t = await translator(locale)
    await sb.raw('/sandbox/reset', { method: 'POST' })
    const phone = '13800000006'
    const { token } = await sb.login(phone)
    const bound = (await sb.ok('showCard', { token })).card
    if (bound === null) throw new Error('the persona has no card')
    const page = await openAs(locale, phone)
    await onScreen(page, 'home')
    await button(page, t('screens.home.seeResult')).click()
    await onScreen(page, 'result')
    await button(page, t('screens.result.continue')).click()
    await onScreen(page, 'match')
    // The match has somewhere to go back to.
    expect(await button(page, t('common.back')).count()).toBe(1)
    await page.getByRole('button', { name: new RegExp(t('screens.match.choose', { name: '' }).trim()) }).first().click()
    await onScreen(page, 'lendConfirm')
    await page.getByTestId('trial-apr').waitFor()
    // The card that receives the loan is named.
    await expect.poll(() => page.getByTestId('lend-card').textContent()).toBe(`${bound.bank_name} ···· ${bound.last4}`)
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await button(page, t('screens.sms.send')).click()
    await page.getByTestId('sms-sent').waitFor()
    await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(await sb.smsCode(phone))
    await button(page, t('screens.lend.apply')).click()
    await onScreen(page, 'loanPlan')
    const status = page.getByTestId('loan-status')
    await expect.poll(() => status.textContent()).toBe(t('enums.loanStatus.disbursing'))
    await page.reload()
    await onScreen(page, 'loanPlan')
    await expect.poll(() => status.textContent()).toBe(t('enums.loanStatus.disbursing'))
    // The lender pays out (the sandbox's disbursement takes 5 s of its clock): the screen follows.
    sb.clock.advance(6_000)
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(t('enums.loanStatus.repaying'))
    expect(page.url()).toContain('/pages/loanPlan/index')
    await page.context().close()
  })

  // Back on the repayment screen; the result names the periods paid.
  test(`[${locale}] the repayment result names the periods it paid, and the repayment screen has Back`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    await sb.raw('/sandbox/reset', { method: 'POST' })
    const page = await openAs(locale, '13800000004')
    await onScreen(page, 'home')
    await button(page, t('screens.home.repay')).click()
    await onScreen(page, 'repayment')
    expect(await button(page, t('common.back')).count()).toBe(1)
    await page.getByLabel(t('ui.schedule.periodOf', { period: 2 }), { exact: true }).check()
    await button(page, t('screens.repay.next')).click()
    await onScreen(page, 'repayDetail')
    await button(page, t('screens.repay.toPay')).click()
    await onScreen(page, 'paymentConfirm')
    await expect.poll(() => button(page, t('screens.pay.pay')).isEnabled()).toBe(true)
    await button(page, t('screens.pay.pay')).click()
    await page.locator('main[data-screen="repaymentResult"]').waitFor()
    const paid = locale === 'en' ? 'Period 1 and Period 2' : '第 1 期和第 2 期'
    await expect.poll(() => page.getByTestId('repaid-periods').textContent(), { timeout: 30_000 }).toBe(paid)
    await page.context().close()
  })

  // rules: flow-periods-in-order
  if (locale === 'en') test(`[${locale}] periods chosen, then paid from another device: the reopened page takes the choice back to what is still owed, says why, and pays nothing twice`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    await sb.raw('/sandbox/reset', { method: 'POST' })
    const phone = '13800000004'
    const page = await openAs(locale, phone)
    await onScreen(page, 'home')
    await button(page, t('screens.home.repay')).click()
    await onScreen(page, 'repayment')
    const period = (n: number) => page.getByLabel(t('ui.schedule.periodOf', { period: n }), { exact: true })
    await period(2).check()
    await button(page, t('screens.repay.next')).click()
    await onScreen(page, 'repayDetail')
    // Another device pays period 1 while this web view is closed.
    const { token } = await sb.login(phone)
    const loan = (await statusOf(sb, token)).loan
    if (loan === null) throw new Error(`${phone} has an open loan`)
    const trial = await sb.ok('trialRepayment', { token, input: { loan_id: loan.loan_id, periods: '1' } })
    const card = (await sb.ok('showCard', { token })).card
    await sb.ok('submitRepayment', { token, idempotencyKey: 'other-device', input: { loan_id: loan.loan_id, periods: [1], amount: trial.total, card_id: card?.card_id ?? '' } })
    await page.reload()
    await onScreen(page, 'repayment')
    expect(await page.getByTestId('paid-meanwhile').textContent()).toBe(t('screens.repay.paidMeanwhile', { periods: t('ui.schedule.periodOf', { period: 1 }) }))
    expect(await period(1).count()).toBe(0)
    expect(await period(2).isChecked()).toBe(true)
    await page.screenshot({ path: screenshotPath('repayment-paid-meanwhile') })
    await button(page, t('screens.repay.next')).click()
    await onScreen(page, 'repayDetail')
    const owed = await sb.ok('trialRepayment', { token, input: { loan_id: loan.loan_id, periods: '2' } })
    expect(await page.locator('main').textContent()).toContain(formatMoney(owed.total, locale))
    const repayments = (await sb.ok('getRepayPlan', { token, input: { loan_id: loan.loan_id } })).periods.filter((p) => p.status === 'paid').map((p) => p.period)
    expect(repayments).toEqual([1])
    await page.context().close()
  })

  // The offer names the card and its terms; a lost answer leaves one Retry, no "Buying…".
  if (locale === 'en') test(`[${locale}] the rights offer names the card charged and its terms, and a lost purchase answer leaves one Retry`, { timeout: 120_000 }, async () => {
    const t = await translator(locale)
    await sb.raw('/sandbox/reset', { method: 'POST' })
    // A borrower in review with a bound card: the perks still act, and the price has a card to come from.
    fresh += 1
    const phone = String(fresh)
    const { token } = await sb.login(phone)
    await throughCard(sb, token, phone)
    const page = await openAs(locale, phone)
    await onScreen(page, 'home')
    await button(page, t('screens.rights.open')).click()
    const sheet = page.getByRole('dialog')
    await sheet.getByRole('button', { name: t('ui.rights.buy') }).waitFor()
    const shown = (await sb.ok('showCard', { token })).card
    if (shown === null) throw new Error('the borrower in review has a bound card')
    const offer = (await sheet.textContent()) ?? ''
    expect(offer).toContain(t('ui.rights.deductedFrom', { bank: shown.bank_name, last4: shown.last4 }))
    expect(offer).toContain(t('ui.rights.noAutoRenewal'))
    expect(offer).toContain(t('ui.rights.refund'))
    await page.route('**/v2/reward-product/buy', (route) => route.abort('connectionfailed'))
    await sheet.getByRole('checkbox').check()
    await sheet.getByRole('button', { name: t('ui.rights.buy') }).click()
    await sheet.getByRole('button', { name: t('screens.common.retrySame') }).waitFor()
    expect(await sheet.getByRole('button', { name: t('ui.rights.buying') }).count()).toBe(0)
    expect(await sheet.getByRole('button', { name: t('common.retry'), exact: true }).count()).toBe(0)
    await page.context().close()
  })
}
