import type { MouseEvent, ReactNode } from 'react'
import { useTranslation } from '../../i18n/translation'
import type { AgreementKey } from '../../contract/entities'
import '../components.css'

/** The privacy route of docs/product-rules.md#flow-agreement-keys, where an agreement is read. */
export function agreementHref(key: AgreementKey, title: string): string {
  return `#/pages/privacy/index?${new URLSearchParams({ key, title }).toString()}`
}

/**
 * Text whose agreement names are links: `template` holds `{{slot}}` placeholders and `links`
 * says which agreement each slot names, so a translator can move the names freely. Get the
 * template untouched with `t(key, { skipInterpolation: true })`. A link calls `onOpenAgreement`
 * (the page routes to the privacy page); its href is that route, so "open in new tab" still works.
 * Placeholders without a link stay as written.
 */
export function LinkBound({
  template,
  links,
  onOpenAgreement,
}: {
  template: string
  links: Readonly<Record<string, AgreementKey>>
  onOpenAgreement: (key: AgreementKey, title: string) => void
}) {
  const { t } = useTranslation()
  const parts: ReactNode[] = []
  const pattern = /\{\{\s*(\w+)\s*\}\}/g
  let cursor = 0
  for (const match of template.matchAll(pattern)) {
    const slot = match[1] ?? ''
    const key = links[slot]
    if (key === undefined) continue
    parts.push(template.slice(cursor, match.index))
    const title = t(`agreements.${key}`)
    const open = (event: MouseEvent<HTMLAnchorElement>) => {
      // Inside a checkbox's label a tap on a link must open the agreement, not toggle the box.
      event.preventDefault()
      event.stopPropagation()
      onOpenAgreement(key, title)
    }
    parts.push(
      <a key={`${slot}-${match.index}`} className="ui-link" href={agreementHref(key, title)} onClick={open}>
        {t('ui.agreementLink', { title })}
      </a>,
    )
    cursor = match.index + match[0].length
  }
  parts.push(template.slice(cursor))
  return <span className="ui-link-bound">{parts}</span>
}
