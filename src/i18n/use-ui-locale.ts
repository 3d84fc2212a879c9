import { useTranslation } from './translation'
import { defaultLocale, isLocale, type Locale } from './locale'

/** The active locale as one of ours (i18next reports a plain string). */
export function useUiLocale(): Locale {
  const { i18n } = useTranslation()
  return isLocale(i18n.language) ? i18n.language : defaultLocale
}
