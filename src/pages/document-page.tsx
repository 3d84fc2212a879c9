import { useTranslation } from 'react-i18next'
import { SafeHtml } from './safe-html'
import { ActionButton, ScreenFrame, Section, Spinner, useApp, useBusy } from './screen-kit'

/** An agreement or lender text loaded by the overlay state; closing returns to the opener. */
export function DocumentPage() {
  const { t } = useTranslation()
  const busy = useBusy()
  const content = useApp((snapshot) => snapshot.context.overlayContent)
  const askedTitle = useApp((snapshot) => snapshot.context.overlay?.query.title ?? null)
  return (
    <ScreenFrame title={content?.title ?? askedTitle ?? undefined}>
      <Section>
        {busy && <Spinner />}
        {content !== null && <SafeHtml html={content.content_html} />}
        <ActionButton event={{ type: 'overlay.close' }} label={t('common.close')} variant="secondary" />
      </Section>
    </ScreenFrame>
  )
}
