import { useTranslation } from '../i18n/translation'
import { ActionButton, Facts, PollActions, ScreenFrame, Section, Spinner, sentenceOrNull, useApp, useFormat } from './screen-kit'

/** Success, processing (polled until the bank settles) or failure, with the next step. */
export default function RepaymentResultPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const repayment = useApp((snapshot) => snapshot.context.repayment)
  const last = useApp((snapshot) => snapshot.context.loanUser?.last_repayment ?? null)
  const processing = useApp((snapshot) => snapshot.matches({ session: { screens: { repaymentResult: 'processing' } } }))
  const slow = useApp((snapshot) =>
    snapshot.matches({ session: { screens: { repaymentResult: { processing: 'slow' } } } }),
  )
  const status = repayment?.status ?? null
  // The server's record of this repayment when the loan user has caught up with it; until then the
  // total of the trial that was paid, which is the amount the borrower confirmed.
  const amount = last !== null && last.repayment_id === repayment?.repayment_id ? last.amount : (repayment?.amount ?? null)
  return (
    <ScreenFrame page="repaymentResult" ownRetry={processing}>
      <Section>
        {status !== null && (
          <p className={`outcome outcome--${status}`} data-testid="repayment-outcome">
            {t(`enums.repaymentOutcome.${status}`)}
          </p>
        )}
        {processing && (slow ? <p>{t('screens.common.slow')}</p> : <Spinner label={t('screens.pay.processing')} />)}
        {repayment?.failure_reason && <p className="notice notice--error">{sentenceOrNull(repayment.failure_reason) ?? t('screens.pay.failedNoReason')}</p>}
        {repayment !== null && (
          <Facts
            rows={[
              // Which periods this payment paid, by the same name the schedule gives them.
              ...(repayment.periods !== undefined && repayment.periods.length > 0
                ? [[t('screens.repay.periods'), <span data-testid="repaid-periods">{format.list(repayment.periods.map((period) => t('ui.schedule.periodOf', { period })))}</span>] as const]
                : []),
              ...(amount !== null ? [[t('screens.repay.total'), format.money(amount)] as const] : []),
            ]}
          />
        )}
        <div className="actions">
          {processing && <PollActions slow={slow} />}
          <ActionButton event={{ type: 'repay.again' }} label={t('screens.pay.again')} variant="secondary" />
          <ActionButton event={{ type: 'nav.home' }} label={t('screens.plan.toHome')} />
        </div>
      </Section>
    </ScreenFrame>
  )
}
