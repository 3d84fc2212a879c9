import { startAppActor, type AppActor } from './app-actor'
import { readConfig } from './config'
import { createServices, type Services, type StartedSession } from './services'
import type { Locale } from '../i18n/locale'
import { loadLocaleMessages, type Messages } from '../i18n/locale-messages'
import { pageLocale } from '../i18n/page-locale'

export interface StartedApp {
  actor: AppActor
  services: Services
  locale: Locale
  /**
   * The borrower's strings; boot's calls are already under way while they load. i18next, which
   * reads them, comes with the React side: here it would delay the stage that sends boot's calls.
   */
  messages: Promise<Messages>
}

/**
 * The framework-free half of the start: the services, the locale, and the running machine. The
 * entry may have started the session and sent boot's calls already (`started`).
 */
export async function startMachine(win: Window, started: StartedSession = {}): Promise<StartedApp> {
  const config = readConfig(win.document.baseURI)
  const services = createServices(win, config, started)
  services.bridge.onLogout(() => void import('./host-logout').then(({ reloadLoggedOut }) => reloadLoggedOut(win)))
  // After a reload the token is no longer in the URL: the host is asked for it first.
  await services.bridge.payloadSettled()
  // The locale comes from the page query (before or after the hash route), else the host's payload.
  const locale = pageLocale(win, services.session.getSnapshot().locale)
  // Calls carry the language in Accept-Language: set it before boot's first call leaves.
  win.document.documentElement.lang = locale
  // The strings and the boot calls do not depend on each other: both start now.
  const messages = loadLocaleMessages(locale)
  const actor = startAppActor(win, services)
  // Boot's early answers are boot's alone: a later call of the same kind asks afresh.
  if (!actor.getSnapshot().matches('boot')) services.endBootCalls()
  else {
    const watch = actor.subscribe((snapshot) => {
      if (snapshot.matches('boot')) return
      services.endBootCalls()
      watch.unsubscribe()
    })
  }
  return { actor, services, locale, messages }
}
