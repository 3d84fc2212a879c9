import { useTranslation } from '../i18n/translation'
import { ActionButton, PollActions, ScreenFrame, Section, Spinner, useApp } from './screen-kit'

/** The credit review: polled with backoff; the borrower may stop waiting or buy priority review. */
export default function ReviewPage() {
  const { t } = useTranslation()
  const slow = useApp((snapshot) => snapshot.matches({ session: { screens: { review: { polling: 'slow' } } } }))
  const priority = useApp((snapshot) => snapshot.context.credit?.priority === true || snapshot.context.rights.owned)
  return (
    <ScreenFrame page="review" ownRetry>
      <Section title={t('screens.review.title')}>
        {slow ? <p>{t('screens.common.slow')}</p> : <Spinner label={t('screens.review.waiting')} />}
        {priority && <p className="badge badge--success">{t('screens.review.priority')}</p>}
        <div className="actions">
          <PollActions slow={slow} />
        </div>
      </Section>
      {!priority && (
        <Section title={t('screens.rights.title')}>
          <p>{t('screens.rights.pitch')}</p>
          <ActionButton event={{ type: 'rights.open' }} label={t('screens.rights.open')} variant="secondary" />
        </Section>
      )}
    </ScreenFrame>
  )
}
