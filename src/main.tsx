import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { startAppActor } from './app/app-actor'
import { App } from './app/app'
import { readConfig } from './app/config'
import { createServices } from './app/services'
import { initI18n } from './i18n/init-i18n'
import { pageLocale } from './i18n/page-locale'
import './ui/base.css'

async function main() {
  const config = readConfig(document.baseURI)
  const services = createServices(window, config)
  // After a reload the token is no longer in the URL (issue #14.2): the host is asked for it first.
  await services.bridge.payloadSettled()
  // The locale comes from the page query (before or after the hash route), else the host's payload.
  const locale = pageLocale(window, services.session.getSnapshot().locale)
  // Calls carry the language in Accept-Language: set it before boot's first call leaves.
  document.documentElement.lang = locale
  // The strings and the boot calls do not depend on each other: both start now. (The build starts
  // this module only after the static shell was presented: server/build/first-screen.ts.)
  const i18n = initI18n(locale)
  const actor = startAppActor(window, services)
  const root = document.getElementById('root')
  if (root === null) throw new Error('index.html has no #root')
  const ready = await i18n
  // A task of its own for the first render: evaluating the entry is already one long task, and a
  // render inside it would make it longer still for the borrower's first tap.
  await new Promise((resolve) => setTimeout(resolve, 0))
  // The prerendered boot screen is replaced by the same DOM in one synchronous commit, so no frame
  // shows it half gone; its words, hidden if they were in another locale, show again only now.
  flushSync(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={ready}>
          <App handles={{ actor, services }} />
        </I18nextProvider>
      </StrictMode>,
    ),
  )
  delete document.documentElement.dataset.prerender
}

void main()
