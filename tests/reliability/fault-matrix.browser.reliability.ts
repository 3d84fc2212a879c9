import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Locator, Page, Request, Route } from 'playwright-core'
import { afterAll, expect, test } from 'vitest'
import { withLuhnDigit } from '../../server/banks'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { answerAssets, fillContacts, pickBeijingChaoyang } from '../support/funnel-en'
import { loginPersona, sentSmsCode, type LoggedIn } from '../support/sandbox'
import { recordFigures } from '../support/figures'

/*
 * Fault matrix in the browser: one representative cell per screen that makes a call.
 * The built page, served by the sandbox, in Chromium; the borrower walks by hand (clicks, typing,
 * controls found by their translated names) in four journeys, and on each screen one call is
 * failed at the network layer (`page.route`) with one fault, the faults varied across screens so
 * every kind appears. What each cell must show comes from the error catalogue
 * (docs/product-rules.md#errors), not from the page's code:
 *   - the catalogue's toast, in the borrower's language (none for a 401), and exactly one in-page
 *     notice saying what happened and what to do, in the locale files' words, never a bare code;
 *   - the loading state cleared: the screen not busy, no spinner, its primary control enabled;
 *   - what the borrower typed still there;
 *   - a retry where asking again can succeed, which leads on once the fault is gone; after a
 *     refusal no Retry (asking again is refused again), and the way the notice gives works;
 *   - a committing call retried after an unknown outcome carries the same Idempotency-Key;
 *   - a 401: no toast, no notice, one `goHome` to the host, and a new token from the host leads on;
 *   - no page error and no unhandled rejection.
 * Figures: artifacts/reliability/fault-matrix-browser.json.
 */

type Locale = 'en' | 'fr' | 'zh-Hans'
type Messages = { [key: string]: string | Messages }

