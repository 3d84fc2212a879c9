import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSandbox, type TestSandbox } from './test-client'

let sb: TestSandbox

beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(async () => {
  await sb.close()
})

// Issue #13 item 22: "recommended" used to mark a 14.76% lender above a 13.56% bank; the mark
// now means the lowest price, and the offers come cheapest first.
test('matched lenders come cheapest first and only the cheapest is marked', async () => {
  const { token } = await sb.login('13800000006')
  const { items } = await sb.ok('listMatches', { token })
  expect(items.length).toBeGreaterThan(1)
  const aprs = items.map((item) => item.apr)
  expect(aprs).toEqual([...aprs].sort((a, b) => a - b))
  expect(items.map((item) => item.recommended)).toEqual(items.map((_, index) => index === 0))
})
