import { useTranslation } from '../i18n/translation'
import type { RightsDraft } from '../../machines/app.machine'
import { BottomSheet } from '../ui/components/bottom-sheet'
import { RightsCard } from '../ui/components/rights-card'
import { useElderMode } from '../ui/elder-state'
import { ActionButton, ErrorNotice, PollActions, Spinner, useApp, useBusy, useSend } from './screen-kit'

/** The rights-card purchase over the screen that opened it; closing returns there. */
export default function RightsSheet() {
  const { t } = useTranslation()
  const send = useSend()
  const busy = useBusy()
  const rights = useApp((snapshot) => snapshot.context.rights)
  const card = useApp((snapshot) => snapshot.context.card)
  const phase = useApp((snapshot) => {
    for (const name of ['offer', 'noCard', 'uncertain', 'polling', 'owned', 'failed', 'unavailable'] as const) {
      if (snapshot.matches({ session: { rights: name } })) return name
    }
    return 'loading' as const
  })
  const slow = useApp((snapshot) => snapshot.matches({ session: { rights: { polling: 'slow' } } }))
  const change = (patch: Partial<RightsDraft>) => send({ type: 'form.change', step: 'rights', patch })
  const product = rights.product
  // Elder mode offers the rights card as a plain view, never a popup.
  const plain = useElderMode()

  // The shared sheet: focus kept inside, Escape and a tap outside close it, focus returns to the
  // rights entry. Its title is the product's name; the card's own heading is then only for
  // screen readers, so the sheet does not say its name twice.
  return (
    <BottomSheet open plain={plain} title={product?.name ?? t('screens.rights.title')} onClose={() => send({ type: 'rights.close' })}>
      <ErrorNotice ownRetry={phase === 'uncertain' || phase === 'polling'} />
      {busy && <Spinner />}
      {product !== null && (
        <RightsCard
          headingHidden
          product={product}
          owned={rights.owned || phase === 'owned'}
          order={rights.order === null ? null : { status: rights.order.status, failure_reason: rights.order.failure_reason }}
          buying={busy}
          chargedCard={card}
          // Only the offer (and a failed order) take rights.buy; after a lost answer the way on is the
          // one Retry below, never a second, disabled Buy beside it.
          purchasable={busy || phase === 'offer' || phase === 'failed'}
          onBuy={(agreements) => {
            // The card's one box accepts both agreements; the machine's guard reads them from the draft.
            change({ reward: agreements.reward, withhold_agreement: agreements.withhold_agreement })
            send({ type: 'rights.buy' })
          }}
          onOpenAgreement={(key, title) => send({ type: 'overlay.open', page: 'privacy', query: { key, title } })}
        />
      )}
      {product !== null && (
        <button
          type="button"
          className="link"
          onClick={() => send({ type: 'overlay.open', page: 'richText', query: { title: product.name } })}
        >
          {t('screens.rights.details')}
        </button>
      )}
      {phase === 'noCard' && <p>{t('screens.rights.noCard')}</p>}
      {phase === 'uncertain' && <ActionButton event={{ type: 'retry' }} label={t('screens.common.retrySame')} />}
      {phase === 'polling' && (
        <>
          <p>{t('enums.rewardOrderStatus.pending')}</p>
          <PollActions slow={slow} />
        </>
      )}
      {phase === 'unavailable' && <p className="muted">{t('screens.rights.unavailable')}</p>}
    </BottomSheet>
  )
}
