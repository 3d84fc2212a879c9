import { useTranslation } from '../../i18n/translation'
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

/** One money part of a period (principal, interest, ...) as "label amount", for the breakdown line. */
function Part({ label, fen, format }: { label: string; fen: number; format: ReturnType<typeof useFormatters> }) {
  return (
    <span className="ui-table__part">
      {label} {format.money(fen)}
    </span>
  )
}

/**
 * Periods with their due date and amount due, each amount broken down into principal, interest,
 * fee and penalty (fee and penalty only when the schedule has any), and a totals row summed here,
 * exactly, in integer fen. Two columns, not one per part: six money columns cannot fit a 375 px
 * screen without scrolling sideways, and the amount due is what the borrower looks for first.
 * Status is a word under the period, never a colour alone.
 */
export function ScheduleTable({ periods, caption }: { periods: readonly SchedulePeriodRow[]; caption?: string }) {
  const { t } = useTranslation()
  const format = useFormatters()
  const hasFee = periods.some((row) => row.fee !== 0)
  const hasPenalty = periods.some((row) => (row.penalty ?? 0) !== 0)
  const sum = (pick: (row: SchedulePeriodRow) => number) => periods.reduce((total, row) => total + pick(row), 0)
  // Translated once per render, not per row: a 12-period schedule looked each label up 13 times,
  // a good part of the loan demand screen's render at 4x CPU (issue #11's step profile).
  const labels = { principal: t('ui.schedule.principal'), interest: t('ui.schedule.interest'), fee: t('ui.schedule.fee'), penalty: t('ui.schedule.penalty') }
  const breakdown = (parts: { principal: number; interest: number; fee: number; penalty: number }) => (
    <span className="ui-table__parts">
      <Part label={labels.principal} fen={parts.principal} format={format} />
      <Part label={labels.interest} fen={parts.interest} format={format} />
      {hasFee && <Part label={labels.fee} fen={parts.fee} format={format} />}
      {hasPenalty && <Part label={labels.penalty} fen={parts.penalty} format={format} />}
    </span>
  )
  return (
    <div className="ui-table-box">
      <table className="ui-table">
        <caption>{caption ?? t('ui.schedule.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ui.schedule.period')}</th>
            <th scope="col">{t('ui.schedule.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((row) => (
            <tr key={row.period} data-status={row.status}>
              <th scope="row">
                {t('ui.schedule.periodOf', { period: row.period })}
                <span className="ui-table__sub">{format.date(row.due_date)}</span>
                {row.status !== undefined && <span className="ui-table__status">{t(`enums.periodStatus.${row.status}`)}</span>}
              </th>
              <td>
                <strong className="ui-table__amount">{format.money(row.amount)}</strong>
                {breakdown({ principal: row.principal, interest: row.interest, fee: row.fee, penalty: row.penalty ?? 0 })}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('ui.schedule.total')}</th>
            <td>
              <strong className="ui-table__amount">{format.money(sum((row) => row.amount))}</strong>
              {breakdown({
                principal: sum((row) => row.principal),
                interest: sum((row) => row.interest),
                fee: sum((row) => row.fee),
                penalty: sum((row) => row.penalty ?? 0),
              })}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
