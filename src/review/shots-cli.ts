import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { thumbnailSize, thumbnailsDir } from './collect-data'

/*
 * `npm run review:shots`: the screens a reviewer sees on the map, committed so a fresh clone shows
 * them before any test ran. It runs the browser-level model run (the capture, every locale), then
 * makes a small WebP of each capture's first screen (the phone's viewport, as the borrower first
 * sees it) into src/review/screens/<locale>/<state id>.webp with an index.json, the browser-level
 * run's layout. Reviewed and committed like the golden paths.
 *   --from-artifacts   skip the capture: convert what artifacts/screenshots/model/ holds now
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const captured = path.join(repoRoot, 'artifacts', 'screenshots', 'model')
const { values } = parseArgs({ options: { 'from-artifacts': { type: 'boolean', default: false } } })

if (!values['from-artifacts']) {
  execFileSync('npx', ['vitest', 'run', 'tests/model/paths.browser.test.ts'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, HUAQIAN_SHOTS: 'all' } })
}

interface CaptureIndex {
  locale: string
  locales?: string[]
  screens: Record<string, string>
}
const indexFile = path.join(captured, 'index.json')
if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run review:shots without --from-artifacts`)
const index = JSON.parse(readFileSync(indexFile, 'utf8')) as CaptureIndex
const locales = readdirSync(captured).filter((entry) => statSync(path.join(captured, entry)).isDirectory())

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
// The capture's top, the phone's viewport in proportion, scaled down and encoded by Chromium's canvas.
const shrink = (png: string) =>
  page.evaluate(
    async ({ data, size }) => {
      const image = new Image()
      image.src = `data:image/png;base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = size.width
      canvas.height = size.height
      const sourceHeight = Math.min(image.naturalHeight, (image.naturalWidth * size.height) / size.width)
      const context = canvas.getContext('2d') as CanvasRenderingContext2D
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, size.width, size.height)
      context.imageSmoothingQuality = 'high'
      context.drawImage(image, 0, 0, image.naturalWidth, sourceHeight, 0, 0, size.width, (sourceHeight * size.width) / image.naturalWidth)
      return canvas.toDataURL('image/webp', size.quality).replace(/^data:image\/webp;base64,/, '')
    },
    { data: readFileSync(png).toString('base64'), size: thumbnailSize },
  )

rmSync(thumbnailsDir, { recursive: true, force: true })
let before = 0
let after = 0
const screens: Record<string, string> = {}
for (const locale of locales) {
  mkdirSync(path.join(thumbnailsDir, locale), { recursive: true })
  for (const file of readdirSync(path.join(captured, locale)).filter((f) => f.endsWith('.png'))) {
    const source = path.join(captured, locale, file)
    const name = file.replace(/\.png$/, '')
    const webp = Buffer.from(await shrink(source), 'base64')
    writeFileSync(path.join(thumbnailsDir, locale, `${name}.webp`), webp)
    before += statSync(source).size
    after += webp.length
    if (locale === index.locale) screens[name] = `${name}.webp`
  }
}
await browser.close()
const sorted = Object.fromEntries(Object.entries(screens).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(path.join(thumbnailsDir, 'index.json'), `${JSON.stringify({ locale: index.locale, locales: index.locales ?? locales, screens: sorted }, null, 2)}\n`)
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`
console.log(`${path.relative(repoRoot, thumbnailsDir)}: ${Object.keys(sorted).length} screens × ${locales.length} locales, ${kb(after)} (the captures: ${kb(before)})`)
