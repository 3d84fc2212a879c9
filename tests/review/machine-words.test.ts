import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { guardWords } from '../../src/review/machine-words'
import { machineGraph } from '../../src/review/machine-graph'
import { guardNames, speaker } from '../../src/review/plain-words'

/*
 * Every rule, event and screen of appMachine has its words in English and Simplified Chinese. The
 * walk starts from XState's own state nodes and the guards setup() was given, not from the words
 * tables, so a guard, an event, a call or a screen the tables do not know is found.
 */

const graph = machineGraph(appMachine)
const han = /[\u3400-\u9fff]/
/** A code name left in the words: camelCase, a dotted event, a bracketed guard, XState's own prefix. */
const codeName = /[a-z][A-Z]|\b[a-z]+\.[a-z]+\b|\[|xstate|inline guard/

interface Node {
  id: string
  meta?: { screen?: string; path?: string; words?: { en?: string; 'zh-Hans'?: string } }
  states: Record<string, Node>
}

const allNodes = (node: Node): Node[] => [node, ...Object.values(node.states).flatMap(allNodes)]

function expectBothLanguages(where: string, words: { en?: string; 'zh-Hans'?: string } | undefined): void {
  expect(words?.en, `${where}: English words`).toMatch(/\w/)
  expect(words?.en, `${where}: English words are English`).not.toMatch(han)
  expect(words?.['zh-Hans'], `${where}: Chinese words`).toMatch(han)
}

test('every guard setup() knows has its words in English and Chinese', () => {
  const declared = Object.keys((appMachine.implementations as { guards: Record<string, unknown> }).guards)
  expect(declared.length).toBeGreaterThan(40)
  for (const name of declared) expectBothLanguages(`guard ${name}`, (guardWords as Record<string, { en: string; 'zh-Hans': string }>)[name])
})

test('every screen state carries its purpose in its own meta, in English and Chinese', () => {
  const screens = allNodes(appMachine.root as unknown as Node).filter((n) => n.meta?.screen !== undefined || n.meta?.path !== undefined)
  expect(screens.length).toBeGreaterThanOrEqual(24)
  for (const node of screens) expectBothLanguages(`screen state ${node.id}`, node.meta?.words)
})

test('every transition reads in words in both languages: its event, its guard as a sentence, its source and targets', () => {
  for (const locale of ['en', 'zh-Hans']) {
    const say = speaker(graph.states, locale)
    for (const t of graph.transitions) {
      const where = `${t.key} (${locale})`
      const event = say.event(t)
      expect(event, `${where}: event`).not.toMatch(codeName)
      expect(event, `${where}: event`).not.toBe(t.event)
      if (locale === 'zh-Hans') expect(event, `${where}: event in Chinese`).toMatch(han)
      if (t.guard !== undefined) {
        for (const name of guardNames(t.guard)) expect(guardWords, `${where}: guard ${name}`).toHaveProperty(name)
        const sentence = say.guard(t.guard)
        expect(sentence, `${where}: guard ${t.guard}`).not.toMatch(codeName)
        if (locale === 'zh-Hans') expect(sentence, `${where}: guard in Chinese`).toMatch(han)
      }
      for (const id of [t.source, ...t.targets]) expect(say.state(id), `${where}: state ${id}`).not.toMatch(codeName)
    }
  }
})

test('a compound guard reads as one sentence', () => {
  const say = speaker(graph.states, 'en')
  expect(say.guard('and(lenderPriced, lendAgreed, lenderCodeEntered)')).toBe("the lender's price is in, the agreements are ticked and the code is typed")
  expect(say.guard('not(lenderCardBound)')).toBe('the card is not yet bound for this lender')
  expect(say.guard('pollCapReached(kind: "disbursement")')).toBe('the payout was asked the most times allowed')
  expect(speaker(graph.states, 'zh-Hans').guard('screenAllowed(screen: "bankCard")')).toBe('当前借款进度允许打开「银行卡」')
})
