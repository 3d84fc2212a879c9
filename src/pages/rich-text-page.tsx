import { useTranslation } from 'react-i18next'
import { SafeHtml } from './safe-html'
import { ActionButton, ScreenFrame, Section, useApp } from './screen-kit'

/** Rich text handed by the opener: the rights card's details (the only opener so far). */
export default function RichTextPage() {
  const { t } = useTranslation()
  const title = useApp((snapshot) => snapshot.context.overlay?.query.title ?? null)
  const html = useApp((snapshot) => snapshot.context.overlayContent?.content_html ?? snapshot.context.rights.product?.detail_html ?? '')
  return (
    <ScreenFrame title={title ?? undefined}>
      <Section>
        <SafeHtml html={html} />
        <ActionButton event={{ type: 'overlay.close' }} label={t('common.close')} variant="secondary" />
      </Section>
    </ScreenFrame>
  )
}
