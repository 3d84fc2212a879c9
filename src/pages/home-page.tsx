import { useTranslation } from '../i18n/translation'
import type { LoanStep } from '../../machines/ports'
import { EntranceCard } from '../ui/components/entrance-card'
import { useElderMode } from '../ui/elder-state'
import { BusySpinner, ScreenFrame, Section, useApp, useCan, useFormat, useSend } from './screen-kit'

/**
 * What the application card's button says: it names where `home.continue` goes for this borrower
 * (start, continue, the review, the decision, the loan). Repaying and overdue borrowers act on the
 * loans card, so the application card then only greets.
 */
function applicationAction(step: LoanStep | undefined) {
  switch (step) {
    case undefined:
    case 'demand':
    case 'settled':
      return 'screens.home.start' as const
    case 'review':
      return 'screens.home.seeReview' as const
    case 'approved':
    case 'rejected':
      return 'screens.home.seeResult' as const
    case 'applied':
      return 'screens.home.seeLoan' as const
    case 'repaying':
    case 'overdue':
      return null
    default:
      return 'screens.home.continue' as const
  }
}

/** Entrance cards: the application where the server says, repay an open loan, the rights card. */
export default function HomePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const send = useSend()
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
    .flatMap((loan) =>
      loan.next_due_date !== null && loan.next_due_amount !== null
        ? [{ date: loan.next_due_date, amount: loan.next_due_amount, penalty: loan.next_due_penalty ?? 0, daysLate: loan.next_due_days_late ?? 0 }]
        : [],
    )
    .sort((a, b) => a.date.localeCompare(b.date))[0]
  const action = applicationAction(loanUser?.step)
  const elder = useElderMode()

  return (
    <ScreenFrame page="home">
      <BusySpinner />
      <EntranceCard
        title={user ? t('screens.home.hello', { name: user.nick_name }) : t('app.name')}
        {...(loanUser !== null ? { subtitle: t('screens.home.stepOf', { step: t(`enums.loanStep.${loanUser.step}`) }) } : {})}
        {...(action !== null ? { ctaLabel: t(action), onCta: () => send({ type: 'home.continue' }), disabled: !canContinue } : {})}
      />
      {openLoans.length > 0 && (
        <EntranceCard
          title={t('screens.home.loans')}
          subtitle={openLoans
            .map((loan) => `${loan.lender_name} ${format.money(loan.amount)} · ${t(`enums.loanStatus.${loan.status}`)}`)
            .join('\n')}
          {...(nextDue !== undefined
            ? {
                figure: format.money(nextDue.amount),
                // A late period says how late and what of the figure is penalty, never "next payment".
                figureLabel:
                  nextDue.daysLate > 0
                    ? t('screens.home.overdueLabel', {
                        date: format.date(nextDue.date),
                        days: nextDue.daysLate,
                        penalty: format.money(nextDue.penalty),
                      })
                    : t('screens.home.nextDueLabel', { date: format.date(nextDue.date) }),
              }
            : {})}
          ctaLabel={t('screens.home.repay')}
          onCta={() => send({ type: 'home.repay' })}
          disabled={!canRepay}
          secondary={elder && action !== null}
        />
      )}
      {(rights.owned || (rights.product !== null && canOpenRights)) && (
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
          // Elder mode keeps one primary action a screen: the borrower's own loan comes first, the offer after it.
          secondary={elder && (action !== null || openLoans.length > 0)}
        />
      )}
      {loanExcess && (
        <Section title={t('screens.result.supermarket')}>
          <p className="muted">{t('screens.home.loanExcess')}</p>
        </Section>
      )}
      <p className="elder-switch">
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={elder}
          onClick={() => void import('../ui/display-mode').then((mode) => mode.setElderMode(window, !elder))}
        >
          {t('ui.elder.toggle')}
        </button>
      </p>
    </ScreenFrame>
  )
}
