import { useSelector } from '@xstate/react'
import { HashRouter } from 'react-router-dom'
import { lazyPage } from '../ui/lazy-page'
import { ToastHost } from '../ui/toast-host'
import { AppHandlesContext, useAppHandles, type AppHandles } from './app-context'
import { RouteProjection } from './route-projection'

// Every page is its own chunk (spec section 2: lazy pages, 200 ms loading delay, 60 s timeout).
const BootPage = lazyPage(() => import('../pages/boot-page'))
const ScreenPage = lazyPage(() => import('../pages/screen-page'))

/** Which page shows is the machine's decision; the URL only mirrors it. */
function CurrentPage() {
  const { actor } = useAppHandles()
  const booting = useSelector(actor, (snapshot) => snapshot.matches('boot'))
  return booting ? <BootPage /> : <ScreenPage />
}

export function App({ handles }: { handles: AppHandles }) {
  return (
    <AppHandlesContext value={handles}>
      <HashRouter>
        <RouteProjection />
        <CurrentPage />
      </HashRouter>
      <ToastHost channel={handles.services.toasts} />
    </AppHandlesContext>
  )
}
