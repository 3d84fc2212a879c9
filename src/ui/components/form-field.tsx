import { useEffect, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from '../../i18n/translation'
import { isBlockingRule, type FieldRuleCode } from '../../contract/field-rules'
import { whenIdle } from '../idle'
import '../components.css'

/*
 * Form helpers: every control has a visible label; a rule message sits right under its field and
 * is tied to it with aria-describedby; aria-invalid is set only for a blocking rule (a warning,
 * such as a rare UnionPay card failing Luhn, is shown but does not mark the field invalid).
 * Messages come from `fieldRules.<code>` in the active locale.
 */

/*
 * A press in progress (a finger or a mouse button down, until its click): leaving a field by
 * pressing something else must not change the layout before that press lands, or the message
 * shown on leaving pushes the pressed control away and the tap is lost.
 */
let pressing = false
let afterPress: (() => void)[] = []
function endPress() {
  pressing = false
  const waiting = afterPress
  afterPress = []
  // What leaving the field reveals waits for what the press started: the tap on a step's Next
  // leaves the field typed in last, and its render, which is the whole form's, came just as the
  // step's answer did. In idle time the next screen has already replaced the form, and the
  // render is not made at all; on a form that stays, it comes once the page is idle (a frame or so,
  // 200 ms where there is no idle callback).
  whenIdle(() => {
    for (const run of waiting) run()
  })
}
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressing = true), true)
  document.addEventListener('mousedown', () => (pressing = true), true)
  // After the click's own handlers ran; a press that ends without a click (a drag) ends on pointerup.
  document.addEventListener('click', () => setTimeout(endPress, 0), true)
  document.addEventListener('pointercancel', () => setTimeout(endPress, 0), true)
  document.addEventListener('pointerup', () => setTimeout(() => pressing && endPress(), 500), true)
}

/** Runs `reveal` now, or once the press that is moving focus away has landed. */
export function afterCurrentPress(reveal: () => void): void {
  if (pressing) afterPress.push(reveal)
  else reveal()
}

function useFieldMessage(error: FieldRuleCode | null | undefined, hint: string | undefined) {
  const { t } = useTranslation()
  const id = useId()
  const messageId = `${id}-message`
  const message = error ? t(`fieldRules.${error}`) : hint
  const invalid = isBlockingRule(error ?? null)
  return { id, messageId, message, invalid, isError: Boolean(error) }
}

/**
 * The line under a field. A field with rules keeps the line even while it is empty: a message
 * appearing when the borrower leaves the field would otherwise push what is below it away from
 * under the finger that is tapping it.
 */
function FieldMessage({ id, text, isError, reserve = false }: { id: string; text: string | undefined; isError: boolean; reserve?: boolean }) {
  if (text === undefined || text === '') return reserve ? <p className="ui-field__error ui-field__reserved" aria-hidden="true" /> : null
  return (
    <p id={id} className={isError ? 'ui-field__error' : 'ui-field__hint'}>
      {text}
    </p>
  )
}

/** Characters other than spaces before `position`: what the caret keeps across a re-format. */
function significantBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\s/g, '').length
}

function positionAfter(text: string, count: number): number {
  if (count === 0) return 0
  let seen = 0
  for (let index = 0; index < text.length; index += 1) {
    if (!/\s/.test(text.charAt(index))) seen += 1
    if (seen === count) return index + 1
  }
  return text.length
}

export interface TextFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: FieldRuleCode | null
  hint?: string
  /**
   * As-you-type display formatting (`formatCardNumber`, `formatPhone` from the field rules). The
   * formatted text is what `onChange` receives; the caret stays after the same digit.
   */
  format?: (raw: string) => string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  autoComplete?: string
  type?: 'text' | 'tel' | 'email' | 'search'
  name?: string
  placeholder?: string
  maxLength?: number
  /** Shown but not editable, e.g. a card number while its SMS code is pending. */
  readOnly?: boolean
  onBlur?: () => void
  /** Something beside the input on the same row (a send-code button). */
  after?: ReactNode
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  format,
  inputMode,
  autoComplete,
  type = 'text',
  name,
  placeholder,
  maxLength,
  readOnly,
  onBlur,
  after,
}: TextFieldProps) {
  const { id, messageId, message, invalid, isError } = useFieldMessage(error, hint)
  const inputRef = useRef<HTMLInputElement>(null)
  const caret = useRef<number | null>(null)

  useLayoutEffect(() => {
    const input = inputRef.current
    if (caret.current === null || input === null || document.activeElement !== input) return
    const position = positionAfter(value, caret.current)
    caret.current = null
    input.setSelectionRange(position, position)
  }, [value])

  const input = (
    <input
      ref={inputRef}
      id={id}
      className="ui-field__control"
      type={type}
      name={name}
      value={value}
      placeholder={placeholder}
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      readOnly={readOnly}
      aria-invalid={invalid}
      aria-describedby={message ? messageId : undefined}
      onBlur={onBlur === undefined ? undefined : () => afterCurrentPress(onBlur)}
      onChange={(event) => {
        const raw = event.target.value
        if (format === undefined) {
          onChange(raw)
          return
        }
        caret.current = significantBefore(raw, event.target.selectionStart ?? raw.length)
        onChange(format(raw))
      }}
    />
  )
  return (
    <div className={`ui-field${isError ? ' ui-field--error' : ''}`}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      {after === undefined ? input : <div className="ui-field__row">{input}{after}</div>}
      <FieldMessage id={messageId} text={message} isError={isError} reserve={error !== undefined} />
    </div>
  )
}

