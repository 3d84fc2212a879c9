// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { PriceSummary } from './price-summary'
import { renderIn } from './render-in'
import { ScheduleTable, type SchedulePeriodRow } from './schedule-table'

afterEach(cleanup)

const trial: SchedulePeriodRow[] = [
  { period: 1, due_date: '2026-04-10', principal: 331_667, interest: 9_000, fee: 500, amount: 341_167 },
  { period: 2, due_date: '2026-05-10', principal: 334_652, interest: 6_015, fee: 500, amount: 341_167 },
  { period: 3, due_date: '2026-06-10', principal: 333_681, interest: 3_003, fee: 500, amount: 337_184 },
]

test('the schedule lists every period and a totals row summed to the fen', async () => {
  await renderIn('en', <ScheduleTable periods={trial} />)
  const table = screen.getByRole('table', { name: 'Repayment schedule' })
  const rows = within(table).getAllByRole('row')
  expect(rows).toHaveLength(5)
  const totals = within(rows[4] as HTMLElement).getByRole('cell')
  expect(totals.querySelector('strong')?.textContent).toBe('CN¥10,195.18')
  expect([...totals.querySelectorAll('.ui-table__part')].map((part) => part.textContent)).toEqual([
    'Principal CN¥10,000.00',
    'Interest CN¥180.18',
    'Fee CN¥15.00',
  ])
  const first = within(rows[1] as HTMLElement).getByRole('rowheader')
  expect(first.textContent).toContain('Period 1')
  expect(first.textContent).toContain('Apr 10, 2026')
})

test('a plan shows penalties and the status of each period in Chinese, in words', async () => {
  const plan: SchedulePeriodRow[] = [
    { ...trial[0]!, penalty: 0, status: 'paid' },
    { ...trial[1]!, penalty: 1_706, amount: 342_873, status: 'overdue' },
  ]
  await renderIn('zh-Hans', <ScheduleTable periods={plan} />)
  const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent)
  expect(headers).toEqual(['期数', '应还金额'])
  const overdue = screen.getAllByRole('row')[2] as HTMLElement
  expect(overdue.textContent).toContain('罚息 ¥17.06')
  expect(within(overdue).getByRole('rowheader').textContent).toContain('已逾期')
})

test('without penalties the schedule never mentions a penalty', async () => {
  await renderIn('en', <ScheduleTable periods={trial} />)
  expect(screen.getByRole('table').textContent).not.toContain('Penalty')
})

// rules: money-apr-shown, flow-apr-before-commit
test('the price summary shows the APR first, then the monthly payment, interest and fees', async () => {
  await renderIn('en', <PriceSummary apr={0.108} monthlyPayment={341_167} totalInterest={18_018} totalFees={1_500} totalRepay={1_019_518} />)
  const group = screen.getByRole('group', { name: 'Price summary' })
  const terms = [...group.querySelectorAll('dt')].map((dt) => dt.textContent)
  const values = [...group.querySelectorAll('dd')].map((dd) => dd.textContent)
  expect(terms).toEqual(['APR', 'Monthly payment', 'Total interest', 'Total fees', 'Total to repay'])
  expect(values).toEqual(['10.8%', 'CN¥3,411.67', 'CN¥180.18', 'CN¥15.00', 'CN¥10,195.18'])
})

// rules: money-apr-shown
test('the price summary in Chinese leads with 年化利率', async () => {
  await renderIn('zh-Hans', <PriceSummary apr={0.072} monthlyPayment={100_000} totalInterest={0} totalFees={0} />)
  const first = screen.getByRole('group').querySelector('dt')
  expect(first?.textContent).toBe('年化利率')
  expect(first?.nextElementSibling?.textContent).toBe('7.2%')
})
