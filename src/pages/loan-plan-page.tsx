import { useTranslation } from '../i18n/translation'
import { PlanTable } from './plan-table'
import { ActionButton, BusySpinner, PollActions, ScreenFrame, Section, useApp, usePolling } from './screen-kit'

/** The new loan: its status, followed while the lender pays it out, its schedule, and its signed contract to keep. */
export default function LoanPlanPage() {
  const { t } = useTranslation()
  const payingOut = usePolling()
  const slow = useApp((snapshot) => snapshot.matches({ session: { screens: { loanPlan: { payingOut: 'slow' } } } }))
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  return (
    <ScreenFrame page="loanPlan" ownRetry={slow}>
      <Section title={t('screens.plan.applied')}>
        <BusySpinner />
        {payingOut && (
          <p className="muted" role="status">
            {t(slow ? 'screens.common.slow' : 'screens.plan.payingOut')}
          </p>
        )}
        {plan !== null && <PlanTable plan={plan} />}
        {/* The way off this wait is Back to home, below. */}
        <PollActions slow={slow} canLeave={false} />
      </Section>
      {plan !== null && (
        <Section>
          {/* The signed contract to keep: the host opens a one-time download (docs/product-rules.md#contract-keep). */}
          <p className="muted">{t('screens.plan.saveContractLead')}</p>
          <ActionButton event={{ type: 'contract.save' }} label={t('screens.plan.saveContract')} variant="secondary" />
        </Section>
      )}
      <Section>
        <ActionButton event={{ type: 'nav.home' }} label={t('screens.plan.toHome')} />
      </Section>
    </ScreenFrame>
  )
}
