import { useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { LendConfirmDraft } from '../../machines/app.machine'
import type { LoanTerm } from '../../machines/ports'
import { checkAmount, checkSmsCode, type FieldRuleCode } from '../contract/field-rules'
import { SmsCode } from './sms-code'
import { Checkbox, TextField, useFocusFirstInvalid } from '../ui/components/form-field'
import { LivePrice } from './trial-figures'
import { ActionButton, AgreementCheck, BusySpinner, EnumSelect, Facts, RestOfScreen, ScreenFrame, Section, useApp, useCan, useFormat, useSend, yuanToFen } from './screen-kit'

// The lender's own texts: each is ticked here and read over the screen (`thirdProtocol`).
const lenderTexts = [
  ['contract', 'screens.lend.contract'],
  ['third_party', 'screens.lend.thirdParty'],
] as const

type LendState = 'editing' | 'codeSent' | 'confirmingCard' | 'applyUncertain'
const lendState = (name: LendState) => ({ session: { screens: { lendConfirm: name } } }) as const

/** Amount and term with the lender, its price (APR first), three agreements, card binding by SMS, apply once. */
export default function LendConfirmPage() {
  const { t } = useTranslation()
  const send = useSend()
  const format = useFormat()
  const draft = useApp((snapshot) => snapshot.context.drafts.lendConfirm)
  const purpose = useApp((snapshot) => snapshot.context.drafts.demand.purpose)
  const sms = useApp((snapshot) => snapshot.context.lenderSms)
  const bound = useApp((snapshot) => snapshot.context.lenderCardBound)
  const lenderId = useApp((snapshot) => snapshot.context.lenderId)
  const card = useApp((snapshot) => snapshot.context.card)
  const lender = useApp((snapshot) => snapshot.context.matches?.find((m) => m.lender_id === snapshot.context.lenderId) ?? null)
  const editing = useApp((snapshot) => snapshot.hasTag('editing'))
  // Once the lender's code is out the priced figures are the application's: the machine refuses a change.
  const priceEditable = useCan({ type: 'form.change', step: 'lendConfirm', patch: { term: draft.term ?? 12 } })
  const codeSent = useApp((snapshot) => snapshot.matches(lendState('codeSent')) || snapshot.matches(lendState('confirmingCard')))
  const uncertain = useApp((snapshot) => snapshot.matches(lendState('applyUncertain')))
  const [amountText, setAmountText] = useState(() => (draft.amount === null ? '' : String(draft.amount / 100)))
  const [amountError, setAmountError] = useState<FieldRuleCode | null>(null)
  // The amount's rule shows once the borrower leaves the field, as on the demand form.
  const [amountLeft, setAmountLeft] = useState(false)
  const [showCodeRule, setShowCodeRule] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid()
  const change = (patch: Partial<LendConfirmDraft>) => send({ type: 'form.change', step: 'lendConfirm', patch })

  const changeAmount = (text: string) => {
    setAmountText(text)
    const fen = yuanToFen(text)
    const rule = fen === null ? 'amount.invalid' : checkAmount(fen)
    setAmountError(rule)
    if (fen !== null && rule === null) change({ amount: fen })
  }
  const agreements = draft.agreements
  const setAgreement = (key: keyof typeof agreements, value: boolean) => change({ agreements: { ...agreements, [key]: value } })
  const openLenderText = (kind: 'contract' | 'third_party') =>
    send({ type: 'overlay.open', page: 'thirdProtocol', query: { lender_id: lenderId ?? '', kind } })

  return (
    <ScreenFrame page="lendConfirm" ownRetry={uncertain}>
      <Section title={lender?.name ?? t('routes.lendConfirm')}>
        <TextField
          label={t('screens.demand.amount')}
          error={amountLeft ? amountError : null}
          inputMode="numeric"
          autoComplete="off"
          readOnly={!editing || !priceEditable}
          value={amountText}
          onChange={changeAmount}
          onBlur={() => setAmountLeft(true)}
        />
        <EnumSelect
          label={t('screens.demand.term')}
          value={draft.term === null ? null : String(draft.term)}
          options={(lender?.terms ?? [3, 6, 9, 12, 24, 36]).map(String)}
          optionLabel={(term) => format.months(Number(term))}
          onChange={(term) => change({ term: Number(term) as LoanTerm })}
          disabled={!priceEditable}
          hint={priceEditable ? undefined : t('screens.lend.priceLocked')}
        />
        <Facts rows={[[t('screens.demand.purpose'), purpose === null ? '—' : t(`enums.loanPurpose.${purpose}`)]]} />
      </Section>
      <RestOfScreen>
        <Section title={t('screens.trial.title')}>
          <LivePrice />
        </Section>
        <Section>
          <AgreementCheck agreement="loan" checked={agreements.loan} onChange={(v) => setAgreement('loan', v)} />
          {lenderTexts.map(([kind, title]) => (
            <div key={kind} className="agreement">
              <Checkbox checked={agreements[kind]} onChange={(checked) => setAgreement(kind, checked)}>
                {t('screens.common.iAccept', { title: t(title) })}
              </Checkbox>
              <button type="button" className="link" onClick={() => openLenderText(kind)}>
                {t('screens.common.read')}
              </button>
            </div>
          ))}
        </Section>
        <Section title={t('screens.lend.bindTitle')}>
          <Facts rows={[[t('screens.lend.cardUsed'), <span data-testid="lend-card">{card === null ? '—' : format.card(card)}</span>]]} />
          {bound ? (
            <p className="badge badge--success">{t('screens.lend.bound')}</p>
          ) : (
            <p className="muted">{t('screens.lend.bindLead')}</p>
          )}
          {codeSent && sms !== null && (
            <SmsCode sms={sms} code={draft.code} showRule={showCodeRule} onCode={(code) => change({ code })} />
          )}
          <BusySpinner />
          {uncertain ? (
            <ActionButton event={{ type: 'retry' }} label={t('screens.common.retrySame')} />
          ) : bound || codeSent ? (
            <ActionButton
              event={{ type: 'form.submit' }}
              label={t('screens.lend.apply')}
              onClick={() => {
                setShowCodeRule(true)
                setAmountLeft(true)
                if (amountError === null && (bound || checkSmsCode(draft.code) === null)) return true
                focusFirstInvalid()
                return false
              }}
            />
          ) : (
            <ActionButton event={{ type: 'sms.send' }} label={t('screens.sms.send')} />
          )}
        </Section>
      </RestOfScreen>
    </ScreenFrame>
  )
}
