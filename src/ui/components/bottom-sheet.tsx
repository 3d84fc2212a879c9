import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from '../../i18n/translation'
import '../components.css'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)]
}

/**
 * A modal bottom sheet: `role="dialog"` with `aria-modal`, focus moved in on open and kept
 * inside (Tab wraps), Escape and a tap on the overlay close it, and focus returns to whatever
 * opened it. It renders into `document.body` so no ancestor's overflow or transform clips it.
 */
export function BottomSheet({
  open,
  title,
  onClose,
  children,
  footer,
  plain = false,
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Kept visible below the scrolling body (an accept checkbox, a confirm button). */
  footer?: ReactNode
  /**
   * Elder mode: a plain view over the whole screen, scrolled like a page, closed by its Close
   * button; not a popup (no dialog role, no backdrop, no trapped focus).
   */
  plain?: boolean
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const sheetRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    sheetRef.current?.focus()
    const { overflow } = document.body.style
    // The page behind must not scroll under a finger dragging the sheet's list.
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [open])

  if (!open) return null

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || sheetRef.current === null) return
    const items = focusableIn(sheetRef.current)
    const first = items[0]
    const last = items[items.length - 1]
    if (first === undefined || last === undefined) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === sheetRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  return createPortal(
    <div className={plain ? 'ui-sheet-page' : 'ui-sheet-backdrop'} {...(plain ? {} : { onClick: onBackdrop, 'data-testid': 'sheet-backdrop' })}>
      <div
        ref={sheetRef}
        className="ui-sheet"
        {...(plain ? { role: 'region' } : { role: 'dialog', 'aria-modal': true, onKeyDown })}
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="ui-sheet__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-sheet__close" onClick={onClose} aria-label={t('ui.sheet.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="ui-sheet__body">{children}</div>
        {footer !== undefined && <div className="ui-sheet__body">{footer}</div>}
      </div>
    </div>,
    document.body,
  )
}
