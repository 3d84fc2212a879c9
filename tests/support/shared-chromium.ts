import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumLaunchOptions } from './browser'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium the project's browser files connect to, started once for all of them. */
    chromiumEndpoint: string
  }
}

/**
 * The browser and reviewer files' one Chromium: launching one per file cost about a CPU-second
 * each, and every file makes contexts of its own, which keep their storage apart.
 */
export default async function startSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumLaunchOptions)
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
