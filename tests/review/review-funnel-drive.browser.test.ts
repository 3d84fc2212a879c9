import { expect, test } from 'vitest'
import { driveFunnel, wholeFunnelPath } from './funnel-drive'
import { reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the reviewer page drives the whole-funnel path on the host simulator's live page, on
 * a new borrower of its own (the host logs it in and opens the page at home), from home through the
 * application, the credit review, the lender's confirmation and the pay-out, to a repayment. The
 * same drive again, after the default persona was moved by hand, is review-funnel-redrive's.
 */

const suite = reviewSuite()

test('the whole-funnel path drives a new borrower of its own from home to a repayment: every step ✓, the page showing the path\'s screens in order', { timeout: 600_000 }, async () => {
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  await driveFunnel(review, host, wholeFunnelPath(), 'the drive')
  await review.screenshot({ path: shot('10-drive-whole-funnel') })
  expect(errors).toEqual([])
  await context.close()
})
