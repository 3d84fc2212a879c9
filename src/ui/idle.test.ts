import { afterAll, afterEach, expect, test, vi } from 'vitest'
import { oneEachWhenIdle } from './idle'

/*
 * The next pages' prefetches and the formatters' warm-ups run in idle time, one per idle period
 * (a dozen prefetches started in one idle callback made one task of 60–90 ms at 4× CPU,
 * which a tap on home would have waited behind). The idle periods are the browser's; here a
 * queue stands in for them and each test hands them out one by one.
 */

const idlePeriods: Array<{ handle: number; run: () => void }> = []
let nextHandle = 1
vi.stubGlobal('requestIdleCallback', (run: () => void) => {
  const handle = nextHandle++
  idlePeriods.push({ handle, run })
  return handle
})
vi.stubGlobal('cancelIdleCallback', (handle: number) => {
  const at = idlePeriods.findIndex((period) => period.handle === handle)
  if (at !== -1) idlePeriods.splice(at, 1)
})
const oneIdlePeriod = () => idlePeriods.shift()?.run()

afterEach(() => {
  idlePeriods.length = 0
})
// The files after this one in its worker get the environment's own idle callbacks back.
afterAll(() => vi.unstubAllGlobals())

test('each task waits for an idle period of its own, in order', () => {
  const ran: string[] = []
  oneEachWhenIdle(['a', 'b', 'c'].map((name) => () => ran.push(name)))
  expect(ran).toEqual([])
  oneIdlePeriod()
  expect(ran).toEqual(['a'])
  oneIdlePeriod()
  expect(ran).toEqual(['a', 'b'])
  oneIdlePeriod()
  expect(ran).toEqual(['a', 'b', 'c'])
  expect(idlePeriods).toHaveLength(0)
})

test('cancelled, the tasks not yet run never run', () => {
  const ran: string[] = []
  const cancel = oneEachWhenIdle(['a', 'b', 'c'].map((name) => () => ran.push(name)))
  oneIdlePeriod()
  cancel()
  while (idlePeriods.length > 0) oneIdlePeriod()
  expect(ran).toEqual(['a'])
})
