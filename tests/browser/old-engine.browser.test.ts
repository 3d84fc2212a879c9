import { expect, test } from 'vitest'
import { initI18n } from '../../src/i18n/init-i18n'
import type { Locale } from '../../src/i18n/locale'
import { screenshotPath } from '../support/browser'
import { testSandboxAndBrowser } from '../support/browser-suite'
import { auditCss, touchingNeighbours } from '../support/css-matrix'
import { apisTheOldestEnginesLack, oldestEngines, removeApisScript } from '../support/old-engine'
import { loginPersona, pageUrl } from '../support/sandbox'
import { testClock } from '../support/test-client'
import { assetInput, basicInput, contactsInput, debitCard, throughFace } from '../support/test-flows'

/*
 * The built page in Chromium with every API the matrix's oldest engines lack taken away before any script runs
 * (tests/support/old-engine.ts derives the list from package.json's browserslist and MDN's data): the starter
 * sends such an engine to the legacy build, whose polyfills put back what the page and its libraries call. The
 * stylesheets, inline and linked, reach the page as the oldest Chrome of the matrix parses them
 * (tests/support/css-matrix.ts): what it cannot parse is taken out, so the layout is the one its borrowers see.
 * A new borrower goes from home through the bank card, the review, the loan and a repayment, in zh-Hans on a
 * 375 px phone and in English on a 320 px one; on each screen no two neighbours in a row touch and nothing
 * scrolls sideways, and the schedule's periods are blocks, not a table's rows. Chromium still parses the modern syntax; the ES level of the legacy build is held by
 * tests/repo/es-level.test.ts.
 */

const { sandbox: sb, browser } = testSandboxAndBrowser({ clock: testClock(Date.now()) })
const lacking = apisTheOldestEnginesLack()
const browserLocale: Record<string, string> = { 'zh-Hans': 'zh-CN', en: 'en-US' }
const phoneWidth: Record<string, number> = { 'zh-Hans': 375, en: 320 }
const oldestChrome = { chrome: oldestEngines().chrome! }

test('the list of APIs taken away holds the ones the page once called unguarded', () => {
  for (const api of ['String.replaceAll', 'Intl.ListFormat', 'Array.at', 'Object.hasOwn', 'structuredClone', 'Promise.allSettled', 'globalThis', 'AbortController', 'queueMicrotask']) {
    expect(lacking).toContain(api)
  }
})

