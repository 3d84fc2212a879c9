import { useSelector } from '@xstate/react'
import { use, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '../i18n/translation'
import { useAfterFirstPaint, WarmingContext } from '../ui/after-first-paint'
import type { AppEvent } from '../../machines/app.machine'
import type { AppSnapshot } from '../../machines/routes'
import { screenForState } from '../../machines/routes'
import type { ScreenName } from '../../machines/screens'
import { useAppHandles } from '../app/app-context'
import type { AgreementKey } from '../contract/entities'
import type { FieldRuleCode } from '../contract/field-rules'
import { errorNoticeText } from '../ui/error-message'
import { Checkbox, SelectField } from '../ui/components/form-field'
import { NavBar } from '../ui/components/nav-bar'
import { StepProgress } from '../ui/components/step-progress'
import { useFormatters } from '../ui/components/use-format'
import { useHostDisplay } from '../ui/elder-state'
import { useKeyboardInView } from '../ui/keyboard-in-view'
import { pageLoadDelayMs } from '../ui/lazy-page'
import './pages.css'

/*
 * What every plain screen shares: narrow selectors on the app actor, `send`,
 * `snapshot.can(event)` for enabling buttons, the `busy` tag for spinners, the navigation bar with
 * the machine's Back, the error notice from `errorCode`, labelled fields with their rule message,
 * and agreement checkboxes that open the agreement over the screen. Screens never re-derive a guard.
 */

export function useApp<T>(select: (snapshot: AppSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const { actor } = useAppHandles()
  return useSelector(actor, select, compare)
}

export function useSend(): (event: AppEvent) => void {
  const { actor } = useAppHandles()
  return (event) => actor.send(event)
}

/** Whether the machine would take this event now: the only source of a button's enabled state. */
export function useCan(event: AppEvent): boolean {
  return useApp((snapshot) => snapshot.can(event))
}

export function useBusy(): boolean {
  return useApp((snapshot) => snapshot.hasTag('busy'))
}

/**
 * The spinner while the machine is busy. Its own component, so the busy flag re-renders only it:
 * read at page level, a tap's busy state re-rendered the whole form, and the step's answer then
 * waited behind that render. It shows once the wait has lasted as long as a page's loading delay:
 * an answer that comes sooner (most do) never moves the button under the finger, and the step's
 * next screen does not wait behind the spinner's own layout and paint.
 */
export function BusySpinner({ label, during = 'any call' }: { label?: string; during?: 'any call' | 'pricing' | 'sending' }) {
  // Pricing leaves the form editable (the `editing` tag); sending the form does not.
  const busy = useApp((snapshot) => snapshot.hasTag('busy') && (during === 'any call' || snapshot.hasTag('editing') === (during === 'pricing')))
  const [waitedLong, setWaitedLong] = useState(false)
  useEffect(() => {
    if (!busy) return
    let shown = false
    const timer = setTimeout(() => {
      shown = true
      setWaitedLong(true)
    }, pageLoadDelayMs)
    return () => {
      clearTimeout(timer)
      // Only a spinner that showed is taken back: a state set to what it already is still costs the
      // screen a render and a commit, as the tap's answer is about to come in.
      if (shown) setWaitedLong(false)
    }
  }, [busy])
  return busy && waitedLong ? <Spinner {...(label === undefined ? {} : { label })} /> : null
}

export function usePolling(): boolean {
  return useApp((snapshot) => snapshot.hasTag('polling'))
}

/** Money is integer fen and APR a fraction everywhere; pages format them as the shared components do. */
export const useFormat = useFormatters

/**
 * Links to other origins in server HTML open through the host (`openUrl`), never in the web view:
 * the machine has no event for it, so this goes straight to the bridge, which checks the URL.
 */
export function useOpenExternal(): (url: string) => void {
  const { services } = useAppHandles()
  return (url) => {
    services.bridge.send({ command: 'openUrl', url })
  }
}

/** A clock that re-renders once a second, for countdowns read from a deadline in context. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p className="spinner" role="status">
      <span className="spinner__dot" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  )
}

/**
 * The failure the machine holds: what happened and what to do, in the borrower's language. Retry
 * only where asking again can succeed and the state takes it; a refusal shows its way forward
 * instead (the bar's Back, the form to correct). The status code stays out of the sentence.
 */
export function ErrorNotice({ ownRetry = false }: { ownRetry?: boolean }) {
  const { t } = useTranslation()
  const send = useSend()
  const errorCode = useApp((snapshot) => snapshot.context.errorCode)
  const errorStatus = useApp((snapshot) => snapshot.context.errorStatus)
  const canRetry = useCan({ type: 'retry' })
  const screen = useApp(screenForState)
  const notice = useRef<HTMLDivElement>(null)
  // The borrower pressed a button at the foot of a long form: a new failure is brought into view,
  // so what happened and what to do are read, not just the toast that fades.
  useEffect(() => {
    if (errorCode !== null) notice.current?.scrollIntoView?.({ block: 'nearest' })
  }, [errorCode, errorStatus])
  if (errorCode === null) return null
  const text = errorNoticeText(errorCode, errorStatus, screen)
  // A screen that shows its own Retry (with what retrying means there) keeps the only one.
  const offerRetry = text.retryable && canRetry && !ownRetry
  return (
    <div ref={notice} role="alert" className="notice notice--error" data-testid="error-notice" data-status={errorStatus ?? undefined}>
      <p>{t(text.what)}</p>
      {(!text.retryable || canRetry) && <p>{t(text.next)}</p>}
      {offerRetry && (
        <button type="button" className="button button--small" onClick={() => send({ type: 'retry' })}>
          {t('common.retry')}
        </button>
      )}
    </div>
  )
}

/** The six application steps the borrower fills in, in order: the progress bar counts these. */
const funnelScreens: readonly string[] = ['loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard']

/**
 * The page frame: the bar with the machine's Back (or Close for an overlay), the title, the error.
 * `page` is the page naming itself, never read from the machine: `data-screen` and the heading
 * then say which page actually rendered, so a route showing the wrong page is visible to tests.
 * `ownRetry`: the page offers its own retry, so the frame's error notice does not add another.
 */
export function ScreenFrame({ children, title, page, ownRetry = false }: { children: ReactNode; title?: string; page: ScreenName; ownRetry?: boolean }) {
  const { t } = useTranslation()
  const send = useSend()
  const screen = page
  const overlayOpen = useApp((snapshot) => snapshot.matches({ session: 'overlay' }))
  // The rights sheet over this screen says its own failures: one notice, with its Retry, not two.
  const sheetOpen = useApp((snapshot) => snapshot.matches({ session: 'rights' }))
  const canGoBack = useCan({ type: 'step.back' })
  const canGoHome = useCan({ type: 'nav.home' })
  const busy = useBusy()
  // Back, offered before a call the borrower started, stays in place while the call is out and takes
  // no tap: the bar keeps its shape on every step, and a borrower whose call fails finds it where it was.
  const [offeredBack, setOfferedBack] = useState(canGoBack)
  if (!busy && offeredBack !== canGoBack) setOfferedBack(canGoBack)
  const backWaits = busy && !canGoBack && offeredBack
  const heading = title ?? t(`routes.${screen}`)
  const funnelIndex = funnelScreens.indexOf(screen)
  useHostDisplay(useAppHandles().services)
  const main = useRef<HTMLElement>(null)
  useKeyboardInView(main)
  return (
    <main ref={main} className="page" aria-busy={busy} data-screen={screen}>
      <NavBar
        title={heading}
        {...(overlayOpen
          ? { onBack: () => send({ type: 'overlay.close' }), backLabel: t('common.close') }
          : canGoBack || backWaits
            ? { onBack: () => send({ type: 'step.back' }), backWaits }
            : {})}
        {...(!overlayOpen && screen !== 'home' && canGoHome
          ? {
              end: (
                <button type="button" className="nav-bar__home" onClick={() => send({ type: 'nav.home' })}>
                  {t('routes.home')}
                </button>
              ),
            }
          : {})}
      />
      {funnelIndex >= 0 && !overlayOpen && <StepProgress current={funnelIndex + 1} total={funnelScreens.length} />}
      {!sheetOpen && <ErrorNotice ownRetry={ownRetry} />}
      {children}
    </main>
  )
}

/**
 * A card of the screen. `named` makes its title the section's accessible name, for screens that
 * repeat the same fields in several cards (two contacts), so each field can be told apart.
 */
export function Section({ title, children, named = false }: { title?: string; children: ReactNode; named?: boolean }) {
  const titleId = useId()
  const labelled = named && title !== undefined
  return (
    <section className="card" {...(labelled ? { 'aria-labelledby': titleId } : {})}>
      {title !== undefined && <h2 {...(labelled ? { id: titleId } : {})}>{title}</h2>}
      {children}
    </section>
  )
}

/**
 * A screen's cards after its first ones, rendered once the screen's first frame is painted: the task
 * that shows a new screen (the tap's, or the answer's) builds, lays out and paints only its top. The
 * rest follows a frame later, below what is already there, so nothing on screen moves. A page warmed
 * ahead renders it at once, so that both parts are warm.
 */
export function RestOfScreen({ children }: { children: ReactNode }) {
  const painted = useAfterFirstPaint()
  const warming = use(WarmingContext)
  return painted || warming ? children : null
}

/** A plain select over an enum, labelled from `enums.<group>`; empty until the borrower picks. */
export function EnumSelect<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  error,
  disabled,
  hint,
}: {
  label: string
  value: V | null
  options: readonly V[]
  optionLabel: (value: V) => string
  onChange: (value: V) => void
  error?: FieldRuleCode | null
  disabled?: boolean
  hint?: string
}) {
  const { t } = useTranslation()
  return (
    <SelectField
      label={label}
      value={value}
      options={options.map((option) => ({ value: option, label: optionLabel(option) }))}
      onChange={onChange}
      error={error ?? null}
      disabled={disabled}
      hint={hint}
      placeholder={t('screens.common.choose')}
    />
  )
}

