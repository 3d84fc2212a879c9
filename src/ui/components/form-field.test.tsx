// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { checkBankCard, formatCardNumber, formatPhone, type FieldRuleCode } from '../../contract/field-rules'
import { Checkbox, ChoiceChips, SelectField, TextField, useLeftFields } from './form-field'
import { renderIn } from './render-in'

afterEach(cleanup)

function CardField({ validate = false }: { validate?: boolean }) {
  const [value, setValue] = useState('')
  const digits = value.replace(/\s/g, '')
  return (
    <TextField
      label="Card number"
      value={value}
      onChange={setValue}
      format={formatCardNumber}
      inputMode="numeric"
      error={validate ? checkBankCard(digits) : null}
    />
  )
}

test('a card number is shown in groups of four as it is typed', async () => {
  await renderIn('en', <CardField />)
  const input = screen.getByLabelText('Card number')
  await userEvent.type(input, '6222020000123456786')
  expect((input as HTMLInputElement).value).toBe('6222 0200 0012 3456 786')
  expect(input.getAttribute('inputmode')).toBe('numeric')
})

test('a digit typed in the middle of a card number keeps the caret after it', async () => {
  await renderIn('en', <CardField />)
  const input = screen.getByLabelText('Card number') as HTMLInputElement
  await userEvent.type(input, '62220200')
  input.setSelectionRange(2, 2)
  await userEvent.type(input, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 })
  expect(input.value).toBe('6292 2020 0')
  expect(input.selectionStart).toBe(3)
})

test('a phone number is shown 3-4-4', async () => {
  function Phone() {
    const [value, setValue] = useState('')
    return <TextField label="Mobile" value={value} onChange={setValue} format={formatPhone} type="tel" />
  }
  await renderIn('en', <Phone />)
  const input = screen.getByLabelText('Mobile') as HTMLInputElement
  await userEvent.type(input, '13800138000')
  expect(input.value).toBe('138 0013 8000')
})

// rules: field-message-timing
test('a rule message sits under its field, in the borrower’s language, and marks it invalid', async () => {
  const view = await renderIn('zh-Hans', <CardField validate />)
  const input = screen.getByLabelText('Card number')
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(screen.getByRole('textbox', { description: '请输入借记卡卡号' })).toBe(input)
  view.unmount()
  await renderIn('en', <CardField validate />)
  expect(screen.getByRole('textbox', { description: 'Enter your debit card number.' })).toBeTruthy()
})

test('a warning is shown but does not mark the field invalid', async () => {
  const warning: FieldRuleCode = 'bankCard.luhnWarning'
  await renderIn('en', <TextField label="Card number" value="6222 0200 0012 3456 780" onChange={() => undefined} error={warning} />)
  const input = screen.getByLabelText('Card number')
  expect(input.getAttribute('aria-invalid')).toBe('false')
  expect(input.getAttribute('aria-describedby')).not.toBeNull()
})

test('radio chips are a radiogroup where nothing is chosen until the borrower taps', async () => {
  const onChange = vi.fn()
  await renderIn(
    'en',
    <ChoiceChips
      label="Purpose"
      value={null}
      options={[
        { value: 'shopping', label: 'Shopping' },
        { value: 'travel', label: 'Travel' },
      ]}
      onChange={onChange}
    />,
  )
  const group = screen.getByRole('radiogroup', { name: 'Purpose' })
  expect(group.querySelectorAll('input:checked')).toHaveLength(0)
  await userEvent.click(screen.getByRole('radio', { name: 'Travel' }))
  expect(onChange).toHaveBeenCalledWith('travel')
})

test('a select starts empty and reports the chosen value', async () => {
  const onChange = vi.fn()
  await renderIn(
    'en',
    <SelectField
      label="Education"
      value={null}
      placeholder="Choose"
      options={[
        { value: 'bachelor', label: 'Bachelor' },
        { value: 'master', label: 'Master' },
      ]}
      onChange={onChange}
    />,
  )
  const select = screen.getByRole('combobox', { name: 'Education' }) as HTMLSelectElement
  expect(select.value).toBe('')
  await userEvent.selectOptions(select, 'Master')
  expect(onChange).toHaveBeenCalledWith('master')
})

test('a checkbox toggles from its label and shows its error as an alert', async () => {
  function Agree() {
    const [checked, setChecked] = useState(false)
    return (
      <Checkbox checked={checked} onChange={setChecked} error={checked ? null : 'Please accept'}>
        I agree
      </Checkbox>
    )
  }
  await renderIn('en', <Agree />)
  const box = screen.getByRole('checkbox', { name: 'I agree' })
  expect((box as HTMLInputElement).checked).toBe(false)
  expect(screen.getByRole('alert').textContent).toBe('Please accept')
  await userEvent.click(screen.getByText('I agree'))
  expect((box as HTMLInputElement).checked).toBe(true)
  expect(screen.queryByRole('alert')).toBeNull()
})

test('leaving a field already left keeps the form as it is: none of its fields renders again', () => {
  const fieldRenders: string[][] = []
  const handles: { leave?: (field: 'name' | 'phone') => void; leaveAll?: (fields: readonly ('name' | 'phone')[]) => void } = {}
  function Field({ left }: { left: ReadonlySet<string> }) {
    fieldRenders.push([...left].sort())
    return null
  }
  function Form() {
    const [left, leave, leaveAll] = useLeftFields<'name' | 'phone'>()
    Object.assign(handles, { leave, leaveAll })
    return <Field left={left} />
  }
  render(<Form />)
  act(() => handles.leave!('name'))
  expect(fieldRenders).toEqual([[], ['name']])
  // The tap on Next marks every field left, then the field typed in last is left as the finger lifts.
  act(() => handles.leave!('name'))
  act(() => handles.leaveAll!(['name']))
  expect(fieldRenders).toHaveLength(2)
  act(() => handles.leaveAll!(['name', 'phone']))
  expect(fieldRenders).toEqual([[], ['name'], ['name', 'phone']])
})
