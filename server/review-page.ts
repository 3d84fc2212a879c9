import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { SandboxApp } from './sandbox-app'
import { staticFiles } from './static-files'

const notBuilt = `<!doctype html><meta charset="utf-8"><title>花钱 statechart review</title>
<p>The reviewer page is not built yet: run <code>npm run review:build</code> (<code>npm start</code> builds it too).</p>`

/** The reviewer page at /review/, from its own build folder, never from the borrower's dist/. */
export function mountReviewPage(app: SandboxApp, reviewDir: string): void {
  app.get('/review', (c) => c.redirect('/review/'))
  app.get('/review/*', staticFiles(reviewDir, '/review'))
  app.get('/review/*', (c) => (existsSync(join(reviewDir, 'index.html')) ? c.notFound() : c.html(notBuilt, 200)))
}
