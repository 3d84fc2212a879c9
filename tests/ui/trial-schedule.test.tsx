// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { openForm, trial } from '../support/form-harness'

/*
 * Loan demand's schedule is folded under its summary and built only when the borrower opens it
 * (the rows were most of the step's render). Folding must not lose it: opened, it lists
 * every period the price was worked out for, with its due date and amount.
 */

afterEach(cleanup)

test('loan demand: the folded schedule, once opened, lists every period of the price', async () => {
  const periods = [
    { period: 1, due_date: '2026-01-15', principal: 160_000, interest: 10_000, fee: 0, amount: 170_000 },
    { period: 2, due_date: '2026-02-15', principal: 161_600, interest: 8_400, fee: 0, amount: 170_000 },
  ]
  const form = await openForm('en', 'loanDemand', {
    script: { trialLoan: ({ input }) => ({ ...trial(input.amount, input.term), schedule: periods }) },
  })
  const summary = await screen.findByText(form.t('screens.trial.schedule', { periods: 2 }))
  await form.user.click(summary)
  const table = await waitFor(() => screen.getByRole('table', { name: form.t('ui.schedule.caption') }))
  const rows = within(table).getAllByRole('row')
  // A header row, a row per period, the totals row.
  expect(rows).toHaveLength(4)
  expect(rows[1]!.textContent).toContain('Jan 15, 2026')
  expect(rows[1]!.textContent).toContain('¥1,700.00')
  expect(rows[2]!.textContent).toContain('Feb 15, 2026')
  expect(rows[3]!.textContent).toContain('¥3,400.00')
})
