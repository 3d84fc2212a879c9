import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n/translation'
import '../components.css'

/**
 * The custom navigation bar every page has (docs/product-rules.md#flow-routes): a `<header>` holding the page's one
 * `<h1>`, padded below the status bar of notched phones. Back appears only when `onBack` is given,
 * because whether Back is possible is the machine's answer, not the bar's. `backWaits`: Back is there
 * but takes no tap for now (a call the borrower started is out), so the bar keeps its shape.
 */
export function NavBar({
  title,
  onBack,
  backWaits = false,
  backLabel,
  end,
}: {
  title: string
  onBack?: () => void
  backWaits?: boolean
  /** Accessible name of the back button; "Back" in the active locale by default. */
  backLabel?: string
  /** Optional action at the right end (for example a Home button). */
  end?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <header className="ui-nav-bar">
      {onBack !== undefined && (
        <button
          type="button"
          className="ui-nav-bar__back"
          onClick={backWaits ? undefined : onBack}
          aria-disabled={backWaits || undefined}
          aria-label={backLabel ?? t('common.back')}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <h1>{title}</h1>
      {end !== undefined && <div className="ui-nav-bar__end">{end}</div>}
    </header>
  )
}
