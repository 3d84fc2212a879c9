import { useTranslation } from 'react-i18next'
import type { RepayPlan } from '../../machines/ports'
import { Facts, useFormat } from './screen-kit'

/** A loan's summary (APR first) and its schedule with each period's status. */
export function PlanTable({
  plan,
  selectable,
  selected,
  onToggle,
}: {
  plan: RepayPlan
  selectable?: (period: RepayPlan['periods'][number]) => boolean
  selected?: readonly number[]
  onToggle?: (period: number, checked: boolean) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const { loan, totals } = plan
  return (
    <>
      <Facts
        rows={[
          [t('screens.plan.lender'), loan.lender_name],
          [t('screens.trial.apr'), <strong>{format.apr(loan.apr)}</strong>],
          [t('screens.plan.loanAmount'), format.money(loan.amount)],
          [t('screens.demand.term'), format.months(loan.term)],
          [t('screens.plan.status'), <span data-testid="loan-status">{t(`enums.loanStatus.${loan.status}`)}</span>],
          [t('screens.plan.outstanding'), format.money(totals.outstanding)],
          [t('screens.plan.paid'), format.money(totals.paid)],
        ]}
      />
      <table className="plan">
        <thead>
          <tr>
            {onToggle && <th scope="col"><span className="visually-hidden">{t('screens.repay.choose')}</span></th>}
            <th scope="col">{t('screens.plan.period')}</th>
            <th scope="col">{t('screens.plan.dueDate')}</th>
            <th scope="col">{t('screens.plan.amount')}</th>
            <th scope="col">{t('screens.plan.status')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.periods.map((period) => {
            const id = `period-${period.period}`
            return (
              <tr key={period.period} data-status={period.status}>
                {onToggle && (
                  <td>
                    {selectable?.(period) && (
                      <input
                        id={id}
                        type="checkbox"
                        aria-label={t('screens.repay.periodLabel', { period: period.period })}
                        checked={selected?.includes(period.period) ?? false}
                        onChange={(event) => onToggle(period.period, event.target.checked)}
                      />
                    )}
                  </td>
                )}
                <td>{period.period}</td>
                <td>{format.date(period.due_date)}</td>
                <td>
                  {format.money(period.amount)}
                  {period.penalty > 0 && (
                    <span className="muted"> (+{format.money(period.penalty)})</span>
                  )}
                </td>
                <td>{t(`enums.periodStatus.${period.status}`)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </>
  )
}
