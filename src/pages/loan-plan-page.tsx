import { useTranslation } from '../i18n/translation'
import { PlanTable } from './plan-table'
import { ActionButton, BusySpinner, PollActions, ScreenFrame, Section, useApp, usePolling } from './screen-kit'

/** The new loan: its status, followed while the lender pays it out, and its schedule. */
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
      <Section>
        <ActionButton event={{ type: 'nav.home' }} label={t('screens.plan.toHome')} />
      </Section>
    </ScreenFrame>
  )
}