for (const locale of ['zh-Hans', 'en'] as const) {
  test(`[${locale}] without the APIs the oldest engines lack, a new borrower binds a card, borrows and repays`, { timeout: 180_000 }, async () => {
    const i18n = await initI18n(locale as Locale)
    const t = (key: string) => (i18n.t as (k: string) => string)(key)
    // The approve persona, from a fresh sandbox: a new borrower's decision would depend on the identity drawn.
    await sb.raw('/sandbox/reset', { method: 'POST' })
    const phone = '13800000001'
    const { token } = await sb.login(phone)
    const face = await throughFace(sb, token)
    await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: basicInput(face.id, face.identity) })
    await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: assetInput(face.id) })
    await sb.ok('saveContacts', { token, input: contactsInput })

    const context = await browser.newContext({ viewport: { width: phoneWidth[locale]!, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: browserLocale[locale] })
    // Told by the console: Playwright's own evaluation in the page's world needs some of what is taken away.
    await context.addInitScript(removeApisScript(lacking))
    // The stylesheets as the oldest Chrome parses them: the files as they are fetched, and the <style> elements
    // (the HTML's, and those the legacy build's scripts add for each screen) before each look at the screen.
    await context.route(
      (url) => url.pathname.endsWith('.css'),
      async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, body: auditCss(await response.text(), oldestChrome).asParsed })
      },
    )
    const page = await context.newPage()
    let removed: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('removed ')) removed = JSON.parse(message.text().slice('removed '.length)) as string[]
    })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const legacyScripts: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('-legacy-')) legacyScripts.push(request.url())
    })
    const { user } = await loginPersona(sb.url, phone)
    await page.goto(pageUrl(sb.url, { lang: locale }, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
    const button = (name: string) => page.getByRole('button', { name, exact: true })
    const onScreen = async (screen: string) => {
      const main = page.locator(`main[data-screen="${screen}"]`)
      await main.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
        await page.screenshot({ path: screenshotPath(`old-engine-${locale}-failure-${screen}`), fullPage: true })
        throw new Error(`expected ${screen}; page errors: ${errors.join(' | ')}`, { cause: error })
      })
      await expect.poll(() => main.getAttribute('aria-busy'), { timeout: 30_000 }).not.toBe('true')
    }
    // Measured over CDP: Playwright's own evaluation needs some of what is taken away.
    const cdp = await context.newCDPSession(page)
    const measure = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: `var __name = (f) => f; ${expression}`, returnByValue: true })
      if (exceptionDetails !== undefined) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text)
      return result.value as T
    }
    const stylesAsParsed = async () => {
      const found = await measure<[number, string][]>(`[...document.querySelectorAll('style:not([data-as-parsed])')].map((style) => {
        const id = (window.parsedStyles = (window.parsedStyles || 0) + 1)
        style.setAttribute('data-as-parsed', String(id))
        return [id, style.textContent]
      })`)
      for (const [id, css] of found) await measure(`document.querySelector('style[data-as-parsed="${id}"]').textContent = ${JSON.stringify(auditCss(css, oldestChrome).asParsed)}`)
    }
    const spaced = async (screen: string) => {
      await stylesAsParsed()
      expect({ screen, touching: await measure<string[]>(`(${touchingNeighbours.toString()})(4)`) }).toEqual({ screen, touching: [] })
      expect({ screen, sideways: await measure<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth') }).toEqual({ screen, sideways: 0 })
    }

    await onScreen('home')
    for (const api of ['String.replaceAll', 'Intl.ListFormat', 'Array.at', 'Object.hasOwn', 'structuredClone', 'Promise.allSettled']) expect(removed).toContain(api)
    // The legacy build runs: its polyfills and its entry were fetched, and the modern entry never was.
    expect(legacyScripts.some((url) => /polyfills-legacy-/.test(url))).toBe(true)
    expect(legacyScripts.some((url) => /\/index-legacy-/.test(url))).toBe(true)
    await spaced('home')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-home`) })

    await button(t('screens.home.continue')).click()
    await onScreen('bankCard')
    await page.getByLabel(t('screens.card.number')).fill(debitCard)
    await page.getByLabel(t('screens.card.phone')).fill(phone)
    await button(t('screens.sms.send')).click()
    await page.getByTestId('sms-sent').waitFor()
    await page.getByLabel(t('screens.sms.code')).fill(await sb.smsCode(phone))
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await spaced('bank-card')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-bank-card`), fullPage: true })
    await button(t('screens.card.bind')).click()

    await page.locator('main[data-screen="review"], main[data-screen="result"]').first().waitFor({ timeout: 30_000 })
    sb.clock.advance(10_000)
    await onScreen('result')
    await spaced('result')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-result`), fullPage: true })
    await button(t('screens.result.continue')).click()
    await onScreen('match')
    await page.getByRole('button', { name: new RegExp(t('screens.match.choose').replace('{{name}}', '').trim()) }).first().click()
    await onScreen('lendConfirm')
    await page.getByTestId('trial-apr').waitFor()
    for (const box of await page.getByRole('checkbox').all()) await box.check()
    await spaced('lend-confirm')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-lend-confirm`), fullPage: true })
    await button(t('screens.sms.send')).click()
    await page.getByTestId('sms-sent').waitFor()
    await page.getByLabel(t('screens.sms.code'), { exact: true }).fill(await sb.smsCode(phone))
    await button(t('screens.lend.apply')).click()
    await onScreen('loanPlan')
    sb.clock.advance(6_000)
    await expect.poll(() => page.getByTestId('loan-status').textContent(), { timeout: 30_000 }).toBe(t('enums.loanStatus.repaying'))
    await spaced('loan-plan')
    // Without container queries, each period's date, status and amount stand one under another, which fits any
    // width and any text size, rather than in a table's columns.
    const rowsSideBySide = `[...document.querySelectorAll('.ui-table tbody tr')].filter((row) => {
      const [first, last] = [row.cells[0].getBoundingClientRect(), row.cells[row.cells.length - 1].getBoundingClientRect()]
      return last.top < first.bottom
    }).length`
    expect(await measure<number>(rowsSideBySide)).toBe(0)
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-loan-plan`), fullPage: true })

    await button(t('screens.plan.toHome')).click()
    await onScreen('home')
    await button(t('screens.home.repay')).click()
    await onScreen('repayment')
    await page.getByLabel(locale === 'en' ? 'Period 1' : '第 1 期', { exact: true }).check()
    await spaced('repayment')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-repayment`), fullPage: true })
    await button(t('screens.repay.next')).click()
    await onScreen('repayDetail')
    await button(t('screens.repay.toPay')).click()
    await onScreen('paymentConfirm')
    await expect.poll(() => button(t('screens.pay.pay')).isEnabled()).toBe(true)
    await button(t('screens.pay.pay')).click()
    await page.locator('main[data-screen="repaymentResult"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('repayment-outcome').textContent(), { timeout: 30_000 }).toBe(t('enums.repaymentOutcome.succeeded'))
    await spaced('repaid')
    await page.screenshot({ path: screenshotPath(`old-engine-${locale}-repaid`), fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })
}
