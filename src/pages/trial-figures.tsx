import { useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { LoanTrial } from '../../machines/ports'
import { PriceSummary } from '../ui/components/price-summary'
import { ScheduleTable } from '../ui/components/schedule-table'
import { useApp } from './screen-kit'

/** A price as the borrower must see it: APR first, then the monthly payment, interest and total. */
export function TrialFigures({ trial }: { trial: LoanTrial }) {
  const { t } = useTranslation()
  // The schedule is folded away until the borrower opens it; built only then, its rows of money and
  // dates (up to 36) no longer render between the tap into loan demand and that screen's paint.
  const [scheduleOpen, setScheduleOpen] = useState(false)
  return (
    <>
      {/* The test id marks "a price is shown" for the browser walk; the figures are PriceSummary's. */}
      <div data-testid="trial-apr">
        <PriceSummary
          apr={trial.apr}
          monthlyPayment={trial.monthly_payment}
          totalInterest={trial.total_interest}
          totalFees={trial.total_fee}
          totalRepay={trial.total_repayment}
        />
      </div>
      <details className="schedule" onToggle={(event) => setScheduleOpen(event.currentTarget.open)}>
        <summary>{t('screens.trial.schedule', { periods: trial.schedule.length })}</summary>
        {scheduleOpen && <ScheduleTable periods={trial.schedule} />}
      </details>
    </>
  )
}

/**
 * The machine's current price, read here and not by the page: a price that arrives then re-renders
 * these figures alone, not the whole form around them (loan demand re-rendered entire for its first
 * price: 40 ms at 4× CPU, after the screen had already painted).
 */
export function LivePrice() {
  const trial = useApp((snapshot) => snapshot.context.trial)
  return trial === null ? null : <TrialFigures trial={trial} />
}
