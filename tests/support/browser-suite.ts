import { chromium, type Browser } from 'playwright-core'
import { inject } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../server/start'
import { launchChromium } from './browser'
import { forSuite } from './for-suite'
import { ensureBuiltPage, ensureBuiltReviewPage, startPageSandbox } from './sandbox'
import { startTestSandbox, type TestSandbox } from './test-client'

/**
 * Chromium for the file's tests: the project's shared one where its setup started it
 * (tests/support/shared-chromium.ts), else one of the file's own. Closing a connected browser
 * closes the file's contexts and leaves the shared one running.
 */
export function browserForSuite(): Browser {
  const endpoint = inject('chromiumEndpoint')
  return forSuite(() => (endpoint ? chromium.connect(endpoint) : launchChromium()), (browser) => browser.close())
}

/** The built page served by a sandbox on a loopback port, and a Chromium, for the file's tests. */
export function pageSandboxAndBrowser(): { sandbox: RunningSandbox; browser: Browser } {
  return { sandbox: forSuite(startPageSandbox, (sandbox) => sandbox.close()), browser: browserForSuite() }
}

/** As `pageSandboxAndBrowser`, with the HTTP test client and a sandbox clock the test moves. */
export function testSandboxAndBrowser(options: Parameters<typeof startTestSandbox>[0]): { sandbox: TestSandbox; browser: Browser } {
  return { sandbox: forSuite(
      async () => {
        await ensureBuiltPage()
        return startTestSandbox({ ...options, page: true })
      },
      (sandbox) => sandbox.close(),
    ), browser: browserForSuite() }
}

/** The page from Vite's dev server (`npm run dev`) and a Chromium, for the file's tests. */
export function devSandboxAndBrowser(): { sandbox: RunningSandbox; browser: Browser } {
  const sandbox = forSuite(() => startSandbox({ dev: true, port: 0, host: '127.0.0.1', db: ':memory:' }), (running) => running.close())
  return { sandbox, browser: browserForSuite() }
}

/**
 * The same, with the reviewer page built (once for the files that share it: rebuilt only when its
 * sources or the model runs' data changed) and served at /review/.
 */
export function reviewSandboxAndBrowser(): { sandbox: RunningSandbox; browser: Browser } {
  const sandbox = forSuite(
    async () => {
      await ensureBuiltReviewPage()
      return startPageSandbox()
    },
    (running) => running.close(),
    240_000,
  )
  return { sandbox, browser: browserForSuite() }
}
