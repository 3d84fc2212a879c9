/*
 * The soft keyboard takes the lower part of a WebView's screen: Android shrinks the window, iOS the visual viewport.
 * Either way the field being typed into may end up under it, or under the sticky bar once scrolled, and the
 * screen's primary button out of reach of the borrower's eye. When the visible part shrinks with a field focused,
 * the page scrolls the least that shows the field and, when both fit, the primary button that follows it.
 * Loaded the first time the visible part changes size (src/ui/keyboard-in-view.ts).
 */

export interface Span {
  top: number
  bottom: number
}

/** Room kept between what is shown and the edges of the visible part, in CSS pixels. */
const margin = 8

/** How far to scroll down (negative: up) so `field`, and `action` too when both fit, are inside `view`. */
export function scrollToShow(field: Span, action: Span | null, view: Span): number {
  const room = view.bottom - view.top - 2 * margin
  const last = action !== null && action.bottom - field.top <= room ? action : field
  if (last.bottom + margin > view.bottom) return Math.min(last.bottom + margin - view.bottom, field.top - margin - view.top)
  if (field.top - margin < view.top) return field.top - margin - view.top
  return 0
}

const typedInto = 'input:not([type=checkbox]):not([type=radio]), textarea, select'

/** Scrolls so the focused field of `main`, and the primary button after it, show in the visible part. */
export function keepFocusedInView(main: HTMLElement): void {
  const field = document.activeElement
  if (!(field instanceof HTMLElement) || !main.contains(field) || !field.matches(typedInto)) return
  const action = [...main.querySelectorAll<HTMLElement>('.button--block:not(.button--secondary)')].find(
    (candidate) => (field.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  )
  const viewport = window.visualViewport
  const bar = main.querySelector('.ui-nav-bar')?.getBoundingClientRect().bottom ?? 0
  const top = viewport ? Math.max(bar, viewport.offsetTop) : bar
  const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight
  const delta = scrollToShow(field.getBoundingClientRect(), action?.getBoundingClientRect() ?? null, { top, bottom })
  if (delta !== 0) window.scrollBy(0, delta)
}
