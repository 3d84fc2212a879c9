import { useTranslation } from '../i18n/translation'
import { ScheduleTable } from '../ui/components/schedule-table'
import { ActionButton, BusySpinner, Facts, ScreenFrame, Section, useApp, useFormat } from './screen-kit'

/** What the chosen periods cost: principal, interest, fee, penalty and the total. */
export default function RepayDetailPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const trial = useApp((snapshot) => snapshot.context.repayTrial)
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  const chosen = trial === null || plan === null ? [] : plan.periods.filter((period) => trial.periods.includes(period.period))
  return (
    <ScreenFrame page="repayDetail">
      <Section title={t('routes.repayDetail')}>
        <BusySpinner />
        {trial !== null && (
          <Facts
            rows={[
              [t('screens.repay.periods'), format.list(trial.periods.map((period) => t('ui.schedule.periodOf', { period })))],
              [t('screens.repay.principal'), format.money(trial.principal)],
              [t('screens.repay.interest'), format.money(trial.interest)],
              [t('screens.repay.fee'), format.money(trial.fee)],
              [t('screens.repay.penalty'), format.money(trial.penalty)],
              [t('screens.repay.total'), <strong data-testid="repay-total">{format.money(trial.total)}</strong>],
            ]}
          />
        )}
        {chosen.length > 0 && <ScheduleTable periods={chosen} caption={t('screens.repay.periods')} />}
        <ActionButton event={{ type: 'form.submit' }} label={t('screens.repay.toPay')} />
      </Section>
    </ScreenFrame>
  )
}
