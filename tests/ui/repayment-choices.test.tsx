// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import RepaymentPage from '../../src/pages/repayment-page'
import { showPage } from '../support/form-harness'
import { baseScript, equalPeriodsPlan, loanUser, repayingLoan, start } from '../support/test-kit'

/*
 * The repayment screen reads the borrower's status and plan again on every visit, and shows the plan
 * it last read meanwhile. A tick on that plan while it is being read again could not be taken: the
 * borrower's tap would vanish. The periods can be ticked once the plan they are chosen from is in,
 * and not before.
 */

afterEach(cleanup)

const loan = repayingLoan()

test('on a second visit the periods cannot be ticked while the plan is read again; once it is in, a tick is taken', async () => {
  let holdStatus = false
  let answerStatus: () => void = () => undefined
  const status = loanUser({ step: 'repaying', loan, loans: [loan] })
  const run = start({
    ...baseScript(),
    // Answered at once until the test holds the next read.
    getLoanUserStatus: () => (holdStatus ? new Promise((resolve) => (answerStatus = () => resolve(status))) : status),
    getRepayPlan: () => equalPeriodsPlan(loan, 6, 100_000),
  })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'ready' } } }))
  run.actor.send({ type: 'step.back' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  holdStatus = true
  run.actor.send({ type: 'home.repay' })
  await run.until((s) => s.matches({ session: { screens: { repayment: 'loadingStatus' } } }))

  const { t, user } = await showPage('en', run, RepaymentPage)
  const first = () => screen.getByRole('checkbox', { name: t('ui.schedule.periodOf', { period: 1 }) }) as HTMLInputElement
  expect(first().disabled).toBe(true)

  answerStatus()
  await waitFor(() => expect(first().disabled).toBe(false))
  await user.click(first())
  expect(first().checked).toBe(true)
  expect(run.actor.getSnapshot().context.drafts.repayment.periods).toEqual([1])
})
