// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { useAfterFirstPaint } from '../../src/ui/after-first-paint'
import { pageLoadDelayMs } from '../../src/ui/lazy-page'

/*
 * What waits for a screen's first paint (its lower cards, a framed page) waits for the frame itself
 * on a shown page, however late the frame comes, and not for long on a hidden one, which paints none.
 * The frames are the test's: each is painted when the test says.
 */

let frames: FrameRequestCallback[] = []

function paintFrame() {
  const due = frames
  frames = []
  for (const callback of due) callback(performance.now())
}

function Part() {
  return <p>{useAfterFirstPaint() ? 'lower cards' : 'top only'}</p>
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

beforeEach(() => {
  frames = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  vi.stubGlobal('cancelAnimationFrame', () => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

test('on a shown page the part waits for the first frame, however late, and comes in the task after it', async () => {
  render(<Part />)
  await wait(pageLoadDelayMs * 2)
  expect(screen.getByText('top only')).toBeTruthy()
  await act(async () => paintFrame())
  expect(screen.getByText('top only')).toBeTruthy()
  await wait(0)
  expect(screen.getByText('lower cards')).toBeTruthy()
})

test('on a hidden page, which paints no frame, the part comes after a page loading delay', async () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
  render(<Part />)
  await wait(pageLoadDelayMs / 2)
  expect(screen.getByText('top only')).toBeTruthy()
  await wait(pageLoadDelayMs)
  expect(screen.getByText('lower cards')).toBeTruthy()
})