/** Yes/No for a boolean the borrower must answer (null until answered). */
export function YesNoSelect({
  label,
  value,
  onChange,
}: {
  label: string
  value: boolean | null
  onChange: (value: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <EnumSelect
      label={label}
      value={value === null ? null : value ? 'yes' : 'no'}
      options={['yes', 'no'] as const}
      optionLabel={(option) => t(`common.${option}`)}
      onChange={(option) => onChange(option === 'yes')}
    />
  )
}

/**
 * One agreement: a checkbox the borrower ticks (never pre-checked) and a link that opens the text
 * over this screen (`overlay.open` → the privacy page with key and title).
 */
export function AgreementCheck({
  agreement,
  checked,
  onChange,
}: {
  agreement: AgreementKey
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation()
  const send = useSend()
  const title = t(`agreements.${agreement}`)
  return (
    <div className="agreement">
      <Checkbox checked={checked} onChange={onChange}>
        {t('screens.common.iAccept', { title })}
      </Checkbox>
      <button
        type="button"
        className="link"
        onClick={() => send({ type: 'overlay.open', page: 'privacy', query: { key: agreement, title } })}
      >
        {t('screens.common.read')}
      </button>
    </div>
  )
}

/** The submit row: enabled only when the machine takes the event; unavailable, still focusable, while a call runs. */
export function ActionButton({
  event,
  label,
  onClick,
  variant = 'primary',
  missing = [],
}: {
  event: AppEvent
  label: string
  /** Runs instead of sending, e.g. to check field rules first; returns whether to send. */
  onClick?: () => boolean
  variant?: 'primary' | 'secondary'
  /** Labels of the answers the form still lacks (`false` for one given): a disabled button says why, beside it. */
  missing?: readonly (string | false)[]
}) {
  const { t } = useTranslation()
  const send = useSend()
  const can = useCan(event)
  const busy = useBusy()
  const format = useFormat()
  const hintId = useId()
  const lacking = missing.filter((label) => label !== false)
  const why = !can && !busy && lacking.length > 0 ? t('screens.common.stillNeeded', { list: format.list(lacking) }) : null
  // While a call is out, a button the machine does not take is marked unavailable but stays
  // focusable: a disabled button loses the focus to the page (the engine moves it in the tap's own
  // task), and a screen reader or a keyboard would lose its place if the call fails.
  const waiting = !can && busy
  return (
    <>
      <button
        type="button"
        className={`button button--block${variant === 'secondary' ? ' button--secondary' : ''}`}
        disabled={!can && !waiting}
        aria-disabled={waiting || undefined}
        aria-describedby={why === null ? undefined : hintId}
        onClick={() => {
          if (waiting) return
          if (onClick === undefined || onClick()) send(event)
        }}
      >
        {label}
      </button>
      {why !== null && (
        <p id={hintId} className="field__hint">
          {why}
        </p>
      )}
    </>
  )
}

/**
 * A poll's ways on: Keep waiting once it has given up (only then does asking again do anything; a
 * button shown disabled all along would promise what it cannot do), and Check later while it runs
 * where the screen lets the borrower leave the wait.
 */
export function PollActions({ slow, canLeave = true }: { slow: boolean; canLeave?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      {slow && <ActionButton event={{ type: 'retry' }} label={t('screens.common.keepWaiting')} />}
      {canLeave && <ActionButton event={{ type: 'poll.stop' }} label={t('screens.common.stopWaiting')} variant="secondary" />}
    </>
  )
}

/** `label: value` rows of figures. */
export function Facts({ rows, label }: { rows: ReadonlyArray<readonly [string, ReactNode]>; label?: string }) {
  return (
    <dl className="facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} className="facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The seconds left until a deadline (ms since epoch), never below zero. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1_000))
}

/**
 * Server text meant for the borrower (a failure reason) is shown only when it reads as a sentence. An
 * identifier such as `insufficient_balance` is a code, never shown bare: the screen says it in the
 * borrower's words instead.
 */
export function sentenceOrNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? ''
  return /[\s\u0080-\uffff]/.test(trimmed) ? trimmed : null
}

/** Yuan as typed → fen, or null when it is not a whole number of yuan. */
export function yuanToFen(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,9}$/.test(trimmed)) return null
  return Number(trimmed) * 100
}
