import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { startSandbox } from '../../server/start'
import { launchChromium, newPhoneContext } from '../support/browser'
import { writeDocBlock } from '../support/doc-block'
import { apisTheOldestEnginesLack, removeApisScript } from '../support/old-engine'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * `npm run bench:bytes [-- --vs <dir>]`: the bytes a phone downloads at the first load of the built page (what
 * crossed the wire, brotli where the server has a copy, headers included, cache off), until the entry's screen
 * is live and the page has been quiet for two seconds: logged out (the login screen) and logged in (home). A
 * modern engine as Chromium is; an old one as Chromium with every API the matrix's oldest engines lack taken
 * away (tests/support/old-engine.ts), which the starter sends to the legacy build. With `--vs`, a second build
 * (e.g. a copy of dist/ from before a change) is measured the same way. Writes its section of docs/performance.md.
 */

const { values } = parseArgs({ options: { vs: { type: 'string' }, dist: { type: 'string', default: 'dist' } } })
const repoRoot = path.resolve(import.meta.dirname, '../..')
const lacking = apisTheOldestEnginesLack()

interface Load {
  bytes: number
  requests: number
}

/** The load, or null when the screen never became live (an older build on an old engine). */
async function firstLoad(browser: Browser, url: string, screen: string, oldEngine: boolean): Promise<Load | null> {
  const context = await newPhoneContext(browser, 'zh-CN')
  if (oldEngine) await context.addInitScript(removeApisScript(lacking))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const load: Load = { bytes: 0, requests: 0 }
  let last = Date.now()
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    load.bytes += event.encodedDataLength
    load.requests += 1
    last = Date.now()
  })
  await page.goto(url)
  const main = page.locator(`main[data-screen="${screen}"]:not([aria-busy="true"])`)
  const live = await main.waitFor({ timeout: 20_000 }).then(() => true, () => false)
  if (!live) {
    await context.close()
    return null
  }
  while (Date.now() - last < 2_000) await page.waitForTimeout(250)
  await context.close()
  return load
}

async function measure(browser: Browser, dist: string): Promise<Record<string, Load | null>> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', db: ':memory:', distDir: path.resolve(repoRoot, dist) })
  try {
    const { token, user } = await loginPersona(sandbox.url, '13800000001')
    const loggedIn = pageUrl(sandbox.url, {}, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } })
    const loads: Record<string, Load | null> = {}
    for (const oldEngine of [false, true]) {
      const engine = oldEngine ? 'old engine (legacy build)' : 'modern engine'
      loads[`${engine}, logged out`] = await firstLoad(browser, pageUrl(sandbox.url, {}), 'login', oldEngine)
      loads[`${engine}, logged in`] = await firstLoad(browser, loggedIn, 'home', oldEngine)
    }
    return loads
  } finally {
    await sandbox.close()
  }
}

const browser = await launchChromium()
const builds: Record<string, Record<string, Load | null>> = {}
try {
  if (values.vs) builds[values.vs] = await measure(browser, values.vs)
  builds[values.dist] = await measure(browser, values.dist)
} finally {
  await browser.close()
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB (${bytes} B)`
const cell = (figure: Load | null | undefined) => (figure === null || figure === undefined ? 'never live' : `${kib(figure.bytes)} in ${figure.requests} requests`)
function table(names: string[]): string {
  return [
    `| first load | ${names.map((name) => `\`${name}\``).join(' | ')} |`,
    `| --- | ${names.map(() => '---').join(' | ')} |`,
    ...Object.keys(builds[values.dist]!).map((load) => `| ${load} | ${names.map((name) => cell(builds[name]![load])).join(' | ')} |`),
  ].join('\n')
}
console.log(table(Object.keys(builds)))
// The docs hold this build's figures; a comparison is for the change it measures.
writeDocBlock(
  path.join(repoRoot, 'docs', 'performance.md'),
  'first-load-bytes',
  `## First load's bytes (\`npm run bench:bytes\`)\n\nChromium at 375×812 against the sandbox, cache off: what crossed the wire (brotli, headers included) until the entry's screen is live and the page is quiet for 2 s. The old engine is Chromium with the ${lacking.length} APIs the matrix's oldest engines lack taken away, which the starter sends to the legacy build.\n\n${table([values.dist])}`,
)
