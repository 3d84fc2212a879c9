import { useTranslation } from 'react-i18next'
import { PlanTable } from './plan-table'
import { ActionButton, ScreenFrame, Section, Spinner, useApp, useBusy } from './screen-kit'

/** The new loan: disbursement status and its schedule. */
export default function LoanPlanPage() {
  const { t } = useTranslation()
  const busy = useBusy()
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  return (
    <ScreenFrame page="loanPlan">
      <Section title={t('screens.plan.applied')}>
        {busy && <Spinner />}
        {plan !== null && <PlanTable plan={plan} />}
      </Section>
      <Section>
        <ActionButton event={{ type: 'nav.home' }} label={t('screens.plan.toHome')} />
      </Section>
    </ScreenFrame>
  )
}
