import { asksHostForPayload, readInitialPayload, type BridgeWindow } from '../bridge/host'
import { urlParameters } from '../bridge/payload'
import { resolveLocale, type Locale } from './locale'

/** The page's locale: the URL's `lang` (query or the hash route's query), else the host's payload's. */
export function pageLocale(win: BridgeWindow, bridgeLocale: unknown): Locale {
  return resolveLocale({ query: urlParameters(win.location.search, win.location.hash), bridgeLocale })
}

/**
 * The locale the page will show, as far as it is known before any module has run: from the URL
 * and a payload the host put in the URL or the window. Null when the page will have to ask its
 * host first (the answer may name another locale).
 */
export function localeBeforeIntake(win: BridgeWindow): Locale | null {
  const initial = readInitialPayload(win)
  if (asksHostForPayload(win, initial)) return null
  return pageLocale(win, initial?.payload.locale)
}