/**
 * For a submit the field rules blocked: call the returned function and, once the messages it
 * revealed are rendered, focus moves to the first field marked invalid, so a borrower (and a
 * screen reader) lands on what to fix instead of on a button that did nothing.
 */
export function useFocusFirstInvalid(): () => void {
  const [requests, setRequests] = useState(0)
  useEffect(() => {
    if (requests === 0) return
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [requests])
  return () => setRequests((count) => count + 1)
}

/**
 * The fields the borrower has left, and the way to mark one left: a field's rule shows once it
 * has been. Leaving a field already left keeps the same set, so the form does not render again: the
 * tap on a form's Next leaves the field typed in last, after the tap has already marked them all.
 */
export function useLeftFields<K extends string>(): [ReadonlySet<K>, (field: K) => void, (fields: readonly K[]) => void] {
  const [left, setLeft] = useState<ReadonlySet<K>>(() => new Set())
  const leave = (field: K) => setLeft((current) => (current.has(field) ? current : new Set(current).add(field)))
  const leaveAll = (fields: readonly K[]) => setLeft((current) => (fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields])))
  return [left, leave, leaveAll]
}

export interface Choice<V extends string | number> {
  value: V
  label: string
}

/** A native select (the phone's own picker), empty until the borrower chooses. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  placeholder,
  disabled = false,
}: {
  label: string
  value: V | null
  options: readonly Choice<V>[]
  onChange: (value: V) => void
  error?: FieldRuleCode | null
  hint?: string
  placeholder: string
  disabled?: boolean
}) {
  const { id, messageId, message, invalid, isError } = useFieldMessage(error, hint)
  return (
    <div className={`ui-field${isError ? ' ui-field--error' : ''}`}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <select
        id={id}
        className="ui-field__control"
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value)
          if (chosen !== undefined) onChange(chosen.value)
        }}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} text={message} isError={isError} reserve={error !== undefined} />
    </div>
  )
}

/**
 * Radio chips: native radios (arrow keys move the choice, as a radiogroup should) drawn as
 * 44 px chips. Nothing is chosen until the borrower taps one.
 */
export function ChoiceChips<V extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
  name,
}: {
  label: string
  value: V | null
  options: readonly Choice<V>[]
  onChange: (value: V) => void
  error?: FieldRuleCode | null
  name?: string
}) {
  const { id, messageId, message, invalid, isError } = useFieldMessage(error, undefined)
  const labelId = `${id}-label`
  return (
    <div className={`ui-field${isError ? ' ui-field--error' : ''}`}>
      <p id={labelId} className="ui-field__label">
        {label}
      </p>
      <div
        className="ui-chips"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={invalid}
        aria-describedby={message ? messageId : undefined}
      >
        {options.map((option) => (
          <label key={option.value} className="ui-chip">
            <input
              type="radio"
              name={name ?? id}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={messageId} text={message} isError={isError} />
    </div>
  )
}

/**
 * A checkbox for an agreement or a yes/no. Controlled, and `checked` is required: a caller has
 * to decide the starting value, and for agreements that is always false.
 */
export function Checkbox({
  checked,
  onChange,
  children,
  error,
  disabled = false,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  /** The label; may hold links (LinkBound), which do not toggle the box. */
  children: ReactNode
  /** A message shown under the box, e.g. "Please accept the agreements". */
  error?: string | null
  /** While the screen cannot take the choice (still loading what it is a choice of). */
  disabled?: boolean
}) {
  const id = useId()
  const messageId = `${id}-message`
  const hasError = error !== undefined && error !== null && error !== ''
  return (
    <div className={`ui-field${hasError ? ' ui-field--error' : ''}`}>
      <div className={`ui-check${hasError ? ' ui-check--error' : ''}`}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={hasError}
          aria-describedby={hasError ? messageId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {hasError && (
        <p id={messageId} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
