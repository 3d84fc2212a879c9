import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningSandbox } from '../../server/start'
import { launchChromium, newPhoneContext, screenshotPath } from '../support/browser'
import { startPageSandbox } from '../support/sandbox'
import { recordFigures } from './support/figures'

/*
 * Nothing lost (issue #14), in Chromium inside the sandbox's host simulator, which plays the host
 * app: on each form screen, typed values survive a reload of the web view (the host re-sends its
 * payload, the page asks for it), a killed web view (a new page, same storage), going offline and
 * back: same screen, every field as typed. Covered here: loan demand and basic info (README,
 * "Reliability", says what is not covered yet: the other form screens and the 401 case).
 */

let sandbox: RunningSandbox
let browser: Browser
let context: BrowserContext
let page: Page
const results: { screen: string; disruption: string; ok: boolean }[] = []

interface FormScreen {
  screen: string
  /** Fills the form the way a borrower does. */
  fill: (frame: Frame) => Promise<void>
  /** Label → value the form must show after each disruption. */
  values: Record<string, string>
  /** Makes the screen send a call (for the 401). */
  submit: (frame: Frame) => Promise<void>
}

async function hostFrame(): Promise<Frame> {
  const element = await page.waitForSelector('#frame')
  const frame = await element.contentFrame()
  if (!frame) throw new Error('the host simulator shows no page')
  return frame
}

async function onScreen(screen: string): Promise<Frame> {
  await expect
    .poll(async () => (await hostFrame()).locator(`main[data-screen="${screen}"][aria-busy="false"]`).count(), { timeout: 30_000 })
    .toBe(1)
  return hostFrame()
}

async function openHost(): Promise<void> {
  page = await context.newPage()
  await page.goto(`${sandbox.url}/host/`)
}

const screens: FormScreen[] = [
  {
    screen: 'loanDemand',
    fill: async (frame) => {
      await frame.getByLabel('Amount (yuan)').fill('20000')
      await frame.getByLabel('Term').selectOption('6')
      await frame.getByLabel('Purpose').selectOption('shopping')
    },
    values: { 'Amount (yuan)': '20000', Term: '6', Purpose: 'shopping' },
    submit: async (frame) => {
      for (const box of await frame.getByRole('checkbox').all()) await box.check()
      await frame.getByRole('button', { name: 'Apply now' }).click()
    },
  },
  {
    screen: 'basicInfo',
    fill: async (frame) => {
      await frame.getByLabel('Education').selectOption('bachelor')
      await frame.getByLabel('Marital status').selectOption('married')
      await frame.getByLabel('Street address').fill('建国路 88 号 6 栋')
    },
    values: { Education: 'bachelor', 'Marital status': 'married', 'Street address': '建国路 88 号 6 栋' },
    submit: async (frame) => frame.getByRole('button', { name: 'Next' }).click(),
  },
]

async function expectValues(frame: Frame, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await expect.poll(() => frame.getByLabel(label, { exact: true }).inputValue(), { timeout: 10_000 }).toBe(value)
  }
}

beforeAll(async () => {
  sandbox = await startPageSandbox()
  browser = await launchChromium()
  context = await newPhoneContext(browser, 'en-US')
  // The host simulator's own settings: English, the approve persona.
  await context.addInitScript(() => {
    if (!localStorage.getItem('huaqian.host.v1')) localStorage.setItem('huaqian.host.v1', JSON.stringify({ phone: '13800000001', locale: 'en', loggedOut: false }))
  })
  await openHost()
})

afterAll(async () => {
  recordFigures('nothing-lost', {
    headline: `${results.length} screen × disruption cases, ${results.filter((r) => r.ok).length} with the same screen and every field`,
    results,
  })
  await context?.close()
  await browser?.close()
  await sandbox?.close()
})

const disruptions: Record<string, (form: FormScreen) => Promise<void>> = {
  'reload of the web view': async () => {
    const frame = await hostFrame()
    await frame.evaluate(() => location.reload())
  },
  'killed web view (a new page, same storage)': async () => {
    await page.close()
    await openHost()
  },
  'offline and back': async (form) => {
    await context.setOffline(true)
    const frame = await hostFrame()
    await form.submit(frame).catch(() => {})
    await page.waitForTimeout(1_000)
    await context.setOffline(false)
  },
}

const cases = screens.flatMap((form) => Object.keys(disruptions).map((name) => [form.screen, name, form] as const))

let reached = ''

async function reach(screen: string) {
  if (reached === screen) return
  if (screen === 'loanDemand') {
    const frame = await onScreen('home')
    await frame.getByRole('button', { name: 'Continue' }).click()
  } else if (screen === 'basicInfo') {
    const demand = screens[0] as FormScreen
    let frame = await onScreen('loanDemand')
    await demand.fill(frame)
    await frame.getByTestId('trial-apr').waitFor()
    await demand.submit(frame)
    frame = await onScreen('facialIdentification')
    await frame.getByLabel(/Facial Information Authorization/).check()
    await frame.getByLabel(/Sensitive Personal Information Authorization/).check()
    await frame.getByRole('button', { name: 'Start verification' }).click()
    frame = await onScreen('webview')
    await frame.frameLocator('iframe.webview-frame').getByRole('button', { name: 'Pass' }).click()
  }
  await onScreen(screen)
  reached = screen
}

test.each(cases)('%s, %s: the same screen, every field as typed', { timeout: 120_000 }, async (screen, disruption, form) => {
  let ok = false
  try {
    await reach(screen)
    let frame = await onScreen(screen)
    await form.fill(frame)
    await expectValues(frame, form.values)
    await (disruptions[disruption] as (form: FormScreen) => Promise<void>)(form)
    frame = await onScreen(screen)
    await expectValues(frame, form.values)
    ok = true
  } finally {
    results.push({ screen, disruption, ok })
    if (!ok) await page.screenshot({ path: screenshotPath(`nothing-lost-${screen}-failure`) }).catch(() => {})
  }
})
