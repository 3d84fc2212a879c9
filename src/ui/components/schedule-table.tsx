import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatters } from './use-format'
import '../components.css'

export type PeriodStatus = 'paid' | 'due' | 'upcoming' | 'overdue'

/** A period of a trial schedule (`schedulePeriod`) or of a plan (`planPeriod`, with penalty and status). */
export interface SchedulePeriodRow {
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
  penalty?: number
  amount: number
  status?: PeriodStatus
}

/**
 * Periods with their due date, principal, interest, fee, penalty (only when the schedule has
 * penalties) and amount, in fen, and a totals row summed here, exactly, in integer fen. Status is
 * a column of words, never a colour alone.
 */
export function ScheduleTable({ periods, caption }: { periods: readonly SchedulePeriodRow[]; caption?: string }) {
  const { t } = useTranslation()
  const format = useFormatters()
  const hasPenalty = periods.some((row) => row.penalty !== undefined)
  const hasStatus = periods.some((row) => row.status !== undefined)
  const captionId = useId()
  const sum = (pick: (row: SchedulePeriodRow) => number) => periods.reduce((total, row) => total + pick(row), 0)
  return (
    // Six or eight columns overflow a 375 px screen: the wrapper scrolls, so it must take focus
    // for keyboard users to scroll it, and it is named by the caption.
    <div className="ui-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="ui-table">
        <caption id={captionId}>{caption ?? t('ui.schedule.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ui.schedule.period')}</th>
            <th scope="col">{t('ui.schedule.dueDate')}</th>
            <th scope="col">{t('ui.schedule.principal')}</th>
            <th scope="col">{t('ui.schedule.interest')}</th>
            <th scope="col">{t('ui.schedule.fee')}</th>
            {hasPenalty && <th scope="col">{t('ui.schedule.penalty')}</th>}
            <th scope="col">{t('ui.schedule.amount')}</th>
            {hasStatus && <th scope="col">{t('ui.schedule.status')}</th>}
          </tr>
        </thead>
        <tbody>
          {periods.map((row) => (
            <tr key={row.period} data-status={row.status}>
              <th scope="row">{t('ui.schedule.periodOf', { period: row.period })}</th>
              <td>{format.date(row.due_date)}</td>
              <td>{format.money(row.principal)}</td>
              <td>{format.money(row.interest)}</td>
              <td>{format.money(row.fee)}</td>
              {hasPenalty && <td>{format.money(row.penalty ?? 0)}</td>}
              <td>{format.money(row.amount)}</td>
              {hasStatus && <td>{row.status === undefined ? '' : t(`enums.periodStatus.${row.status}`)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('ui.schedule.total')}</th>
            <td />
            <td>{format.money(sum((row) => row.principal))}</td>
            <td>{format.money(sum((row) => row.interest))}</td>
            <td>{format.money(sum((row) => row.fee))}</td>
            {hasPenalty && <td>{format.money(sum((row) => row.penalty ?? 0))}</td>}
            <td>{format.money(sum((row) => row.amount))}</td>
            {hasStatus && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
