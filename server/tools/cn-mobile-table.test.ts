import { expect, test } from 'vitest'
import {
  compactPrefixes,
  decidingDigits,
  isMobileByLibphonenumber,
  mobilePrefixesByLibphonenumber,
  sampleSuffixes,
} from './cn-mobile-table'
import { cnMobilePrefixes } from '../../src/contract/cn-mobile-prefixes'
import { isMainlandMobile } from '../../src/contract/field-rules'

/*
 * The committed table against libphonenumber-js itself, for every prefix that decides (10000 to
 * 19999, three completions each): regenerate with server/tools/generate-cn-mobile-prefixes.ts.
 */

test('the committed CN mobile table is what libphonenumber-js generates today', () => {
  expect(cnMobilePrefixes).toEqual(compactPrefixes(mobilePrefixesByLibphonenumber()))
})

// rules: field-mobile
test('for every deciding prefix, the field rule and libphonenumber-js agree on mobile numbers', () => {
  const disagreements: string[] = []
  for (let value = 10 ** (decidingDigits - 1); value < 2 * 10 ** (decidingDigits - 1); value += 1) {
    for (const suffix of sampleSuffixes) {
      const number = String(value) + suffix
      if (isMainlandMobile(number) !== isMobileByLibphonenumber(number)) disagreements.push(number)
    }
  }
  expect(disagreements).toEqual([])
})
