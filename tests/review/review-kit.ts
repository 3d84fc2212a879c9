import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { expect } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { artifactsDir } from '../support/browser'
import { thumbnailsDir } from '../../src/review/collect-data'
import { reviewSandboxAndBrowser } from '../support/browser-suite'

/*
 * What the reviewer page's browser tests share: the built page served beside the product with a
 * Chromium (one per file), the machine's own figures to compare the page with, and the moves a
 * reviewer makes (open the page, open the host simulator beside it). Screenshots (1280×800) land
 * in artifacts/review/.
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..')
const shotsDir = path.join(artifactsDir, 'review')

/** The reviewer page built and served at /review/, and a Chromium, for the calling file's tests. */
export function reviewSuite() {
  mkdirSync(shotsDir, { recursive: true })
  return reviewSandboxAndBrowser()
}
type Suite = ReturnType<typeof reviewSuite>

interface Node {
  id: string
  type: string
  meta?: { screen?: string }
  parent?: Node
  states: Record<string, Node>
  transitions: Map<string, unknown[]>
  always?: unknown[]
}

/** Figures read from the machine's own definition. */
export function machineFigures() {
  const ids: string[] = []
  const history: string[] = []
  const screens: { id: string; ancestors: string[] }[] = []
  let transitions = 0
  const walk = (node: Node) => {
    ids.push(node.id)
    if (node.meta?.screen !== undefined) {
      const ancestors: string[] = []
      for (let at = node.parent; at !== undefined; at = at.parent) ancestors.push(at.id)
      screens.push({ id: node.id, ancestors })
    }
    if (node.type === 'history') history.push(node.id)
    transitions += [...node.transitions.values()].reduce((sum, list) => sum + list.length, 0) + (node.always?.length ?? 0)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(appMachine.root as unknown as Node)
  return { ids, history, transitions, screens }
}

/** The reviewer page on the whole machine's chart (`#chart`); the map is its own test. */
export async function openReviewer(suite: Suite, context: BrowserContext, errors: string[], address = '#chart'): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(`review: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`review console: ${message.text()}`)
  })
  await page.goto(`${suite.sandbox.url}/review/${address}`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  return page
}

export const shot = (name: string) => path.join(shotsDir, `${name}.png`)

/** The screens the map shows in the page's first locale: the committed small copies (`npm run review:shots`). */
export function manifestScreens(): Record<string, string> {
  return (JSON.parse(readFileSync(path.join(thumbnailsDir, 'index.json'), 'utf8')) as { screens: Record<string, string> }).screens
}

/** The loan demand filled in and applied for, by hand as a borrower does: 20,000 yuan over 6 months, for shopping. */
export async function applyByHand(frame: Frame): Promise<void> {
  await frame.getByLabel('Amount (yuan)').fill('20000')
  await frame.getByLabel('Term').selectOption('6')
  await frame.getByLabel('Purpose').selectOption('shopping')
  for (const box of await frame.getByRole('checkbox').all()) await box.check()
  await frame.getByRole('button', { name: 'Apply now' }).click()
}

export async function frameOnScreen(host: Page, screen: string): Promise<Frame> {
  const frame = host.frameLocator('#frame')
  await frame.locator(`main[data-screen="${screen}"]`).waitFor({ timeout: 30_000 })
  // By its element: the page takes the bridge payload out of its own URL at intake.
  const handle = await host.locator('#frame').elementHandle()
  const framed = await handle?.contentFrame()
  if (!framed) throw new Error('the host simulator has no page framed')
  return framed
}

/**
 * The framed page on a screen after an action that reloads it: the document the action leaves behind
 * may still show that screen until the reload detaches it, so the new one is told apart by a mark
 * set on the old.
 */
export async function frameOnScreenAfterReload(host: Page, screen: string, reload: () => Promise<void>): Promise<Frame> {
  const before = await host.locator('#frame').elementHandle().then((handle) => handle?.contentFrame())
  await before?.evaluate(() => Object.assign(window, { leftBehind: true }))
  await reload()
  await expect
    .poll(async () => (await frameOnScreen(host, screen)).evaluate(() => !('leftBehind' in window)).catch(() => false), { timeout: 30_000, message: `the reloaded page on ${screen}` })
    .toBe(true)
  return frameOnScreen(host, screen)
}

export async function chartFollows(review: Page, stateId: string): Promise<void> {
  await expect
    .poll(() => review.locator(`[data-state-id="${stateId}"]`).getAttribute('class'), { timeout: 20_000, message: `the chart highlights ${stateId}` })
    .toMatch(/\bactive\b/)
}

/**
 * The reviewer page open first (its heartbeat fresh), then the host simulator, in English, on home,
 * its persona (approve) fresh: the sandbox is reset, as an earlier test moved it on.
 */
export async function reviewerBesideHost(suite: Suite) {
  const { sandbox, browser } = suite
  await fetch(`${sandbox.url}/sandbox/reset`, { method: 'POST' })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    if (location.pathname.startsWith('/host') && !localStorage.getItem('huaqian.host.v1')) localStorage.setItem('huaqian.host.v1', JSON.stringify({ locale: 'en' }))
  })
  const errors: string[] = []
  const review = await openReviewer(suite, context, errors)
  const host = await context.newPage()
  await host.goto(`${sandbox.url}/host/`)
  await frameOnScreen(host, 'home')
  await chartFollows(review, 'home')
  // The reviewer looks at the reviewer page. Chromium gives a page behind another few animation
  // frames, and a click waits for the button to hold still over two of them: about 2 s a click.
  await review.bringToFront()
  return { context, review, host, errors }
}

export interface PathsFile {
  statePaths: PathEntry[]
  edgePaths: PathEntry[]
}
export interface PathEntry {
  id: string
  steps: { do: { kind: string; event?: { type: string } }; expect: { route: { path: string } | null } }[]
}


/** The generated paths the page was built with (artifacts/model-paths.json, written by `npm run paths`). */
export function pathsFile(): PathsFile {
  return JSON.parse(readFileSync(path.join(artifactsDir, 'model-paths.json'), 'utf8')) as PathsFile
}
