import { useTranslation } from '../../i18n/translation'
import { useFormatters } from './use-format'
import '../components.css'

/**
 * Every price the borrower sees shows the APR (docs/product-rules.md#money-apr-shown), and it comes first, before
 * the monthly payment, so the cheaper-looking monthly figure never stands alone.
 */
export function PriceSummary({
  apr,
  monthlyPayment,
  totalInterest,
  totalFees,
  totalRepay,
}: {
  /** A yearly fraction (0.108 is 10.8%). */
  apr: number
  /** Fen, like every amount below. */
  monthlyPayment: number
  totalInterest: number
  totalFees: number
  totalRepay?: number
}) {
  const { t } = useTranslation()
  const format = useFormatters()
  const rows: Array<[label: string, value: string, className?: string]> = [
    [t('ui.price.apr'), format.apr(apr), 'ui-price__apr'],
    [t('ui.price.monthly'), format.money(monthlyPayment)],
    [t('ui.price.totalInterest'), format.money(totalInterest)],
    [t('ui.price.totalFees'), format.money(totalFees)],
  ]
  if (totalRepay !== undefined) rows.push([t('ui.price.totalRepay'), format.money(totalRepay)])
  return (
    <div role="group" aria-label={t('ui.price.label')}>
      <dl className="ui-price">
        {rows.map(([label, value, className]) => (
          <div key={label} className={className}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
