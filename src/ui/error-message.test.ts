import { expect, test } from 'vitest'
import { StatusCode } from '../contract/envelope'
import { initI18n } from '../i18n/init-i18n'
import { errorNoticeText } from './error-message'

/*
 * An in-page notice says what happened and what to do, per refusal, in the
 * borrower's language; the code is never the message; Retry only where retrying can succeed.
 * The expected sentences are written here from what the borrower must be told.
 */

const expected = {
  en: {
    [StatusCode.cardRefused]: ['This card cannot be used.', 'Use a debit card in your own name; credit cards are not accepted.'],
    [StatusCode.notPayable]: ['This payment cannot be made as chosen.', 'Go back to the repayment screen and choose again from what it shows as due now.'],
    [StatusCode.smsCodeInvalid]: ['The verification code is wrong or has expired.', 'Check the code in your messages, or ask for a new one.'],
  },
  'zh-Hans': {
    [StatusCode.cardRefused]: ['这张卡暂时无法使用。', '请使用本人名下的借记卡，暂不支持信用卡。'],
    [StatusCode.notPayable]: ['按当前选择无法还款。', '请返回还款页，按页面上现在显示的应还金额重新选择。'],
    [StatusCode.smsCodeInvalid]: ['验证码错误或已过期。', '请核对短信中的验证码，或重新获取。'],
  },
} as const

for (const locale of ['en', 'zh-Hans'] as const) {
  // rules: error-refusal-no-retry
  test(`[${locale}] a refusal notice says what happened and what to do, never the code, and offers no Retry`, async () => {
    const i18n = await initI18n(locale)
    for (const [status, [what, next]] of Object.entries(expected[locale])) {
      const text = errorNoticeText('refused', Number(status))
      expect(text.retryable, `${status}`).toBe(false)
      expect(i18n.t(text.what)).toBe(what)
      expect(i18n.t(text.next)).toBe(next)
    }
    // Every refusal the sandbox can send has its own sentence, none of them the bare "request error" or a number.
    const generic = i18n.t('errors.requestError')
    for (const status of Object.values(StatusCode).filter((code) => code !== 0)) {
      const text = errorNoticeText('refused', status)
      expect(i18n.t(text.what), `${status}`).not.toBe(generic)
      expect(`${i18n.t(text.what)} ${i18n.t(text.next)}`, `${status}`).not.toContain(String(status))
    }
  })

  // rules: error-server-5xx
  test(`[${locale}] a failing server (HTTP 5xx, no envelope) offers Retry and does not blame the connection`, async () => {
    const i18n = await initI18n(locale)
    for (const status of [500, 502, 503]) {
      const text = errorNoticeText('refused', status)
      expect(text.retryable, `${status}`).toBe(true)
      expect(i18n.t(text.what)).toBe(locale === 'en' ? 'The service is not responding right now.' : '服务暂时没有响应。')
      expect(i18n.t(text.next)).toBe(locale === 'en' ? 'Wait a moment, then press Retry.' : '请稍候片刻，再点击重试。')
    }
    // A 4xx is the server's answer: a refusal, no Retry.
    expect(errorNoticeText('refused', 403).retryable).toBe(false)
  })

  // rules: error-refusal-no-retry
  test(`[${locale}] a lost answer offers Retry; a missing agreement says so and the way back`, async () => {
    const i18n = await initI18n(locale)
    for (const code of ['network', 'timeout', 'invalidResponse', 'unexpected'] as const) {
      expect(errorNoticeText(code, null).retryable, code).toBe(true)
    }
    const missing = errorNoticeText('refused', StatusCode.notFound, 'privacy')
    expect(missing.retryable).toBe(false)
    expect(i18n.t(missing.what)).toBe(locale === 'en' ? 'This document does not exist.' : '这份协议或文件不存在。')
    expect(i18n.t(missing.next)).toBe(locale === 'en' ? 'Close it to go back to where you were.' : '请关闭本页，回到之前的页面。')
  })

  // rules: nothing-lost-interrupted
  test(`[${locale}] a step cut off by a closed web view says what was not kept and to fill it in again, with no Retry`, async () => {
    const i18n = await initI18n(locale)
    const text = errorNoticeText('interrupted', null)
    // Retry cannot succeed: the ID number, card number or code it would send is gone until typed again.
    expect(text.retryable).toBe(false)
    expect(i18n.t(text.what)).toBe(locale === 'en' ? 'The page closed before this step was sent.' : '页面在这一步提交完成前关闭了。')
    expect(i18n.t(text.next)).toBe(
      locale === 'en'
        ? 'For your safety, ID numbers, card numbers and codes are not kept when the page closes: fill in the empty fields again, then send.'
        : '为保护您的信息安全，页面关闭后不保留身份证号、银行卡号和验证码：请重新填写空白项后再提交。',
    )
  })
}
