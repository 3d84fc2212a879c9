import { expect, test } from 'vitest'
import { matchesWords, wordParts } from '../../src/review/word-search'

test('a query finds names by the beginnings of their words, in order', () => {
  expect(wordParts('sendCardCode')).toEqual(['send', 'card', 'code'])
  expect(wordParts('app.session.screens.bankCard.codeSent')).toEqual(['app', 'session', 'screens', 'bank', 'card', 'code', 'sent'])
  expect(matchesWords('sendCode', 'sendCardCode')).toBe(true)
  expect(matchesWords('sms send', 'sms.send')).toBe(true)
  expect(matchesWords('card code', 'bankCard.codeSent')).toBe(true)
  expect(matchesWords('loanDem', 'loanDemand')).toBe(true)
  // Order counts, and every word of the query must begin a word of the name.
  expect(matchesWords('codeSend', 'sendCardCode')).toBe(false)
  expect(matchesWords('sendCode', 'sms.send')).toBe(false)
  expect(matchesWords('', 'anything')).toBe(false)
})
