import { useTranslation } from 'react-i18next'
import type { RightsDraft } from '../../machines/app.machine'
import { ActionButton, AgreementCheck, ErrorNotice, Spinner, useApp, useBusy, useFormat, useSend } from './screen-kit'


/** The rights-card purchase over the screen that opened it; closing returns there. */
export default function RightsSheet() {
  const { t } = useTranslation()
  const send = useSend()
  const busy = useBusy()
  const format = useFormat()
  const rights = useApp((snapshot) => snapshot.context.rights)
  const draft = useApp((snapshot) => snapshot.context.drafts.rights)
  const phase = useApp((snapshot) => {
    for (const name of ['offer', 'noCard', 'uncertain', 'polling', 'owned', 'failed', 'unavailable'] as const) {
      if (snapshot.matches({ session: { rights: name } })) return name
    }
    return 'loading' as const
  })
  const change = (patch: Partial<RightsDraft>) => send({ type: 'form.change', step: 'rights', patch })
  const product = rights.product

  return (
    <div className="sheet-backdrop">
      <section className="sheet" role="dialog" aria-modal="true" aria-labelledby="rights-title">
        <header className="sheet__head">
          <h2 id="rights-title">{product?.name ?? t('screens.rights.title')}</h2>
          <button type="button" className="link" onClick={() => send({ type: 'rights.close' })}>
            {t('common.close')}
          </button>
        </header>
        <ErrorNotice />
        {busy && <Spinner />}
        {product !== null && phase !== 'owned' && (
          <>
            <p>
              <strong>{format.money(product.price)}</strong>
              {product.original_price !== null && <s className="muted"> {format.money(product.original_price)}</s>}
              <span className="muted"> · {t('screens.rights.validDays', { days: product.valid_days })}</span>
            </p>
            <ul className="list">
              {product.benefits.map((benefit) => (
                <li key={benefit.code}>
                  <strong>{benefit.title}</strong>
                  <p className="muted">{benefit.description}</p>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="link"
              onClick={() => send({ type: 'overlay.open', page: 'richText', query: { title: product.name } })}
            >
              {t('screens.rights.details')}
            </button>
          </>
        )}
        {phase === 'offer' || phase === 'failed' ? (
          <>
            {phase === 'failed' && <p className="notice notice--error">{rights.order?.failure_reason ?? t('enums.rewardOrderStatus.failed')}</p>}
            <AgreementCheck agreement="reward" checked={draft.reward} onChange={(reward) => change({ reward })} />
            <AgreementCheck
              agreement="withhold-agreement"
              checked={draft.withhold_agreement}
              onChange={(withhold_agreement) => change({ withhold_agreement })}
            />
            <ActionButton event={{ type: 'rights.buy' }} label={t('screens.rights.buy')} />
          </>
        ) : null}
        {phase === 'noCard' && <p>{t('screens.rights.noCard')}</p>}
        {phase === 'uncertain' && <ActionButton event={{ type: 'retry' }} label={t('screens.common.retrySame')} />}
        {phase === 'polling' && (
          <>
            <p>{t('enums.rewardOrderStatus.pending')}</p>
            <ActionButton event={{ type: 'retry' }} label={t('screens.common.keepWaiting')} />
            <ActionButton event={{ type: 'poll.stop' }} label={t('screens.common.stopWaiting')} variant="secondary" />
          </>
        )}
        {phase === 'owned' && <p className="badge badge--success">{t('screens.rights.owned')}</p>}
        {phase === 'unavailable' && <p className="muted">{t('screens.rights.unavailable')}</p>}
      </section>
    </div>
  )
}
