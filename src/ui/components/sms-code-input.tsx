import { useEffect, useReducer } from 'react'
import { useTranslation } from '../../i18n/translation'
import { digitsOf, type FieldRuleCode } from '../../contract/field-rules'
import { TextField } from './form-field'
import '../components.css'

/** Whole seconds left until `deadline` (rounded up, so "1 s" shows until the very end). */
export function secondsUntil(deadline: number | null, now: number): number {
  if (deadline === null) return 0
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * The 6-digit SMS code with its send/resend button. The countdown is computed from a deadline
 * (`resendAt`, ms since the epoch, which the machine persists), never from ticks counted here, so
 * it survives backgrounding, a reload and a re-mount: a timer only asks for a re-render at the
 * next whole second. `now` is injectable for tests and the state visualizer.
 */
export function SmsCodeInput({
  value,
  onChange,
  resendAt,
  onSend,
  now = Date.now,
  error,
  hint,
  sending = false,
  label,
}: {
  value: string
  onChange: (code: string) => void
  /** When resend becomes possible; null before the first code is sent. */
  resendAt: number | null
  onSend: () => void
  now?: () => number
  error?: FieldRuleCode | null
  /** E.g. "Code sent to 138****8000". */
  hint?: string
  /** A send is in flight: the button waits for it. */
  sending?: boolean
  label?: string
}) {
  const { t } = useTranslation()
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  const current = now()
  const left = secondsUntil(resendAt, current)

  useEffect(() => {
    if (resendAt === null || left === 0) return
    // Wake at the next whole-second boundary of the deadline, so the label never lags a second.
    const delay = ((resendAt - current) % 1000) || 1000
    const timer = setTimeout(rerender, delay)
    return () => clearTimeout(timer)
  }, [resendAt, left, current])

  const buttonText =
    left > 0 ? t('ui.sms.resendIn', { seconds: left }) : resendAt === null ? t('ui.sms.send') : t('ui.sms.resend')

  return (
    <TextField
      label={label ?? t('ui.sms.code')}
      value={value}
      onChange={(text) => onChange(digitsOf(text).slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      name="sms-code"
      maxLength={6}
      error={error ?? null}
      {...(hint === undefined ? {} : { hint })}
      after={
        <button
          type="button"
          className="ui-button ui-button--secondary"
          disabled={left > 0 || sending}
          onClick={onSend}
        >
          {buttonText}
        </button>
      }
    />
  )
}
