import { useTranslation } from '../i18n/translation'
import { BusySpinner, ScreenFrame, Section, useApp, useFormat, useSend } from './screen-kit'

/** The lenders matched to the approved borrower; choosing one opens the loan confirmation. */
export default function MatchPage() {
  const { t } = useTranslation()
  const send = useSend()
  const format = useFormat()
  const matches = useApp((snapshot) => snapshot.context.matches)
  // Cheapest first, whatever order the server sent, the larger limit first at the same rate: the
  // mark names the lowest rate (docs/product-rules.md#flow-lenders-cheapest-first).
  const byPrice = [...(matches ?? [])].sort((a, b) => a.apr - b.apr || b.credit_limit - a.credit_limit)
  // Each lender's own answer: one the borrower cannot borrow from is shown but not chosen.
  // Joined into one string, so the screen renders again only when the answer changes.
  const choosable = useApp((snapshot) =>
    (snapshot.context.matches ?? [])
      .filter((lender) => snapshot.can({ type: 'match.select', lender_id: lender.lender_id }))
      .map((lender) => lender.lender_id)
      .join('\n'),
  ).split('\n')
  return (
    <ScreenFrame page="match">
      <BusySpinner />
      {byPrice.map((lender) => (
        <Section key={lender.lender_id} title={lender.name}>
          {lender === byPrice[0] && byPrice.length > 1 && <p className="badge">{t('screens.match.recommended')}</p>}
          <dl className="facts">
            <dt>{t('screens.trial.apr')}</dt>
            <dd>
              <strong>{format.apr(lender.apr)}</strong>
            </dd>
            <dt>{t('screens.result.limit')}</dt>
            <dd>{format.money(lender.credit_limit)}</dd>
            <dt>{t('screens.result.terms')}</dt>
            <dd>{format.choices(lender.terms.map((term) => format.months(term)))}</dd>
          </dl>
          {lender.highlights.length > 0 && (
            <ul className="list list--plain">
              {lender.highlights.map((highlight) => (
                <li key={highlight}>{highlight}</li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="button button--block"
            disabled={!choosable.includes(lender.lender_id)}
            onClick={() => send({ type: 'match.select', lender_id: lender.lender_id })}
          >
            {t('screens.match.choose', { name: lender.name })}
          </button>
        </Section>
      ))}
      {matches !== null && matches.length === 0 && (
        <Section>
          <p className="muted">{t('screens.common.none')}</p>
        </Section>
      )}
    </ScreenFrame>
  )
}
