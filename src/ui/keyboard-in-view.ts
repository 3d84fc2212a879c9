import { useEffect, type RefObject } from 'react'

/**
 * Keeps the focused field of `screen`, and its primary button, in view as the soft keyboard opens
 * (src/ui/keyboard-scroll.ts, loaded at the first change of the visible part's size).
 */
export function useKeyboardInView(screen: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    // iOS 12 has no visualViewport; its WKWebView scrolls a focused field into view itself.
    const target = window.visualViewport ?? window
    const resized = () => {
      const main = screen.current
      if (main !== null) void import('./keyboard-scroll').then(({ keepFocusedInView }) => keepFocusedInView(main))
    }
    target.addEventListener('resize', resized)
    return () => target.removeEventListener('resize', resized)
  }, [screen])
}
