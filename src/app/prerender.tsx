import { renderToStaticMarkup } from 'react-dom/server'
import { TranslationProvider } from '../i18n/translation'
import { createActor } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { createToastChannel } from '../api/toasts'
import { createI18n } from '../i18n/init-i18n'
import { loadLocaleMessages } from '../i18n/locale-messages'
import { defaultLocale } from '../i18n/locale'
import { BootScreen, bootView } from '../pages/boot-page'
import { defaultChannel } from '../session/session'
import { ToastHost } from '../ui/toast-host'

/*
 * The first screen as the build writes it into index.html: the boot screen at the
 * application machine's first state, in the default locale, with what a page opened without a
 * payload knows (no platform or channel code yet: they show as facts to come). It runs in Node at
 * build time; the live page renders the same tree (App: the boot page, then the toast region)
 * over it.
 */

// Loaded while the build imports this module: its module runner is closed by the time it renders.
const messages = await loadLocaleMessages(defaultLocale)

export async function renderFirstScreen(): Promise<string> {
  const i18n = await createI18n(defaultLocale, messages)
  // Created, never started: its snapshot is the machine's first state, with no call made.
  const first = createActor(appMachine, {
    input: { now: () => 0, makeId: () => 'prerender', bridge: { channel: defaultChannel } },
  }).getSnapshot()
  return renderToStaticMarkup(
    <TranslationProvider i18n={i18n}>
      <BootScreen {...bootView(first, null)} />
      <ToastHost channel={createToastChannel()} />
    </TranslationProvider>,
  )
}