const localeText = Object.fromEntries(
  (['en', 'fr', 'zh-Hans'] as const).map((locale) => [
    locale,
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}.json`), 'utf8')) as Messages,
  ]),
) as Record<Locale, Messages>

/** The borrower's words for a locale key (i18next's `{{name}}` filled in), read from locales/*.json. */
function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = localeText[locale]
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`no text for ${key} in ${locale}`)
  return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))
}

// ---- the faults ----

type FaultName =
  | 'connection refused'
  | 'connection reset'
  | 'connection aborted'
  | 'connection timed out'
  | 'HTTP 500'
  | 'HTTP 502'
  | 'HTTP 503'
  | 'HTTP 401'
  | 'status ≠ 0 with a message'
  | 'status ≠ 0 without a message'
  | '200 with an HTML body'
  | '200 with an empty body'
  | '200 with invalid JSON'
  | '200 with a body that breaks the contract'

interface Fault {
  serve: (route: Route, cell: Cell) => Promise<void>
  /** The catalogue's toast: a locale key, the server's own message, or none (a 401). */
  toast: { key: string } | 'server message' | null
  /** What the in-page notice says happened, or null (a 401: the host goes home instead). */
  notice: string | null
  /** Whether asking again can succeed (a lost, unreadable or failed answer) or not (a refusal). */
  retryable: boolean
}

const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', body: JSON.stringify(body) })

const faults: Record<FaultName, Fault> = {
  'connection refused': { serve: (route) => route.abort('connectionrefused'), toast: { key: 'errors.networkError' }, notice: 'errors.networkError', retryable: true },
  'connection reset': { serve: (route) => route.abort('connectionreset'), toast: { key: 'errors.networkError' }, notice: 'errors.networkError', retryable: true },
  'connection aborted': { serve: (route) => route.abort('connectionaborted'), toast: { key: 'errors.networkError' }, notice: 'errors.networkError', retryable: true },
  // The network's own timeout (net::ERR_TIMED_OUT) reaches the page as a fetch that failed, as a refused
  // connection does: the catalogue's network toast and notice (docs/product-rules.md#errors). The page's own
  // 60 s timer, whose notice says it timed out, is the request level's cell on a simulated clock
  // (fault-matrix.request.test.ts): here it would cost a minute a cell.
  'connection timed out': { serve: (route) => route.abort('timedout'), toast: { key: 'errors.networkError' }, notice: 'errors.networkError', retryable: true },
  'HTTP 500': { serve: (route) => route.fulfill({ status: 500, body: '' }), toast: { key: 'errors.requestError' }, notice: 'errors.serverUnavailable', retryable: true },
  'HTTP 502': { serve: (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' }), toast: { key: 'errors.requestError' }, notice: 'errors.serverUnavailable', retryable: true },
  'HTTP 503': { serve: (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }), toast: { key: 'errors.requestError' }, notice: 'errors.serverUnavailable', retryable: true },
  'HTTP 401': { serve: (route) => route.fulfill(json(401, { status: 401, message: 'token expired', data: null })), toast: null, notice: null, retryable: true },
  'status ≠ 0 with a message': {
    serve: (route, cell) => route.fulfill(json(200, { status: 1001, message: cell.serverMessage ?? 'refused', data: null })),
    toast: 'server message',
    notice: 'errors.refusal.fieldRule',
    retryable: false,
  },
  'status ≠ 0 without a message': { serve: (route) => route.fulfill(json(200, { status: 1000, data: null })), toast: { key: 'errors.requestError' }, notice: 'errors.refusal.other', retryable: false },
  '200 with an HTML body': {
    serve: (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>captive portal</p>' }),
    toast: { key: 'errors.requestError' },
    notice: 'errors.invalidResponse',
    retryable: true,
  },
  '200 with an empty body': { serve: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }), toast: { key: 'errors.requestError' }, notice: 'errors.invalidResponse', retryable: true },
  '200 with invalid JSON': { serve: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":0,"data":' }), toast: { key: 'errors.requestError' }, notice: 'errors.invalidResponse', retryable: true },
  '200 with a body that breaks the contract': {
    serve: (route) => route.fulfill(json(200, { status: 0, message: 'OK', data: { unexpected: true } })),
    toast: { key: 'errors.requestError' },
    notice: 'errors.invalidResponse',
    retryable: true,
  },
}

// ---- a journey: one borrower, one locale, one page ----

interface Journey {
  name: string
  locale: Locale
  /** The persona the host logs in; none: the page starts logged out and the host logs in later. */
  phone: string
  loggedInAtStart: boolean
}

const journeys = {
  firstVisit: { name: 'first visit, logged out (fr)', locale: 'fr', phone: '13800000002', loggedInAtStart: false },
  funnel: { name: 'application (en)', locale: 'en', phone: '13800000001', loggedInAtStart: true },
  approved: { name: 'approved, choosing a lender (fr)', locale: 'fr', phone: '13800000006', loggedInAtStart: true },
  repaying: { name: 'repaying, the bank slow to settle (zh-Hans)', locale: 'zh-Hans', phone: '13800000009', loggedInAtStart: true },
} satisfies Record<string, Journey>

/** What a cell's steps work with: the journey's page and the borrower's words. */
interface Borrower {
  page: Page
  locale: Locale
  t: (key: string, values?: Record<string, string | number>) => string
  /** A button by its translated name. */
  button: (key: string, values?: Record<string, string | number>) => Locator
  onScreen: (screen: string, timeout?: number) => Promise<void>
  smsCode: (purpose: string) => Promise<string>
  /** The host hands the page a (new) token, as after the borrower logged in again. */
  hostLogsIn: () => Promise<void>
}

interface Cell {
  journey: Journey
  /** The screen that makes the call (`main[data-screen]`; `boot` for the boot page). */
  screen: string
  /** The contract's call (docs/product-rules.md#one-request) and how to recognise it. */
  call: string
  method: 'GET' | 'POST' | 'PUT'
  path: RegExp
  fault: FaultName
  /** The server's message for a refusal with a message, in the borrower's language. */
  serverMessage?: string
  /** From where the last cell left the borrower to just before the call: what the borrower types. */
  arrive?: (b: Borrower) => Promise<void>
  /**
   * The borrower's action that sends the call. Absent when entering the screen sends it: the fault
   * is then set before the previous cell's way on, so the first call already meets it.
   */
  act?: (b: Borrower) => Promise<void>
  /** Label → value (or ticked) the borrower typed, which the failure must leave as it was. */
  values?: Record<string, string | boolean>
  /** Every box on the screen was ticked by the borrower and must stay ticked. */
  allTicked?: true
  /** The screen's primary control (a locale key), enabled again once the call has failed. */
  primary?: string
  /** How the borrower asks again: a button (a locale key), the host's login, or the screen's own polling. */
  retry: { button: string } | 'host login' | 'polling'
  /** The way on once the fault is gone, ending where the next cell starts. */
  next: (b: Borrower) => Promise<void>
  /** A call that commits money or a binding: asking again must carry the same Idempotency-Key. */
  keyed?: true
  /** A polling screen whose own "still working" spinner stays (the review, the bank settling). */
  pollingScreen?: true
  /** Checked on the requests after a 401: the call sent again carries what the borrower typed. */
  resentBody?: (body: Record<string, unknown>) => void
}

const card = withLuhnDigit('622202000012345')

const cells: Cell[] = [
  // ---- a first visit, logged out, in French ----
  {
    journey: journeys.firstVisit,
    screen: 'boot',
    call: 'lookupChannel',
    method: 'GET',
    path: /^\/api\/channel\//,
    fault: 'connection refused',
    act: async ({ page }) => {
      await page.goto(`${sandbox.url}/?lang=fr`)
    },
    primary: 'common.retry',
    retry: { button: 'common.retry' },
    next: async (b) => b.onScreen('login'),
  },
  {
    journey: journeys.firstVisit,
    screen: 'login',
    call: 'showUser, getLoanUserStatus, showRewardProduct (home, right after login)',
    method: 'GET',
    path: /^\/(api\/users\/show|v2\/loan-user-status|v2\/reward-product\/show)$/,
    fault: 'HTTP 401',
    act: async (b) => {
      // The borrower asks to log in; the host logs them in and hands a token the server then refuses.
      await b.button('screens.login.ask').click()
      await expect.poll(() => hostCommands(b.page), { message: 'the page asks the host to log in' }).toContainEqual({ command: 'login' })
      await b.hostLogsIn()
    },
    primary: 'screens.login.ask',
    retry: 'host login',
    next: async (b) => b.onScreen('home'),
  },

  // ---- the application, in English ----
  {
    journey: journeys.funnel,
    screen: 'home',
    call: 'getLoanUserStatus',
    method: 'GET',
    path: /^\/v2\/loan-user-status$/,
    fault: 'HTTP 500',
    act: async ({ page }) => {
      await page.goto(`${sandbox.url}/?lang=en`)
    },
    retry: { button: 'common.retry' },
    next: async (b) => {
      await b.onScreen('home')
      await b.button('screens.home.start').waitFor()
    },
  },
  {
    journey: journeys.funnel,
    screen: 'home',
    call: 'showRewardProduct (the rights card sheet)',
    method: 'GET',
    path: /^\/v2\/reward-product\/show$/,
    fault: 'connection aborted',
    act: async (b) => b.button('screens.rights.open').click(),
    retry: { button: 'common.retry' },
    next: async (b) => {
      await b.page.getByRole('dialog').getByRole('button', { name: b.t('ui.rights.buy'), exact: true }).waitFor()
      await b.page.getByRole('button', { name: b.t('ui.sheet.close'), exact: true }).click()
      await b.page.getByRole('dialog').waitFor({ state: 'hidden' })
    },
  },
  {
    journey: journeys.funnel,
    screen: 'privacy',
    call: 'getAgreement (an agreement read from loan demand)',
    method: 'GET',
    path: /^\/api\/sys-protocols\//,
    fault: 'HTTP 502',
    arrive: async (b) => {
      await b.button('screens.home.start').click()
      await b.onScreen('loanDemand')
    },
    act: async (b) => b.button('screens.common.read').click(),
    primary: 'common.close',
    retry: { button: 'common.retry' },
    next: async (b) => {
      await b.page.locator('main[data-screen="privacy"] .ui-rich-html').waitFor()
      await b.button('common.close').click()
      await b.onScreen('loanDemand')
    },
  },
  {
    journey: journeys.funnel,
    screen: 'loanDemand',
    call: 'updateLoanUser (demand)',
    method: 'PUT',
    path: /^\/v2\/loan-user\//,
    fault: '200 with an HTML body',
    arrive: async (b) => {
      const { page } = b
      await page.getByTestId('trial-apr').waitFor()
      await page.getByLabel('Amount (yuan)').fill('20000')
      await page.getByLabel('Term').selectOption('6')
      await page.getByLabel('Purpose').selectOption('shopping')
      await expect.poll(() => page.getByText('Repayment schedule (6 payments)').isVisible()).toBe(true)
      for (const box of await page.getByRole('checkbox').all()) await box.check()
    },
    act: async (b) => b.button('screens.demand.submit').click(),
    values: { 'Amount (yuan)': '20000', Term: '6', Purpose: 'shopping' },
    allTicked: true,
    primary: 'screens.demand.submit',
    retry: { button: 'screens.demand.submit' },
    next: async (b) => b.onScreen('facialIdentification'),
  },
  {
    journey: journeys.funnel,
    screen: 'facialIdentification',
    call: 'startBiometricSession',
    method: 'POST',
    path: /^\/v2\/biometric-verification\/session$/,
    fault: 'connection reset',
    arrive: async ({ page }) => {
      await page.getByLabel(/Authorisation to Process Facial Information/).check()
      await page.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
    },
    act: async (b) => b.button('screens.face.start').click(),
    values: { 'Authorisation to Process Facial Information': true, 'Authorisation to Process Sensitive Personal Information': true },
    primary: 'screens.face.start',
    retry: { button: 'screens.face.start' },
    next: async (b) => {
      await b.onScreen('webview')
      await b.page.frameLocator('iframe.webview-frame').getByRole('button', { name: 'Pass' }).click()
      await b.onScreen('basicInfo', 40_000)
    },
  },
  {
    journey: journeys.funnel,
    screen: 'basicInfo',
    call: 'updateLoanUser (basic info)',
    method: 'PUT',
    path: /^\/v2\/loan-user\//,
    fault: 'status ≠ 0 without a message',
    arrive: async ({ page }) => {
      await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('王晓明')
      await page.getByLabel('Education').selectOption('bachelor')
      await page.getByLabel('Marital status').selectOption('married')
      await pickBeijingChaoyang(page)
      await page.getByLabel('Street address').fill('建国路 88 号 6 栋')
    },
    act: async (b) => b.button('common.next').click(),
    values: { 'Full name': '王晓明', Education: 'bachelor', 'Marital status': 'married', 'Street address': '建国路 88 号 6 栋' },
    primary: 'common.next',
    // A refusal: no Retry; the borrower sends the form again once the server takes it.
    retry: { button: 'common.next' },
    next: async (b) => b.onScreen('assetInfo'),
  },
  {
    journey: journeys.funnel,
    screen: 'assetInfo',
    call: 'updateLoanUser (asset info)',
    method: 'PUT',
    path: /^\/v2\/loan-user\//,
    fault: 'status ≠ 0 with a message',
    serverMessage: 'Occupation: choose one of the listed answers.',
    arrive: async ({ page }) => answerAssets(page),
    act: async (b) => b.button('common.next').click(),
    values: { Occupation: 'employee', 'Monthly income': '10k_20k', Housing: 'rented', Car: 'none', 'Do you have a credit card?': 'no' },
    primary: 'common.next',
    retry: { button: 'common.next' },
    next: async (b) => b.onScreen('contact'),
  },
  {
    journey: journeys.funnel,
    screen: 'contact',
    call: 'saveContacts',
    method: 'POST',
    path: /^\/v2\/contact-info$/,
    fault: 'HTTP 401',
    arrive: async ({ page }) => fillContacts(page),
    act: async (b) => b.button('common.next').click(),
    retry: 'host login',
    // After the new token the page sends the borrower's save again: what they typed is in it.
    resentBody: (body) => {
      const contacts = body.contacts as { relation: string; name: string; phone: string }[]
      expect(contacts.map((c) => [c.relation, c.name, c.phone])).toEqual([
        ['parent', '王建国', '13900000011'],
        ['friend', '李明', '13900000022'],
      ])
    },
    next: async (b) => b.onScreen('bankCard'),
  },
  {
    journey: journeys.funnel,
    screen: 'bankCard',
    call: 'sendCardCode',
    method: 'POST',
    path: /^\/v2\/bank-card\/send-code$/,
    fault: 'HTTP 502',
    arrive: async ({ page }) => {
      await page.getByLabel('Debit card number').fill(card)
      await page.getByLabel('Phone number registered with the bank').fill('13800000001')
    },
    act: async (b) => b.button('screens.sms.send').click(),
    values: { 'Debit card number': card.replace(/(\d{4})(?=\d)/g, '$1 '), 'Phone number registered with the bank': '138 0000 0001' },
    primary: 'screens.sms.send',
    retry: { button: 'screens.sms.send' },
    next: async ({ page }) => {
      await page.getByTestId('sms-sent').waitFor()
    },
  },
  {
    journey: journeys.funnel,
    screen: 'bankCard',
    call: 'confirmCard',
    method: 'POST',
    path: /^\/v2\/bank-card\/confirm$/,
    fault: '200 with invalid JSON',
    arrive: async (b) => {
      await b.page.getByLabel('Verification code').fill(await b.smsCode('card'))
      await b.page.getByLabel(/Automatic Deduction Authorisation/).check()
    },
    act: async (b) => b.button('screens.card.bind').click(),
    values: { 'Automatic Deduction Authorisation': true },
    primary: 'screens.card.bind',
    keyed: true,
    retry: { button: 'screens.card.bind' },
    next: async (b) => b.onScreen('review'),
  },
  {
    journey: journeys.funnel,
    screen: 'review',
    call: 'getCreditDecision (the review polls it)',
    method: 'GET',
    path: /^\/v2\/loan-user-status\/credit$/,
    fault: '200 with an empty body',
    pollingScreen: true,
    retry: 'polling',
    next: async (b) => {
      await b.onScreen('result', 60_000)
      await b.page.getByTestId('result-apr').waitFor()
    },
  },
  {
    journey: journeys.funnel,
    screen: 'thirdProtocol',
    call: "getContract (the lender's third-party agreement)",
    method: 'GET',
    path: /^\/v2\/contract-agreement$/,
    fault: 'connection reset',
    arrive: async (b) => {
      await b.button('screens.result.continue').click()
      await b.onScreen('match')
      await b.page.getByRole('button', { name: /^Choose / }).first().click()
      await b.onScreen('lendConfirm')
      await b.page.getByTestId('trial-apr').waitFor()
    },
    act: async (b) => {
      const row = b.page.locator('.agreement', { has: b.page.getByRole('checkbox', { name: b.t('screens.common.iAccept', { title: b.t('screens.lend.thirdParty') }) }) })
      await row.getByRole('button', { name: b.t('screens.common.read'), exact: true }).click()
    },
    primary: 'common.close',
    retry: { button: 'common.retry' },
    next: async (b) => {
      await b.page.locator('main[data-screen="thirdProtocol"] .ui-rich-html').waitFor()
      await b.button('common.close').click()
      await b.onScreen('lendConfirm')
    },
  },
  {
    journey: journeys.funnel,
    screen: 'lendConfirm',
    call: 'applyLoan',
    method: 'POST',
    path: /^\/v2\/loan-user-status\/apply$/,
    fault: '200 with a body that breaks the contract',
    arrive: async (b) => {
      const { page } = b
      await page.getByTestId('trial-apr').waitFor()
      await page.getByLabel(/Loan Disclosure Statement/).check()
      await page.getByLabel(/Loan contract/).check()
      await page.getByLabel(/Third-party agreement/).check()
      await b.button('screens.sms.send').click()
      await page.getByTestId('sms-sent').waitFor()
      await page.getByLabel('Verification code').fill(await b.smsCode('lender_card'))
    },
    act: async (b) => b.button('screens.lend.apply').click(),
    values: { 'Loan Disclosure Statement': true, 'Loan contract': true, 'Third-party agreement': true },
    keyed: true,
    retry: { button: 'screens.common.retrySame' },
    next: async (b) => b.onScreen('loanPlan'),
  },
  {
    journey: journeys.funnel,
    screen: 'loanPlan',
    call: 'getRepayPlan (the new loan)',
    method: 'GET',
    path: /^\/v2\/repay-plan$/,
    fault: 'connection timed out',
    primary: 'screens.plan.toHome',
    retry: { button: 'common.retry' },
    next: async ({ page }) => {
      await page.getByTestId('loan-status').waitFor()
    },
  },

  // ---- an approved borrower choosing a lender, in French ----
  {
    journey: journeys.approved,
    screen: 'match',
    call: 'listMatches',
    method: 'GET',
    path: /^\/api\/user-info\/matches$/,
    fault: 'HTTP 503',
    arrive: async (b) => {
      await b.page.goto(`${sandbox.url}/?lang=fr`)
      await b.onScreen('home')
      // Home's card names where the application stands: the decision.
      await b.button('screens.home.seeResult').click()
      await b.onScreen('result')
    },
    act: async (b) => b.button('screens.result.continue').click(),
    retry: { button: 'common.retry' },
    next: async ({ page }) => {
      await page.getByRole('button', { name: /^Choisir / }).first().waitFor()
    },
  },

  // ---- repaying, the bank slow to settle, in simplified Chinese ----
  {
    journey: journeys.repaying,
    screen: 'repayment',
    call: 'getLoanUserStatus (repayment)',
    method: 'GET',
    path: /^\/v2\/loan-user-status$/,
    fault: 'HTTP 503',
    arrive: async (b) => {
      await b.page.goto(`${sandbox.url}/?lang=zh-Hans`)
      await b.onScreen('home')
    },
    act: async (b) => b.button('screens.home.repay').click(),
    retry: { button: 'common.retry' },
    next: async (b) => {
      await b.page.getByLabel(b.t('ui.schedule.periodOf', { period: 1 }), { exact: true }).waitFor()
    },
  },
  {
    journey: journeys.repaying,
    screen: 'repayPlan',
    call: 'getRepayPlan (repayment plan)',
    method: 'GET',
    path: /^\/v2\/repay-plan$/,
    fault: 'status ≠ 0 without a message',
    act: async (b) => b.button('routes.repayPlan').click(),
    // A refusal: no Retry. The notice says to go back and try from there, which works.
    retry: { button: 'common.back' },
    next: async (b) => {
      await b.onScreen('repayment')
      await b.button('routes.repayPlan').click()
      await b.onScreen('repayPlan')
      await b.page.getByRole('table').first().waitFor()
      await b.button('common.back').click()
      await b.onScreen('repayment')
      await b.page.getByLabel(b.t('ui.schedule.periodOf', { period: 1 }), { exact: true }).waitFor()
    },
  },
  {
    journey: journeys.repaying,
    screen: 'repayDetail',
    call: 'trialRepayment',
    method: 'GET',
    path: /^\/v2\/loan-user-status\/repay-trial$/,
    fault: 'connection refused',
    arrive: async (b) => b.page.getByLabel(b.t('ui.schedule.periodOf', { period: 1 }), { exact: true }).check(),
    act: async (b) => b.button('screens.repay.next').click(),
    retry: { button: 'common.retry' },
    next: async ({ page }) => {
      await page.getByTestId('repay-total').waitFor()
    },
  },
  {
    journey: journeys.repaying,
    screen: 'paymentConfirm',
    call: 'submitRepayment',
    method: 'POST',
    path: /^\/v2\/loan-user-status\/repayments$/,
    fault: 'HTTP 502',
    arrive: async (b) => {
      await b.button('screens.repay.toPay').click()
      await b.onScreen('paymentConfirm')
      await expect.poll(() => b.button('screens.pay.pay').isEnabled()).toBe(true)
    },
    act: async (b) => b.button('screens.pay.pay').click(),
    keyed: true,
    // A gateway's 502 leaves the payment's outcome unknown: retried under the same key, never a new payment.
    retry: { button: 'screens.common.retrySame' },
    next: async (b) => b.onScreen('repaymentResult'),
  },
  {
    journey: journeys.repaying,
    screen: 'repaymentResult',
    call: 'getLoanUserStatus (the bank settling)',
    method: 'GET',
    path: /^\/v2\/loan-user-status$/,
    fault: '200 with a body that breaks the contract',
    pollingScreen: true,
    retry: 'polling',
    next: async (b) => {
      await expect.poll(() => b.page.getByTestId('repayment-outcome').textContent(), { timeout: 90_000 }).toBe(b.t('enums.repaymentOutcome.succeeded'))
    },
  },
]

// ---- the run ----

const { sandbox, browser } = pageSandboxAndBrowser()

interface Open {
  journey: Journey
  context: BrowserContext
  page: Page
  login: LoggedIn
  pageErrors: string[]
  /** Where the journey stopped (a cell failed): its later cells are not reached. */
  stoppedAt: string | null
}
let open: Open | null = null

interface CellResult {
  journey: string
  locale: Locale
  screen: string
  call: string
  fault: FaultName
  ok: boolean
  toast?: string | null
  notice?: string
  retry?: string
  failure?: string
}
const results: CellResult[] = []

/** Recorded in the page from its first script: toasts as they appear, unhandled rejections, host commands. */
function recorder(): void {
  const log = { toasts: [] as string[], rejections: [] as string[], host: [] as unknown[] }
  Object.assign(window, { __faults: log })
  window.addEventListener('unhandledrejection', (event) => log.rejections.push(String(event.reason)))
  // The host app as an Android host injects it: every command the page sends it is kept.
  Object.assign(window, { HuaqianAndroid: { postMessage: (message: string) => log.host.push(JSON.parse(message)) } })
  // Every toast element that appears: each toast is a new element, even with the same words.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue
        for (const toast of [node, ...Array.from(node.querySelectorAll('.toast'))]) {
          if (toast.matches('.toast')) log.toasts.push(toast.textContent ?? '')
        }
      }
    }
  }).observe(document, { subtree: true, childList: true })
}

type Recorded = { toasts: string[]; rejections: string[]; host: { command: string }[] }
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __faults: Recorded }).__faults)
const hostCommands = async (page: Page) => (await recorded(page)).host

async function openJourney(journey: Journey): Promise<Open> {
  if (open?.journey === journey) return open
  await open?.context.close()
  const context = await newPhoneContext(browser, journey.locale === 'en' ? 'en-US' : journey.locale === 'fr' ? 'fr-FR' : 'zh-CN')
  const login = await loginPersona(sandbox.url, journey.phone)
  await context.addInitScript(recorder)
  if (journey.loggedInAtStart) {
    // The host hands its payload on every load, as a native host sets its global before the page runs.
    await context.addInitScript((payload) => Object.assign(window, { __HUAQIAN_BRIDGE__: payload }), payloadOf(login))
  }
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  open = { journey, context, page, login, pageErrors, stoppedAt: null }
  return open
}

function payloadOf(login: LoggedIn) {
  return { token: login.token, userId: login.user.user_id, userInfo: { phone: login.user.phone, nick_name: login.user.nick_name } }
}

function borrowerOf(current: Open): Borrower {
  const { page, journey } = current
  const t = (key: string, values?: Record<string, string | number>) => text(journey.locale, key, values)
  return {
    page,
    locale: journey.locale,
    t,
    button: (key, values) => page.getByRole('button', { name: t(key, values), exact: true }).first(),
    onScreen: async (screen, timeout = 30_000) => {
      await page.locator(`main[data-screen="${screen}"][aria-busy="false"]`).waitFor({ timeout })
    },
    smsCode: (purpose) => sentSmsCode(sandbox.url, journey.phone, purpose),
    hostLogsIn: async () => {
      await page.evaluate((payload) => window.postMessage({ type: 'huaqian.bridge', payload }, window.location.origin), payloadOf(current.login))
    },
  }
}

/** The call failed with the cell's fault until `lift`; every request it answered, and the ones after. */
async function armFault(page: Page, cell: Cell) {
  const faulted: Request[] = []
  const after: Request[] = []
  let lifted = false
  // What the page had shown before the fault was set: a pre-set fault may be met before its cell starts.
  const before = await recorded(page).catch(() => null)
  const matches = (url: URL) => cell.path.test(url.pathname)
  const handler = async (route: Route, request: Request) => {
    if (request.method() !== cell.method) return route.fallback()
    if (lifted) {
      after.push(request)
      return route.fallback()
    }
    faulted.push(request)
    await faults[cell.fault].serve(route, cell)
  }
  await page.route(matches, handler)
  return {
    faulted,
    after,
    toastsBefore: before?.toasts.length ?? 0,
    hostBefore: before?.host.length ?? 0,
    lift: () => {
      lifted = true
    },
    remove: () => page.unroute(matches, handler),
  }
}

/**
 * Every notice on the page (the screen and any sheet over it), read at once, a polling screen clears
 * it as it asks again; each marked with whether the borrower can see it (inside the viewport).
 */
async function noticeText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="alert"]')).map((node) => {
      const box = node.getBoundingClientRect()
      const inView = box.top >= 0 && box.bottom <= window.innerHeight
      return `${inView ? '' : '[out of view] '}${(node as HTMLElement).innerText}`
    }),
  )
}

/** A fault set by the previous cell for the call its way on sends (a screen that loads on entry). */
let armedNext: { cell: Cell; armed: Awaited<ReturnType<typeof armFault>> } | null = null

afterAll(async () => {
  const bad = results.filter((result) => !result.ok)
  const screens = new Set(results.map((result) => result.screen))
  const kinds = new Set(results.map((result) => result.fault))
  recordFigures('fault-matrix-browser', {
    headline: `Chromium: ${results.length} cells (${screens.size} screens, ${kinds.size} fault kinds, locales en, fr, zh-Hans), ${bad.length} misbehaved`,
    cells: results,
  })
  await open?.context.close()
})

test.each(cells.map((cell, index) => [`${cell.screen}: ${cell.call}`, cell.fault, cell.journey.locale, index] as const))(
  '%s, %s (%s): one message in the borrower\'s words, loading cleared, input kept, the way on works',
  { timeout: 180_000 },
  async (_name, _fault, _locale, index) => {
    const cell = cells[index] as Cell
    const fault = faults[cell.fault]
    const result: CellResult = { journey: cell.journey.name, locale: cell.journey.locale, screen: cell.screen, call: cell.call, fault: cell.fault, ok: false }
    results.push(result)
    const current = await openJourney(cell.journey)
    if (current.stoppedAt !== null) throw new Error(`not reached: the journey stopped at ${current.stoppedAt}`)
    const b = borrowerOf(current)
    const { page } = current
    try {
      await cell.arrive?.(b)
      // A fault set for another cell (its journey stopped before it) is not this cell's.
      const armed = armedNext?.cell === cell ? armedNext.armed : await armFault(page, cell)
      armedNext = null
      const { toastsBefore, hostBefore } = armed
      await cell.act?.(b)
      await expect.poll(() => armed.faulted.length, { timeout: 30_000, message: `the page sends ${cell.call}` }).toBeGreaterThan(0)

      if (cell.fault === 'HTTP 401') {
        // docs/product-rules.md#error-401: token and user info cleared, the host told to go home; no toast, no notice.
        await expect.poll(async () => (await hostCommands(page)).slice(hostBefore).filter((c) => c.command === 'goHome').length, { message: 'goHome sent to the host' }).toBe(1)
        await b.onScreen('login')
        const log = await recorded(page)
        expect(log.toasts.slice(toastsBefore), 'no toast for a 401').toEqual([])
        expect(await noticeText(page), 'no notice for a 401').toEqual([])
        result.toast = null
        // However many calls met the 401 (home's three go out together), the host hears goHome once.
        expect((await hostCommands(page)).slice(hostBefore).filter((c) => c.command === 'goHome')).toHaveLength(1)
      } else {
        // The screen stays, not busy, with exactly one notice.
        const settledScreen = cell.screen === 'boot' ? page.locator('main[aria-busy="false"] .steps') : page.locator(`main[data-screen="${cell.screen}"][aria-busy="false"]`)
        await expect.poll(() => settledScreen.count(), { timeout: 30_000, message: `loading cleared: ${cell.screen} is on screen and not busy` }).toBe(1)
        let notices: string[] = []
        await expect
          .poll(async () => (notices = await noticeText(page)).length, { timeout: 30_000, message: 'one notice on screen' })
          .toBe(1)
        const notice = notices[0] as string
        result.notice = notice
        expect(notice, 'the notice is in view').not.toMatch(/^\[out of view\]/)
        const what = b.t(fault.notice as string)
        expect(notice, 'the notice says what happened, in the borrower\'s words').toContain(what)
        expect(notice, 'never a bare code or key').not.toMatch(/\b(1\d{3}|[45]\d\d)\b|errors\./)
        if (!fault.retryable) expect(notice, 'a refusal says what to do instead').toContain(b.t(fault.notice?.replace('refusal', 'next') as string))
        // The catalogue's toast, once, in the borrower's language (or the server's own words).
        const expectedToast = fault.toast === 'server message' ? (cell.serverMessage as string) : b.t((fault.toast as { key: string }).key)
        await expect.poll(async () => (await recorded(page)).toasts.slice(toastsBefore), { message: 'the catalogue\'s toast' }).toContain(expectedToast)
        const toasts = (await recorded(page)).toasts.slice(toastsBefore)
        result.toast = expectedToast
        if (!cell.pollingScreen) expect(toasts, 'exactly one toast').toEqual([expectedToast])
        else expect(new Set(toasts), 'one toast per failed attempt, the same one').toEqual(new Set([expectedToast]))
        // What the borrower typed is still there.
        for (const [label, value] of Object.entries(cell.values ?? {})) {
          const field = page.getByLabel(typeof value === 'boolean' ? new RegExp(escape(label)) : label, { exact: typeof value !== 'boolean' }).first()
          expect(typeof value === 'boolean' ? await field.isChecked() : await field.inputValue(), `${label} kept`).toBe(value)
        }
        if (cell.allTicked) expect(await page.locator('main input[type="checkbox"]:not(:checked)').count(), 'every box still ticked').toBe(0)
        // Loading cleared: no spinner (a polling screen keeps its own "still working"), the primary control enabled.
        if (!cell.pollingScreen) expect(await page.locator('.spinner').count(), 'no spinner').toBe(0)
        if (cell.primary) await expect.poll(() => b.button(cell.primary as string).isEnabled(), { message: `${cell.primary} enabled again` }).toBe(true)
        // Asking again: a Retry where it can succeed and the screen takes it; never after a refusal.
        const retryButtons = page.getByRole('button', { name: new RegExp(`^(${escape(b.t('common.retry'))}|${escape(b.t('screens.common.retrySame'))})$`) })
        if (!fault.retryable) expect(await retryButtons.count(), 'no Retry after a refusal').toBe(0)
        else if (typeof cell.retry === 'object' && /retry/i.test(cell.retry.button)) {
          expect(await b.button(cell.retry.button).count(), 'Retry offered').toBe(1)
          expect(await b.button(cell.retry.button).isEnabled(), 'Retry enabled').toBe(true)
        }
      }
      await page.screenshot({ path: screenshotPath(`fault-matrix-${String(index + 1).padStart(2, '0')}-${cell.screen}`) })

      // The fault gone, the way on.
      armed.lift()
      const nextCell = cells[index + 1]
      if (nextCell && nextCell.journey === cell.journey && nextCell.act === undefined) armedNext = { cell: nextCell, armed: await armFault(page, nextCell) }
      if (cell.retry === 'host login') await b.hostLogsIn()
      else if (cell.retry !== 'polling') await b.button(cell.retry.button).click()
      result.retry = typeof cell.retry === 'object' ? b.t(cell.retry.button) : cell.retry
      await cell.next(b)
      await armed.remove()
      if (cell.keyed) {
        const key = (request: Request) => request.headers()['idempotency-key']
        expect(armed.after.length, `${cell.call} sent again`).toBeGreaterThan(0)
        expect(armed.after.map(key), 'the same Idempotency-Key after an unknown outcome').toEqual(armed.after.map(() => key(armed.faulted[0] as Request)))
      }
      if (cell.resentBody) {
        expect(armed.after.length, `${cell.call} sent again after the new token`).toBeGreaterThan(0)
        cell.resentBody((armed.after[0] as Request).postDataJSON() as Record<string, unknown>)
      }
      const log = await recorded(page)
      expect(current.pageErrors, 'no page error').toEqual([])
      expect(log.rejections, 'no unhandled rejection').toEqual([])
      result.ok = true
    } catch (error) {
      current.stoppedAt = `${cell.screen} (${cell.call})`
      result.failure = error instanceof Error ? error.message.split('\n')[0] : String(error)
      await page.screenshot({ path: screenshotPath(`fault-matrix-${String(index + 1).padStart(2, '0')}-${cell.screen}-failure`) }).catch(() => {})
      throw error
    }
  },
)

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
