import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Download } from 'playwright-core'
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

export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs, headless: true }

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions)
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

/** A download's text. The shared Chromium runs outside the test's worker, so the file is copied here to be read. */
export async function downloadedText(download: Download): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'download-'))
  try {
    const file = path.join(dir, download.suggestedFilename())
    await download.saveAs(file)
    return await readFile(file, 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
