import { useEffect, useState, type ComponentType, type ReactElement } from 'react'
import { useTranslation } from '../i18n/translation'

/** docs/product-rules.md#flow-routes: pages load lazily, with a loading delay of 200 ms and a timeout of 60 s. */
export const pageLoadDelayMs = 200
export const pageLoadTimeoutMs = 60_000

export type PageModule<P> = { default: ComponentType<P> }
export type PageLoader<P> = () => Promise<PageModule<P>>

export type LazyPageOptions = {
  /** How long nothing is shown, so a fast load never flashes a spinner. */
  delayMs?: number
  /** How long the borrower waits before being offered a retry. */
  timeoutMs?: number
}

export type LazyPageComponent<P extends object> = ComponentType<P> & {
  /** Starts the chunk download, or joins the one under way; whether the chunk is here. Never rejects. */
  preload: () => Promise<boolean>
}

type Phase = 'waiting' | 'slow' | 'failed'

/*
 * One per lazyPage() call, shared by every mount and by preloading, so the chunk is fetched once
 * and a page seen before renders at once. Unlike React.lazy, a failure is not remembered: the
 * next attempt calls the loader again, which is what makes Retry work.
 */
function createChunk<P>(loader: PageLoader<P>) {
  let component: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined

  return {
    loaded: () => component,
    load(): Promise<ComponentType<P>> {
      if (component !== undefined) return Promise.resolve(component)
      if (pending === undefined) {
        const attempt = loader().then((module) => {
          if (module.default === undefined || module.default === null) {
            throw new TypeError('page module has no default export')
          }
          component = module.default
          return component
        })
        pending = attempt
        attempt.catch(() => {
          if (pending === attempt) pending = undefined
        })
      }
      return pending
    },
    /** Abandons a download that timed out; if it still arrives, it is used. */
    forget() {
      pending = undefined
    },
  }
}

function PageLoadStatus({ phase, onRetry }: { phase: Phase; onRetry: () => void }): ReactElement | null {
  const { t } = useTranslation()
  if (phase === 'waiting') return null
  if (phase === 'slow') {
    return (
      <div className="lazy-page lazy-page--loading" role="status">
        {t('common.loading')}
      </div>
    )
  }
  return (
    <div className="lazy-page lazy-page--failed" role="alert">
      <p>{t('errors.pageLoadFailed')}</p>
      <button type="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  )
}

/**
 * A component that downloads its page's chunk when first rendered: blank for `delayMs`, then a
 * loading status, then the page; after `timeoutMs` or a failed download, an error with Retry.
 */
export function lazyPage<P extends object>(
  loader: PageLoader<P>,
  { delayMs = pageLoadDelayMs, timeoutMs = pageLoadTimeoutMs }: LazyPageOptions = {},
): LazyPageComponent<P> {
  const chunk = createChunk(loader)

  function LazyPage(props: P): ReactElement | null {
    const [Page, setPage] = useState<ComponentType<P> | undefined>(() => chunk.loaded())
    const [phase, setPhase] = useState<Phase>('waiting')
    const [attempt, setAttempt] = useState(0)

    useEffect(() => {
      if (Page !== undefined) return
      let active = true
      const slow = setTimeout(() => setPhase((current) => (current === 'waiting' ? 'slow' : current)), delayMs)
      const expired = setTimeout(() => setPhase('failed'), timeoutMs)
      chunk.load().then(
        (component) => {
          // Also after a timeout: a page that finally arrives beats an error message.
          if (active) setPage(() => component)
        },
        () => {
          if (active) setPhase('failed')
        },
      )
      return () => {
        active = false
        clearTimeout(slow)
        clearTimeout(expired)
      }
    }, [Page, attempt])

    if (Page !== undefined) return <Page {...props} />
    return (
      <PageLoadStatus
        phase={phase}
        onRetry={() => {
          chunk.forget()
          setPhase('waiting')
          setAttempt((count) => count + 1)
        }}
      />
    )
  }

  return Object.assign(LazyPage, {
    preload: () =>
      chunk.load().then(
        () => true,
        // A failed prefetch costs nothing: the page tries again when it is shown.
        () => false,
      ),
  })
}

/**
 * Prefetches a page's chunk, e.g. for the screens the machine says can come next; resolves to whether
 * it arrived. Never rejects. Takes any page whatever its props, so a router can keep its pages in one table.
 */
export function preloadPage(page: Pick<LazyPageComponent<object>, 'preload'>): Promise<boolean> {
  return page.preload()
}
