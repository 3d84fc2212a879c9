import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Frame, Page } from 'playwright-core'
import { artifactsDir } from './browser'
import { displayModes, type DisplayMode } from './display-modes'
import { layoutProblems } from './layout-audit'

/*
 * What the screens tour records at every screen: a full-page screenshot, axe's serious and
 * critical violations, i18n keys that reached the screen untranslated, page errors, and what the
 * display mode may lose (sideways scrolling, text under the mode's minimum, clipped text, small
 * controls, a popup nobody asked for). The tour asserts the lists are empty at the end, so one
 * failing screen does not hide the rest.
 */

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** A key of our locale files as text: what i18next shows when a key is missing. */
export const rawKeyPattern = /\b(app|common|errors|boot|routes|agreements|consent|fieldRules|enums|screens|ui)\.[A-Za-z][\w.-]*/g

/** Words of another script: Latin words in the zh-Hans tour, Han characters in the en tour. */
const foreignPattern: Record<string, RegExp> = {
  'zh-Hans': /[A-Za-z][A-Za-z'’-]{2,}(?:\s+[A-Za-z][A-Za-z'’-]*)*/g,
  en: /[\u3400-\u9fff][\u3400-\u9fff\s·]*/g,
}

export interface ScreenRecord {
  name: string
  screen: string | null
  url: string
  shot: string
  violations: string[]
  rawKeys: string[]
  layout: string[]
  /** Text in the other script, for a person to judge: data (names, places) is expected here. */
  foreignText: string[]
}

export class ScreenAudit {
  readonly screens: ScreenRecord[] = []
  readonly pageErrors: string[] = []
  private count = 0
  private readonly shotsDir: string

  constructor(
    readonly locale: string,
    readonly mode: DisplayMode = displayModes.default,
    /** Also copies each screen state's shot to screenshots/model-<mode>/<locale>/<state id>.png. */
    private readonly modelShots: Record<string, string> | null = null,
  ) {
    const folder = mode.name === 'default' ? 'screens' : `screens-${mode.name}`
    this.shotsDir = path.join(artifactsDir, 'screenshots', folder, locale)
    // A fresh folder per run: numbering changes when a screen is added, and old shots would mix in.
    rmSync(this.shotsDir, { recursive: true, force: true })
    mkdirSync(this.shotsDir, { recursive: true })
  }

