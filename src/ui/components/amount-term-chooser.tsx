import { useId, useState } from 'react'
import { useTranslation } from '../../i18n/translation'
import { loanLimits } from '../../contract/entities'
import { checkAmount, checkTerm } from '../../contract/field-rules'
import { ChoiceChips, TextField } from './form-field'
import { useFormatters } from './use-format'
import '../components.css'

const fenPerYuan = 100
const minYuan = loanLimits.minAmount / fenPerYuan
const maxYuan = loanLimits.maxAmount / fenPerYuan
const stepYuan = loanLimits.amountStep / fenPerYuan

/**
 * Amount (1,000–200,000 CNY in steps of 100, reported in fen) with a slider and a numeric field
 * that move together, and the term as radio chips (3–36 months). The field shows whole yuan,
 * because that is what a borrower types; everything leaving the component is fen. Rule messages
 * (`checkAmount`, `checkTerm`) appear once the field was left or when `showErrors` is set (submit).
 */
export function AmountTermChooser({
  amount,
  term,
  onAmountChange,
  onTermChange,
  showErrors = false,
}: {
  /** Fen. */
  amount: number
  term: number | null
  onAmountChange: (fen: number) => void
  onTermChange: (months: number) => void
  showErrors?: boolean
}) {
  const { t } = useTranslation()
  const format = useFormatters()
  const sliderId = useId()
  // What the borrower is typing, kept while the field has focus so "12" can become "12000".
  const [draft, setDraft] = useState<string | null>(null)
  const [touched, setTouched] = useState(false)

  const shownYuan = Number.isFinite(amount) ? String(Math.trunc(amount / fenPerYuan)) : ''
  const amountError = showErrors || touched ? checkAmount(amount) : null
  const termError = showErrors ? checkTerm(term ?? 0) : null
  const sliderValue = Math.min(maxYuan, Math.max(minYuan, Number.isFinite(amount) ? amount / fenPerYuan : minYuan))

  return (
    <div className="ui-amount">
      <TextField
        label={t('ui.amount.label')}
        value={draft ?? shownYuan}
        inputMode="numeric"
        name="amount"
        autoComplete="off"
        hint={t('ui.amount.hint')}
        error={amountError}
        onChange={(text) => {
          const digits = text.replace(/\D/g, '').slice(0, 7)
          setDraft(digits)
          onAmountChange(digits === '' ? Number.NaN : Number(digits) * fenPerYuan)
        }}
        onBlur={() => {
          setDraft(null)
          setTouched(true)
        }}
      />
      <label htmlFor={sliderId} className="visually-hidden">
        {t('ui.amount.slider')}
      </label>
      <input
        id={sliderId}
        className="ui-amount__range"
        type="range"
        min={minYuan}
        max={maxYuan}
        step={stepYuan}
        value={sliderValue}
        aria-valuetext={format.money(sliderValue * fenPerYuan)}
        onChange={(event) => {
          setDraft(null)
          onAmountChange(Number(event.target.value) * fenPerYuan)
        }}
      />
      <ChoiceChips
        label={t('ui.amount.term')}
        value={term}
        options={loanLimits.termsMonths.map((months) => ({ value: months, label: format.months(months) }))}
        onChange={onTermChange}
        error={termError}
      />
    </div>
  )
}
