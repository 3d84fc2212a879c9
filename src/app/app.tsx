import { useSelector } from '@xstate/react'
import { use, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { getNextTransitions, type AnyStateNode } from 'xstate'
import { screenForState, type AppSnapshot } from '../../machines/routes'
import type { ScreenName } from '../../machines/screens'
import type { Locale } from '../i18n/locale'
import { TranslationContext } from '../i18n/translation'
import { useUiLocale } from '../i18n/use-ui-locale'
import BootPage from '../pages/boot-page'
import { lazyPage, preloadPage, type LazyPageComponent } from '../ui/lazy-page'
import { ToastHost } from '../ui/toast-host'
import { AppHandlesContext, useAppHandles, type AppHandles } from './app-context'
import { oneEachWhenIdle, whenIdle } from '../ui/idle'
import { preloadAndWarm } from './warm-pages'

// The boot screen is the prerendered first screen: it is in the entry so the first render is that
// screen at once, never a blank wait for a chunk. Every other page is its own chunk, loaded
// lazily with a 200 ms loading delay and a 60 s timeout (docs/product-rules.md#flow-routes).
const RightsSheet = lazyPage(() => import('../pages/rights-sheet'))

/** The page of each screen the machine can show; the URL only mirrors which one. */
export const pages: Record<ScreenName, LazyPageComponent<object>> = {
  home: lazyPage(() => import('../pages/home-page')),
  login: lazyPage(() => import('../pages/login-page')),
  loanDemand: lazyPage(() => import('../pages/loan-demand-page')),
  facialIdentification: lazyPage(() => import('../pages/facial-identification-page')),
  basicInfo: lazyPage(() => import('../pages/basic-info-page')),
  assetInfo: lazyPage(() => import('../pages/asset-info-page')),
  contact: lazyPage(() => import('../pages/contact-page')),
  bankCard: lazyPage(() => import('../pages/bank-card-page')),
  review: lazyPage(() => import('../pages/review-page')),
  result: lazyPage(() => import('../pages/result-page')),
  match: lazyPage(() => import('../pages/match-page')),
  lendConfirm: lazyPage(() => import('../pages/lend-confirm-page')),
  loanPlan: lazyPage(() => import('../pages/loan-plan-page')),
  repayment: lazyPage(() => import('../pages/repayment-page')),
  repayDetail: lazyPage(() => import('../pages/repay-detail-page')),
  paymentConfirm: lazyPage(() => import('../pages/payment-confirm-page')),
  repaymentResult: lazyPage(() => import('../pages/repayment-result-page')),
  repayPlan: lazyPage(() => import('../pages/repay-plan-page')),
  privacy: lazyPage(() => import('../pages/privacy-page')),
  richText: lazyPage(() => import('../pages/rich-text-page')),
  webview: lazyPage(() => import('../pages/webview-page')),
  thirdProtocol: lazyPage(() => import('../pages/third-protocol-page')),
}

/** The screen a state node belongs to: its own `meta.path`/`meta.screen`, else its nearest ancestor's. */
function screenOfNode(node: AnyStateNode | undefined): ScreenName | null {
  for (let current = node; current !== undefined; current = current.parent) {
    const meta = current.meta as { screen?: ScreenName; path?: ScreenName } | undefined
    if (meta?.path) return meta.path
    if (meta?.screen) return meta.screen
  }
  return null
}

/** The state nodes the machine is in once it goes to `node`: the node and its initial descendants. */
function entered(node: AnyStateNode): AnyStateNode[] {
  const nodes = [node]
  for (let current = node; current.type === 'compound'; ) {
    const child = current.initial.target[0]
    if (child === undefined) break
    nodes.push(child)
    current = child
  }
  return nodes
}

/** States that carry the borrower along (a call or a wait under way), rather than wait for them. */
function carriesOn(nodes: AnyStateNode[]): boolean {
  return nodes.some((node) => node.tags.includes('busy') || node.tags.includes('polling'))
}

/**
 * The screens the machine says can come next: the targets of the transitions the current state
 * has, whatever their guards say now (a form being filled will pass its guard soon), and, through a
 * target that only carries the borrower along, where that leads: a form's Next goes first to its
 * own saving state, and the screen after it is where the borrower is going. Route events are left
 * out: they are Back and typed links, which could name any screen.
 */
export function nextScreens(snapshot: AppSnapshot): ScreenName[] {
  const here = screenForState(snapshot)
  const next = new Set<ScreenName>()
  const add = (target: AnyStateNode) => {
    const screen = screenOfNode(target)
    if (screen !== null && screen !== here) next.add(screen)
  }
  for (const transition of getNextTransitions(snapshot)) {
    if (transition.eventType === 'xstate.route') continue
    for (const target of transition.target ?? []) {
      add(target)
      const nodes = entered(target)
      if (!carriesOn(nodes)) continue
      for (const node of nodes) {
        for (const further of [...node.transitions.values()].flat().concat(node.always ?? [])) {
          if (further.eventType !== 'xstate.route') for (const after of further.target ?? []) add(after)
        }
      }
    }
  }
  return [...next].sort()
}

/**
 * The prefetches of the pages the machine says can come next, each page warmed once its chunk is
 * here. To be run one at a time: starting the dozen home can lead to in one idle callback (each
 * dynamic import adds its preload links) was one task of 60–90 ms at 4× CPU.
 */
function prefetchesAfter(snapshot: AppSnapshot, around: (page: ReactNode) => ReactNode): Array<() => void> {
  const prefetches = nextScreens(snapshot).map((name) => () => void preloadAndWarm(pages[name], around, whenIdle))
  if (snapshot.can({ type: 'rights.open' })) prefetches.push(() => void preloadPage(RightsSheet))
  return prefetches
}

const warmedLocales = new Set<Locale>()

/**
 * Builds the locale's formatters in idle time, one per idle callback, once per page load. The
 * formatting module comes with home's chunk, never with the stages that send boot's calls.
 */
function warmFormattersWhenIdle(locale: Locale): void {
  if (warmedLocales.has(locale)) return
  warmedLocales.add(locale)
  whenIdle(() => void import('../contract/format').then(({ formatterWarmups }) => oneEachWhenIdle(formatterWarmups(locale))))
}

/**
 * Which page shows, read in one selector: every selector runs on every snapshot, and a step
 * makes several (the tap, the call starting, its answer), all before the next screen paints.
 */
function selectShown(snapshot: AppSnapshot) {
  return { booting: snapshot.matches('boot'), screen: screenForState(snapshot), rightsOpen: snapshot.matches({ session: 'rights' }) }
}

function sameShown(a: ReturnType<typeof selectShown>, b: ReturnType<typeof selectShown>): boolean {
  return a.booting === b.booting && a.screen === b.screen && a.rightsOpen === b.rightsOpen
}

/** Which page shows is the machine's decision; the URL only mirrors it. */
function CurrentPage() {
  const handles = useAppHandles()
  const { actor } = handles
  const { booting, screen, rightsOpen } = useSelector(actor, selectShown, sameShown)
  const locale = useUiLocale()
  const translation = use(TranslationContext)

  // What can come next is worked out when the main thread is idle, not in a selector: walking the
  // machine's transitions on every snapshot was a good part of the time between a tap and the
  // next screen's paint.
  useEffect(() => {
    const around = (page: ReactNode) => (
      <AppHandlesContext value={handles}>
        <TranslationContext value={translation}>{page}</TranslationContext>
      </AppHandlesContext>
    )
    const prefetchWhenIdle = () => {
      let cancelPrefetches = () => {}
      const cancelWalk = whenIdle(() => {
        cancelPrefetches = oneEachWhenIdle(prefetchesAfter(actor.getSnapshot(), around))
      })
      return () => {
        cancelWalk()
        cancelPrefetches()
      }
    }
    let cancel = prefetchWhenIdle()
    warmFormattersWhenIdle(locale)
    const subscription = actor.subscribe(() => {
      cancel()
      cancel = prefetchWhenIdle()
    })
    return () => {
      subscription.unsubscribe()
      cancel()
    }
  }, [actor, handles, translation, locale])

  if (booting || screen === null) return <BootPage />
  const Page = pages[screen]
  return (
    <>
      <Page key={screen} />
      {rightsOpen && <RightsSheet />}
    </>
  )
}

/*
 * The router only mirrors the machine in the address bar: nothing on the first screen needs it to
 * paint or to work (the address the page was opened at is already the machine's input), so it
 * comes in a chunk of its own once the first screen is up, off the first load. A
 * failed download is tried again, with growing pauses; the page works without it meanwhile.
 */
export function AddressBar({ load: loadMirror = () => import('./address-mirror') }: { load?: () => Promise<{ default: ComponentType }> }) {
  const [Mirror, setMirror] = useState<ComponentType | null>(null)
  useEffect(() => {
    let active = true
    let retry: ReturnType<typeof setTimeout> | undefined
    const load = (attempt: number) => {
      loadMirror().then(
        (module) => {
          if (active) setMirror(() => module.default)
        },
        () => {
          if (active) retry = setTimeout(() => load(attempt + 1), Math.min(30_000, 1_000 * 2 ** attempt))
        },
      )
    }
    load(0)
    return () => {
      active = false
      clearTimeout(retry)
    }
    // Loaded once per page: a new loader (a test's) is not a reason to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return Mirror === null ? null : <Mirror />
}

export function App({ handles }: { handles: AppHandles }) {
  return (
    <AppHandlesContext value={handles}>
      <AddressBar />
      <CurrentPage />
      <ToastHost channel={handles.services.toasts} />
    </AppHandlesContext>
  )
}
