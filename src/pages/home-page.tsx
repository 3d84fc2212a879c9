import { useTranslation } from 'react-i18next'
import { ActionButton, Facts, ScreenFrame, Section, Spinner, useApp, useBusy, useFormat } from './screen-kit'

/** Entrance cards: continue the application where the server says, repay an open loan, the rights card. */
export default function HomePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const busy = useBusy()
  const user = useApp((snapshot) => snapshot.context.user)
  const loanUser = useApp((snapshot) => snapshot.context.loanUser)
  const rights = useApp((snapshot) => snapshot.context.rights)
  const loanExcess = useApp((snapshot) => snapshot.context.intake.loanExcess === true)
  const openLoans = loanUser?.loans.filter((loan) => loan.status !== 'settled') ?? []

  return (
    <ScreenFrame>
      <Section title={user ? t('screens.home.hello', { name: user.nick_name }) : t('app.name')}>
        {busy && <Spinner />}
        {loanUser !== null && (
          <Facts rows={[[t('screens.home.step'), <span data-testid="loan-step">{t(`enums.loanStep.${loanUser.step}`)}</span>]]} />
        )}
        <div className="actions">
          <ActionButton event={{ type: 'home.continue' }} label={t('screens.home.continue')} />
        </div>
      </Section>
      {openLoans.length > 0 && (
        <Section title={t('screens.home.loans')}>
          <ul className="list">
            {openLoans.map((loan) => (
              <li key={loan.loan_id}>
                <strong>{loan.lender_name}</strong> {format.money(loan.amount)} · {t(`enums.loanStatus.${loan.status}`)}
                {loan.next_due_date !== null && loan.next_due_amount !== null && (
                  <p className="muted">
                    {t('screens.home.nextDue', { date: format.date(loan.next_due_date), amount: format.money(loan.next_due_amount) })}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <ActionButton event={{ type: 'home.repay' }} label={t('screens.home.repay')} />
        </Section>
      )}
      {(rights.product !== null || rights.owned) && (
        <Section title={t('screens.rights.title')}>
          {rights.owned ? (
            <p className="badge badge--success">{t('screens.rights.owned')}</p>
          ) : (
            rights.product !== null && (
              <p>
                {rights.product.name} · {format.money(rights.product.price)}
              </p>
            )
          )}
          <ActionButton event={{ type: 'rights.open' }} label={t('screens.rights.open')} variant="secondary" />
        </Section>
      )}
      {loanExcess && (
        <Section title={t('screens.result.supermarket')}>
          <p className="muted">{t('screens.home.loanExcess')}</p>
        </Section>
      )}
    </ScreenFrame>
  )
}
