import { useTranslation } from 'react-i18next'
import type { SmsState } from '../../machines/app.machine'
import { checkSmsCode, digitsOf } from '../contract/field-rules'
import { Field, secondsUntil, useCan, useNow, useSend } from './screen-kit'

/**
 * The code field of an SMS step, with the resend countdown read from the deadline the machine
 * keeps (`resendAt`, an instant), so it survives backgrounding and reload.
 */
export function SmsCode({
  sms,
  code,
  showRule,
  onCode,
}: {
  sms: SmsState
  code: string
  showRule: boolean
  onCode: (code: string) => void
}) {
  const { t } = useTranslation()
  const send = useSend()
  const canResend = useCan({ type: 'sms.resend' })
  const now = useNow(true)
  const left = secondsUntil(sms.resendAt, now)
  return (
    <>
      <p className="muted" data-testid="sms-sent">
        {t('screens.sms.sentTo', { phone: sms.phone_masked })}
      </p>
      <Field
        label={t('screens.sms.code')}
        error={showRule ? checkSmsCode(code) : null}
        control={(props) => (
          <input
            {...props}
            name="sms-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => onCode(digitsOf(event.target.value).slice(0, 6))}
          />
        )}
      />
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={!canResend || left > 0}
        onClick={() => send({ type: 'sms.resend' })}
      >
        {left > 0 ? t('screens.sms.resendIn', { seconds: left }) : t('screens.sms.resend')}
      </button>
    </>
  )
}
