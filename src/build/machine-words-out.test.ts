import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { machineWordsOut } from './machine-words-out'

/* The borrower's build leaves out every state's reviewer words, and nothing else of the machine. */

const machinesDir = fileURLToPath(new URL('../../machines/', import.meta.url))
const transform = machineWordsOut().transform as (code: string, id: string) => { code: string } | null

test('every words literal of the machine files is left out of the borrower build, and the code around it stays', () => {
  let dropped = 0
  for (const file of readdirSync(machinesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(machinesDir + file, 'utf8')
    const out = transform(source, machinesDir + file)?.code ?? source
    expect(out, file).not.toMatch(/'zh-Hans': ['"]/)
    dropped += (source.match(/'zh-Hans': ['"]/g) ?? []).length
    // Only the literals go: the lines around them are the same.
    expect(out.split('\n').length, file).toBe(source.split('\n').length)
  }
  expect(dropped).toBeGreaterThanOrEqual(24)
  expect(transform("meta: screenMeta('bankCard', { en: 'Bank card: it\\'s a card.', 'zh-Hans': '银行卡' }),", '/x/machines/funnel.flow.ts')?.code).toBe("meta: screenMeta('bankCard', 0),")
  expect(transform("step('contact', { words: { en: 'Contacts', 'zh-Hans': '联系人' }, ready: 'contactsReady' })", '/x/machines/funnel.flow.ts')?.code).toBe("step('contact', {  ready: 'contactsReady' })")
  expect(transform("{ en: 'a', 'zh-Hans': 'b' }", '/x/src/pages/page.ts')).toBeNull()
})
