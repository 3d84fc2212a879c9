import './ui/base.css'
import { defaultTimeoutMs } from './api/request-shape'
import { sendBootCalls } from './app/boot-calls'
import { readConfig } from './app/config'
import { whenIdle } from './ui/idle'
import { pageStartedEvent } from './app/load-signal'
import { pageSession } from './app/page-session'

/*
 * The entry. The first screen is already on screen, prerendered in the HTML (src/build/
 * first-screen.ts), so nothing here is needed to paint it: the code behind it is evaluated in
 * stages, each module graph and the first render in tasks of their own, so none of them is one
 * long task that a tap would wait behind. The build announces every stage's chunks at once, so
 * they download in parallel.
 */

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

async function main() {
  const root = document.getElementById('root')
  if (root === null) throw new Error('index.html has no #root')
  // The build inlines the head script, the load watchdog with it; the dev server serves index.html as it is.
  if (import.meta.env.DEV) await import('./app/load-watchdog')
  // Boot's calls go first: with a token in hand they need nothing that is still on the wire.
  const { session, payload } = pageSession(window)
  const boot = sendBootCalls(window, readConfig(document.baseURI), session.getSnapshot(), payload, defaultTimeoutMs)
  // A renderer's first Intl formatter starts ICU, about 80 ms at 4× CPU; every one after it takes well
  // under a millisecond. Left to home's first money figure, that start falls inside React's first
  // render, after the last stage has arrived. Here it runs in the wait for the stages, and only when
  // nothing else is waiting: on a fast link a plain timeout would run it ahead of the stages' own work.
  whenIdle(() => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'CNY' }))
  // The machine's definition and the edge that runs it (request layer, contract, asking for the
  // strings) are one file: as two, each would hold one of the six connections a boot call waits for.
  const { startMachine } = await import('./app/start-machine')
  await nextTask()
  const { actor, services, locale, messages } = await startMachine(window, { session, boot })
  await nextTask()
  const { renderApp, createI18n } = await import('./app/render-app')
  const ready = await createI18n(locale, await messages)
  await nextTask()
  renderApp(root, ready, { actor, services }, () => {
    // The prerender's words, hidden if they were in another locale, show again with the page's own.
    delete document.documentElement.dataset.prerender
    // The head script's watchdog stands down and tells the host `ready`.
    document.dispatchEvent(new Event(pageStartedEvent))
  })
}

void main()
