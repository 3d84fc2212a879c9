import { existsSync, readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { ViteDevServer } from 'vite'
import { createSandbox } from './app'
import { openDb, type Db } from './db'
import { mountReviewPage } from './review-page'
import type { SandboxApp } from './sandbox-app'
import { staticFiles } from './static-files'

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

/** Serves the API, the sandbox pages and the page itself on one port. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const db = openDb(options.db ?? defaultDbFile)
  let vite: ViteDevServer | undefined
  const servePage = options.page ?? true
  const pageDir = options.distDir ?? distDir

  const app = createSandbox({
    db,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    mountPage: (page) => {
      if (!servePage) return
      mountReviewPage(page, reviewDistDir)
      if (options.dev) {
        // Everything the sandbox does not answer goes to Vite (modules, HMR client, index.html).
        page.all('*', (c) => {
          const { incoming, outgoing } = c.env
          if (!vite) return c.text('Vite is starting, reload in a moment', 503)
          vite.middlewares(incoming, outgoing, () => {
            outgoing.statusCode = 404
            outgoing.end('Not found')
          })
          return RESPONSE_ALREADY_SENT
        })
        return
      }
      page.get('/*', staticFiles(pageDir))
      page.get('*', (c) => {
        const index = join(pageDir, 'index.html')
        if (!existsSync(index)) return c.html(missingBuild, 200)
        return c.html(readFileSync(index, 'utf8'))
      })
    },
  })

  const server = await new Promise<Server>((resolve) => {
    const started = serve(
      { fetch: app.fetch, port: options.port ?? 8787, hostname: options.host ?? '127.0.0.1' },
      () => resolve(started as Server),
    ) as Server
  })

  if (options.dev && servePage) {
    const { createServer } = await import('vite')
    vite = await createServer({
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
