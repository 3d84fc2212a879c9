import type messages from '../../locales/zh-Hans.json'
import type { Locale } from './locale'

export type Messages = typeof messages

/**
 * A template import, so Vite emits one chunk per locale file and the page downloads only the one
 * it shows; a static import would put all five in the entry chunk. Kept apart from i18next, so
 * the strings can be asked for before the library that reads them has arrived.
 */
export async function loadLocaleMessages(locale: Locale): Promise<Messages> {
  const module: { default: Messages } = await import(`../../locales/${locale}.json`)
  return module.default
}
