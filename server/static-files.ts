import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler } from 'hono'

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

/*
 * The built page, served the way production should serve it (issue #11):
 * - the build's brotli and gzip copies (`x.js.br`, `x.js.gz`), chosen by Accept-Encoding, with
 *   `Vary: Accept-Encoding` on everything that has them, so no cache hands brotli to a client
 *   that did not ask for it;
 * - `assets/` file names carry a content hash: cached for a year and never revalidated;
 * - the HTML (and any file without a hash) is `no-cache` with an ETag, answered 304 when unchanged,
 *   so a new release is picked up on the next load;
 * - sourcemaps are never served, even if a build left some behind.
 */

export const immutableCache = 'public, max-age=31536000, immutable'
export const revalidateCache = 'no-cache'

const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const

/** The encodings the client accepts (q=0 refuses one), as Hono's serve-static does not weigh q. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name)
  }
  return accepted
}

interface Variant {
  body: Buffer
  encoding: string | null
}

interface HtmlFile {
  mtimeMs: number
  etag: string
  variants: Variant[]
}

/** index.html with its compressed copies, read again only when the build changes it. */
function htmlLoader(file: string) {
  let cached: HtmlFile | undefined
  return (): HtmlFile | null => {
    if (!existsSync(file)) return null
    const { mtimeMs } = statSync(file)
    if (cached?.mtimeMs === mtimeMs) return cached
    const body = readFileSync(file)
    const variants: Variant[] = encodings
      .filter(([, suffix]) => existsSync(file + suffix))
      .map(([encoding, suffix]) => ({ encoding, body: readFileSync(file + suffix) }))
    variants.push({ encoding: null, body })
    cached = { mtimeMs, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`, variants }
    return cached
  }
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

function sendHtml(c: Context, html: HtmlFile): Response {
  c.header('Cache-Control', revalidateCache)
  c.header('ETag', html.etag)
  c.header('Vary', 'Accept-Encoding')
  if (etagMatches(c.req.header('If-None-Match'), html.etag)) return c.body(null, 304)
  const accepted = acceptedEncodings(c.req.header('Accept-Encoding'))
  const variant = html.variants.find((candidate) => candidate.encoding === null || accepted.has(candidate.encoding))!
  c.header('Content-Type', 'text/html; charset=UTF-8')
  if (variant.encoding) c.header('Content-Encoding', variant.encoding)
  c.header('Content-Length', String(variant.body.byteLength))
  if (c.req.method === 'HEAD') return c.body(null, 200)
  return c.body(new Uint8Array(variant.body), 200)
}

export interface PageFiles {
  /** Hashed assets and other build files; `/` and unknown paths fall through to `html`. */
  files: MiddlewareHandler
  /** The page's HTML for any route (the app routes by hash, and a stray path still gets the page). */
  html: (c: Context, fallback: () => Response) => Response
}

/** `prefix`: the URL the folder is served at (the reviewer page's `/review`), the site's root if empty. */
export function pageFiles(root: string, prefix = ''): PageFiles {
  const loadHtml = htmlLoader(join(root, 'index.html'))
  let handler: MiddlewareHandler | undefined
  const files: MiddlewareHandler = async (c, next) => {
    const path = c.req.path.slice(prefix.length)
    if (path.endsWith('.map')) return c.notFound()
    if (path === '/' || path === '/index.html' || !existsSync(root)) return next()
    handler ??= serveStatic({ root, precompressed: true, ...(prefix ? { rewriteRequestPath: (p: string) => p.slice(prefix.length) } : {}) })
    const response = await handler(c, next)
    if (!(response instanceof Response)) return response
    response.headers.set('Cache-Control', path.startsWith('/assets/') ? immutableCache : revalidateCache)
    // Every text file has compressed copies: say so even to a client that took the plain one.
    if (/javascript|css|json|svg|text/.test(response.headers.get('Content-Type') ?? '')) {
      response.headers.set('Vary', 'Accept-Encoding')
    }
    return response
  }
  return {
    files,
    html: (c, fallback) => {
      const html = loadHtml()
      return html ? sendHtml(c, html) : fallback()
    },
  }
}
