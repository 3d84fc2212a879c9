import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { frameOnScreen, pathsFile, reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the reviewer page drives the whole-funnel path on the host simulator's live page: a
 * new borrower (the approve persona, as the host opens it) from home through the application, the
 * credit review, the lender's confirmation and the pay-out, to a repayment. Every step must be
 * marked ✓, and the screens the page really showed (its own `main[data-screen]`, recorded in the
 * framed page) must be the ones the path names, in order.
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

test('the whole-funnel path drives a new borrower on the host simulator’s page from home to a repayment: every step ✓, the screens the path names', { timeout: 900_000 }, async () => {
  const funnel = (pathsFile() as unknown as { funnelPaths?: FunnelPath[] }).funnelPaths?.[0]
  if (!funnel) throw new Error('the paths file has no whole-funnel walk: run npm run paths')
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  const shownScreens = await recordScreens(host)
  await review.getByRole('combobox', { name: 'Generated path' }).selectOption(funnel.id)
  const steps = review.locator('#drive-body ol.steps > li')
  const total = funnel.steps.length
  expect(await steps.count()).toBe(total + 1)

  // The host opened the page on home: the drive starts where the page is, its start's answers checked off.
  const startedAt = Number((await review.locator('#drive-at').textContent())?.match(/^step (\d+)/)?.[1])
  expect(screenAt(funnel.steps[startedAt - 1]!.expect)).toBe('home')
  expect(funnel.steps.slice(startedAt).some((s) => s.do.kind === 'event')).toBe(true)
  for (let at = 1; at <= startedAt; at += 1) expect(await steps.nth(at).getAttribute('class')).toMatch(/\bok\b/)

  const walked: string[] = []
  for (let at = startedAt + 1; at <= total; at += 1) {
    await review.getByRole('button', { name: 'Forward ▶' }).click({ timeout: 150_000 })
    const step = steps.nth(at)
    await expect.poll(() => step.getAttribute('class'), { timeout: 150_000, message: `step ${at} (${funnel.steps[at - 1]!.label}) is marked` }).toMatch(/\b(ok|off)\b/)
    const marked = `${await step.getAttribute('class')} ${await step.textContent()}`
    expect(marked, `step ${at}`).toMatch(/\bok\b/)
    walked.push(marked)
  }
  expect(walked).toHaveLength(total - startedAt)
  await expect.poll(() => review.locator('#drive-tally').textContent()).toBe(`${total} ✓ · 0 ✗ · 0 not yet, of ${total} steps`)

  // What the drive did for the borrower outside the page, said at its step.
  const noteOf = async (label: string) => steps.nth(funnel.steps.findIndex((s) => s.label === label) + 1).textContent()
  expect(await noteOf('liveness.returned')).toMatch(/tapped Pass on the sandbox's liveness page/)
  expect(await noteOf('form.change(bankCard:code)')).toMatch(/typed \d{6}, the card code the sandbox sent to 13800000000/)
  expect(await noteOf('form.change(lendConfirm:code)')).toMatch(/typed \d{6}, the lender_card code the sandbox sent to 13800000000/)

  // The page's own screens, in order, are the path's: from home to the repayment's result.
  const named = [funnel.startExpect, ...funnel.steps.map((s) => s.expect)]
    .slice(startedAt)
    .map(screenAt)
    .filter((s, i, all): s is string => s !== null && s !== all[i - 1])
  expect(await shownScreens()).toEqual(named)
  expect(named.at(0)).toBe('home')
  expect(named.at(-1)).toBe('repaymentResult')
  await frameOnScreen(host, 'repaymentResult')

  await review.screenshot({ path: shot('10-drive-whole-funnel') })
  expect(errors).toEqual([])
  await context.close()
})
