import { useTranslation } from '../i18n/translation'
import { choosePeriod } from '../../machines/repay-order'
import { Checkbox } from '../ui/components/form-field'
import { PlanTable } from './plan-table'
import { ActionButton, EnumSelect, ScreenFrame, Section, Spinner, useApp, useBusy, useCan, useFormat, useSend } from './screen-kit'

/**
 * The borrower's loans and what is due; pick periods (oldest first) to repay, or see the whole
 * schedule. A period's figure is its `amount` as the server sends it (penalty included), the same
 * figure home, the repayment detail and the plan show.
 */
export default function RepaymentPage() {
  const { t } = useTranslation()
  const send = useSend()
  const busy = useBusy()
  const format = useFormat()
  const loans = useApp((snapshot) => snapshot.context.loanUser?.loans ?? [])
  const loanId = useApp((snapshot) => snapshot.context.drafts.repayment.loan_id)
  const periods = useApp((snapshot) => snapshot.context.drafts.repayment.periods)
  const plan = useApp((snapshot) => snapshot.context.repayPlan)
  const paidMeanwhile = useApp((snapshot) => snapshot.context.paidMeanwhile)
  const canChooseLoan = useCan({ type: 'repay.loan', loan_id: loanId ?? '' })
  // While the plan is read again (on every visit), the last one shows but a tick would be dropped: the
  // choices wait for the plan they choose from.
  const canChoosePeriods = useCan({ type: 'repay.select', periods: [] })
  // Oldest first: ticking a period takes the unpaid ones before it, unticking drops the ones after.
  const toggle = (period: number, checked: boolean) =>
    plan !== null && send({ type: 'repay.select', periods: choosePeriod(plan.periods, period, checked) })
  const open = loans.filter((loan) => loan.status !== 'settled')

  return (
    <ScreenFrame page="repayment">
      {busy && <Spinner />}
      {paidMeanwhile.length > 0 && (
        <div role="status" className="notice" data-testid="paid-meanwhile">
          <p>{t('screens.repay.paidMeanwhile', { periods: format.list(paidMeanwhile.map((period) => t('ui.schedule.periodOf', { period }))) })}</p>
        </div>
      )}
      {open.length > 1 && canChooseLoan && (
        <Section>
          <EnumSelect
            label={t('screens.repay.loan')}
            value={loanId}
            options={open.map((loan) => loan.loan_id)}
            optionLabel={(id) => {
              const loan = open.find((l) => l.loan_id === id)
              return loan ? `${loan.lender_name} ${format.money(loan.amount)}` : id
            }}
            onChange={(id) => send({ type: 'repay.loan', loan_id: id })}
          />
        </Section>
      )}
      {plan !== null && (
        <Section title={t('screens.repay.choose')}>
          <PlanTable plan={plan} withSchedule={false} />
          {/* A loan still being paid out has nothing to repay yet: no choice the sandbox would refuse. */}
          {plan.loan.status === 'disbursing' ? (
            <p className="muted">{t('screens.plan.payingOut')}</p>
          ) : (
            <fieldset className="fieldset repay-choices">
            <legend className="visually-hidden">{t('screens.repay.choose')}</legend>
            {plan.periods
              .filter((period) => period.status !== 'paid')
              .map((period) => (
                <div key={period.period} className="repay-choice" data-status={period.status}>
                  <Checkbox checked={periods.includes(period.period)} disabled={!canChoosePeriods} onChange={(checked) => toggle(period.period, checked)}>
                    {t('ui.schedule.periodOf', { period: period.period })}
                  </Checkbox>
                  <span className="muted">
                    <span className="repay-choice__part">{format.date(period.due_date)}</span> ·{' '}
                    <span className="repay-choice__part">{format.money(period.amount)}</span> ·{' '}
                    <span className="repay-choice__part">{t(`enums.periodStatus.${period.status}`)}</span>
                  </span>
                </div>
              ))}
            </fieldset>
          )}
        </Section>
      )}
      {!busy && open.length === 0 && (
        <Section>
          <p className="muted">{t('screens.repay.nothing')}</p>
        </Section>
      )}
      <Section>
        <ActionButton event={{ type: 'form.submit' }} label={t('screens.repay.next')} />
        <ActionButton event={{ type: 'repay.plan' }} label={t('routes.repayPlan')} variant="secondary" />
      </Section>
    </ScreenFrame>
  )
}
