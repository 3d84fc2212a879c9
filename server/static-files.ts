import { existsSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'

/**
 * Files under `root` at URL `prefix`. Built on first use, and skipped while `root` does not exist
 * (the page before `npm run build`), so a missing folder neither fails nor warns at start.
 */
export function staticFiles(root: string, prefix = ''): MiddlewareHandler {
  let handler: MiddlewareHandler | undefined
  return async (c, next) => {
    if (!existsSync(root)) return next()
    handler ??= serveStatic({ root, rewriteRequestPath: (path) => path.slice(prefix.length) })
    return handler(c, next)
  }
}

/** One file, whatever the request path; skipped while it does not exist. */
export function staticFile(path: string): MiddlewareHandler {
  let handler: MiddlewareHandler | undefined
  return async (c, next) => {
    if (!existsSync(path)) return next()
    handler ??= serveStatic({ path })
    return handler(c, next)
  }
}
