import { useId, useState } from 'react'
import { useTranslation } from '../../i18n/translation'
import type { AgreementKey } from '../../contract/entities'
import { Checkbox } from './form-field'
import { LinkBound } from './link-bound'
import { useFormatters } from './use-format'
import '../components.css'

export type RightsBenefitCode = 'priority_review' | 'approval_85' | 'lifestyle'

/** The product of `showRewardProduct`, reduced to what the card shows. */
export interface RightsProduct {
  product_id: string
  price: number
  original_price: number | null
  valid_days: number
  benefits: ReadonlyArray<{ code: RightsBenefitCode }>
}

export interface RightsOrderView {
  status: 'pending' | 'paid' | 'failed'
  /** The server's words, already in the borrower's language. */
  failure_reason: string | null
}

/** The `agreements` field of `buyRewardProduct`: both literally true, so an unchecked box cannot buy. */
export interface RightsAgreements {
  reward: true
  withhold_agreement: true
}

const rightsLinks: Readonly<Record<string, AgreementKey>> = { reward: 'reward', withhold: 'withhold-agreement' }

/**
 * The membership-rights card: its benefits (translated by code), price, the `reward` and
 * `withhold-agreement` agreements (never pre-checked; the names open the agreements), the buy
 * button and the order's result. Buying without the box ticked says so next to the box instead of
 * buying. Ownership and the order come from the server; the card only reports the borrower's tap.
 */
export function RightsCard({
  product,
  owned,
  order,
  buying = false,
  purchasable = true,
  chargedCard = null,
  headingHidden = false,
  onBuy,
  onOpenAgreement,
}: {
  product: RightsProduct
  owned: boolean
  order: RightsOrderView | null
  buying?: boolean
  /** Whether a purchase can be started now; otherwise the box and the Buy button are not shown. */
  purchasable?: boolean
  /** The bound debit card the price is taken from, when known. */
  chargedCard?: { bank_name: string; last4: string } | null
  /** Inside a sheet already titled with the product's name, the card's heading is for screen readers only. */
  headingHidden?: boolean
  onBuy: (agreements: RightsAgreements) => void
  onOpenAgreement: (key: AgreementKey, title: string) => void
}) {
  const { t } = useTranslation()
  const format = useFormatters()
  const titleId = useId()
  const [accepted, setAccepted] = useState(false)
  const [refused, setRefused] = useState(false)
  const settledOrPending = order !== null && order.status !== 'failed'
  const canOffer = !owned && !settledOrPending && purchasable

  const buy = () => {
    if (!accepted) {
      setRefused(true)
      return
    }
    onBuy({ reward: true, withhold_agreement: true })
  }

  return (
    <section className="ui-card ui-rights" aria-labelledby={titleId}>
      <h2 id={titleId} className={headingHidden ? 'visually-hidden' : undefined}>
        {t('ui.rights.title')}
      </h2>
      <h3 className="visually-hidden">{t('ui.rights.benefitsHeading')}</h3>
      <ul className="ui-rights__benefits">
        {product.benefits.map(({ code }) => (
          <li key={code}>
            <strong>{t(`ui.rights.benefits.${code}.title`)}</strong>
            <span>{t(`ui.rights.benefits.${code}.description`)}</span>
          </li>
        ))}
      </ul>
      <p className="ui-rights__price">
        <span className="visually-hidden">{t('ui.rights.price')}</span>
        <strong>{format.money(product.price)}</strong>
        {product.original_price !== null && product.original_price > product.price && (
          <s>
            <span className="visually-hidden">{t('ui.rights.originalPrice')} </span>
            {format.money(product.original_price)}
          </s>
        )}
        <span className="ui-muted">{t('ui.rights.validDays', { days: product.valid_days })}</span>
      </p>
      {owned && order?.status !== 'paid' && <p className="ui-notice ui-notice--paid">{t('ui.rights.owned')}</p>}
      {canOffer && (
        <>
          {/* What the borrower agrees to pay, before the box: which card, once, and the refund. */}
          <ul className="ui-rights__terms">
            <li>
              {chargedCard === null
                ? t('ui.rights.deducted')
                : t('ui.rights.deductedFrom', { bank: chargedCard.bank_name, last4: chargedCard.last4 })}
            </li>
            <li>{t('ui.rights.noAutoRenewal')}</li>
            <li>{t('ui.rights.refund')}</li>
          </ul>
          <Checkbox
            checked={accepted}
            onChange={(checked) => {
              setAccepted(checked)
              if (checked) setRefused(false)
            }}
            error={refused ? t('consent.required') : null}
          >
            <LinkBound
              template={t('ui.rights.agree', { skipInterpolation: true })}
              links={rightsLinks}
              onOpenAgreement={onOpenAgreement}
            />
          </Checkbox>
          <button type="button" className="ui-button ui-button--block" onClick={buy} disabled={buying}>
            {buying ? t('ui.rights.buying') : t('ui.rights.buy')}
          </button>
        </>
      )}
      {order !== null && <OrderResult order={order} />}
    </section>
  )
}

function OrderResult({ order }: { order: RightsOrderView }) {
  const { t } = useTranslation()
  if (order.status === 'failed') {
    return (
      <div className="ui-notice ui-notice--failed" role="alert">
        <p>{t('ui.rights.result.failed')}</p>
        {order.failure_reason !== null && <p>{order.failure_reason}</p>}
      </div>
    )
  }
  return (
    <p className={`ui-notice ui-notice--${order.status}`} role="status">
      {t(`ui.rights.result.${order.status}`)}
    </p>
  )
}
