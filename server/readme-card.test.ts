import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { checkBankCard } from '../src/contract/field-rules'
import { binOf, luhnValid } from './banks'

/*
 * The README's test card is what a reader types on the happy path, so it must pass
 * every rule the page and the sandbox check (Luhn included, not merely the UnionPay warning) and be
 * a debit card of a bank the sandbox knows.
 */
test('the README test card passes the card rules and is a debit card the sandbox accepts', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const card = /Test bank card: \S+ debit `(\d+)`/.exec(readme)?.[1]
  expect(card, 'the README names a test card').toBeDefined()
  expect(luhnValid(card ?? '')).toBe(true)
  expect(checkBankCard(card ?? '')).toBeNull()
  expect(binOf(card ?? '')?.card_type).toBe('debit')
})
