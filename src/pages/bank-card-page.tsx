import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BankCardDraft } from '../../machines/app.machine'
import { checkBankCard, checkMobile, digitsOf, formatCardNumber, isBlockingRule } from '../contract/field-rules'
import { SmsCode } from './sms-code'
import { ActionButton, AgreementCheck, Field, ScreenFrame, Section, Spinner, useApp, useBusy, useSend } from './screen-kit'

/** Debit card and the phone the bank knows, an SMS code, the withholding authorization; binds once. */
export default function BankCardPage() {
  const { t } = useTranslation()
  const send = useSend()
  const busy = useBusy()
  const draft = useApp((snapshot) => snapshot.context.drafts.bankCard)
  const sms = useApp((snapshot) => snapshot.context.cardSms)
  const luhnWarning = useApp((snapshot) => snapshot.context.luhnWarning)
  const codeSent = useApp(
    (snapshot) =>
      snapshot.matches({ session: { screens: { bankCard: 'codeSent' } } }) ||
      snapshot.matches({ session: { screens: { bankCard: 'confirming' } } }),
  )
  const [showRules, setShowRules] = useState(false)
  const [showCodeRule, setShowCodeRule] = useState(false)
  const change = (patch: Partial<BankCardDraft>) => send({ type: 'form.change', step: 'bankCard', patch })
  const cardRule = checkBankCard(draft.card_number)
  const phoneRule = checkMobile(draft.reserved_phone)

  return (
    <ScreenFrame>
      <Section title={t('screens.card.title')}>
        <Field
          label={t('screens.card.number')}
          error={showRules || luhnWarning ? (luhnWarning && cardRule === null ? 'bankCard.luhnWarning' : cardRule) : null}
          control={(props) => (
            <input
              {...props}
              name="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              readOnly={codeSent}
              value={formatCardNumber(draft.card_number)}
              onChange={(event) => change({ card_number: digitsOf(event.target.value).slice(0, 19) })}
              onBlur={() => setShowRules(true)}
            />
          )}
        />
        <Field
          label={t('screens.card.phone')}
          error={showRules ? phoneRule : null}
          control={(props) => (
            <input
              {...props}
              name="reserved-phone"
              inputMode="tel"
              autoComplete="tel"
              readOnly={codeSent}
              value={draft.reserved_phone}
              onChange={(event) => change({ reserved_phone: digitsOf(event.target.value).slice(0, 11) })}
            />
          )}
        />
        {!codeSent && (
          <ActionButton
            event={{ type: 'sms.send' }}
            label={t('screens.sms.send')}
            onClick={() => {
              setShowRules(true)
              return !isBlockingRule(cardRule) && phoneRule === null
            }}
          />
        )}
      </Section>
      {codeSent && sms !== null && (
        <Section>
          <SmsCode sms={sms} code={draft.code} showRule={showCodeRule} onCode={(code) => change({ code })} />
          <AgreementCheck
            agreement="withhold-agreement"
            checked={draft.withhold_agreement}
            onChange={(withhold_agreement) => change({ withhold_agreement })}
          />
          <ActionButton
            event={{ type: 'form.submit' }}
            label={t('screens.card.bind')}
            onClick={() => {
              setShowCodeRule(true)
              return draft.code.length === 6
            }}
          />
        </Section>
      )}
      {busy && <Spinner />}
    </ScreenFrame>
  )
}
