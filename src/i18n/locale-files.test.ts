import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import {
  agreementKeys,
  carOwnership,
  contactRelation,
  education,
  housing,
  incomeBand,
  loanPurpose,
  loanStatus,
  loanStep,
  maritalStatus,
  occupation,
  planPeriod,
  repaymentOutcome,
  rewardOrder,
} from '../contract/entities'
import { fieldRuleCodes } from '../contract/field-rules'
import { platforms } from '../bridge/payload'
import { supportedLocales, type Locale } from './locale'

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url))

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf)
    }
  } else {
    out.set(prefix, value)
  }
  return out
}

const files = Object.fromEntries(
  supportedLocales.map((locale) => [
    locale,
    flatten(JSON.parse(readFileSync(`${localesDir}${locale}.json`, 'utf8'))),
  ]),
) as Record<Locale, Map<string, unknown>>
const reference = files['zh-Hans']

/** Strings that are the same in English on purpose: the brand, and words two languages share. */
const sameAsEnglish: Partial<Record<Locale, string[]>> = {
  fr: ['app.name', 'boot.platforms.Weixin'],
  es: ['app.name', 'boot.platforms.Weixin', 'common.no'],
}

// rules: locale-five
test('there is exactly one message file per supported locale', () => {
  const onDisk = readdirSync(localesDir).filter((name) => name.endsWith('.json'))
  expect(onDisk.sort()).toEqual(supportedLocales.map((locale) => `${locale}.json`).sort())
})

// rules: locale-five
test('every locale has exactly the keys of zh-Hans', () => {
  for (const locale of supportedLocales) {
    expect([...files[locale].keys()].sort(), locale).toEqual([...reference.keys()].sort())
  }
})

test('no message is empty or anything but text', () => {
  for (const locale of supportedLocales) {
    for (const [key, value] of files[locale]) {
      expect(typeof value, `${locale} ${key}`).toBe('string')
      expect(String(value).trim(), `${locale} ${key}`).not.toBe('')
    }
  }
})

// rules: locale-five
test('French, Spanish and Traditional Chinese leave nothing in English', () => {
  const english = files.en
  for (const locale of ['fr', 'es', 'zh-Hant'] as const) {
    const allowed = sameAsEnglish[locale] ?? []
    const untranslated = [...files[locale]].filter(([key, value]) => value === english.get(key) && !allowed.includes(key))
    expect(untranslated.map(([key]) => key), locale).toEqual([])
  }
})

test('the Chinese files contain no Latin words', () => {
  for (const locale of ['zh-Hans', 'zh-Hant'] as const) {
    const latin = [...files[locale]].filter(([, value]) => /[A-Za-z]/.test(String(value).replace(/\{\{\s*\w+\s*\}\}/g, '')))
    expect(latin.map(([key]) => key), locale).toEqual([])
  }
})

// Characters that differ between the scripts (錢/钱, 網/网...), common enough in this copy to
// catch a string pasted into the wrong file.
const simplifiedOnly = '钱网络请确认关闭载银码还贷审务议协权书选资讯费须为页证号联话机这个们时间额业职员车无与单亲属处败试备读进医疗装购计详细'
const traditionalOnly = '錢網絡請確認關閉載銀碼還貸審務議協權書選資訊費須為頁證號聯話機這個們時間額業職員車無與單親屬處敗試備讀進醫療裝購計詳細'

test('Traditional Chinese is written in traditional characters and Simplified in simplified', () => {
  const strayIn = (locale: Locale, chars: string) =>
    [...files[locale]].flatMap(([key, value]) =>
      [...String(value)].filter((char) => chars.includes(char)).map((char) => `${key}: ${char}`),
    )
  expect(strayIn('zh-Hant', simplifiedOnly)).toEqual([])
  expect(strayIn('zh-Hans', traditionalOnly)).toEqual([])
})

test('every translation keeps the placeholders of zh-Hans', () => {
  const placeholders = (value: unknown) =>
    [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
  let checked = 0
  for (const [key, value] of reference) {
    checked += placeholders(value).length
    for (const locale of supportedLocales) {
      expect(placeholders(files[locale].get(key)), `${locale} ${key}`).toEqual(placeholders(value))
    }
  }
  expect(checked).toBeGreaterThan(0)
})

test('every enum code of the contract has a label in every locale', () => {
  const enums: Record<string, readonly string[]> = {
    loanStep: loanStep.options,
    loanPurpose: loanPurpose.options,
    education: education.options,
    maritalStatus: maritalStatus.options,
    occupation: occupation.options,
    incomeBand: incomeBand.options,
    housing: housing.options,
    carOwnership: carOwnership.options,
    contactRelation: contactRelation.options,
    loanStatus: loanStatus.options,
    repaymentOutcome: repaymentOutcome.options,
    periodStatus: planPeriod.shape.status.options,
    rewardOrderStatus: rewardOrder.shape.status.options,
  }
  const expected = Object.entries(enums).flatMap(([name, codes]) => codes.map((code) => `enums.${name}.${code}`))
  const present = [...reference.keys()].filter((key) => key.startsWith('enums.'))
  expect(present.sort()).toEqual(expected.sort())
})

// rules: flow-agreement-keys
test('every agreement of the spec has a title', () => {
  const titles = [...reference.keys()].filter((key) => key.startsWith('agreements.'))
  expect(titles.sort()).toEqual(agreementKeys.map((key) => `agreements.${key}`).sort())
})

test('every platform the bridge reports has a label', () => {
  const labels = [...reference.keys()].filter((key) => key.startsWith('boot.platforms.'))
  expect(labels.sort()).toEqual(platforms.map((platform) => `boot.platforms.${platform}`).sort())
})

test('every route of the spec, home and login have a title', () => {
  const routes = [
    'loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'webview',
    'review', 'result', 'match', 'lendConfirm', 'privacy', 'richText', 'loanPlan', 'paymentConfirm',
    'repayDetail', 'repayment', 'repaymentResult', 'repayPlan', 'thirdProtocol', 'home', 'login',
  ]
  const titles = [...reference.keys()].filter((key) => key.startsWith('routes.'))
  expect(titles.sort()).toEqual(routes.map((route) => `routes.${route}`).sort())
})

test('every field rule code of the contract has a message, and nothing else does', () => {
  const messages = [...reference.keys()].filter((key) => key.startsWith('fieldRules.'))
  expect(messages.sort()).toEqual(fieldRuleCodes.map((code) => `fieldRules.${code}`).sort())
})
