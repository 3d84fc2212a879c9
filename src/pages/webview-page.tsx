import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslation } from '../i18n/translation'
import { useAppHandles } from '../app/app-context'
import { useAfterFirstPaint } from '../ui/after-first-paint'
import { ActionButton, ScreenFrame, Section, useApp, useSend } from './screen-kit'

/** The part of the Navigation API used here; TypeScript's DOM library does not declare it yet. */
interface FrameNavigation {
  addEventListener(
    type: 'navigate',
    listener: (event: { destination: { url: string }; cancelable: boolean; preventDefault(): void }) => void,
  ): void
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url, window.location.href).origin
  } catch {
    return null
  }
}

/**
 * The framed page, once the screen's first frame is painted: creating a frame is the largest part of
 * showing this screen, and its page loads over the network long after. A box of the frame's size
 * holds its place meanwhile, so the button below stays where it is; a component of its own, so the
 * render that adds it is the frame's alone.
 */
function VendorFrame({ frame, title, url, onLoad }: { frame: RefObject<HTMLIFrameElement | null>; title: string; url: string; onLoad: () => void }) {
  if (!useAfterFirstPaint()) return <div className="webview-frame" />
  return <iframe ref={frame} className="webview-frame" title={title} src={url} onLoad={onLoad} />
}

/**
 * An external page: the liveness vendor's `verify_url`, or a product page handed by the opener.
 * It is framed only when its origin is the page's own, the API's, or a configured API origin;
 * anything else is handed to the host (`openUrl`), which opens it outside this WebView.
 */
export default function WebviewPage() {
  const { t } = useTranslation()
  const send = useSend()
  const { services } = useAppHandles()
  const liveness = useApp((snapshot) =>
    snapshot.matches({ session: { screens: { facialIdentification: 'verifying' } } }),
  )
  const url = useApp((snapshot) =>
    snapshot.matches({ session: { screens: { facialIdentification: 'verifying' } } })
      ? (snapshot.context.biometric?.verify_url ?? null)
      : (snapshot.context.overlay?.query.url ?? null),
  )
  const title = useApp((snapshot) => snapshot.context.overlay?.query.title ?? null)
  const apiBase = useApp((snapshot) => snapshot.context.baseUrl)
  const [openedOutside, setOpenedOutside] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  const returned = useRef(false)

  const target = originOf(url)
  const framable =
    target !== null &&
    (target === window.location.origin ||
      target === originOf(apiBase) ||
      services.config.apiOrigins.some((origin) => originOf(origin) === target))

  const finishLiveness = useCallback(() => {
    if (returned.current) return
    returned.current = true
    send({ type: 'liveness.returned' })
  }, [send])

  // The vendor sends the borrower to the return URL inside the frame. Leaving the vendor's page is
  // the signal that the check is over; the result itself is always read from the API.
  const watchFrame = useCallback(() => {
    if (!liveness || url === null) return
    const win = frame.current?.contentWindow
    if (!win) return
    try {
      const vendor = new URL(url, window.location.href)
      const leavesVendor = (address: string) => {
        const there = new URL(address, vendor)
        return there.origin !== vendor.origin || there.pathname !== vendor.pathname
      }
      if (leavesVendor(win.location.href)) {
        finishLiveness()
        return
      }
      // Where the Navigation API exists, the leaving is seen as it starts: the result is asked at
      // once, and the return URL (this page) is not loaded inside its own frame, which took a round
      // trip and the page's HTML before `pagehide` (about half of Pass → basic info at 4× CPU).
      const navigation = (win as Window & { navigation?: FrameNavigation }).navigation
      navigation?.addEventListener('navigate', (event) => {
        if (!leavesVendor(event.destination.url)) return
        if (event.cancelable) event.preventDefault()
        finishLiveness()
      })
      win.addEventListener('pagehide', finishLiveness, { once: true })
    } catch {
      // A cross-origin frame cannot be watched; the borrower's "Done" button remains.
    }
  }, [liveness, url, finishLiveness])

  useEffect(() => {
    returned.current = false
  }, [url])

  return (
    <ScreenFrame page="webview" title={liveness ? t('screens.face.title') : (title ?? undefined)}>
      {url === null ? (
        <Section>
          <p className="muted">{t('screens.common.none')}</p>
        </Section>
      ) : framable ? (
        <VendorFrame frame={frame} title={title ?? t('routes.webview')} url={url} onLoad={watchFrame} />
      ) : (
        <Section>
          <p>{t('screens.webview.external')}</p>
          <button
            type="button"
            className="button button--block"
            onClick={() => {
              services.bridge.send({ command: 'openUrl', url })
              setOpenedOutside(true)
            }}
          >
            {t('screens.webview.open')}
          </button>
          {openedOutside && <p className="muted">{t('screens.webview.opened')}</p>}
        </Section>
      )}
      <Section>
        {liveness ? (
          <ActionButton event={{ type: 'liveness.returned' }} label={t('screens.webview.done')} variant="secondary" />
        ) : (
          <ActionButton event={{ type: 'overlay.close' }} label={t('common.close')} variant="secondary" />
        )}
      </Section>
    </ScreenFrame>
  )
}
