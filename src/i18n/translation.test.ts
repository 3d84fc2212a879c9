import { expect, test } from 'vitest'
import en from '../../locales/en.json'
import { initI18n } from './init-i18n'
import { rememberingT } from './translation'

/*
 * The page's `t` remembers what i18next answered. What it answers must be i18next's own
 * text for every string the borrower can see, whatever values are interpolated, the first time and
 * every time after.
 */

function stringsOf(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : stringsOf(value as object, `${prefix}${key}.`),
  )
}

test("remembered translations are i18next's own, for every string and every value put in it", async () => {
  const i18n = await initI18n('en')
  const t = i18n.t.bind(i18n) as unknown as (key: string, options?: object) => string
  const remembered = rememberingT(i18n.t) as unknown as typeof t
  let compared = 0
  for (const [key, text] of stringsOf(en)) {
    const names = [...text.matchAll(/{{\s*([\w.]+)/g)].map((match) => match[1])
    const plural = /_(zero|one|two|few|many|other)$/.exec(key)
    const calls: [string, object | undefined][] = [[key, undefined]]
    for (const value of ['7', '8']) calls.push([key, Object.fromEntries(names.map((name) => [name, value]))])
    if (plural) for (const count of [1, 2, 5]) calls.push([key.slice(0, plural.index), { count }])
    for (const [callKey, options] of calls) {
      // Twice: the second answer comes from memory.
      expect(remembered(callKey, options)).toBe(t(callKey, options))
      expect(remembered(callKey, options)).toBe(t(callKey, options))
      compared += 1
    }
  }
  expect(compared).toBeGreaterThan(500)
})

test('a key given as a selector is never answered from memory: as JSON, every selector is the same call', async () => {
  const i18n = await initI18n('en')
  type Select = (messages: typeof en) => string
  const t = i18n.t.bind(i18n) as unknown as (select: Select) => string
  const remembered = rememberingT(i18n.t) as unknown as typeof t
  const next: Select = (messages) => messages.common.next
  const back: Select = (messages) => messages.common.back
  expect(remembered(next)).toBe(t(next))
  expect(remembered(back)).toBe(t(back))
  expect(remembered(back)).not.toBe(remembered(next))
})
