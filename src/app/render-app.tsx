import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { TranslationProvider } from '../i18n/translation'
import type { i18n as I18n } from 'i18next'
import { App } from './app'
// Home comes with the React side, not as a file of its own: nearly every borrower's first screen, and
// under a slow link each file more holds one of six connections that boot's calls wait for.
import '../pages/home-page'
import type { AppHandles } from './app-context'

/** i18next comes with the React side, which is the first to read the strings. */
export { createI18n } from '../i18n/init-i18n'

/** Runs `onCommit` in the commit that first puts its children on screen, before that frame paints. */
function FirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // Never hand onCommit to React as the effect itself: what it returns would be taken for a clean-up.
  useLayoutEffect(() => {
    onCommit()
  }, [onCommit])
  return children
}

/**
 * Renders the page over the prerendered boot screen. A transition lets React yield while it
 * renders (no long task for the borrower's first tap), and its commit replaces the prerendered
 * DOM with the same DOM at once, so no frame shows it half gone.
 */
export function renderApp(root: HTMLElement, i18n: I18n, handles: AppHandles, onCommit: () => void): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <FirstCommit onCommit={onCommit}>
          <TranslationProvider i18n={i18n}>
            <App handles={handles} />
          </TranslationProvider>
        </FirstCommit>
      </StrictMode>,
    ),
  )
}
