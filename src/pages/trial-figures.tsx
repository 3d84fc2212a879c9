import { useTranslation } from 'react-i18next'
import type { LoanTrial } from '../../machines/ports'
import { Facts, useFormat } from './screen-kit'

/** A price as the borrower must see it: APR first, then the monthly payment, interest and total. */
export function TrialFigures({ trial }: { trial: LoanTrial }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <Facts
        label={t('screens.trial.title')}
        rows={[
          [t('screens.trial.apr'), <strong data-testid="trial-apr">{format.apr(trial.apr)}</strong>],
          [t('screens.trial.monthly'), format.money(trial.monthly_payment)],
          [t('screens.trial.interest'), format.money(trial.total_interest)],
          [t('screens.trial.fee'), format.money(trial.total_fee)],
          [t('screens.trial.total'), format.money(trial.total_repayment)],
        ]}
      />
      <details className="schedule">
        <summary>{t('screens.trial.schedule', { periods: trial.schedule.length })}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('screens.plan.period')}</th>
              <th scope="col">{t('screens.plan.dueDate')}</th>
              <th scope="col">{t('screens.plan.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {trial.schedule.map((period) => (
              <tr key={period.period}>
                <td>{period.period}</td>
                <td>{format.date(period.due_date)}</td>
                <td>{format.money(period.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}
