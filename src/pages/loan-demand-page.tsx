import { useCallback, useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { LoanPurpose, LoanTerm } from '../../machines/ports'
import { loanLimits } from '../contract/entities'
import { checkAmount, type FieldRuleCode } from '../contract/field-rules'
import { useAppHandles } from '../app/app-context'
import { TextField, useFocusFirstInvalid } from '../ui/components/form-field'
import { ProtocolPopup, type LoadAgreement } from '../ui/components/protocol-popup'
import { useUiLocale } from '../i18n/use-ui-locale'
import { LivePrice } from './trial-figures'
import { ActionButton, AgreementCheck, BusySpinner, EnumSelect, RestOfScreen, ScreenFrame, Section, useApp, useFormat, useOpenExternal, useSend, yuanToFen } from './screen-kit'

const demandAgreements = ['register', 'user', 'privacy', 'personal-consent'] as const

const purposes: readonly LoanPurpose[] = ['shopping', 'education', 'travel', 'home_improvement', 'medical', 'wedding', 'other']

/** Amount, term and purpose with the live price (APR first) and the four agreements. */
export default function LoanDemandPage() {
  const { t } = useTranslation()
  const send = useSend()
  const format = useFormat()
  const demand = useApp((snapshot) => snapshot.context.drafts.demand)
  const [amountText, setAmountText] = useState(() => (demand.amount === null ? '' : String(demand.amount / 100)))
  const [amountError, setAmountError] = useState<FieldRuleCode | null>(null)
  // The rule shows once the borrower leaves the field (or presses Apply), not while "5" is on its way to "5000".
  const [amountLeft, setAmountLeft] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid()
  const { services } = useAppHandles()
  const locale = useUiLocale()
  const openExternal = useOpenExternal()
  // All four agreements in one popup to read in turn; its "I have read and agree" is the
  // borrower's own tap and ticks (or unticks) the four boxes at once.
  const [readingAll, setReadingAll] = useState(false)
  const loadAgreement = useCallback<LoadAgreement>(
    async (key) => {
      const outcome = await services.client.call('getAgreement', { params: { key }, input: { lang: locale } })
      if (!outcome.ok) throw new Error(`getAgreement failed: ${outcome.failure.kind}`)
      return { content_html: outcome.data.content_html }
    },
    [services, locale],
  )

  const changeAmount = (text: string) => {
    setAmountText(text)
    const fen = yuanToFen(text)
    const rule = fen === null ? 'amount.invalid' : checkAmount(fen)
    setAmountError(rule)
    if (fen !== null && rule === null) send({ type: 'form.change', step: 'demand', patch: { amount: fen } })
  }
  const agreements = demand.agreements
  const allAccepted = agreements.register && agreements.user && agreements.privacy && agreements.personal_consent
  const setAgreement = (key: keyof typeof agreements, value: boolean) =>
    send({ type: 'form.change', step: 'demand', patch: { agreements: { ...agreements, [key]: value } } })

  return (
    <ScreenFrame page="loanDemand">
      <Section title={t('screens.demand.title')}>
        <TextField
          label={t('screens.demand.amount')}
          error={amountLeft ? amountError : null}
          hint={t('screens.demand.amountHint', { min: format.money(loanLimits.minAmount), max: format.money(loanLimits.maxAmount) })}
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          onChange={changeAmount}
          onBlur={() => setAmountLeft(true)}
        />
        <EnumSelect
          label={t('screens.demand.term')}
          value={demand.term === null ? null : String(demand.term)}
          options={loanLimits.termsMonths.map(String)}
          optionLabel={(term) => format.months(Number(term))}
          onChange={(term) => send({ type: 'form.change', step: 'demand', patch: { term: Number(term) as LoanTerm } })}
        />
        <EnumSelect
          label={t('screens.demand.purpose')}
          value={demand.purpose}
          options={purposes}
          optionLabel={(purpose) => t(`enums.loanPurpose.${purpose}`)}
          onChange={(purpose) => send({ type: 'form.change', step: 'demand', patch: { purpose } })}
        />
      </Section>
      <RestOfScreen>
        <Section title={t('screens.trial.title')}>
          <BusySpinner label={t('screens.trial.pricing')} during="pricing" />
          <LivePrice />
        </Section>
        <Section>
          <AgreementCheck agreement="register" checked={agreements.register} onChange={(v) => setAgreement('register', v)} />
          <AgreementCheck agreement="user" checked={agreements.user} onChange={(v) => setAgreement('user', v)} />
          <AgreementCheck agreement="privacy" checked={agreements.privacy} onChange={(v) => setAgreement('privacy', v)} />
          <AgreementCheck
            agreement="personal-consent"
            checked={agreements.personal_consent}
            onChange={(v) => setAgreement('personal_consent', v)}
          />
          {!allAccepted && <p className="field__hint">{t('consent.required')}</p>}
          <button type="button" className="link" onClick={() => setReadingAll(true)}>
            {t('screens.demand.readAll')}
          </button>
          <ProtocolPopup
            open={readingAll}
            onClose={() => setReadingAll(false)}
            agreements={demandAgreements}
            loadAgreement={loadAgreement}
            onExternalLink={openExternal}
            onAcceptedChange={(accepted) =>
              send({
                type: 'form.change',
                step: 'demand',
                patch: { agreements: { register: accepted, user: accepted, privacy: accepted, personal_consent: accepted } },
              })
            }
          />
          <BusySpinner during="sending" />
          <ActionButton
            event={{ type: 'form.submit' }}
            label={t('screens.demand.submit')}
            // The agreements say so themselves just above.
            missing={[
              demand.amount === null && t('screens.demand.amount'),
              demand.term === null && t('screens.demand.term'),
              demand.purpose === null && t('screens.demand.purpose'),
            ]}
            onClick={() => {
              setAmountLeft(true)
              if (amountError === null) return true
              focusFirstInvalid()
              return false
            }}
          />
        </Section>
      </RestOfScreen>
    </ScreenFrame>
  )
}
