import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import type { RunningSandbox } from '../../server/start'
import { artifactsDir, launchChromium } from '../support/browser'
import { startPageSandbox } from '../support/sandbox'

/*
 * In Chromium: the reviewer page built and served by the sandbox at /review/, beside
 * the built product. It draws every state and transition of the machine, opens a state with its
 * screen, shows coverage, works at 768 px and by keyboard, and follows a host-simulator page live
 * through the BroadcastChannel the page opens only because the reviewer is listening.
 * Screenshots (1280×800) land in artifacts/review/.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const shotsDir = path.join(artifactsDir, 'review')
let sandbox: RunningSandbox
let browser: Browser

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true })
  // The generated paths are the page's data for Drive: written as `npm run paths` does when missing.
  if (!existsSync(path.join(artifactsDir, 'model-paths.json'))) execFileSync('npx', ['tsx', 'machines/model/paths-cli.ts'], { cwd: repoRoot, stdio: 'ignore' })
  // Built here so the page tested is this tree's, with the data artifacts/ holds now.
  await build({ configFile: path.resolve(import.meta.dirname, '../../src/review/vite.config.ts'), logLevel: 'warn' })
  sandbox = await startPageSandbox()
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
})

interface Node {
  id: string
  type: string
  meta?: { screen?: string }
  parent?: Node
  states: Record<string, Node>
  transitions: Map<string, unknown[]>
  always?: unknown[]
}

/** Figures read from the machine's own definition. */
function machineFigures() {
  const ids: string[] = []
  const history: string[] = []
  const screens: { id: string; ancestors: string[] }[] = []
  let transitions = 0
  const walk = (node: Node) => {
    ids.push(node.id)
    if (node.meta?.screen !== undefined) {
      const ancestors: string[] = []
      for (let at = node.parent; at !== undefined; at = at.parent) ancestors.push(at.id)
      screens.push({ id: node.id, ancestors })
    }
    if (node.type === 'history') history.push(node.id)
    transitions += [...node.transitions.values()].reduce((sum, list) => sum + list.length, 0) + (node.always?.length ?? 0)
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(appMachine.root as unknown as Node)
  return { ids, history, transitions, screens }
}

/** The reviewer page on the whole machine's chart (`#chart`); the map is its own test. */
async function openReviewer(context: BrowserContext, errors: string[], address = '#chart'): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(`review: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`review console: ${message.text()}`)
  })
  await page.goto(`${sandbox.url}/review/${address}`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  return page
}

const shot = (name: string) => path.join(shotsDir, `${name}.png`)

/** The screens the browser-level run left in artifacts/ for its locale (none before it ran). */
function manifestScreens(): Record<string, string> {
  const index = path.join(artifactsDir, 'screenshots', 'model', 'index.json')
  return existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as { screens: Record<string, string> }).screens : {}
}

test('the reviewer page draws every state and transition of the machine; a state opens with its screen; coverage; 768 px; keyboard', { timeout: 180_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const errors: string[] = []
  const page = await openReviewer(context, errors)
  const figures = machineFigures()
  const drawnIds = await page.locator('[data-state-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state-id')))
  expect(drawnIds.sort()).toEqual(figures.ids.sort())
  const drawnTransitions = await page.locator('[data-transition]').evaluateAll((els) => new Set(els.map((el) => el.getAttribute('data-transition'))).size)
  expect(drawnTransitions).toBe(figures.transitions)
  await expect.poll(() => page.locator('#status').textContent()).toContain(`${figures.ids.length} of ${figures.ids.length} state nodes, ${figures.transitions} of ${figures.transitions} transitions`)
  await page.screenshot({ path: shot('1-whole-chart') })

  // Search a screen state, open it: its screen large, its route, its calls and events, the paths reaching it.
  await page.getByRole('searchbox', { name: 'Find a state or event' }).fill('loanDemand')
  await page.getByRole('button', { name: 'state loanDemand', exact: true }).click()
  const panel = page.locator('#panel')
  await expect.poll(() => panel.locator('h2').textContent()).toBe('loanDemand')
  const screen = panel.locator('img.screen-large')
  const missing = panel.locator('p.missing').first()
  await expect.poll(async () => (await screen.count()) + (await missing.count())).toBeGreaterThan(0)
  if ((await screen.count()) > 0) await expect.poll(() => screen.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  else expect(await missing.textContent()).toContain('npx vitest run tests/model/paths.browser.test.ts')
  expect(await panel.textContent()).toContain('#/')
  expect(await panel.textContent()).toContain('trialLoan')
  expect(await panel.textContent()).toContain('form.submit')
  await expect.poll(() => panel.locator('details').count(), { timeout: 30_000 }).toBeGreaterThan(0)
  await page.screenshot({ path: shot('2-state-with-screen') })

  // The coverage overlay: figures per level, states coloured by the levels that covered them.
  await page.getByRole('button', { name: 'Coverage' }).click()
  await expect.poll(() => page.locator('#coverage').isVisible()).toBe(true)
  expect(await page.locator('svg.chart.coverage').count()).toBe(1)
  // Each level's file decides: a state it lists as missing is not marked by it, every other one is.
  for (const level of ['machine', 'react', 'browser']) {
    const file = path.join(artifactsDir, `model-coverage-${level}.json`)
    if (!existsSync(file)) continue
    const { states, transitions } = JSON.parse(readFileSync(file, 'utf8')) as { states: { missing: string[] }; transitions: { missing: string[] } }
    const marked = await page.locator('[data-state-id]').evaluateAll(
      (els, lvl) => els.filter((el) => (el.getAttribute('data-cov') ?? '').split(' ').includes(lvl)).map((el) => el.getAttribute('data-state-id')),
      level,
    )
    const missing = new Set(states.missing)
    const targets = figures.ids.filter((id) => id !== appMachine.root.id && !figures.history.includes(id))
    expect(marked.sort(), level).toEqual(targets.filter((id) => !missing.has(id)).sort())
    const markedTransitions = await page.locator('[data-transition]').evaluateAll(
      (els, lvl) => els.filter((el) => (el.getAttribute('data-cov') ?? '').split(' ').includes(lvl)).length,
      level,
    )
    expect(markedTransitions, level).toBe(figures.transitions - transitions.missing.length)
  }
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await page.screenshot({ path: shot('3-coverage') })

  // Export: the chart as drawn (overlay included, screens inlined) and the Mermaid text.
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()])
  const exported = await readFile((await svgDownload.path()) as string, 'utf8')
  expect(exported.match(/<g [^>]*data-state-id=/g)?.length).toBe(figures.ids.length)
  expect(exported).toContain('class="chart coverage"')
  expect(exported).not.toMatch(/href="data\/screens/)
  // One writer: the button's file and `npm run review:export`'s are the same chart, same size, same
  // screens inlined, neither with the page's −/+ controls.
  execFileSync('npx', ['tsx', 'src/review/export-cli.ts'], { cwd: repoRoot, stdio: 'ignore' })
  const written = readFileSync(path.join(artifactsDir, 'machine.svg'), 'utf8')
  const size = (svg: string) => /<svg [^>]*viewBox="([^"]+)"/.exec(svg)?.[1]
  expect(size(exported)).toBe(size(written))
  const images = (svg: string) => svg.match(/<image [^>]*href="data:image\/png;base64,/g)?.length ?? 0
  expect(images(exported)).toBe(images(written))
  expect(images(written)).toBe(Object.keys(manifestScreens()).length)
  for (const svg of [exported, written]) expect(svg).not.toContain('data-toggle=')
  const [mermaidDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Mermaid' }).click()])
  expect(await readFile((await mermaidDownload.path()) as string, 'utf8')).toMatch(/^stateDiagram-v2\n/)

  // Keyboard: Tab from the search reaches the chart's states; Enter opens one.
  await page.getByRole('searchbox', { name: 'Find a state or event' }).fill('')
  await page.getByRole('searchbox', { name: 'Find a state or event' }).focus()
  let focused: string | null = null
  for (let i = 0; i < 40 && !focused; i += 1) {
    await page.keyboard.press('Tab')
    focused = await page.evaluate(() => document.activeElement?.getAttribute('data-state-id') ?? null)
  }
  expect(focused).not.toBeNull()
  await page.keyboard.press('Enter')
  await expect.poll(() => panel.locator('h2').textContent()).toBe(focused)

  // 768 px wide: nothing runs off the side.
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768)
  await page.screenshot({ path: shot('4-at-768px') })
  expect(errors).toEqual([])
  await context.close()
})

async function frameOnScreen(host: Page, screen: string): Promise<Frame> {
  const frame = host.frameLocator('#frame')
  await frame.locator(`main[data-screen="${screen}"]`).waitFor({ timeout: 30_000 })
  // By its element: the page takes the bridge payload out of its own URL at intake.
  const handle = await host.locator('#frame').elementHandle()
  const framed = await handle?.contentFrame()
  if (!framed) throw new Error('the host simulator has no page framed')
  return framed
}

async function chartFollows(review: Page, stateId: string): Promise<void> {
  await expect
    .poll(() => review.locator(`[data-state-id="${stateId}"]`).getAttribute('class'), { timeout: 20_000, message: `the chart highlights ${stateId}` })
    .toMatch(/\bactive\b/)
}

/**
 * The reviewer page open first (its heartbeat fresh), then the host simulator, in English, on home,
 * its persona (approve) fresh: the sandbox is reset, as an earlier test moved it on.
 */
async function reviewerBesideHost() {
  await fetch(`${sandbox.url}/sandbox/reset`, { method: 'POST' })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    if (location.pathname.startsWith('/host') && !localStorage.getItem('huaqian.host.v1')) localStorage.setItem('huaqian.host.v1', JSON.stringify({ locale: 'en' }))
  })
  const errors: string[] = []
  const review = await openReviewer(context, errors)
  const host = await context.newPage()
  await host.goto(`${sandbox.url}/host/`)
  await frameOnScreen(host, 'home')
  await chartFollows(review, 'home')
  return { context, review, host, errors }
}

test('a host-simulator page reports its state live: the chart follows it through five screens, the trail groups typing and keeps the screen changes', { timeout: 180_000 }, async () => {
  const { context, review, host, errors } = await reviewerBesideHost()
  const frame = await frameOnScreen(host, 'home')
  await expect.poll(() => review.locator('#live-page option').first().textContent()).toContain('framed')
  await review.screenshot({ path: shot('5-live-1-home') })

  await frame.getByRole('button', { name: 'Start an application' }).click()
  await frameOnScreen(host, 'loanDemand')
  await chartFollows(review, 'loanDemand')
  await expect.poll(() => review.locator('#trail').textContent()).toContain('home.continue')
  expect(await review.locator('[data-state-id="home"]').getAttribute('class')).not.toMatch(/\bactive\b/)
  await review.screenshot({ path: shot('6-live-2-loanDemand') })

  await frame.getByLabel('Amount (yuan)').fill('20000')
  await frame.getByLabel('Term').selectOption('6')
  await frame.getByLabel('Purpose').selectOption('shopping')
  for (const box of await frame.getByRole('checkbox').all()) await box.check()
  await frame.getByRole('button', { name: 'Apply now' }).click()
  await frameOnScreen(host, 'facialIdentification')
  await chartFollows(review, 'facialIdentification')
  await chartFollows(review, 'app.session.screens.facialIdentification.editing')
  await expect.poll(() => review.locator('#trail').textContent()).toContain('updateLoanUser.done')
  // The page's route as the list of pages shows it (the router moves the URL after the snapshot).
  await expect.poll(() => review.locator('#live-page option').first().textContent()).toContain('/#/pages/facialIdentification/index')
  await review.screenshot({ path: shot('7-live-3-facialIdentification') })
  await host.screenshot({ path: shot('7-host-simulator-facialIdentification') })

  // The vendor's liveness page (the fourth screen), passed there; basic info (the fifth).
  await frame.getByLabel(/Authorisation to Process Facial Information/).check()
  await frame.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
  await frame.getByRole('button', { name: 'Start verification' }).click()
  await chartFollows(review, 'app.session.screens.facialIdentification.verifying')
  await frame.frameLocator('iframe.webview-frame').getByRole('button', { name: 'Pass' }).click()
  const basic = await frameOnScreen(host, 'basicInfo')
  await chartFollows(review, 'basicInfo')
  // Typing sends a change per keystroke: one line with its count, the screen changes still listed.
  await basic.getByLabel('Street address').pressSequentially('88 Jianguo Road')
  const trail = review.locator('#trail li')
  await expect.poll(async () => (await trail.allTextContents()).find((line) => line.includes('form.change')) ?? '', { timeout: 20_000 }).toMatch(/×(1[0-9]|[5-9])\b/)
  const lines = await trail.allTextContents()
  // Newest first: everything typed on basic info is the one line above its screen change.
  const sinceBasic = lines.slice(0, lines.findIndex((line) => line.includes('⇒ screen basicInfo')))
  expect(sinceBasic.filter((line) => line.includes('form.change'))).toHaveLength(1)
  for (const screen of ['loanDemand', 'facialIdentification', 'webview', 'basicInfo']) expect(lines.some((line) => line.includes(`⇒ screen ${screen}`)), screen).toBe(true)
  // Keep in view: the screen's own name is on screen, not only its inner state.
  const name = await review.locator('[data-state-id="basicInfo"] > text.name').boundingBox()
  const viewport = await review.locator('#viewport').boundingBox()
  expect(name && viewport && name.y >= viewport.y && name.y + name.height <= viewport.y + viewport.height && name.x >= viewport.x && name.x + name.width <= viewport.x + viewport.width).toBe(true)
  await review.screenshot({ path: shot('7-live-5-basicInfo') })
  expect(errors).toEqual([])
  await context.close()
})

interface PathsFile {
  statePaths: PathEntry[]
  edgePaths: PathEntry[]
}
interface PathEntry {
  id: string
  steps: { do: { kind: string; event?: { type: string } }; expect: { route: { path: string } | null } }[]
}

test('driving a generated path moves the followed page: Forward sends the step’s event, Back routes it back', { timeout: 180_000 }, async () => {
  const file = JSON.parse(readFileSync(path.join(artifactsDir, 'model-paths.json'), 'utf8')) as PathsFile
  // A path with a step that continues from home to the loan demand, as the approve persona does.
  const chosen = [...file.statePaths, ...file.edgePaths]
    .map((p) => ({ p, at: p.steps.findIndex((s) => s.do.kind === 'event' && s.do.event?.type === 'home.continue' && s.expect.route?.path === '/') }))
    .find(({ at }) => at >= 0)
  if (!chosen) throw new Error('no generated path continues from home to the loan demand')
  const { context, review, host, errors } = await reviewerBesideHost()
  await review.getByRole('combobox', { name: 'Generated path' }).selectOption(chosen.p.id)
  const steps = review.locator('#drive-body ol.steps > li')
  // The step before it, on the chart only; then Forward takes it in the page.
  await steps.nth(chosen.at).getByRole('button').click()
  await review.getByRole('button', { name: 'Forward ▶' }).click()
  await frameOnScreen(host, 'loanDemand')
  await expect.poll(() => steps.nth(chosen.at + 1).getAttribute('class'), { timeout: 20_000 }).toMatch(/\bok\b/)
  await review.screenshot({ path: shot('8-drive-forward') })
  await review.getByRole('button', { name: '◀ Back' }).click()
  await frameOnScreen(host, 'home')
  await chartFollows(review, 'app.session.screens.home.ready')
  expect(errors).toEqual([])
  await context.close()
})

test('a page opened with no reviewer listening loads no inspector and opens no channel', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.addInitScript(() => {
    const opened: string[] = []
    ;(window as unknown as { opened: string[] }).opened = opened
    const Original = window.BroadcastChannel
    window.BroadcastChannel = class extends Original {
      constructor(name: string) {
        super(name)
        opened.push(name)
      }
    }
  })
  await page.goto(`${sandbox.url}/?lang=en`)
  await page.locator('main[data-screen]').waitFor({ timeout: 30_000 })
  expect(scripts.filter((url) => url.includes('reviewer-inspector'))).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([])
  await context.close()
})

/** The funnel as the borrower walks it, demand to loan plan. */
const funnelOrder = ['loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'review', 'result', 'match', 'lendConfirm', 'loanPlan']

test('the page opens on a map that reads at 1280×800: every screen a card with its name, the funnel left to right; a card opens its chart', { timeout: 180_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(context, errors, '')
  const screens = machineFigures().screens
  const cards = await page.locator('#map [data-card]').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect()
      const name = el.querySelector('.card-name') as HTMLElement
      return { id: el.getAttribute('data-card') ?? '', name: name.textContent ?? '', x: box.x, y: box.y, right: box.right, bottom: box.bottom, font: parseFloat(getComputedStyle(name).fontSize) }
    }),
  )
  // Every state with a screen is on the map, as itself or inside the card that holds it.
  const shown = new Set(cards.map((c) => c.id))
  for (const screen of screens) expect(shown.has(screen.id) || screen.ancestors.some((a) => shown.has(a)), screen.id).toBe(true)
  for (const card of cards) {
    // Readable without zooming: whole on screen, its name at 12 px or more, the state's words.
    expect(card.right, card.id).toBeLessThanOrEqual(1280)
    expect(card.bottom, card.id).toBeLessThanOrEqual(800)
    expect(card.font, card.id).toBeGreaterThanOrEqual(12)
    expect(card.name.replace(/\s+/g, '').toLowerCase(), card.id).toBe(card.id.split('.').pop()?.toLowerCase())
  }
  const funnel = funnelOrder.map((id) => cards.find((c) => c.id === id))
  expect(funnel.every((c) => c !== undefined)).toBe(true)
  const xs = funnel.map((c) => c?.x ?? 0)
  expect(xs).toEqual([...xs].sort((a, b) => a - b))
  expect(new Set(funnel.map((c) => c?.y)).size).toBe(1)
  expect(await page.locator('#map .map-arrows path').count()).toBeGreaterThan(20)
  await page.screenshot({ path: shot('0-map') })

  // A card opens that screen's whole statechart; its panel sums the inner states.
  await page.locator('[data-card="bankCard"]').click()
  await expect.poll(() => page.locator('#status').textContent()).toContain('bankCard: drawn 9 of 9 state nodes')
  await page.locator('[data-state-id="bankCard"] > rect.box').click({ position: { x: 30, y: 8 } })
  const calls = page.locator('#panel [data-summary="calls"] li')
  await expect.poll(() => calls.allTextContents()).toEqual(expect.arrayContaining(['sendingCodesendCardCode', 'confirmingconfirmCard']))
  const events = await page.locator('#panel [data-summary="events"] li').allTextContents()
  for (const event of ['sms.send', 'form.submit', 'step.back']) expect(events.some((line) => line.includes(event)), event).toBe(true)
  await page.screenshot({ path: shot('0-bankCard-panel') })

  // A band's title opens the flow's chart; back to the map.
  await page.getByRole('button', { name: '◀ Map' }).click()
  await page.getByRole('button', { name: /^The funnel/ }).click()
  await expect.poll(() => page.locator('#status').textContent()).toContain('The funnel: drawn')
  for (const id of funnelOrder.slice(0, 8)) expect(await page.locator(`[data-state-id="${id}"]`).count(), id).toBe(1)
  expect(await page.locator('[data-state-id="home"]').count()).toBe(0)
  expect(errors).toEqual([])
  await context.close()
})

test('search finds names by their word parts; a skip link reaches Live; a transition takes focus and Enter opens its source', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(context, errors)
  // The first Tab stop skips the 144 states and 321 transitions of the chart.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to Live and Drive')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('live')
  await page.getByRole('searchbox', { name: 'Find a state or event' }).fill('sendCode')
  await expect.poll(() => page.locator('#search-results').textContent()).toContain('sendCardCode')
  await page.keyboard.press('Escape')

  const transition = page.locator('g.transition[data-event="sms.send"][data-source="app.session.screens.lendConfirm.editing"]')
  await transition.focus()
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-event'))).toBe('sms.send')
  expect(await transition.getAttribute('aria-label')).toContain('not(lenderCardBound)')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.locator('#panel h2').textContent()).toBe('app.session.screens.lendConfirm.editing')
  expect(await page.locator('#panel').textContent()).toContain('app.session.screens.lendConfirm.sendingCode')
  expect(errors).toEqual([])
  await context.close()
})

test('a page opened before the reviewer reports as soon as the reviewer page opens', { timeout: 180_000 }, async () => {
  await fetch(`${sandbox.url}/sandbox/reset`, { method: 'POST' })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    if (location.pathname.startsWith('/host') && !localStorage.getItem('huaqian.host.v1')) localStorage.setItem('huaqian.host.v1', JSON.stringify({ locale: 'en' }))
  })
  const host = await context.newPage()
  await host.goto(`${sandbox.url}/host/`)
  await frameOnScreen(host, 'home')
  const errors: string[] = []
  const review = await openReviewer(context, errors)
  await expect.poll(() => review.locator('#live-page option').first().textContent(), { timeout: 20_000 }).toContain('framed')
  await chartFollows(review, 'home')
  expect(errors).toEqual([])
  await context.close()
})

test('the reviewer page is served like the borrower’s: brotli or gzip copies, hashed assets cached for a year, the HTML revalidated', { timeout: 60_000 }, async () => {
  const html = await fetch(`${sandbox.url}/review/`, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(html.headers.get('content-encoding')).toBe('gzip')
  expect(html.headers.get('cache-control')).toBe('no-cache')
  const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(await html.text())?.[1]
  expect(script).toBeDefined()
  const plain = await fetch(`${sandbox.url}/review/${script}`, { headers: { 'Accept-Encoding': 'identity' } })
  const plainBytes = (await plain.arrayBuffer()).byteLength
  expect(plain.headers.get('content-encoding')).toBeNull()
  // Node's fetch decodes what it asked for; the header and the length on the wire tell what was sent.
  const brotli = await fetch(`${sandbox.url}/review/${script}`, { headers: { 'Accept-Encoding': 'br' } })
  expect(brotli.headers.get('content-encoding')).toBe('br')
  expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(Number(brotli.headers.get('content-length'))).toBeLessThan(plainBytes / 2)
  expect((await fetch(`${sandbox.url}/review/assets/none.js`)).status).toBe(404)
})

test('a drive marks every step, answers and waits included, and on a divergence says where the page is, the expected state outlined', { timeout: 180_000 }, async () => {
  const file = JSON.parse(readFileSync(path.join(artifactsDir, 'model-paths.json'), 'utf8')) as PathsFile
  // A path that starts the page (calls only), then continues from home to basic info: the approve
  // persona's page goes to the loan demand instead, a divergence the drive must report.
  const chosen = [...file.statePaths, ...file.edgePaths].find((p) => {
    const last = p.steps[p.steps.length - 1]
    return p.steps.slice(0, -1).every((s) => s.do.kind !== 'event') && last?.do.kind === 'event' && last.do.event?.type === 'home.continue' && last.expect.route?.path === '/pages/basicInfo/index'
  })
  if (!chosen) throw new Error('no generated path continues from home to basic info')
  const { context, review, errors } = await reviewerBesideHost()
  await review.getByRole('combobox', { name: 'Generated path' }).selectOption(chosen.id)
  const steps = review.locator('#drive-body ol.steps > li')
  for (let at = 1; at < chosen.steps.length; at += 1) {
    await review.getByRole('button', { name: 'Forward ▶' }).click()
    // The page made these calls itself when it loaded: each is checked against where it is.
    await expect.poll(() => steps.nth(at).getAttribute('class'), { timeout: 20_000, message: `step ${at}` }).toMatch(/\bok\b/)
  }
  await review.getByRole('button', { name: 'Forward ▶' }).click()
  const last = steps.nth(chosen.steps.length)
  await expect.poll(() => last.getAttribute('class'), { timeout: 20_000 }).toMatch(/\boff\b/)
  expect(await last.textContent()).toMatch(/✗ the page is at app\.session\.screens\.loanDemand\.\w+ \(screen loanDemand\)/)
  // The chart fills where the page is and outlines where the path expected it.
  await chartFollows(review, 'loanDemand')
  expect(await review.locator('[data-state-id="app.session.screens.basicInfo.editing"]').getAttribute('class')).toMatch(/\bexpected\b/)
  expect(await review.locator('[data-state-id="app.session.screens.basicInfo.editing"]').getAttribute('class')).not.toMatch(/\bactive\b/)
  await review.screenshot({ path: shot('9-drive-divergence') })
  expect(errors).toEqual([])
  await context.close()
})

test('a machine diff shipped with the page is listed in What changed and marked on the map and the chart; an entry opens its state', { timeout: 180_000 }, async () => {
  // A fixture diff served in place of the built data: one guard changed on the loan demand's submit, one state changed.
  const source = 'app.session.screens.loanDemand.editing'
  const key = `${source} | form.submit | 0`
  const diff = {
    format: 'huaqian.machine-diff/1',
    base: 'base',
    head: 'head',
    states: { added: [], removed: [], changed: [{ id: 'app.session.screens.contact', path: 'session.screens.contact', changes: [{ field: 'screen', before: 'contact', after: 'contacts' }] }] },
    transitions: { added: [], removed: [], retargeted: [], guardChanged: [{ key, source, event: 'form.submit', before: 'demandReady', after: 'not(demandReady)' }], actionsChanged: [] },
    paths: { gained: [], lost: [] },
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  await context.route('**/review/data/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as Record<string, unknown>
    await route.fulfill({ json: { ...manifest, diff: 'data/fixture-diff.json' } })
  })
  await context.route('**/review/data/fixture-diff.json', (route) => route.fulfill({ json: diff }))
  const review = await openReviewer(context, errors, '#map')
  const card = review.locator('#diff')
  await expect.poll(() => card.isVisible()).toBe(true)
  expect(await card.locator('h3').allTextContents()).toEqual(['States changed (1)', 'Guards changed (1)'])
  // The map marks the screen whose state changed and the screen a changed transition leaves.
  expect(await review.locator('#map .diff-changed').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')).sort())).toEqual(['contact', 'loanDemand'])
  await card.locator(`button[data-transition-key="${key}"]`).click()
  await review.waitForFunction(() => location.hash.startsWith('#chart'), undefined, { timeout: 60_000 })
  const marked = review.locator(`#canvas [data-transition="${key}"].diff-changed`)
  await expect.poll(() => marked.count(), { timeout: 60_000 }).toBeGreaterThan(0)
  expect(await review.locator('#canvas .diff-added').count()).toBe(0)
  await review.screenshot({ path: shot('diff-chart') })
  expect(errors).toEqual([])
  await context.close()
})
