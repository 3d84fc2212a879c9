import { useId } from 'react'
import '../components.css'

/**
 * A home entrance: what it is, an optional headline figure (a credit limit, the amount due) and
 * one action. The button is described by the title, so "Continue" is never read out alone.
 */
export function EntranceCard({
  title,
  subtitle,
  figure,
  figureLabel,
  ctaLabel,
  onCta,
  disabled = false,
  secondary = false,
}: {
  title: string
  subtitle?: string
  /** Already formatted (formatMoney and friends). */
  figure?: string
  figureLabel?: string
  /** Without one the card only informs: another card holds the action. */
  ctaLabel?: string
  onCta?: () => void
  disabled?: boolean
  /** Drawn as a secondary action, when another card holds the screen's one primary action. */
  secondary?: boolean
}) {
  const titleId = useId()
  return (
    <section className="ui-card ui-entrance" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {subtitle !== undefined && <p className="ui-card__subtitle">{subtitle}</p>}
      {figure !== undefined && (
        <p className="ui-entrance__figure">
          {figureLabel !== undefined && <span className="ui-entrance__figure-label">{figureLabel}</span>}
          {figure}
        </p>
      )}
      {ctaLabel !== undefined && (
        <button
          type="button"
          className={secondary ? 'ui-button ui-button--block ui-button--secondary' : 'ui-button ui-button--block'}
          onClick={onCta}
          disabled={disabled}
          aria-describedby={titleId}
        >
          {ctaLabel}
        </button>
      )}
    </section>
  )
}
