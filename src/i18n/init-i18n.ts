import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, intlLocale, type Locale } from './locale'
import { loadLocaleMessages, type Messages } from './locale-messages'

/**
 * Loads the locale's messages, then returns a ready i18next instance that react-i18next's hooks
 * use. It is a fresh instance per call, so tests and a locale switch never share state.
 */
export async function initI18n(locale: Locale = defaultLocale): Promise<I18n> {
  return createI18n(locale, await loadLocaleMessages(locale))
}

/** The instance for messages already loaded (the build's prerender loads them before it renders). */
export async function createI18n(locale: Locale, translation: Messages): Promise<I18n> {
  const instance = createInstance()
  await instance.use(initReactI18next).init({
    lng: locale,
    // Every locale holds every key (a test checks), and a fallback would mean loading a second file.
    fallbackLng: false,
    resources: { [locale]: { translation } },
    // React escapes what it renders; escaping here too would show `&amp;` to the borrower.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale
    document.documentElement.dataset.intlLocale = intlLocale(locale)
  }
  return instance
}