  /** Page errors and console errors of this page, tagged with the screen they happened on. */
  watch(page: Page): void {
    page.on('pageerror', (error) => this.pageErrors.push(`${this.where(page)}: pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') this.pageErrors.push(`${this.where(page)}: console: ${message.text()}`)
    })
  }

  private where(page: Page): string {
    const hash = new URL(page.url()).hash
    return hash === '' ? page.url() : hash
  }

  /**
   * Screenshot, axe, raw keys and foreign text of what the page shows now. A bottom sheet is
   * captured at the viewport: it is fixed to the viewport, so a full-page capture shows the page
   * running on below the sheet and its backdrop, which no borrower sees.
   */
  async record(page: Page, name: string, { fullPage = true, dialogAsked = false } = {}): Promise<ScreenRecord> {
    this.count += 1
    const file = path.join(this.shotsDir, `${String(this.count).padStart(2, '0')}-${name}.png`)
    // From the top, so the sticky bar sits where the borrower sees it in a full-page capture.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: file, fullPage })
    const screen = await page.locator('main[data-screen]').first().getAttribute('data-screen').catch(() => null)
    const text = await page.evaluate(() => document.body.innerText)
    const violations = (await runAxe(page, { enhancedContrast: this.mode.name === 'elder' })).map((line) => `${name}: ${line}`)
    const layout = (await layoutProblems(page, { minTextPx: this.mode.minTextPx, minControlPx: this.mode.minControlPx, dialogAsked })).map(
      (line) => `${name}: ${line}`,
    )
    const rawKeys = [...new Set([...text.matchAll(rawKeyPattern)].map((match) => match[0]))].map((key) => `${name}: ${key}`)
    const foreign = foreignPattern[this.locale]
    const foreignText = foreign === undefined ? [] : [...new Set([...text.matchAll(foreign)].map((match) => match[0].trim()))]
    const record: ScreenRecord = { name, screen, url: this.where(page), shot: path.relative(artifactsDir, file), violations, rawKeys, layout, foreignText }
    this.screens.push(record)
    const stateId = stateIdOfShot[name]
    if (this.modelShots !== null && stateId !== undefined) {
      const dir = path.join(artifactsDir, 'screenshots', `model-${this.mode.name}`, this.locale)
      mkdirSync(dir, { recursive: true })
      copyFileSync(file, path.join(dir, `${stateId}.png`))
      this.modelShots[stateId] = `${stateId}.png`
    }
    return record
  }

  get violations(): string[] {
    return this.screens.flatMap((screen) => screen.violations)
  }

  get rawKeys(): string[] {
    return this.screens.flatMap((screen) => screen.rawKeys)
  }

  get layout(): string[] {
    return this.screens.flatMap((screen) => screen.layout)
  }

  writeSummary(seconds: number): string {
    const suffix = this.mode.name === 'default' ? '' : `-${this.mode.name}`
    const file = path.join(artifactsDir, `screens${suffix}-${this.locale}.json`)
    const summary = {
      locale: this.locale,
      mode: this.mode.name,
      viewport: this.mode.viewport,
      seconds,
      screens: this.screens,
      violations: this.violations,
      rawKeys: this.rawKeys,
      layout: this.layout,
      pageErrors: this.pageErrors,
    }
    writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`)
    return file
  }
}

/**
 * The tour's screens that are a state of the machine, by the state id the model's screenshots use
 * (screenshots/model/index.json); the others (a sheet, a picker, a second home) are views inside one.
 */
const stateIdOfShot: Record<string, string> = {
  login: 'login',
  home: 'home',
  privacy: 'privacy',
  loanDemand: 'loanDemand',
  facialIdentification: 'facialIdentification',
  'webview-liveness': 'app.session.screens.facialIdentification.verifying',
  basicInfo: 'basicInfo',
  assetInfo: 'assetInfo',
  contact: 'contact',
  bankCard: 'bankCard',
  review: 'review',
  richText: 'richText',
  'result-approved': 'result',
  match: 'match',
  thirdProtocol: 'thirdProtocol',
  lendConfirm: 'lendConfirm',
  loanPlan: 'loanPlan',
  repayPlan: 'repayPlan',
  repayment: 'repayment',
  repayDetail: 'repayDetail',
  paymentConfirm: 'paymentConfirm',
  repaymentResult: 'repaymentResult',
  'webview-product': 'webview',
}

interface AxeNode {
  target: unknown[]
}
interface AxeViolation {
  id: string
  impact?: string | null
  nodes: AxeNode[]
}

async function injectAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => 'axe' in window).catch(() => true)
  if (!present) await frame.addScriptTag({ path: axePath })
}

/**
 * Serious and critical violations as "rule-id: target" lines. axe is put into every frame too, so
 * a framed page (the liveness vendor, a partner product) is checked as the borrower sees it.
 * `enhancedContrast` adds axe's AAA contrast rule (7:1 for body text), which it runs only on request.
 */
export async function runAxe(page: Page, { enhancedContrast = false } = {}): Promise<string[]> {
  for (const frame of page.frames()) await injectAxe(frame)
  const violations = await page.evaluate(async (enhanced) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      ...(enhanced ? { rules: { 'color-contrast-enhanced': { enabled: true } } } : {}),
    })
    return results.violations
  }, enhancedContrast)
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes
        // A framed page (the liveness vendor's, a partner's) has its own styles, which elder
        // mode cannot reach: it is held to AA, checked above, not to the mode's 7:1.
        .filter((node) => !(violation.id === 'color-contrast-enhanced' && node.target.length > 1))
        .map((node) => `${violation.id}: ${node.target.map(String).join(' ')}`),
    )
}
