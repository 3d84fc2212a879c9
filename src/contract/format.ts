import { intlLocale, type Locale } from './locales'

/*
 * The contract's figures as the borrower reads them: money in fen, an APR as a yearly fraction, ISO
 * dates. The page's screens and the sandbox's contract document both show them through these.
 */

/*
 * Formatters are cached per locale: building an Intl formatter costs far more than using one, and
 * a repayment schedule formats dozens of amounts per render.
 */
function cached<F>(build: (tag: string) => F): (locale: Locale) => F {
  const cache = new Map<Locale, F>()
  return (locale) => {
    let formatter = cache.get(locale)
    if (formatter === undefined) {
      formatter = build(intlLocale(locale))
      cache.set(locale, formatter)
    }
    return formatter
  }
}

const moneyFormat = cached((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'CNY' }))
const moneyWordsFormat = cached((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'CNY', currencyDisplay: 'name' }))
const aprFormat = cached(
  (tag) => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }),
)
const monthsFormat = cached(
  (tag) => new Intl.NumberFormat(tag, { style: 'unit', unit: 'month', unitDisplay: 'long' }),
)

/**
 * `formatMoney(123456, 'zh-Hans')` is `¥1,234.56`: money travels as integer fen (contract rule).
 * With `words` the currency is named (`1,234.56人民币`, `1,234.56 Chinese yuan`): what elder mode
 * shows, read out as yuan by a screen reader, where `¥` is read as yen or as a symbol's name.
 */
export function formatMoney(fen: number, locale: Locale, words = false): string {
  if (!Number.isSafeInteger(fen)) {
    throw new RangeError(`money must be an integer number of fen, got ${fen}`)
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3); engines older than that convert
  // it with ToNumber, which gives the same result as fen / 100 would.
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(fen)
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`
  return (words ? moneyWordsFormat : moneyFormat)(locale).format(decimal)
}

/** `formatApr(0.072, 'fr')` is `7,2 %`: an APR travels as a yearly fraction. */
export function formatApr(fraction: number, locale: Locale): string {
  return aprFormat(locale).format(fraction)
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/

export type FormatDateOptions = {
  /** The zone an instant is shown in; the device's when absent. Dates without a time ignore it. */
  timeZone?: string
}

/**
 * A calendar date (`2025-03-01`, a due date) is the same day everywhere, so it is read and shown in
 * UTC; an instant (`2025-03-01T08:00:00+08:00`) is shown on the borrower's own calendar.
 */
export function formatDate(iso: string, locale: Locale, options: FormatDateOptions = {}): string {
  const isDateOnly = dateOnly.test(iso)
  const date = new Date(isDateOnly ? `${iso}T00:00:00Z` : iso)
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`not an ISO date: ${iso}`)
  }
  const timeZone = isDateOnly ? 'UTC' : options.timeZone
  return dateFormat(locale, timeZone).format(date)
}

// One per locale and time zone: a schedule formats a date per row, and building the formatter
// was most of the schedule's render time at 4× CPU.
const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', ...(timeZone === undefined ? {} : { timeZone }) })
    dateFormats.set(key, format)
  }
  return format
}

const listFormat = cached((tag) => new Intl.ListFormat(tag, { type: 'conjunction' }))

/** `formatList(['学历', '婚姻状况'], 'zh-Hans')` is `学历和婚姻状况`. */
export function formatList(items: readonly string[], locale: Locale): string {
  return listFormat(locale).format(items)
}

const choiceFormat = cached((tag) => new Intl.ListFormat(tag, { type: 'disjunction' }))

/** `formatChoices(['3 months', '6 months'], 'zh-Hans')` is `3个月或6个月`: the separators are the language's. */
export function formatChoices(items: readonly string[], locale: Locale): string {
  return choiceFormat(locale).format(items)
}

/** `formatMonths(1, 'en')` is `1 month`: CLDR's unit patterns carry each language's plural rules. */
export function formatMonths(months: number, locale: Locale): string {
  return monthsFormat(locale).format(months)
}

/**
 * The formatters a locale's screens use, each built and used once: the first use of one loads its
 * ICU data, 15–30 ms at 4× CPU each, which otherwise lands on the first
 * priced screen's render, between the borrower's tap and the paint. Returned as separate tasks, so
 * whoever runs them in idle time can yield between them.
 */
export function formatterWarmups(locale: Locale): Array<() => void> {
  return [
    () => formatMoney(100, locale),
    () => formatApr(0.1, locale),
    () => formatMonths(6, locale),
    () => formatDate('2025-01-01', locale),
    () => formatDate('2025-01-01T00:00:00Z', locale),
    () => formatChoices(['a', 'b'], locale),
    () => formatList(['a', 'b'], locale),
  ]
}
