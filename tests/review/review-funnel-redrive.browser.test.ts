import { expect, test } from 'vitest'
import { beginDrive, driveFunnel, wholeFunnelPath } from './funnel-drive'
import { applyByHand, frameOnScreen, reviewerBesideHost, reviewSuite } from './review-kit'

/*
 * In Chromium, a drive begun and left on the reviewer page (a new borrower, opened at home), the
 * default persona then moved forward by hand in the host simulator, and the whole-funnel path driven
 * again on the same page: a borrower of its own once more, every step ✓ from home to a repayment.
 * One drive on a fresh page is review-funnel-drive's; the two run side by side.
 */

const suite = reviewSuite()

test('a drive begun and left, the default persona moved by hand, then the whole funnel driven again on the same page: a borrower of its own, every step ✓', { timeout: 600_000 }, async () => {
  const funnel = wholeFunnelPath()
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  const first = await beginDrive(review, funnel)

  // By hand, in the host simulator: the default persona logged in again and its application begun.
  await host.locator('#persona').selectOption('13800000001')
  await host.getByRole('button', { name: 'Log in & reload' }).click()
  const frame = await frameOnScreen(host, 'home')
  await frame.getByRole('button', { name: 'Start an application' }).click()
  await frameOnScreen(host, 'loanDemand')
  await applyByHand(frame)
  await frameOnScreen(host, 'facialIdentification')
  await review.bringToFront()

  const second = await driveFunnel(review, host, funnel, 'the drive again')
  expect(second).not.toBe(first)
  expect(errors).toEqual([])
  await context.close()
})
