// @vitest-environment jsdom
import { expect, test } from 'vitest'
import type { FieldRuleCode } from '../contract/field-rules'
import { initI18n } from './init-i18n'
import { supportedLocales } from './locale'

test('the page speaks the chosen language', async () => {
  const i18n = await initI18n('fr')
  expect(i18n.language).toBe('fr')
  expect(i18n.t('common.retry')).toBe('Réessayer')
  expect(i18n.t('errors.networkError')).toBe('Erreur réseau. Veuillez réessayer plus tard.')
  expect(i18n.t('agreements.withhold-agreement')).toBe('Autorisation de prélèvement automatique')
})

test('without a choice the page is in Simplified Chinese', async () => {
  const i18n = await initI18n()
  expect(i18n.t('app.name')).toBe('花钱')
})

// rules: locale-one-chunk
test('loading a locale loads only that locale’s messages', async () => {
  const i18n = await initI18n('zh-Hant')
  expect(Object.keys(i18n.store.data)).toEqual(['zh-Hant'])
  for (const other of supportedLocales.filter((locale) => locale !== 'zh-Hant')) {
    expect(i18n.hasResourceBundle(other, 'translation'), other).toBe(false)
  }
  expect(i18n.t('app.name')).toBe('花錢')
})

test('the document declares its language for screen readers and fonts', async () => {
  await initI18n('es')
  expect(document.documentElement.lang).toBe('es')
  await initI18n('zh-Hant')
  expect(document.documentElement.lang).toBe('zh-Hant')
})

test('placeholders are filled without HTML escaping, since React escapes', async () => {
  const i18n = await initI18n('en')
  expect(i18n.t('common.stepOf', { current: 2, total: 6 })).toBe('Step 2 of 6')
  const zh = await initI18n('zh-Hans')
  expect(zh.t('common.stepOf', { current: '<2>', total: 6 })).toBe('第 <2> 步，共 6 步')
})

test('a field rule code from the contract finds its message', async () => {
  const i18n = await initI18n('en')
  const code: FieldRuleCode = 'bankCard.luhnWarning'
  expect(i18n.t(`fieldRules.${code}`)).toMatch(/unusual/)
})

test('a misspelt key is a type error, and shows the key at run time', async () => {
  const i18n = await initI18n('en')
  // @ts-expect-error 'boot.titl' is not a key of locales/zh-Hans.json; tsc must refuse it.
  expect(i18n.t('boot.titl')).toBe('boot.titl')
})
