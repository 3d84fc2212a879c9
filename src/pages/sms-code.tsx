import { useTranslation } from '../i18n/translation'
import type { SmsState } from '../../machines/app.machine'
import { checkSmsCode } from '../contract/field-rules'
import { SmsCodeInput } from '../ui/components/sms-code-input'
import { useBusy, useCan, useNow, useSend } from './screen-kit'

/**
 * The code field of an SMS step on the shared SmsCodeInput, its resend countdown read from the
 * deadline the machine keeps (`resendAt`), so it survives backgrounding and reload.
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
  const busy = useBusy()
  // Re-render each second so `can(sms.resend)` is asked again once the machine's deadline passes.
  useNow(true)
  const canResend = useCan({ type: 'sms.resend' })
  return (
    <>
      <p className="muted" data-testid="sms-sent">
        {t('screens.sms.sentTo', { phone: sms.phone_masked })}
      </p>
      <SmsCodeInput
        label={t('screens.sms.code')}
        value={code}
        onChange={onCode}
        resendAt={sms.resendAt}
        onSend={() => send({ type: 'sms.resend' })}
        // The machine's guard decides resend (its clock, its deadline); the countdown only shows it.
        sending={busy || !canResend}
        error={showRule ? checkSmsCode(code) : null}
      />
      <p className="muted">{t('screens.sms.attemptsLimit')}</p>
    </>
  )
}
