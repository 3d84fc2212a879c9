import { expect, test } from 'vitest'
import { formatApr, formatChoices, formatDate, formatMoney, formatMonths } from './format'

// Intl separates with no-break spaces (U+00A0, U+202F) in French and Spanish; compare as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

// rules: money-format, money-fen
test('amounts in fen are shown in yuan with each locale’s currency conventions', () => {
  expect(formatMoney(123_456_78, 'zh-Hans')).toBe('¥123,456.78')
  expect(formatMoney(123_456_78, 'zh-Hant')).toBe('CN¥123,456.78')
  expect(formatMoney(123_456_78, 'en')).toBe('CN¥123,456.78')
  expect(plain(formatMoney(123_456_78, 'fr'))).toBe('123 456,78 CNY')
  expect(plain(formatMoney(123_456_78, 'es'))).toBe('123.456,78 CNY')
})

test('whole yuan, single fen and zero keep two decimals', () => {
  expect(formatMoney(100_000, 'zh-Hans')).toBe('¥1,000.00')
  expect(formatMoney(5, 'en')).toBe('CN¥0.05')
  expect(formatMoney(0, 'zh-Hans')).toBe('¥0.00')
  expect(formatMoney(-1_050, 'en')).toBe('-CN¥10.50')
})

// rules: money-fen
test('amounts too large for binary fractions keep their last fen', () => {
  expect(formatMoney(Number.MAX_SAFE_INTEGER, 'zh-Hans')).toBe('¥90,071,992,547,409.91')
})

// rules: money-fen
test('an amount that is not whole fen is refused rather than rounded silently', () => {
  expect(() => formatMoney(12.5, 'en')).toThrow(RangeError)
  expect(() => formatMoney(Number.NaN, 'en')).toThrow(RangeError)
})

test('an APR fraction is shown as a percentage with at most two decimals', () => {
  expect(formatApr(0.072, 'zh-Hans')).toBe('7.2%')
  expect(formatApr(0.24, 'en')).toBe('24%')
  expect(formatApr(0.123456, 'en')).toBe('12.35%')
  expect(plain(formatApr(0.072, 'fr'))).toBe('7,2 %')
  expect(plain(formatApr(0.1825, 'es'))).toBe('18,25 %')
})

// rules: money-format
test('a calendar date is the same day in every locale, whatever the device’s zone', () => {
  expect(formatDate('2025-03-01', 'zh-Hans')).toBe('2025年3月1日')
  expect(formatDate('2025-03-01', 'zh-Hant')).toBe('2025年3月1日')
  expect(formatDate('2025-03-01', 'en')).toBe('Mar 1, 2025')
  expect(formatDate('2025-03-01', 'fr')).toBe('1 mars 2025')
  expect(formatDate('2025-03-01', 'es')).toBe('1 mar 2025')
})

test('an instant is shown on the calendar of the given zone', () => {
  const lateEveningUtc = '2025-03-01T20:00:00Z'
  expect(formatDate(lateEveningUtc, 'en', { timeZone: 'Asia/Shanghai' })).toBe('Mar 2, 2025')
  expect(formatDate(lateEveningUtc, 'en', { timeZone: 'UTC' })).toBe('Mar 1, 2025')
})

test('a date that is not ISO is refused', () => {
  expect(() => formatDate('next tuesday', 'en')).toThrow(RangeError)
})

test('a term in months reads naturally, singular and plural', () => {
  expect(formatMonths(1, 'en')).toBe('1 month')
  expect(formatMonths(12, 'en')).toBe('12 months')
  expect(formatMonths(12, 'zh-Hans')).toBe('12个月')
  expect(plain(formatMonths(12, 'zh-Hant'))).toBe('12 個月')
  expect(plain(formatMonths(1, 'fr'))).toBe('1 mois')
  expect(plain(formatMonths(1, 'es'))).toBe('1 mes')
  expect(plain(formatMonths(36, 'es'))).toBe('36 meses')
})

test('a list of choices uses each language’s separators and its word for "or"', () => {
  expect(formatChoices(['3 months', '6 months', '12 months'], 'en')).toBe('3 months, 6 months, or 12 months')
  expect(formatChoices(['3个月', '6个月', '12个月'], 'zh-Hans')).toBe('3个月、6个月或12个月')
})

test('money in words names the yuan in each language, so a screen reader never says yen', () => {
  expect(formatMoney(123_450, 'zh-Hans', true)).toBe('1,234.50人民币')
  expect(formatMoney(123_450, 'zh-Hant', true)).toBe('1,234.50 人民幣')
  expect(formatMoney(123_450, 'en', true)).toBe('1,234.50 Chinese yuan')
  expect(formatMoney(123_450, 'fr', true).replace(/\s/g, ' ')).toBe('1 234,50 yuans renminbi chinois')
  expect(formatMoney(100, 'en', true)).toBe('1.00 Chinese yuan')
  expect(formatMoney(-5, 'en', true)).toBe('-0.05 Chinese yuan')
})
