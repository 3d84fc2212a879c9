import { useTranslation } from '../i18n/translation'
import { ActionButton, BusySpinner, Facts, ScreenFrame, Section, useApp, useFormat } from './screen-kit'

/** The amount and the card; pays once, and after a lost answer retries with the same key. */
export default function PaymentConfirmPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const card = useApp((snapshot) => snapshot.context.card)
  const total = useApp((snapshot) => snapshot.context.repayTrial?.total ?? null)
  const uncertain = useApp((snapshot) => snapshot.matches({ session: { screens: { paymentConfirm: 'uncertain' } } }))
  return (
    <ScreenFrame page="paymentConfirm" ownRetry={uncertain}>
      <Section title={t('routes.paymentConfirm')}>
        <Facts
          rows={[
            [t('screens.repay.total'), <strong>{total === null ? '—' : format.money(total)}</strong>],
            [t('screens.pay.card'), card === null ? t('screens.pay.noCard') : format.card(card)],
          ]}
        />
        <BusySpinner />
        {uncertain ? (
          <>
            <p>{t('screens.pay.uncertain')}</p>
            <ActionButton event={{ type: 'retry' }} label={t('screens.common.retrySame')} />
          </>
        ) : (
          <ActionButton event={{ type: 'form.submit' }} label={t('screens.pay.pay')} />
        )}
      </Section>
    </ScreenFrame>
  )
}
