import { useTranslation } from '../i18n/translation'
import { RichHtml } from '../ui/components/rich-html'
import { ActionButton, BusySpinner, ScreenFrame, Section, useApp, useOpenExternal } from './screen-kit'

/** An agreement or lender text loaded by the overlay state; closing returns to the opener. */
export function DocumentPage({ page }: { page: 'privacy' | 'thirdProtocol' }) {
  const { t } = useTranslation()
  const openExternal = useOpenExternal()
  const content = useApp((snapshot) => snapshot.context.overlayContent)
  const askedTitle = useApp((snapshot) => snapshot.context.overlay?.query.title ?? null)
  return (
    <ScreenFrame page={page} title={content?.title ?? askedTitle ?? undefined}>
      <Section>
        <BusySpinner />
        {content !== null && <RichHtml html={content.content_html} onExternalLink={openExternal} />}
        <ActionButton event={{ type: 'overlay.close' }} label={t('common.close')} variant="secondary" />
      </Section>
    </ScreenFrame>
  )
}
