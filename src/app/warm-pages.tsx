import { Activity, type ComponentType, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { WarmingContext } from '../ui/after-first-paint'
import { preloadPage, type LazyPageComponent } from '../ui/lazy-page'

/*
 * A page's first render on a phone pays for compiling its code and for its first strings: home →
 * loan demand took about twice as long the first time as the next. So in
 * idle time, once its chunk is here, each page the machine says can come next is rendered once into
 * a root that is never attached to the document, hidden, so that none of its effects runs (no call,
 * no focus, no event to the machine), and the root is dropped. Nothing of it is ever seen.
 */

const warmed = new Set<ComponentType>()

// Rendered after the page, in the same pass: the root is dropped once the whole page has rendered.
function Rendered({ onRendered }: { onRendered: () => void }) {
  onRendered()
  return null
}

export function warmPage(Page: ComponentType, around: (page: ReactNode) => ReactNode): void {
  if (warmed.has(Page)) return
  warmed.add(Page)
  const root = createRoot(document.createElement('div'))
  let dropped = false
  const drop = () => {
    if (dropped) return
    dropped = true
    setTimeout(() => root.unmount(), 0)
  }
  // The page renders outside its own state (the machine is still on the screen before it), so it
  // may fail; React reports nothing from a hidden tree (a test holds it to that), and a page that
  // failed never reaches `Rendered`.
  setTimeout(drop, 5_000)
  root.render(
    around(
      <Activity mode="hidden">
        <WarmingContext value={true}>
          <Page />
        </WarmingContext>
        <Rendered onRendered={drop} />
      </Activity>,
    ),
  )
}

/**
 * Downloads a page's chunk and, once it is here, warms the page when `later` says (idle time). Only
 * a page whose chunk arrived is warmed: warming one whose download failed would render its loading
 * state and mark it warmed, and the page would then not be warmed once a later download succeeds.
 */
export async function preloadAndWarm(
  page: LazyPageComponent<object>,
  around: (page: ReactNode) => ReactNode,
  later: (task: () => void) => void,
): Promise<void> {
  if (await preloadPage(page)) later(() => warmPage(page, around))
}
