import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/*
 * The mainland mobile table of src/contract/cn-mobile-prefixes.ts, derived from libphonenumber's
 * own metadata (its "max" build, which knows number types). Shared by the generator and the test
 * that checks the committed table against the library for every prefix.
 */

/** libphonenumber's mobile ranges decide by the first five digits at most (1740[0-5], 1610). */
export const decidingDigits = 5
/** Completions tried per prefix: both ends of the range and one in the middle. */
export const sampleSuffixes = ['000000', '999999', '504217'] as const

export function isMobileByLibphonenumber(national: string): boolean {
  const parsed = parsePhoneNumberFromString(national, 'CN')
  return parsed !== undefined && parsed.isValid() && parsed.getType() === 'MOBILE'
}

/** Every 5-digit prefix (10000–19999) whose numbers libphonenumber calls mobile, or an error if a prefix is split. */
export function mobilePrefixesByLibphonenumber(): string[] {
  const mobile: string[] = []
  for (let value = 10_000; value <= 19_999; value += 1) {
    const prefix = String(value)
    const answers = sampleSuffixes.map((suffix) => isMobileByLibphonenumber(prefix + suffix))
    if (answers.every(Boolean)) mobile.push(prefix)
    else if (answers.some(Boolean)) throw new Error(`prefix ${prefix} is split: libphonenumber decides past ${decidingDigits} digits`)
  }
  return mobile
}

/** Merges ten sibling prefixes into their parent, as far as it goes: 13000…13999 become 13. */
export function compactPrefixes(prefixes: readonly string[]): string[] {
  let current = new Set(prefixes)
  for (let length = decidingDigits; length > 1; length -= 1) {
    const next = new Set<string>()
    for (const prefix of current) {
      if (prefix.length !== length) {
        next.add(prefix)
        continue
      }
      const parent = prefix.slice(0, -1)
      const siblings = Array.from({ length: 10 }, (_, digit) => parent + digit)
      next.add(siblings.every((sibling) => current.has(sibling)) ? parent : prefix)
    }
    current = next
  }
  return [...current].sort()
}
