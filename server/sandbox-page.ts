import { readFileSync } from 'node:fs'
import type { Handler } from 'hono'

/*
 * The sandbox's own pages (host simulator, API docs) share their head: written here once, around a
 * body kept as an HTML file beside the page's script and stylesheet (server/public/<page>/).
 */

export interface SandboxPage {
  /** What the page is, after the product's name in the tab. */
  title: string
  /** The page's stylesheet and the file of its body, relative to the page's folder URL and on disk. */
  stylesheet: string
  bodyFile: string
}

/** A whole page: the shared head (charset, viewport, title, the shared base stylesheet, its own), then its body. */
export function sandboxPageHtml(page: SandboxPage, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>花钱 · ${page.title}</title>
    <link rel="stylesheet" href="/sandbox/shared/base.css" />
    <link rel="stylesheet" href="${page.stylesheet}" />
  </head>
  <body>
${body}  </body>
</html>
`
}

/** Serves the page; its body is read on each request, so an edit shows on reload. */
export function servePage(page: SandboxPage): Handler {
  return (c) => c.html(sandboxPageHtml(page, readFileSync(page.bodyFile, 'utf8')))
}
