import { expect, test } from 'vitest'
import { intlLocale, normalizeLocale, resolveLocale, supportedLocales } from './locale'

// rules: boot-defaults
test('with no query and no bridge the page is in Simplified Chinese', () => {
  expect(resolveLocale({})).toBe('zh-Hans')
  expect(resolveLocale()).toBe('zh-Hans')
})

// rules: locale-choice
test('the lang or locale query parameter chooses the language', () => {
  expect(resolveLocale({ query: '?lang=fr' })).toBe('fr')
  expect(resolveLocale({ query: 'locale=es' })).toBe('es')
  expect(resolveLocale({ query: new URLSearchParams('lang=zh-Hant') })).toBe('zh-Hant')
  expect(resolveLocale({ query: { locale: 'en' } })).toBe('en')
})

// rules: locale-choice
test('the query wins over the bridge, and the bridge over the fallback', () => {
  expect(resolveLocale({ query: '?lang=en', bridgeLocale: 'fr', fallback: 'es' })).toBe('en')
  expect(resolveLocale({ query: '?channel=x', bridgeLocale: 'fr', fallback: 'es' })).toBe('fr')
  expect(resolveLocale({ bridgeLocale: undefined, fallback: 'es' })).toBe('es')
})

test('lang is read before locale when a link carries both', () => {
  expect(resolveLocale({ query: '?locale=es&lang=fr' })).toBe('fr')
})

// rules: locale-choice
test('regional and script variants map to the five supported locales', () => {
  const cases: Array<[string, string]> = [
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['fr-FR', 'fr'],
    ['fr-CA', 'fr'],
    ['es-ES', 'es'],
    ['es-MX', 'es'],
  ]
  for (const [input, expected] of cases) {
    expect(resolveLocale({ query: { lang: input } }), input).toBe(expected)
  }
})

test('locale codes are matched whatever their case or separator', () => {
  expect(normalizeLocale('ZH-tw')).toBe('zh-Hant')
  expect(normalizeLocale('zh_TW')).toBe('zh-Hant')
  expect(normalizeLocale('zh_hant_hk')).toBe('zh-Hant')
  expect(normalizeLocale(' EN_us ')).toBe('en')
  expect(normalizeLocale('FR')).toBe('fr')
})

// rules: locale-choice
test('an unknown language falls back to the next source, then to Simplified Chinese', () => {
  expect(resolveLocale({ query: '?lang=de' })).toBe('zh-Hans')
  expect(resolveLocale({ query: '?lang=de', bridgeLocale: 'zh-HK' })).toBe('zh-Hant')
  expect(resolveLocale({ query: '?lang=', bridgeLocale: 42, fallback: 'ja' })).toBe('zh-Hans')
  expect(normalizeLocale('english')).toBeUndefined()
  expect(normalizeLocale('')).toBeUndefined()
})

test('each locale formats with the conventions of its region', () => {
  expect(supportedLocales.map(intlLocale)).toEqual(['zh-CN', 'zh-TW', 'en-US', 'fr-FR', 'es-ES'])
})
