import { expect, test } from 'vitest'
import { chartFollows, frameOnScreen, pathsFile, reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, Drive on the built reviewer page moving the host simulator's page along a generated
 * path: Forward and Back, every step checked off, a divergence said where the page is.
 */

const suite = reviewSuite()

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
