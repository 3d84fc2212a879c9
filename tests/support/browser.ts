import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { env } from './env'

export const chromiumPath = env.chromiumPath

// Flags for a closed network: without the background-networking ones Chromium keeps trying
// Google's hosts and this machine refuses them, many at a time.
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
}

/** A phone-sized context: the page is built for a 375-wide WebView. */
export function newPhoneContext(browser: Browser, locale = 'zh-CN'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  })
}

export const artifactsDir = path.resolve(import.meta.dirname, '../../artifacts')

export function screenshotPath(name: string): string {
  const dir = path.join(artifactsDir, 'screenshots')
  mkdirSync(dir, { recursive: true })
  return path.join(dir, `${name}.png`)
}
