// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, test } from 'vitest'
import { BottomSheet } from './bottom-sheet'
import { renderIn } from './render-in'

afterEach(cleanup)

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose region
      </button>
      <BottomSheet open={open} title="Choose a region" onClose={() => setOpen(false)}>
        <button type="button">Guangdong</button>
        <button type="button">Beijing</button>
      </BottomSheet>
    </>
  )
}

test('the sheet is a modal dialog named by its title, and focus moves into it', async () => {
  await renderIn('en', <Opener />)
  await userEvent.click(screen.getByRole('button', { name: 'Choose region' }))
  const dialog = screen.getByRole('dialog', { name: 'Choose a region' })
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.contains(document.activeElement)).toBe(true)
})

test('Tab stays inside the sheet, wrapping from the last control to the first and back', async () => {
  await renderIn('en', <Opener />)
  await userEvent.click(screen.getByRole('button', { name: 'Choose region' }))
  const close = screen.getByRole('button', { name: 'Close the panel' })
  const beijing = screen.getByRole('button', { name: 'Beijing' })
  await userEvent.tab()
  expect(document.activeElement).toBe(close)
  await userEvent.tab()
  await userEvent.tab()
  expect(document.activeElement).toBe(beijing)
  await userEvent.tab()
  expect(document.activeElement).toBe(close)
  await userEvent.tab({ shift: true })
  expect(document.activeElement).toBe(beijing)
})

test('Escape closes the sheet and focus returns to the button that opened it', async () => {
  await renderIn('en', <Opener />)
  const opener = screen.getByRole('button', { name: 'Choose region' })
  await userEvent.click(opener)
  await userEvent.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(opener)
})

test('a tap on the overlay closes the sheet, a tap inside does not', async () => {
  await renderIn('zh-Hans', <Opener />)
  await userEvent.click(screen.getByRole('button', { name: 'Choose region' }))
  fireEvent.click(screen.getByRole('button', { name: 'Guangdong' }))
  expect(screen.getByRole('dialog')).toBeTruthy()
  fireEvent.click(screen.getByTestId('sheet-backdrop'))
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('the close button is named in the borrower’s language', async () => {
  await renderIn('zh-Hans', <Opener />)
  await userEvent.click(screen.getByRole('button', { name: 'Choose region' }))
  await userEvent.click(screen.getByRole('button', { name: '关闭弹窗' }))
  expect(screen.queryByRole('dialog')).toBeNull()
})
