import { afterEach, expect, test, vi } from 'vitest'

/*
 * The Intl of the matrix's oldest engines (Chrome 64, iOS 12): no ListFormat, no unit style, no dateStyle. With the
 * legacy build's Intl fallbacks loaded first, as its polyfills load them, every formatter still answers, with plainer
 * text, instead of throwing while a screen renders.
 */

const RealNumberFormat = Intl.NumberFormat
const RealDateTimeFormat = Intl.DateTimeFormat

/** The fallbacks, then the format module afresh (its formatters are cached per locale), in an Intl of an old engine. */
async function formatOnAnOldEngine() {
  vi.resetModules()
  vi.stubGlobal('Intl', {
    ...Intl,
    ListFormat: undefined,
    NumberFormat: function (tag: string, options?: Intl.NumberFormatOptions) {
      if (options?.style === 'unit') throw new RangeError('Value unit out of range for Intl.NumberFormat options property style')
      return new RealNumberFormat(tag, options)
    },
    DateTimeFormat: function (tag: string, options?: Intl.DateTimeFormatOptions) {
      const { dateStyle: _ignored, ...known } = options ?? {}
      return new RealDateTimeFormat(tag, known)
    },
  })
  await import('./intl-fallbacks')
  return import('../contract/format')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

test('lists and choices are joined with the language’s comma where Intl.ListFormat is missing', async () => {
  const { formatChoices, formatList } = await formatOnAnOldEngine()
  expect(formatList(['学历', '婚姻状况'], 'zh-Hans')).toBe('学历、婚姻状况')
  expect(formatChoices(['3 months', '6 months'], 'en')).toBe('3 months, 6 months')
  expect(formatChoices(['3 mois', '6 mois'], 'fr')).toBe('3 mois, 6 mois')
})

test('a term in months reads in CLDR’s words where the unit style is refused', async () => {
  const { formatMonths } = await formatOnAnOldEngine()
  expect(formatMonths(1, 'en')).toBe('1 month')
  expect(formatMonths(12, 'en')).toBe('12 months')
  expect(formatMonths(12, 'zh-Hans')).toBe('12个月')
  expect(formatMonths(12, 'zh-Hant')).toBe('12 個月')
  expect(formatMonths(1, 'es')).toBe('1 mes')
  expect(formatMonths(36, 'es')).toBe('36 meses')
  expect(formatMonths(6, 'fr')).toBe('6 mois')
})

test('a date keeps its month by name where dateStyle is ignored', async () => {
  const { formatDate } = await formatOnAnOldEngine()
  expect(formatDate('2025-03-01', 'en')).toBe('Mar 1, 2025')
  expect(formatDate('2025-03-01', 'zh-Hans')).toBe('2025年3月1日')
})
