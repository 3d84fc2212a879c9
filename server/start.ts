import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ViteDevServer } from 'vite'
import { createSandbox } from './app'
import { openDb, type Db } from './db'
import { mountReviewPage } from './review-page'
import type { SandboxApp } from './sandbox-app'
import { pageFiles } from './static-files'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
export const distDir = join(repoRoot, 'dist')
export const reviewDistDir = join(repoRoot, 'dist-review')
export const defaultDbFile = join(repoRoot, 'data', 'sandbox.db')

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** A file path or `:memory:`. */
  db?: string
  /** Vite's dev server (middleware mode, HMR) instead of the built `dist/`. */
  dev?: boolean
  /** Serve the page at all (tests of the API alone skip it). */
  page?: boolean
  /** The built page; `dist/` of the repository unless a test points elsewhere. */
  distDir?: string
  now?: () => number
  logger?: Pick<Console, 'error' | 'warn'>
}

export interface RunningSandbox {
  url: string
  app: SandboxApp
  db: Db
  close: () => Promise<void>
}

const missingBuild = `<!doctype html><meta charset="utf-8"><title>花钱 sandbox</title>
<p>The page is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds first),
or <code>npm run dev</code> for the Vite dev server. The API, <a href="/host/">host simulator</a> and
<a href="/docs/">API docs</a> work meanwhile.</p>`

/** What Vite's dev server answers: the page's HTML and the modules it imports. */
function isPageRequest(url: string): boolean {
  const pathname = new URL(url, 'http://dev').pathname
  return pathname === '/' || pathname === '/index.html' || ['/@', '/__', '/src/', '/machines/', '/locales/', '/node_modules/'].some((prefix) => pathname.startsWith(prefix))
}

/** Serves the API, the sandbox pages and the page itself on one port. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const db = openDb(options.db ?? defaultDbFile)
  const servePage = options.page ?? true
  const pageDir = options.distDir ?? distDir

  const app = createSandbox({
    db,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    mountPage: (page) => {
      if (!servePage) return
      mountReviewPage(page, reviewDistDir)
      if (options.dev) return
      const built = pageFiles(pageDir)
      page.get('/*', built.files)
      page.get('*', (c) => built.html(c, () => c.html(missingBuild, 200)))
    },
  })

  const answer = getRequestListener(app.fetch)
  // In dev, Vite answers the page and its modules before Hono sees them: handing Vite the response
  // from inside a Hono handler (RESPONSE_ALREADY_SENT) made @hono/node-server write a second, empty
  // answer once a middleware had touched the headers.
  let vite: ViteDevServer | undefined
  const server: Server = createServer((incoming, outgoing) => {
    if (vite && isPageRequest(incoming.url ?? '/')) {
      vite.middlewares(incoming, outgoing, () => void answer(incoming, outgoing))
      return
    }
    void answer(incoming, outgoing)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', resolve)
  })

  if (options.dev && servePage) {
    const { createServer: createViteServer } = await import('vite')
    vite = await createViteServer({
      root: repoRoot,
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server } },
    })
  }

  const address = server.address() as AddressInfo
  const host = address.address.includes(':') ? `[${address.address}]` : address.address
  return {
    url: `http://${host}:${address.port}`,
    app,
    db,
    close: async () => {
      await vite?.close()
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
      db.close()
    },
  }
}
