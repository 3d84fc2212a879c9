import { useMemo, type MouseEvent } from 'react'
import { externalUrlAttribute, sanitizeHtml } from '../sanitize'
import '../components.css'

/**
 * Server HTML (agreements, rights details), sanitised, with links to other origins handed to
 * `onExternalLink` (the page routes them through the host's `openUrl`), so the web view never
 * navigates away from the funnel. Without the callback a marked link opens in a new window. The
 * sanitiser already took the `href` off every other link; the click is still stopped here, so a
 * link that somehow kept one can never navigate the web view either.
 */
export function RichHtml({
  html,
  onExternalLink,
  className,
  baseUrl,
}: {
  html: string
  onExternalLink?: (url: string) => void
  className?: string
  baseUrl?: string
}) {
  const clean = useMemo(() => sanitizeHtml(html, baseUrl === undefined ? {} : { baseUrl }), [html, baseUrl])
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return
    const link = event.target.closest('a, area')
    if (link === null) return
    const url = link.getAttribute(externalUrlAttribute)
    if (url !== null && onExternalLink === undefined) return
    event.preventDefault()
    if (url !== null) onExternalLink?.(url)
  }
  return (
    // Enter on a focused link fires click too, so this one listener serves keyboard users as well.
    <div className={className ?? 'ui-rich-html'} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
  )
}
