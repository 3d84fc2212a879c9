// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { EntranceCard } from './entrance-card'
import { NavBar } from './nav-bar'
import { renderIn } from './render-in'
import { StepProgress } from './step-progress'

afterEach(cleanup)

test('the bar is a header with the page title as its heading and a Back that goes back', async () => {
  const onBack = vi.fn()
  await renderIn('en', <NavBar title="Basic info" onBack={onBack} />)
  const header = screen.getByRole('banner')
  expect(header.querySelector('h1')?.textContent).toBe('Basic info')
  await userEvent.click(screen.getByRole('button', { name: 'Back' }))
  expect(onBack).toHaveBeenCalledTimes(1)
})

test('the Back button is named in Chinese for a Chinese borrower, and absent when Back is impossible', async () => {
  const view = await renderIn('zh-Hans', <NavBar title="基本信息" onBack={() => undefined} />)
  expect(screen.getByRole('button', { name: '返回' })).toBeTruthy()
  view.unmount()
  await renderIn('zh-Hans', <NavBar title="首页" />)
  expect(screen.queryByRole('button')).toBeNull()
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('首页')
})

test('step progress says the true step and total, to the eye and to a screen reader', async () => {
  await renderIn('en', <StepProgress current={3} total={6} />)
  const bar = screen.getByRole('progressbar', { name: 'Application progress' })
  expect(bar.getAttribute('aria-valuenow')).toBe('3')
  expect(bar.getAttribute('aria-valuemax')).toBe('6')
  expect(bar.getAttribute('aria-valuetext')).toBe('Step 3 of 6')
  expect(screen.getByText('Step 3 of 6')).toBeTruthy()
})

test('step progress in Chinese', async () => {
  await renderIn('zh-Hans', <StepProgress current={5} total={6} />)
  const bar = screen.getByRole('progressbar', { name: '申请进度' })
  expect(bar.getAttribute('aria-valuetext')).toBe('第 5 步，共 6 步')
})

test('an entrance card shows its figure and its action is named with the card it belongs to', async () => {
  const onCta = vi.fn()
  await renderIn(
    'en',
    <EntranceCard title="Your credit limit" subtitle="Approved" figure="CN¥80,000.00" ctaLabel="Borrow now" onCta={onCta} />,
  )
  const card = screen.getByRole('region', { name: 'Your credit limit' })
  expect(card.textContent).toContain('CN¥80,000.00')
  const button = screen.getByRole('button', { name: 'Borrow now', description: 'Your credit limit' })
  await userEvent.click(button)
  expect(onCta).toHaveBeenCalledTimes(1)
})
