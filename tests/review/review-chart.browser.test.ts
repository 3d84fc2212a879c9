import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import en from '../../locales/en.json' with { type: 'json' }
import { appMachine } from '../../machines/app.machine'
import { artifactsDir, downloadedText } from '../support/browser'
import { screenStates } from '../model/engine/screen-paths'
import { machineFigures, manifestScreens, openReviewer, repoRoot, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the whole machine's chart on the built reviewer page: every state and transition of
 * the machine drawn, a state opened with its screen, coverage per level, both exports the same
 * chart, the keyboard, 768 px; and the page served like the borrower's.
 */

const suite = reviewSuite()

test('the reviewer page draws every state and transition of the machine; a state opens with its screen; coverage; 768 px; keyboard', { timeout: 180_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const errors: string[] = []
  const page = await openReviewer(suite, context, errors)
  const figures = machineFigures()
  const drawnIds = await page.locator('#canvas [data-state-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state-id')))
  expect(drawnIds.sort()).toEqual(figures.ids.sort())
  const drawnTransitions = await page.locator('[data-transition]').evaluateAll((els) => new Set(els.map((el) => el.getAttribute('data-transition'))).size)
  expect(drawnTransitions).toBe(figures.transitions)
  await expect.poll(() => page.locator('#status').textContent()).toContain(`${figures.ids.length} of ${figures.ids.length} state nodes, ${figures.transitions} of ${figures.transitions} transitions`)
  await page.screenshot({ path: shot('1-whole-chart') })

  // Search a screen state, open it: its screen large, its route, its calls and events, the paths reaching it.
  await page.getByRole('combobox', { name: 'Find a screen, a rule or an event' }).fill('Borrow')
  await page.getByRole('option', { name: /^Borrow · screen/ }).click()
  const panel = page.locator('#panel')
  await expect.poll(() => panel.locator('h2').textContent()).toBe('Borrow')
  const screen = panel.locator('img.screen-large')
  const missing = panel.locator('p.missing').first()
  await expect.poll(async () => (await screen.count()) + (await missing.count())).toBeGreaterThan(0)
  if ((await screen.count()) > 0) {
    await expect.poll(() => screen.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    // Never drawn wider than the picture has pixels: the 240 px small copy stretched to the panel blurs.
    const drawn = await screen.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: img.clientWidth }))
    expect(drawn.shown).toBeLessThanOrEqual(drawn.natural)
    // Without a full capture shipped for it, the panel says which command brings one.
    const locale = await page.locator('#locale').inputValue()
    const captured = await page.evaluate(async (at) => Object.keys(((await (await fetch('data/manifest.json')).json()) as { largeScreenshots?: Record<string, Record<string, string>> }).largeScreenshots?.[at] ?? {}), locale)
    const note = panel.locator('[data-note="small-copy"]')
    if (captured.some((name) => name === 'loanDemand' || name.endsWith('.loanDemand'))) expect(await note.count()).toBe(0)
    else expect(await note.textContent()).toContain('npm run review:shots')
  } else expect(await missing.textContent()).toContain('npm run review:shots')
  expect(await panel.textContent()).toContain('#/')
  expect(await panel.textContent()).toContain('Price the loan')
  expect(await panel.textContent()).toContain('Submit, if the amount, term and purpose are chosen')
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
  const exported = await downloadedText(svgDownload)
  expect(exported.match(/<g [^>]*data-state-id=/g)?.length).toBe(figures.ids.length)
  expect(exported).toContain('class="chart coverage"')
  expect(exported).not.toMatch(/href="data\/screens/)
  // One writer: the button's file and `npm run review:export`'s are the same chart, same size, same
  // screens inlined, neither with the page's −/+ controls.
  execFileSync('npx', ['tsx', 'src/review/export-cli.ts'], { cwd: repoRoot, stdio: 'ignore' })
  const written = readFileSync(path.join(artifactsDir, 'machine.svg'), 'utf8')
  const size = (svg: string) => /<svg [^>]*viewBox="([^"]+)"/.exec(svg)?.[1]
  expect(size(exported)).toBe(size(written))
  // The page drew the layout the build stored; the CLI laid the machine out again with ELK: every box and arrow agrees.
  const geometry = (svg: string) => [...svg.matchAll(/<(?:rect|path|image) [^>]*?\b(?:x|d)="[^"]*"[^>]*>/g)].map((m) => m[0].replace(/ (?:class|data-cov|href)="[^"]*"/g, ''))
  expect(geometry(exported).length).toBeGreaterThan(figures.ids.length)
  expect(geometry(exported)).toEqual(geometry(written))
  const images = (svg: string) => svg.match(/<image [^>]*href="data:image\/(png|webp);base64,/g)?.length ?? 0
  expect(images(exported)).toBe(images(written))
  // Each screen state's picture; boot and the rights sheet are frames on the chart, pictured on the map only.
  const screenIds = new Set(screenStates().map((s) => s.id))
  expect(images(written)).toBe(Object.keys(manifestScreens()).filter((id) => screenIds.has(id)).length)
  for (const svg of [exported, written]) expect(svg).not.toContain('data-toggle=')
  const [mermaidDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Mermaid' }).click()])
  expect(await downloadedText(mermaidDownload)).toMatch(/^stateDiagram-v2\n/)

  // Keyboard: Tab from the search reaches the chart's states; Enter opens one.
  await page.getByRole('combobox', { name: 'Find a screen, a rule or an event' }).fill('')
  await page.getByRole('combobox', { name: 'Find a screen, a rule or an event' }).focus()
  let focused: string | null = null
  for (let i = 0; i < 40 && !focused; i += 1) {
    await page.keyboard.press('Tab')
    focused = await page.evaluate(() => document.activeElement?.getAttribute('data-state-id') ?? null)
  }
  expect(focused).not.toBeNull()
  await page.keyboard.press('Enter')
  await expect.poll(() => panel.locator('h2').getAttribute('title')).toBe(focused)

  // 768 px wide: nothing runs off the side.
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768)
  await page.screenshot({ path: shot('4-at-768px') })
  expect(errors).toEqual([])
  await context.close()
})

