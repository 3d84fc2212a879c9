import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { frameOnScreen, pathsFile } from './review-kit'

/*
 * The reviewer page's Drive playing the whole-funnel path on the host simulator's live page, on a
 * new borrower of the drive's own, from home to a repayment: every step must be marked ✓, and the
 * screens the page really showed (its own `main[data-screen]`, recorded in the framed page) must be
 * the ones the path names, in order.
 */

export interface FunnelStep {
  label: string
  do: { kind: string; event?: { type: string } }
  expect: { route: { path: string } | null; context: { screen: string | null } }
}
export interface FunnelPath {
  id: string
  start: string
  startExpect: FunnelStep['expect']
  steps: FunnelStep[]
}

/** The screen the page names itself by after a step: its route's page, else the machine's screen. */
function screenAt(expect: FunnelStep['expect']): string | null {
  return expect.route?.path.match(/^\/pages\/(\w+)\/index$/)?.[1] ?? expect.context.screen
}

/** Records every screen the framed page shows, in order, from now on. */
async function recordScreens(host: Page): Promise<() => Promise<string[]>> {
  const frame = await frameOnScreen(host, 'home')
  await frame.evaluate(() => {
    const seen: string[] = []
    const look = () => {
      const screen = document.querySelector('main[data-screen]')?.getAttribute('data-screen')
      if (screen && seen.at(-1) !== screen) seen.push(screen)
    }
    look()
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-screen'] })
    ;(window as unknown as { shownScreens: string[] }).shownScreens = seen
  })
  return () => frame.evaluate(() => [...(window as unknown as { shownScreens: string[] }).shownScreens])
}

const driveSteps = (review: Page) => review.locator('#drive-body ol.steps > li')

/**
 * Picks the path afresh and takes the drive's first step: it makes the drive's own borrower, and the
 * host opens the page at home for it. Returns that borrower's number.
 */
export async function beginDrive(review: Page, funnel: FunnelPath): Promise<string> {
  const picker = review.getByRole('combobox', { name: 'Generated path' })
  await picker.selectOption('')
  await picker.selectOption(funnel.id)
  const steps = driveSteps(review)
  expect(await steps.count()).toBe(funnel.steps.length + 1)
  await review.getByRole('button', { name: 'Forward ▶' }).click()
  await expect.poll(() => steps.nth(0).textContent(), { timeout: 30_000 }).toMatch(/opened the page at home/)
  const phone = /a new borrower, (186\d{8})/.exec((await steps.nth(0).textContent()) ?? '')?.[1]
  expect(phone, 'the drive names its new borrower').toBeDefined()
  return phone as string
}

/** Plays the whole-funnel path on a new borrower of the drive's own; returns that borrower's number. */
export async function driveFunnel(review: Page, host: Page, funnel: FunnelPath, run: string): Promise<string> {
  const phone = await beginDrive(review, funnel)
  const steps = driveSteps(review)
  const total = funnel.steps.length
  const shownScreens = await recordScreens(host)
  await review.getByRole('button', { name: 'Play to the end' }).click()
  const tally = review.locator('#drive-tally')
  await expect.poll(async () => {
    const text = (await tally.textContent()) ?? ''
    // A ✗ ends the drive: say which step, and what it says.
    if (!/ 0 ✗ /.test(text)) return `${text}: ${(await review.locator('#drive-body li.off').first().textContent()) ?? ''}`
    return text
  }, { timeout: 300_000, interval: 1_000, message: `${run}: every step ✓` }).toBe(`${total} ✓ · 0 ✗ · 0 not yet, of ${total} steps`)

  // What the drive did for the borrower outside the page, said at its step.
  const noteOf = async (label: string) => steps.nth(funnel.steps.findIndex((s) => s.label === label) + 1).textContent()
  expect(await noteOf('liveness.returned')).toMatch(/tapped Pass on the sandbox's liveness page/)
  expect(await noteOf('form.change(bankCard:code)')).toMatch(/typed \d{6}, the card code the sandbox sent to 13800000000/)
  expect(await noteOf('form.change(lendConfirm:code)')).toMatch(/typed \d{6}, the lender_card code the sandbox sent to 13800000000/)

  // The page's own screens, in order, are the path's: from home to the repayment's result.
  const named = [funnel.startExpect, ...funnel.steps.map((s) => s.expect)]
    .map(screenAt)
    .filter((s, i, all): s is string => s !== null && s !== all[i - 1])
  expect(await shownScreens(), run).toEqual(named.slice(named.indexOf('home')))
  expect(named.at(-1)).toBe('repaymentResult')
  await frameOnScreen(host, 'repaymentResult')
  return phone
}

/** The whole-funnel walk the reviewer page was built with. */
export function wholeFunnelPath(): FunnelPath {
  const funnel = (pathsFile() as unknown as { funnelPaths?: FunnelPath[] }).funnelPaths?.[0]
  if (!funnel) throw new Error('the paths file has no whole-funnel walk: run npm run paths')
  return funnel
}
