import { useTranslation } from '../../i18n/translation'
import '../components.css'

/**
 * Where the borrower is in the funnel, with the true number of steps ("Step 3 of 6"): a
 * progressbar whose value text is the same sentence, so a screen reader says what the eye sees.
 */
export function StepProgress({ current, total, label }: { current: number; total: number; label?: string }) {
  const { t } = useTranslation()
  const step = Math.min(Math.max(current, 1), total)
  const text = t('common.stepOf', { current: step, total })
  return (
    <div className="ui-steps">
      <p className="ui-steps__label" aria-hidden="true">
        {text}
      </p>
      <div
        className="ui-steps__track"
        role="progressbar"
        aria-label={label ?? t('ui.stepProgress.label')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={text}
      >
        <div className="ui-steps__fill" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  )
}
