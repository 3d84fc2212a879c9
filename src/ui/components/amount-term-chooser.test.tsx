// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, test } from 'vitest'
import { AmountTermChooser } from './amount-term-chooser'
import { renderIn } from './render-in'

afterEach(cleanup)

/** Holds the chosen values where a test can read them, as the machine's draft would. */
function Chooser({ initialAmount = 1_000_000, initialTerm = null, showErrors = false, seen }: {
  initialAmount?: number
  initialTerm?: number | null
  showErrors?: boolean
  seen: { amount: number; term: number | null }
}) {
  const [amount, setAmount] = useState(initialAmount)
  const [term, setTerm] = useState<number | null>(initialTerm)
  seen.amount = amount
  seen.term = term
  return (
    <AmountTermChooser amount={amount} term={term} onAmountChange={setAmount} onTermChange={setTerm} showErrors={showErrors} />
  )
}

test('typing an amount in yuan gives the amount in fen and moves the slider', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('en', <Chooser seen={seen} />)
  const field = screen.getByRole('textbox', { name: 'Loan amount (CNY)' })
  expect(field.getAttribute('inputmode')).toBe('numeric')
  await userEvent.clear(field)
  await userEvent.type(field, '35000')
  expect(seen.amount).toBe(3_500_000)
  const slider = screen.getByRole('slider', { name: 'Amount slider' }) as HTMLInputElement
  expect(slider.value).toBe('35000')
  expect(slider.getAttribute('aria-valuetext')).toBe('CN¥35,000.00')
})

test('moving the slider changes the amount in the field', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('zh-Hans', <Chooser seen={seen} />)
  fireEvent.change(screen.getByRole('slider', { name: '拖动选择借款金额' }), { target: { value: '120000' } })
  expect(seen.amount).toBe(12_000_000)
  expect((screen.getByRole('textbox', { name: '借款金额（元）' }) as HTMLInputElement).value).toBe('120000')
})

// rules: field-amount-term, field-message-timing
test('an amount off the 100 CNY step is refused with the rule message once the field is left', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('en', <Chooser seen={seen} />)
  const field = screen.getByRole('textbox', { name: 'Loan amount (CNY)' })
  await userEvent.clear(field)
  await userEvent.type(field, '1050')
  expect(screen.queryByText(/steps of 100|multiple of 100/i, { selector: '.ui-field__error' })).toBeNull()
  await userEvent.tab()
  expect(field.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.className).toBe('ui-field__error')
})

test('an amount above 200,000 CNY shows the range rule in Chinese', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('zh-Hans', <Chooser seen={seen} initialAmount={30_000_000} showErrors />)
  expect(screen.getByText('借款金额须在 1,000 至 200,000 元之间')).toBeTruthy()
})

test('the terms are six chips, none chosen at first, and a tap chooses one', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('en', <Chooser seen={seen} />)
  const group = screen.getByRole('radiogroup', { name: 'Term' })
  const labels = [...group.querySelectorAll('label')].map((label) => label.textContent)
  expect(labels).toEqual(['3 months', '6 months', '9 months', '12 months', '24 months', '36 months'])
  expect(group.querySelectorAll('input:checked')).toHaveLength(0)
  await userEvent.click(screen.getByRole('radio', { name: '24 months' }))
  expect(seen.term).toBe(24)
})

test('submitting without a term shows the term rule', async () => {
  const seen = { amount: 0, term: null as number | null }
  await renderIn('zh-Hans', <Chooser seen={seen} showErrors />)
  const group = screen.getByRole('radiogroup', { name: '借款期限' })
  expect(group.getAttribute('aria-invalid')).toBe('true')
  expect(screen.getByText('请选择 3、6、9、12、24 或 36 个月的期限')).toBeTruthy()
})
