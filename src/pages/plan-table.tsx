import { useTranslation } from '../i18n/translation'
import type { RepayPlan } from '../../machines/ports'
import { ScheduleTable } from '../ui/components/schedule-table'
import { Facts, useFormat } from './screen-kit'

/**
 * A loan's summary (APR first) and its schedule with each period's status. The repayment screen
 * leaves the schedule out: its period choices already list every unpaid period, and the full
 * schedule is one tap away on the plan screen.
 */
export function PlanTable({ plan, withSchedule = true }: { plan: RepayPlan; withSchedule?: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { loan, totals } = plan
  return (
    <>
      <Facts
        rows={[
          [t('screens.trial.apr'), <strong>{format.apr(loan.apr)}</strong>],
          [t('screens.plan.lender'), loan.lender_name],
          [t('screens.plan.loanAmount'), format.money(loan.amount)],
          [t('screens.demand.term'), format.months(loan.term)],
          [t('screens.plan.status'), <span data-testid="loan-status">{t(`enums.loanStatus.${loan.status}`)}</span>],
          [t('screens.plan.outstanding'), format.money(totals.outstanding)],
          [t('screens.plan.paid'), format.money(totals.paid)],
        ]}
      />
      {withSchedule && <ScheduleTable periods={plan.periods} />}
    </>
  )
}
