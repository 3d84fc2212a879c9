import { normaliseOrigins } from '../bridge/base-url-policy'
import { deliverCommand, frameHostOrigins, type BridgeCommand, type LoadFailure } from '../bridge/bridge'
import { defaultLocale, type Locale } from '../i18n/locale'
import { localeBeforeIntake, pageLocale } from '../i18n/page-locale'
import { loadFailed as en } from '../../locales/en.json'
import { loadFailed as es } from '../../locales/es.json'
import { loadFailed as fr } from '../../locales/fr.json'
import { loadFailed as zhHans } from '../../locales/zh-Hans.json'
import { loadFailed as zhHant } from '../../locales/zh-Hant.json'
import { pageStartedEvent } from './load-signal'
import { originList } from './origin-list'

/*
 * Part of the inline head script, so it runs before any other script and on every engine of the matrix: the
 * prerendered splash never stays on screen with nothing to do. When a script of the page fails to load or run
 * before the page has started, or the page has not started within the bound while it is visible, the borrower
 * sees what happened and a Reload button in their language, and the host hears `loadFailed` over the bridge.
 * When the entry puts the live page on screen, the host hears `ready` from here, once, and a message shown
 * goes away.
 */

/** How long a visible page may take to start before the borrower is told; a slow network may still finish after. */
export const loadBoundMs = 8000

const words: Record<Locale, typeof zhHans> = { 'zh-Hans': zhHans, 'zh-Hant': zhHant, en, fr, es }
/**
 * Read at install, before the entry's intake takes the payload out of the URL. The host may not have sent its
 * payload yet: then the WebView's language is the best guess at the borrower's.
 */
function borrowerLocale(): Locale {
  try {
    return localeBeforeIntake(window) ?? pageLocale(window, navigator.language)
  } catch {
    // The reading itself failed on this engine: the message still shows, in the default language.
    return defaultLocale
  }
}

let started = false
let notice: HTMLElement | null = null
const told = new Set<LoadFailure>()

function show(): void {
  if (notice !== null) return
  const text = words[locale]
  notice = document.createElement('div')
  notice.className = 'load-failed'
  notice.setAttribute('role', 'alert')
  notice.lang = locale
  notice.dataset.testid = 'load-failed'
  const card = document.createElement('section')
  card.className = 'card'
  const title = document.createElement('h2')
  title.textContent = text.title
  const body = document.createElement('p')
  body.textContent = text.body
  const reload = document.createElement('button')
  reload.type = 'button'
  reload.className = 'button'
  reload.textContent = text.reload
  reload.addEventListener('click', () => location.reload())
  card.append(title, body, reload)
  notice.append(card)
  document.body.append(notice)
}

function fail(reason: LoadFailure): void {
  if (started) return
  if (document.body) show()
  else document.addEventListener('DOMContentLoaded', show)
  if (told.has(reason)) return
  told.add(reason)
  tellHost({ command: 'loadFailed', reason })
}

function tellHost(command: BridgeCommand): void {
  const trusted = normaliseOrigins([location.origin, ...originList(import.meta.env.VITE_HOST_ORIGINS)])
  deliverCommand(window, command, frameHostOrigins(window, trusted))
}

/** A script of the page's own: served beside the page (the build's assets, the inline scripts). */
function ownScript(url: string): boolean {
  return url !== '' && url.indexOf(new URL('./', document.baseURI).href) === 0
}

function onError(event: Event): void {
  // A script element that failed to load fires a plain `error` at the element: seen here in the capture phase.
  if (event.target instanceof HTMLScriptElement) fail('error')
  else if (event instanceof ErrorEvent && ownScript(event.filename)) fail('error')
}

// Before the page starts nothing of its own handles a rejection: an unhandled one is its start failing
// (an `import()` of a chunk that did not load or parse, the entry throwing).
function onRejection(): void {
  fail('error')
}

let timer = 0
function arm(): void {
  timer = window.setTimeout(() => {
    // A WebView kept hidden (preloaded, or the app in the background) may be throttled: counted while seen.
    if (document.visibilityState === 'hidden') document.addEventListener('visibilitychange', rearm)
    else fail('timeout')
  }, loadBoundMs)
}
function rearm(): void {
  if (document.visibilityState === 'hidden') return
  document.removeEventListener('visibilitychange', rearm)
  arm()
}

window.addEventListener('error', onError, true)
window.addEventListener('unhandledrejection', onRejection)
document.addEventListener(pageStartedEvent, () => {
  // Development's strict mode commits the first screen twice; the host hears `ready` once.
  if (started) return
  started = true
  tellHost({ command: 'ready' })
  clearTimeout(timer)
  document.removeEventListener('visibilitychange', rearm)
  window.removeEventListener('error', onError, true)
  window.removeEventListener('unhandledrejection', onRejection)
  if (notice !== null) notice.remove()
})
arm()
const locale = borrowerLocale()
