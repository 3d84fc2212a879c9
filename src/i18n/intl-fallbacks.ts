/*
 * Written in the syntax the oldest engines parse (no class fields, optional chaining or bare catch): the polyfills
 * file is bundled without lowering, and tests/repo/es-level.test.ts parses it as ES2018.
 *
 * Part of the legacy build's polyfills (vite.config.ts), so only engines older than the modern build load it: the
 * Intl features src/contract/format.ts uses that the matrix's oldest engines lack (docs/decisions/029-the-engine-matrix.md),
 * degraded to plainer text instead of a TypeError or a RangeError thrown while a screen renders. Lists are joined
 * with the language's comma, a term in months reads in CLDR's words, a medium date names its month.
 */

type Tag = string | string[] | undefined
const chinese = (tag: Tag) => String(tag).startsWith('zh')

if (typeof Intl.ListFormat !== 'function') {
  const PlainList = function (tag?: Tag) {
    const separator = chinese(tag) ? '、' : ', '
    return { format: (items: Iterable<string>) => Array.from(items).join(separator) }
  }
  Object.defineProperty(Intl, 'ListFormat', { value: PlainList, writable: true, configurable: true })
}

/** CLDR's long month unit in our languages. */
function monthsIn(tag: Tag, months: number): string {
  const language = String(tag)
  if (chinese(tag)) return /TW|HK|MO|Hant/.test(language) ? ' 個月' : '个月'
  if (language.startsWith('fr')) return ' mois'
  if (language.startsWith('es')) return months === 1 ? ' mes' : ' meses'
  return months === 1 ? ' month' : ' months'
}

/** The engine refuses these options with a RangeError (an old one does, for a style it does not know). */
function refused(options: Intl.NumberFormatOptions): boolean {
  try {
    new Intl.NumberFormat('en', options)
    return false
  } catch (error) {
    return error instanceof RangeError
  }
}

const NativeNumberFormat = Intl.NumberFormat
if (refused({ style: 'unit', unit: 'month' })) {
  const NumberFormat = function (tag?: Tag, options?: Intl.NumberFormatOptions) {
    if (options === undefined || options.style !== 'unit') return new NativeNumberFormat(tag, options)
    const number = new NativeNumberFormat(tag)
    return { format: (months: number) => `${number.format(months)}${monthsIn(tag, months)}` }
  } as unknown as typeof Intl.NumberFormat
  Object.assign(NumberFormat, { prototype: NativeNumberFormat.prototype, supportedLocalesOf: NativeNumberFormat.supportedLocalesOf })
  Object.defineProperty(Intl, 'NumberFormat', { value: NumberFormat, writable: true, configurable: true })
}

const NativeDateTimeFormat = Intl.DateTimeFormat
if (!('dateStyle' in new NativeDateTimeFormat('en', { dateStyle: 'medium' }).resolvedOptions())) {
  const DateTimeFormat = function (tag?: Tag, options?: Intl.DateTimeFormatOptions) {
    if (options === undefined || options.dateStyle !== 'medium') return new NativeDateTimeFormat(tag, options)
    const { dateStyle: _named, ...rest } = options
    return new NativeDateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', ...rest })
  } as unknown as typeof Intl.DateTimeFormat
  Object.assign(DateTimeFormat, { prototype: NativeDateTimeFormat.prototype, supportedLocalesOf: NativeDateTimeFormat.supportedLocalesOf })
  Object.defineProperty(Intl, 'DateTimeFormat', { value: DateTimeFormat, writable: true, configurable: true })
}

export {}
