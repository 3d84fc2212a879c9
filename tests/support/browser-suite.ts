import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { RunningSandbox } from '../../server/start'
import { launchChromium } from './browser'
import { ensureBuiltReviewPage, startPageSandbox } from './sandbox'

/**
 * A sandbox serving the built page and a Chromium, started before the file's tests and closed
 * after them. Read the fields inside tests (they are set by `beforeAll`).
 */
export function pageSandboxAndBrowser(): { sandbox: RunningSandbox; browser: Browser } {
  const suite = {} as { sandbox: RunningSandbox; browser: Browser }
  beforeAll(async () => {
    suite.sandbox = await startPageSandbox()
    suite.browser = await launchChromium()
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.sandbox?.close()
  })
  return suite
}

/**
 * The same, with the reviewer page built (once for the files that share it: rebuilt only when its
 * sources or the model runs' data changed) and served at /review/.
 */
export function reviewSandboxAndBrowser(): { sandbox: RunningSandbox; browser: Browser } {
  const suite = {} as { sandbox: RunningSandbox; browser: Browser }
  beforeAll(async () => {
    ensureBuiltReviewPage()
    suite.sandbox = await startPageSandbox()
    suite.browser = await launchChromium()
  }, 240_000)
  afterAll(async () => {
    await suite.browser?.close()
    await suite.sandbox?.close()
  })
  return suite
}
