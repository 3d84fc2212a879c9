// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { AddressBar } from '../../src/app/app'

/*
 * The router comes in a chunk of its own after the first screen. A download that fails
 * on a flaky mobile network must not leave the address bar dead for the rest of the visit: it is
 * tried again, and the mirror mounts when it arrives.
 */

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

test('a failed download of the router is tried again, and the mirror mounts when it arrives', async () => {
  vi.useFakeTimers()
  const Mirror = () => <p>address mirror</p>
  const load = vi
    .fn<() => Promise<{ default: () => React.JSX.Element }>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue({ default: Mirror })
  render(<AddressBar load={load} />)
  await act(async () => {})
  expect(load).toHaveBeenCalledTimes(1)
  expect(screen.queryByText('address mirror')).toBeNull()

  await act(async () => vi.advanceTimersByTimeAsync(1_000))
  expect(load).toHaveBeenCalledTimes(2)
  // The pause grows: one second more is not yet the third attempt.
  await act(async () => vi.advanceTimersByTimeAsync(1_000))
  expect(load).toHaveBeenCalledTimes(2)
  await act(async () => vi.advanceTimersByTimeAsync(1_000))
  expect(load).toHaveBeenCalledTimes(3)
  expect(screen.getByText('address mirror')).toBeTruthy()
})
