/*
 * The five locales of docs/product-rules.md#locales, which the page shows and the sandbox answers in.
 * The order is the order a language picker would show.
 */
export const supportedLocales = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const
export type Locale = (typeof supportedLocales)[number]

export const defaultLocale: Locale = 'zh-Hans'

/*
 * Intl wants a region to pick conventions (currency symbol, digit grouping, date order), which
 * our script-only codes do not carry. Traditional Chinese follows Taiwan usage, as the copy does.
 */
const intlTags: Record<Locale, string> = {
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  en: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
}

export function intlLocale(locale: Locale): string {
  return intlTags[locale]
}
