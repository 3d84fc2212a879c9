import type { SandboxApp } from './sandbox-app'
import { pageFiles } from './static-files'

const notBuilt = `<!doctype html><meta charset="utf-8"><title>花钱 statechart review</title>
<p>The reviewer page is not built yet: run <code>npm run review:build</code> (<code>npm start</code> builds it too).</p>`

/**
 * The reviewer page at /review/, from its own build folder, never from the borrower's dist/, and
 * served as the borrower's page is: brotli or gzip copies made at build time, hashed assets cached
 * for a year, the HTML revalidated.
 */
export function mountReviewPage(app: SandboxApp, reviewDir: string): void {
  const built = pageFiles(reviewDir, '/review')
  app.get('/review', (c) => c.redirect('/review/'))
  app.get('/review/*', built.files)
  app.get('/review/', (c) => built.html(c, () => c.html(notBuilt, 200)))
  app.get('/review/index.html', (c) => built.html(c, () => c.html(notBuilt, 200)))
  // Nothing else under /review/ falls through to the borrower's page.
  app.get('/review/*', (c) => c.notFound())
}
