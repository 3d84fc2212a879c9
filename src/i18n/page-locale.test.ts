import { expect, test } from 'vitest'
import type { BridgeWindow } from '../bridge/host'
import { encodeBridgeParameter } from '../bridge/payload'
import { localeBeforeIntake } from './page-locale'

/*
 * What the inline head script decides before the prerendered zh-Hans screen is parsed:
 * the locale the page will show when the URL or a payload already in the URL or window says it,
 * zh-Hans when nothing names one (docs/product-rules.md#locale-choice), and "not known yet" when the page must
 * first ask its host, whose answer may name another.
 */

function page(url: string, extra: Record<string, unknown> = {}): BridgeWindow {
  const { search, hash, origin } = new URL(url)
  return { location: { origin, search, hash }, addEventListener() {}, removeEventListener() {}, ...extra }
}

const payload = (locale?: string) => encodeBridgeParameter({ token: 't', ...(locale ? { locale } : {}) })

test('nothing names a locale: zh-Hans, the prerender’s own', () => {
  expect(localeBeforeIntake(page('https://h5.example/'))).toBe('zh-Hans')
  expect(localeBeforeIntake(page(`https://h5.example/?bridge=${payload()}`))).toBe('zh-Hans')
})

// rules: locale-choice
test('the URL’s lang, before or after the hash route, and the payload’s locale name it', () => {
  expect(localeBeforeIntake(page('https://h5.example/?lang=en'))).toBe('en')
  expect(localeBeforeIntake(page('https://h5.example/#/pages/home/index?lang=zh_TW'))).toBe('zh-Hant')
  expect(localeBeforeIntake(page(`https://h5.example/?bridge=${payload('fr-FR')}`))).toBe('fr')
  // The query wins over the host, as it does for the live page.
  expect(localeBeforeIntake(page(`https://h5.example/?lang=es&bridge=${payload('en')}`))).toBe('es')
  const injected = { __HUAQIAN_BRIDGE__: { token: 't', locale: 'en-US' } }
  expect(localeBeforeIntake(page('https://h5.example/', injected))).toBe('en')
})

test('a page that must ask its host for the payload does not know its locale yet', () => {
  const android = { HuaqianAndroid: { postMessage() {} } }
  expect(localeBeforeIntake(page('https://h5.example/', android))).toBeNull()
  const framed = { parent: { postMessage() {} } }
  expect(localeBeforeIntake(page('https://h5.example/', framed))).toBeNull()
  // A payload already in the URL is not asked for again.
  expect(localeBeforeIntake(page(`https://h5.example/?bridge=${payload('en')}`, framed))).toBe('en')
})
