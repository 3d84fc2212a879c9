import { defaultLocale, supportedLocales, type Locale } from '../contract/locales'

export { defaultLocale, intlLocale, supportedLocales, type Locale } from '../contract/locales'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value)
}

const traditionalRegions = new Set(['tw', 'hk', 'mo'])

/**
 * Maps whatever a host or a URL calls a language (`zh_TW`, `zh-Hant-HK`, `EN-us`, `fr-CA`) to one of
 * ours, or undefined when we do not have it. Host apps hand us Android `Locale.toString()` values
 * with underscores as often as BCP 47 tags, so both separators are accepted.
 */
export function normalizeLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined
  const subtags = value.trim().toLowerCase().replace(/_/g, '-').split('-').filter(Boolean)
  const [language, ...rest] = subtags
  if (language === undefined) return undefined
  if (language === 'zh') {
    if (rest.includes('hant')) return 'zh-Hant'
    if (rest.includes('hans')) return 'zh-Hans'
    return rest.some((subtag) => traditionalRegions.has(subtag)) ? 'zh-Hant' : 'zh-Hans'
  }
  if (language === 'en' || language === 'fr' || language === 'es') return language
  return undefined
}

export type LocaleQuery = URLSearchParams | string | Readonly<Record<string, unknown>>

export type ResolveLocaleInput = {
  /** The page's query: a URLSearchParams, a raw `?a=b` string, or already-parsed parameters. */
  query?: LocaleQuery | undefined
  /** `locale` from an accepted bridge payload, if any. */
  bridgeLocale?: unknown
  /** Used when neither the query nor the bridge names a locale we have; zh-Hans when absent too. */
  fallback?: unknown
}

function queryValues(query: LocaleQuery | undefined): unknown[] {
  if (query === undefined) return []
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    const params = typeof query === 'string' ? new URLSearchParams(query) : query
    return [params.get('lang'), params.get('locale')]
  }
  return [query.lang, query.locale]
}

/**
 * The query wins over the bridge because it is what the person who built the link chose. A value
 * we do not have is skipped rather than fatal, so `?lang=de` from a bridge that says `zh-TW` still
 * shows Traditional Chinese.
 */
export function resolveLocale({ query, bridgeLocale, fallback }: ResolveLocaleInput = {}): Locale {
  for (const candidate of [...queryValues(query), bridgeLocale, fallback]) {
    const locale = normalizeLocale(candidate)
    if (locale !== undefined) return locale
  }
  return defaultLocale
}
