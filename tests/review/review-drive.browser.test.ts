import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { applyByHand, chartFollows, frameOnScreen, frameOnScreenAfterReload, pathsFile, reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, Drive on the built reviewer page moving the host simulator's page along a generated
 * path: Forward and Back, every step checked off, a divergence said where the page is; and the
 * whole-funnel path played on a new borrower of the drive's own, from home through the application,
 * the credit review, the lender's confirmation and the pay-out to a repayment, on a page where a
 * drive was begun and left and the default persona then moved forward by hand (the drive must not
 * lean on what either left behind): every step ✓, and the screens the page really showed (its own
 * `main[data-screen]`, recorded in the framed page) the ones the path names, in order.
 */

const suite = reviewSuite()

interface FunnelStep {
  label: string
  do: { kind: string; event?: { type: string } }
  expect: { route: { path: string } | null; context: { screen: string | null } }
}
interface FunnelPath {
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
async function beginDrive(review: Page, funnel: FunnelPath): Promise<string> {
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
async function driveFunnel(review: Page, host: Page, funnel: FunnelPath): Promise<string> {
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
  }, { timeout: 300_000, interval: 1_000, message: 'every step ✓' }).toBe(`${total} ✓ · 0 ✗ · 0 not yet, of ${total} steps`)

  // What the drive did for the borrower outside the page, said at its step.
  const noteOf = async (label: string) => steps.nth(funnel.steps.findIndex((s) => s.label === label) + 1).textContent()
  expect(await noteOf('liveness.returned')).toMatch(/tapped Pass on the sandbox's liveness page/)
  expect(await noteOf('form.change(bankCard:code)')).toMatch(/typed \d{6}, the card code the sandbox sent to 13800000000/)
  expect(await noteOf('form.change(lendConfirm:code)')).toMatch(/typed \d{6}, the lender_card code the sandbox sent to 13800000000/)

  // The page's own screens, in order, are the path's: from home to the repayment's result.
  const named = [funnel.startExpect, ...funnel.steps.map((s) => s.expect)]
    .map(screenAt)
    .filter((s, i, all): s is string => s !== null && s !== all[i - 1])
  expect(await shownScreens(), 'the screens the page showed').toEqual(named.slice(named.indexOf('home')))
  expect(named.at(-1)).toBe('repaymentResult')
  await frameOnScreen(host, 'repaymentResult')
  return phone
}

/** The whole-funnel walk the reviewer page was built with. */
function wholeFunnelPath(): FunnelPath {
  const funnel = (pathsFile() as unknown as { funnelPaths?: FunnelPath[] }).funnelPaths?.[0]
  if (!funnel) throw new Error('the paths file has no whole-funnel walk: run npm run paths')
  return funnel
}

test('a drive begun and left, the default persona moved by hand, then the whole funnel driven on the same page: a borrower of its own, every step ✓, the page showing the path\'s screens in order', { timeout: 600_000 }, async () => {
  const funnel = wholeFunnelPath()
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  const first = await beginDrive(review, funnel)

  // By hand, in the host simulator: the default persona logged in again and its application begun.
  await host.locator('#persona').selectOption('13800000001')
  const frame = await frameOnScreenAfterReload(host, 'home', () => host.getByRole('button', { name: 'Log in & reload' }).click())
  await frame.getByRole('button', { name: 'Start an application' }).click()
  await frameOnScreen(host, 'loanDemand')
  await applyByHand(frame)
  await frameOnScreen(host, 'facialIdentification')
  await review.bringToFront()

  const second = await driveFunnel(review, host, funnel)
  expect(second).not.toBe(first)
  await review.screenshot({ path: shot('10-drive-whole-funnel') })
  expect(errors).toEqual([])
  await context.close()
})

test('driving a generated path moves the followed page: Forward sends the step’s event, Back routes it back', { timeout: 180_000 }, async () => {
  const file = pathsFile()
  // A path with a step that continues from home to the loan demand, as the approve persona does.
  const chosen = [...file.statePaths, ...file.edgePaths]
    .map((p) => ({ p, at: p.steps.findIndex((s) => s.do.kind === 'event' && s.do.event?.type === 'home.continue' && s.expect.route?.path === '/') }))
    .find(({ at }) => at >= 0)
  if (!chosen) throw new Error('no generated path continues from home to the loan demand')
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  await review.getByRole('combobox', { name: 'Generated path' }).selectOption(chosen.p.id)
  const steps = review.locator('#drive-body ol.steps > li')
  // The step before it, on the chart only; then Forward takes it in the page.
  await steps.nth(chosen.at).getByRole('button').click()
  await review.getByRole('button', { name: 'Forward ▶' }).click()
  await frameOnScreen(host, 'loanDemand')
  await expect.poll(() => steps.nth(chosen.at + 1).getAttribute('class'), { timeout: 20_000 }).toMatch(/\bok\b/)
  await review.screenshot({ path: shot('8-drive-forward') })
  await review.getByRole('button', { name: '◀ Back' }).click()
  await frameOnScreen(host, 'home')
  await chartFollows(review, 'app.session.screens.home.ready')
  expect(errors).toEqual([])
  await context.close()
})

test('a drive marks every step, answers and waits included, and on a divergence says where the page is, the expected state outlined', { timeout: 180_000 }, async () => {
  const file = pathsFile()
  // A path that starts the page (calls only), then continues from home to basic info: the approve
  // persona's page goes to the loan demand instead, a divergence the drive must report.
  const chosen = [...file.statePaths, ...file.edgePaths].find((p) => {
    const last = p.steps[p.steps.length - 1]
    return p.steps.slice(0, -1).every((s) => s.do.kind !== 'event') && last?.do.kind === 'event' && last.do.event?.type === 'home.continue' && last.expect.route?.path === '/pages/basicInfo/index'
  })
  if (!chosen) throw new Error('no generated path continues from home to basic info')
  const { context, review, errors } = await reviewerBesideHost(suite)
  await review.getByRole('combobox', { name: 'Generated path' }).selectOption(chosen.id)
  const steps = review.locator('#drive-body ol.steps > li')
  // Played on a borrower of its own: the page starts over at home and makes these calls itself,
  // each checked against where it is, until the step it cannot take.
  await review.getByRole('button', { name: 'Play to the end' }).click()
  for (let at = 1; at < chosen.steps.length; at += 1) {
    await expect.poll(() => steps.nth(at).getAttribute('class'), { timeout: 30_000, message: `step ${at}` }).toMatch(/\bok\b/)
  }
  expect(await steps.nth(0).textContent()).toMatch(/a new borrower, 186\d{8} \(fares as the approve persona\)/)
  const last = steps.nth(chosen.steps.length)
  await expect.poll(() => last.getAttribute('class'), { timeout: 30_000 }).toMatch(/\boff\b/)
  // Where the page is, in words, and what to do next.
  expect(await last.textContent()).toMatch(/^✗ .* the page is at Borrow · [a-z ]+ To go on: ◀ Back routes the page to the step before, or pick the path again to start over on a new borrower\.$/)
  // The chart fills where the page is and outlines where the path expected it.
  await chartFollows(review, 'loanDemand')
  expect(await review.locator('[data-state-id="app.session.screens.basicInfo.editing"]').getAttribute('class')).toMatch(/\bexpected\b/)
  expect(await review.locator('[data-state-id="app.session.screens.basicInfo.editing"]').getAttribute('class')).not.toMatch(/\bactive\b/)
  await review.screenshot({ path: shot('9-drive-divergence') })
  expect(errors).toEqual([])
  await context.close()
})
