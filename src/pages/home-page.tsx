import { useTranslation } from 'react-i18next'
import { EntranceCard } from '../ui/components/entrance-card'
import { ScreenFrame, Section, Spinner, useApp, useBusy, useCan, useFormat, useSend } from './screen-kit'

/** Entrance cards: continue the application where the server says, repay an open loan, the rights card. */
export default function HomePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const send = useSend()
  const busy = useBusy()
  const user = useApp((snapshot) => snapshot.context.user)
  const loanUser = useApp((snapshot) => snapshot.context.loanUser)
  const rights = useApp((snapshot) => snapshot.context.rights)
  const loanExcess = useApp((snapshot) => snapshot.context.intake.loanExcess === true)
  const canContinue = useCan({ type: 'home.continue' })
  const canRepay = useCan({ type: 'home.repay' })
  const canOpenRights = useCan({ type: 'rights.open' })
  const openLoans = loanUser?.loans.filter((loan) => loan.status !== 'settled') ?? []
  // The loan due soonest is the figure; every open loan is named in the line above it.
  const nextDue = openLoans
    .flatMap((loan) => (loan.next_due_date !== null && loan.next_due_amount !== null ? [{ date: loan.next_due_date, amount: loan.next_due_amount }] : []))
    .sort((a, b) => a.date.localeCompare(b.date))[0]

  return (
    <ScreenFrame page="home">
      {busy && <Spinner />}
      <EntranceCard
        title={user ? t('screens.home.hello', { name: user.nick_name }) : t('app.name')}
        {...(loanUser !== null ? { subtitle: t('screens.home.stepOf', { step: t(`enums.loanStep.${loanUser.step}`) }) } : {})}
        ctaLabel={t('screens.home.continue')}
        onCta={() => send({ type: 'home.continue' })}
        disabled={!canContinue}
      />
      {openLoans.length > 0 && (
        <EntranceCard
          title={t('screens.home.loans')}
          subtitle={openLoans
            .map((loan) => `${loan.lender_name} ${format.money(loan.amount)} · ${t(`enums.loanStatus.${loan.status}`)}`)
            .join('\n')}
          {...(nextDue !== undefined
            ? { figure: format.money(nextDue.amount), figureLabel: t('screens.home.nextDueLabel', { date: format.date(nextDue.date) }) }
            : {})}
          ctaLabel={t('screens.home.repay')}
          onCta={() => send({ type: 'home.repay' })}
          disabled={!canRepay}
        />
      )}
      {(rights.product !== null || rights.owned) && (
        <EntranceCard
          title={t('screens.rights.title')}
          {...(rights.owned
            ? { subtitle: t('screens.rights.owned') }
            : rights.product !== null
              ? { subtitle: rights.product.name, figure: format.money(rights.product.price) }
              : {})}
          ctaLabel={t('screens.rights.open')}
          onCta={() => send({ type: 'rights.open' })}
          disabled={!canOpenRights}
        />
      )}
      {loanExcess && (
        <Section title={t('screens.result.supermarket')}>
          <p className="muted">{t('screens.home.loanExcess')}</p>
        </Section>
      )}
    </ScreenFrame>
  )
}
