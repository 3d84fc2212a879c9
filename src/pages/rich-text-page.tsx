import { useTranslation } from '../i18n/translation'
import { RichHtml } from '../ui/components/rich-html'
import { ActionButton, ScreenFrame, Section, useApp, useOpenExternal } from './screen-kit'

/** Rich text handed by the opener: the rights card's details (the only opener so far). */
export default function RichTextPage() {
  const { t } = useTranslation()
  const openExternal = useOpenExternal()
  const title = useApp((snapshot) => snapshot.context.overlay?.query.title ?? null)
  const html = useApp((snapshot) => snapshot.context.overlayContent?.content_html ?? snapshot.context.rights.product?.detail_html ?? '')
  return (
    <ScreenFrame page="richText" title={title ?? undefined}>
      <Section>
        <RichHtml html={html} onExternalLink={openExternal} />
        <ActionButton event={{ type: 'overlay.close' }} label={t('common.close')} variant="secondary" />
      </Section>
    </ScreenFrame>
  )
}
