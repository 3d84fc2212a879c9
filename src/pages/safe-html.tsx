import DOMPurify from 'dompurify'
import { useMemo } from 'react'

/** Server HTML is sanitised before it reaches the DOM: scripts, handlers and `javascript:` URLs go. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html])
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />
}
