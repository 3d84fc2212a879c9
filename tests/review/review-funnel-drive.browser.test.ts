import { expect, test } from 'vitest'
import { beginDrive, driveFunnel, wholeFunnelPath } from './funnel-drive'
import { applyByHand, frameOnScreen, reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the reviewer page drives the whole-funnel path on the host simulator's live page, on a
 * new borrower of its own (the host logs it in and opens the page at home), from home through the
 * application, the credit review, the lender's confirmation and the pay-out, to a repayment. It does so
 * on a page where a drive was begun and left and the default persona then moved forward by hand: the
 * drive must not lean on what either left behind.
 */

const suite = reviewSuite()

test('a drive begun and left, the default persona moved by hand, then the whole funnel driven on the same page: a borrower of its own, every step ✓, the page showing the path\'s screens in order', { timeout: 600_000 }, async () => {
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

  const second = await driveFunnel(review, host, funnel, 'the drive')
  expect(second).not.toBe(first)
  await review.screenshot({ path: shot('10-drive-whole-funnel') })
  expect(errors).toEqual([])
  await context.close()
})
