import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { pageWords } from '../../src/review/page-words'
import { repoRoot } from './review-kit'

/*
 * The reviewer page's own words come in English and Simplified Chinese: every entry in both, the
 * Chinese one written in Chinese, with the same blanks to fill; every label the page's HTML names
 * is an entry.
 */

const blanks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

test('every entry of the page is said in English and in Simplified Chinese, with the same blanks', () => {
  const { en, 'zh-Hans': zh } = pageWords
  expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
  for (const [key, english] of Object.entries(en)) {
    const chinese = zh[key as keyof typeof zh]
    expect(english.trim(), key).not.toBe('')
    expect(chinese, key).toMatch(/[\u4e00-\u9fff]/)
    expect(blanks(chinese), key).toEqual(blanks(english))
  }
})

test('every label the page names in its HTML is an entry', () => {
  const html = readFileSync(path.join(repoRoot, 'src/review/index.html'), 'utf8')
  const named = [...html.matchAll(/data-say(?:-placeholder|-label|-title)?="(\w+)"/g)].map((m) => m[1] as string)
  expect(named.length).toBeGreaterThan(15)
  for (const key of named) expect(Object.keys(pageWords.en), key).toContain(key)
})
