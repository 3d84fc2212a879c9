// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { i18nFor, renderIn } from './render-in'
import { SmsCodeInput } from './sms-code-input'

// Fake timers move Date.now too: the countdown reads the clock, the timer only wakes it up.
const sentAt = Date.parse('2026-03-10T02:00:00Z')
beforeEach(async () => {
  await i18nFor('en')
  await i18nFor('zh-Hans')
  vi.useFakeTimers({ now: sentAt })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

/** The page's SMS step: the deadline lives outside the component (in the machine, persisted). */
function SmsStep({ resendAt, onSend }: { resendAt: number | null; onSend: () => void }) {
  const [code, setCode] = useState('')
  return <SmsCodeInput value={code} onChange={setCode} resendAt={resendAt} onSend={onSend} />
}

test('before any code is sent the button offers to send one', async () => {
  const onSend = vi.fn()
  await renderIn('en', <SmsStep resendAt={null} onSend={onSend} />)
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
  expect(onSend).toHaveBeenCalledTimes(1)
})

test('the code field takes six digits from the numeric keyboard and offers the SMS autofill', async () => {
  await renderIn('zh-Hans', <SmsStep resendAt={null} onSend={() => undefined} />)
  const input = screen.getByLabelText('短信验证码') as HTMLInputElement
  expect(input.getAttribute('inputmode')).toBe('numeric')
  expect(input.getAttribute('autocomplete')).toBe('one-time-code')
  fireEvent.change(input, { target: { value: '12a3 4567' } })
  expect(input.value).toBe('123456')
})

// rules: field-sms-resend
test('after a send the button counts down from 60 s and cannot be pressed', async () => {
  const onSend = vi.fn()
  await renderIn('en', <SmsStep resendAt={sentAt + 60_000} onSend={onSend} />)
  const button = screen.getByRole('button', { name: 'Resend in 60 s' }) as HTMLButtonElement
  expect(button.disabled).toBe(true)
  await wait(1_000)
  expect(button.textContent).toBe('Resend in 59 s')
  fireEvent.click(button)
  expect(onSend).not.toHaveBeenCalled()
})

// rules: field-sms-resend, nothing-lost-timers
test('a reload during the countdown continues it from the same deadline and enables resend at the deadline', async () => {
  const resendAt = sentAt + 60_000
  const onSend = vi.fn()
  const first = await renderIn('zh-Hans', <SmsStep resendAt={resendAt} onSend={onSend} />)
  await wait(15_000)
  expect(screen.getByRole('button').textContent).toBe('45 秒后可重新发送')

  // The web view reloads: the component is gone for 5 s, then mounts again with the persisted deadline.
  first.unmount()
  await wait(5_000)
  await renderIn('zh-Hans', <SmsStep resendAt={resendAt} onSend={onSend} />)
  const button = screen.getByRole('button') as HTMLButtonElement
  expect(button.textContent).toBe('40 秒后可重新发送')
  expect(button.disabled).toBe(true)

  await wait(39_999)
  expect(button.textContent).toBe('1 秒后可重新发送')
  expect(button.disabled).toBe(true)
  await wait(1)
  expect(button.textContent).toBe('重新发送')
  expect(button.disabled).toBe(false)
  fireEvent.click(button)
  expect(onSend).toHaveBeenCalledTimes(1)
})

test('a deadline already past when the page comes back allows resend at once', async () => {
  await renderIn('en', <SmsStep resendAt={sentAt - 1} onSend={() => undefined} />)
  expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false)
})
