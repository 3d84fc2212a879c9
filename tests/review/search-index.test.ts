import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { machineGraph } from '../../src/review/machine-graph'
import { find, searchIndex } from '../../src/review/search-index'

/* What a reviewer types finds the screens it names, titles first, in any of the borrower's locales. */

const graph = machineGraph(appMachine)
const entries = searchIndex(graph)
const screensFound = (query: string) => find(entries, query).filter((hit) => hit.entry.kind === 'screen').map((hit) => hit.entry.state)

test('还款 finds the four repayment screens first, by their Chinese titles', () => {
  const hits = find(entries, '还款')
  expect(hits.slice(0, 4).map((hit) => hit.entry.state).sort()).toEqual(['repayDetail', 'repayPlan', 'repayment', 'repaymentResult'])
  expect(hits[0]?.by).toMatchObject({ found: 'title', locale: 'zh-Hans' })
})

test('agreement finds the agreement pages first, then the screens that ask for one', () => {
  const found = screensFound('agreement')
  expect(found.slice(0, 2).sort()).toEqual(['privacy', 'thirdProtocol'])
  expect(found).toEqual(expect.arrayContaining(['bankCard', 'lendConfirm']))
})

test('what a screen says finds it, in any locale, and a code name still finds its state', () => {
  expect(screensFound('SMS code')[0]).toBe('bankCard')
  expect(screensFound('tarjeta de débito')[0]).toBe('bankCard')
  expect(screensFound('銀行卡')[0]).toBe('bankCard')
  expect(find(entries, 'sendCardCode').map((hit) => hit.entry.state)).toContain('app.session.screens.bankCard.sendingCode')
})