test('the funnel’s chart opens where its states’ names read, and zoomed out each frame and screen is named across its header, readable, covered by nothing and covering nothing', { timeout: 180_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(suite, context, errors, '#chart=funnel')
  await page.locator('#canvas svg.chart [data-state-id="bankCard"]').waitFor({ timeout: 60_000 })
  // Fitted, a part stops at the scale its states' own names read: none gives way to an empty box.
  expect(await page.locator('#canvas svg.chart.far').count()).toBe(0)
  for (let i = 0; i < 20 && (await page.locator('#canvas svg.chart.far').count()) === 0; i += 1) await page.getByRole('button', { name: 'Zoom out' }).click()
  const seen = await page.locator('#canvas svg').evaluate((svg: SVGSVGElement) => {
    const rect = (el: SVGGraphicsElement) => {
      const b = el.getBBox()
      return { x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height }
    }
    const parent = new Map([...svg.querySelectorAll('[data-state-id]')].map((g) => [g.getAttribute('data-state-id'), g.getAttribute('data-parent')]))
    const lineage = (id: string | null) => {
      const out = new Set<string | null>()
      for (let at = id; at !== null && at !== undefined; at = parent.get(at) ?? null) out.add(at)
      return out
    }
    const boxes = [...svg.querySelectorAll<SVGGraphicsElement>('[data-state-id] > rect.box')].map((r) => ({ id: r.parentElement?.getAttribute('data-state-id') ?? null, ...rect(r) }))
    const pictures = [...svg.querySelectorAll<SVGGraphicsElement>('image.thumb, .thumb-missing rect, .initial circle, .goto rect')].map(rect)
    const names = [...svg.querySelectorAll<SVGTextElement>('text.owner')].map((t) => ({ id: t.getAttribute('data-owner'), text: t.textContent, size: Number(t.getAttribute('font-size')), visible: getComputedStyle(t).display !== 'none', ...rect(t) }))
    return { scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width, names, boxes, pictures, lineage: names.map((n) => [...lineage(n.id)]) }
  })
  const meets = (a: { x: number; y: number; right: number; bottom: number }, b: typeof a) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom
  // The funnel's screens and the frames that hold them, each named once: its own name, shown.
  // Named as the borrower knows them: a screen by its title (locales/en.json), a frame by its words.
  const titles = en.routes as Record<string, string>
  expect(seen.names.map((n) => n.text).sort()).toEqual(
    [...['assetInfo', 'bankCard', 'basicInfo', 'contact', 'facialIdentification', 'loanDemand', 'result', 'review'].map((screen) => titles[screen]), 'The app', 'The screens', 'Logged in'].sort(),
  )
  seen.names.forEach((name, i) => {
    expect(name.visible, name.id ?? '').toBe(true)
    // The layout keeps each header wide and tall enough for a name at 48 px, never squeezed below it;
    // zoomed out on 1280×800 that is 9 px or more on screen.
    expect(name.size, name.id ?? '').toBeGreaterThanOrEqual(48)
    expect(name.size * seen.scale, name.id ?? '').toBeGreaterThanOrEqual(9)
    const own = new Set(seen.lineage[i])
    for (const box of seen.boxes) if (!own.has(box.id)) expect(meets(name, box), `${name.id} meets the box of ${box.id}`).toBe(false)
    for (const picture of seen.pictures) expect(meets(name, picture), `${name.id} meets a picture or marker`).toBe(false)
    for (const other of seen.names) if (other !== name) expect(meets(name, other), `${name.id} meets ${other.id}`).toBe(false)
  })
  await page.screenshot({ path: shot('5-funnel-at-fit') })
  expect(errors).toEqual([])
  await context.close()
})

test('the reviewer page is served like the borrower’s: brotli or gzip copies, hashed assets cached for a year, the HTML revalidated', { timeout: 60_000 }, async () => {
  const html = await fetch(`${suite.sandbox.url}/review/`, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(html.headers.get('content-encoding')).toBe('gzip')
  expect(html.headers.get('cache-control')).toBe('no-cache')
  const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(await html.text())?.[1]
  expect(script).toBeDefined()
  const plain = await fetch(`${suite.sandbox.url}/review/${script}`, { headers: { 'Accept-Encoding': 'identity' } })
  const plainBytes = (await plain.arrayBuffer()).byteLength
  expect(plain.headers.get('content-encoding')).toBeNull()
  // Node's fetch decodes what it asked for; the header and the length on the wire tell what was sent.
  const brotli = await fetch(`${suite.sandbox.url}/review/${script}`, { headers: { 'Accept-Encoding': 'br' } })
  expect(brotli.headers.get('content-encoding')).toBe('br')
  expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(Number(brotli.headers.get('content-length'))).toBeLessThan(plainBytes / 2)
  expect((await fetch(`${suite.sandbox.url}/review/assets/none.js`)).status).toBe(404)
})
