import { useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { BankCardDraft } from '../../machines/app.machine'
import { checkBankCard, checkMobile, checkSmsCode, digitsOf, formatCardNumber, formatPhone, isBlockingRule, normaliseMobile } from '../contract/field-rules'
import { TextField, useFocusFirstInvalid } from '../ui/components/form-field'
import { SmsCode } from './sms-code'
import { ActionButton, AgreementCheck, BusySpinner, ScreenFrame, Section, useApp, useSend } from './screen-kit'

/** Debit card and the phone the bank knows, an SMS code, the withholding authorization; binds once. */
export default function BankCardPage() {
  const { t } = useTranslation()
  const send = useSend()
  const draft = useApp((snapshot) => snapshot.context.drafts.bankCard)
  const sms = useApp((snapshot) => snapshot.context.cardSms)
  const luhnWarning = useApp((snapshot) => snapshot.context.luhnWarning)
  const codeSent = useApp(
    (snapshot) =>
      snapshot.matches({ session: { screens: { bankCard: 'codeSent' } } }) ||
      snapshot.matches({ session: { screens: { bankCard: 'confirming' } } }),
  )
  // Each rule shows once the borrower leaves its field, or for both on a send attempt.
  const [cardLeft, setCardLeft] = useState(false)
  const [phoneLeft, setPhoneLeft] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid()
  const [showCodeRule, setShowCodeRule] = useState(false)
  const change = (patch: Partial<BankCardDraft>) => send({ type: 'form.change', step: 'bankCard', patch })
  const cardRule = checkBankCard(draft.card_number)
  const phoneRule = checkMobile(draft.reserved_phone)

  return (
    <ScreenFrame page="bankCard">
      <Section title={t('screens.card.title')}>
        <TextField
          label={t('screens.card.number')}
          error={cardLeft || luhnWarning ? (luhnWarning && cardRule === null ? 'bankCard.luhnWarning' : cardRule) : null}
          name="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          readOnly={codeSent}
          value={formatCardNumber(draft.card_number)}
          format={formatCardNumber}
          onChange={(text) => change({ card_number: digitsOf(text) })}
          onBlur={() => setCardLeft(true)}
        />
        <TextField
          label={t('screens.card.phone')}
          error={phoneLeft ? phoneRule : null}
          name="reserved-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          readOnly={codeSent}
          // Shown 3-4-4 as typed; the draft keeps the 11 digits that are sent.
          value={formatPhone(draft.reserved_phone)}
          format={formatPhone}
          onChange={(text) => change({ reserved_phone: normaliseMobile(text) })}
          onBlur={() => setPhoneLeft(true)}
        />
        {!codeSent && (
          <ActionButton
            event={{ type: 'sms.send' }}
            label={t('screens.sms.send')}
            onClick={() => {
              setCardLeft(true)
              setPhoneLeft(true)
              if (!isBlockingRule(cardRule) && phoneRule === null) return true
              focusFirstInvalid()
              return false
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
              if (checkSmsCode(draft.code) === null) return true
              focusFirstInvalid()
              return false
            }}
          />
        </Section>
      )}
      <BusySpinner />
    </ScreenFrame>
  )
}
