import { startAppActor, type AppActor } from './app-actor'
import { readConfig } from './config'
import { createServices, type Services } from './services'
import { initI18n } from '../i18n/init-i18n'
import { pageLocale } from '../i18n/page-locale'
import type { i18n as I18n } from 'i18next'

export interface StartedApp {
  actor: AppActor
  services: Services
  /** The borrower's strings; boot's calls are already under way while they load. */
  i18n: Promise<I18n>
}

/** The framework-free half of the start: the services, the locale, and the running machine. */
export async function startMachine(win: Window): Promise<StartedApp> {
  const config = readConfig(win.document.baseURI)
  const services = createServices(win, config)
  services.bridge.onLogout(() => void import('./host-logout').then(({ reloadLoggedOut }) => reloadLoggedOut(win)))
  // After a reload the token is no longer in the URL: the host is asked for it first.
  await services.bridge.payloadSettled()
  // The locale comes from the page query (before or after the hash route), else the host's payload.
  const locale = pageLocale(win, services.session.getSnapshot().locale)
  // Calls carry the language in Accept-Language: set it before boot's first call leaves.
  win.document.documentElement.lang = locale
  // The strings and the boot calls do not depend on each other: both start now.
  const i18n = initI18n(locale)
  return { actor: startAppActor(win, services), services, i18n }
}
