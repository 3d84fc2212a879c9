import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { withLuhnDigit } from './banks'
import { supportedLocales as locales } from '../src/contract/locales'
import { messageKeys, translate } from './messages'
import { sandboxForSuite } from '../tests/support/test-client'
import { assetInput, basicInput, contactsInput, statusOf, throughFace } from '../tests/support/test-flows'

/*
 * The page shows a refusal's `message` as a toast, so every refusal the sandbox
 * can send must be in the borrower's language, with nothing of the engineer's English in it. Each
 * refusal a borrower can cause is asked for over HTTP in English and in Simplified Chinese; the
 * expected sentences are written here from what the borrower must be told.
 */

const sb = sandboxForSuite()

/** Chinese text a borrower reads has no Latin words; digits and the sandbox code are fine. */
const latinWord = /[A-Za-z]{2,}/

test('every sandbox message exists in all five locales and the Chinese ones carry no English', () => {
  const keys = messageKeys
  expect(keys.length).toBeGreaterThan(20)
  for (const key of keys) {
    for (const locale of locales) {
      const text = translate(key, locale, { field: 'contacts[1].phone', period: 2, seconds: 42, channel: '渠道', detail: 'amount', left: 3, max: 5 })
      expect(text, `${key} in ${locale}`).not.toBe('')
      expect(text, `${key} in ${locale}`).not.toMatch(/\{\w+\}/)
      // Header names are the only Latin a developer-facing message may keep.
      if (locale.startsWith('zh')) expect(text.replace(/Idempotency-Key|amount/g, ''), `${key} in ${locale}`).not.toMatch(latinWord)
    }
  }
})

// rules: locale-server-messages
test('a later period chosen without the earlier one is refused in the borrower language', async () => {
  const { token } = await sb.login('13800000004')
  const loan = (await statusOf(sb, token)).loan
  if (!loan) throw new Error('the repaying persona has no loan')
  const ask = (locale: string, periods: string) =>
    sb.call('trialRepayment', { token, locale, input: { loan_id: loan.loan_id, periods } })
  const english = await ask('en', '2')
  const chinese = await ask('zh-Hans', '2')
  expect(english.body).toMatchObject({ status: StatusCode.notPayable, data: { reason: 'not_in_order', period: 1 } })
  expect(english.body.message).toBe('Periods are repaid oldest first: repay period 1 first')
  expect(chinese.body.message).toBe('需从最早的一期开始还款，请先还第 1 期')
  expect((await ask('en', '99')).body.message).toBe('Period 99 does not exist; please choose again')
  expect((await ask('zh-Hans', '99')).body.message).toBe('第 99 期不存在，请重新选择')
  expect((await ask('en', '1,1')).body.message).toBe('Period 1 was chosen twice; please choose again')
  expect((await ask('zh-Hans', '1,1')).body.message).toBe('第 1 期选择了两次，请重新选择')
})

test('an already repaid period is refused in the borrower language', async () => {
  const { token } = await sb.login('13800000005')
  const loan = (await statusOf(sb, token)).loan
  if (!loan) throw new Error('the overdue persona has no loan')
  const ask = (locale: string) => sb.call('trialRepayment', { token, locale, input: { loan_id: loan.loan_id, periods: '1' } })
  expect((await ask('en')).body.message).toBe('Period 1 is already repaid; please choose again')
  expect((await ask('zh-Hans')).body.message).toBe('第 1 期已还清，请重新选择')
})

test('a credit card and a bad field are refused in the borrower language', async () => {
  const phone = '13700001301'
  const { token } = await sb.login(phone)
  const face = await throughFace(sb, token)
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: basicInput(face.id, face.identity) })
  await sb.ok('updateLoanUser', { token, params: { id: face.id }, input: assetInput(face.id) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  const creditCard = (locale: string) =>
    sb.call('sendCardCode', { token, locale, input: { card_number: withLuhnDigit('427020000012345'), reserved_phone: phone } })
  expect((await creditCard('en')).body).toMatchObject({ status: StatusCode.cardRefused, message: 'Credit cards are not accepted; please use a debit card' })
  expect((await creditCard('zh-Hans')).body.message).toBe('暂不支持信用卡，请使用借记卡')

  const third = '13700001303'
  const contacts = await sb.login(third)
  const { id, identity } = await throughFace(sb, contacts.token)
  const badEmail = (locale: string) =>
    sb.call('updateLoanUser', { token: contacts.token, locale, params: { id }, input: { ...basicInput(id, identity), email: 'not-an-email' } })
  const english = (await badEmail('en')).body
  expect(english.status).toBe(StatusCode.fieldRule)
  expect(english.message).toBe('“Email” is not valid; please check it and send again')
  const chinese = (await badEmail('zh-Hans')).body
  expect(chinese.message).toBe('「电子邮箱」填写有误，请检查后重新提交')
})
