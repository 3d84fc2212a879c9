import { useTranslation } from '../i18n/translation'
import { ActionButton, BusySpinner, Facts, ScreenFrame, Section, useApp, useFormat, useSend } from './screen-kit'

const reasons = ['credit_history_insufficient', 'score_below_threshold'] as const

/** A code this page does not know yet still reads as a sentence, never as the raw code. */
function knownReason(code: string): (typeof reasons)[number] | 'other' {
  return (reasons as readonly string[]).includes(code) ? (code as (typeof reasons)[number]) : 'other'
}

/** Approved: the limit and its price (APR first). Rejected: the reason and other lenders' products. */
export default function ResultPage() {
  const { t } = useTranslation()
  const send = useSend()
  const format = useFormat()
  const credit = useApp((snapshot) => snapshot.context.credit)
  const approved = useApp((snapshot) => snapshot.matches({ session: { screens: { result: 'approved' } } }))
  const rejected = useApp((snapshot) => snapshot.matches({ session: { screens: { result: 'rejected' } } }))
  const products = useApp((snapshot) => snapshot.context.supermarket)

  return (
    <ScreenFrame page="result">
      <BusySpinner />
      {approved && credit !== null && (
        <Section title={t('screens.result.approved')}>
          <Facts
            rows={[
              [t('screens.trial.apr'), <strong data-testid="result-apr">{credit.apr === null ? '—' : format.apr(credit.apr)}</strong>],
              [t('screens.result.limit'), credit.credit_limit === null ? '—' : format.money(credit.credit_limit)],
              [t('screens.result.terms'), format.choices(credit.terms.map((term) => format.months(term)))],
            ]}
          />
          <ActionButton event={{ type: 'result.continue' }} label={t('screens.result.continue')} />
        </Section>
      )}
      {rejected && (
        <>
          <Section title={t('screens.result.rejected')}>
            <p>{t('screens.result.rejectedLead')}</p>
            {credit?.reason_code && (
              <p className="muted">{t(`screens.result.reasons.${knownReason(credit.reason_code)}`)}</p>
            )}
          </Section>
          <Section title={t('screens.result.supermarket')}>
            {products !== null && products.length === 0 && <p className="muted">{t('screens.common.none')}</p>}
            <ul className="list">
              {(products ?? []).map((product) => (
                <li key={product.product_id}>
                  <strong>{product.name}</strong>
                  <p className="muted">
                    {t('screens.trial.apr')} {format.apr(product.apr_min)}–{format.apr(product.apr_max)} ·{' '}
                    {format.money(product.amount_min)}–{format.money(product.amount_max)}
                  </p>
                  <button
                    type="button"
                    className="link"
                    onClick={() => send({ type: 'overlay.open', page: 'webview', query: { url: product.url, title: product.name } })}
                  >
                    {t('screens.result.viewProduct')}
                  </button>
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}
    </ScreenFrame>
  )
}
