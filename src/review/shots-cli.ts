import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { elderThumbnailsDir, thumbnailSize, thumbnailsDir } from './collect-data'
import { env } from '../../tests/support/env'

/*
 * `npm run review:shots`: the screens a reviewer sees on the map, committed so a fresh clone shows
 * them before any test ran. It runs the browser-level model run (the capture, every locale, in the
 * default mode and in elder mode), then makes a small WebP of each capture's first screen (the
 * phone's viewport, as the borrower first sees it) into src/review/screens/<locale>/<state id>.webp
 * with an index.json, the browser-level run's layout; the elder captures become
 * src/review/screens-elder/ the same way, so a reviewer can switch modes on a fresh clone too.
 * Reviewed and committed like the golden paths.
 *   --from-artifacts   skip the captures: convert the captures artifacts/screenshots/ holds now
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const captures = path.join(repoRoot, 'artifacts', 'screenshots')
const { values } = parseArgs({ options: { 'from-artifacts': { type: 'boolean', default: false } } })

if (!values['from-artifacts']) {
  execFileSync('npx', ['vitest', 'run', 'tests/model/paths.browser.test.ts'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, HUAQIAN_SHOTS: 'all' } })
}

interface CaptureIndex {
  locale: string
  /** The locales captured: a list, or (the screen tour's index) each locale's own screens. */
  locales?: string[] | Record<string, unknown>
  screens: Record<string, string>
  /** The states pictured holding an error: no other picture of them is quiet. */
  errorShown?: string[]
}
const localesOf = (index: CaptureIndex | null) => (Array.isArray(index?.locales) ? index.locales : Object.keys(index?.locales ?? {}))
const browser = await chromium.launch({ executablePath: env.chromiumPath, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
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

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`

/** Every capture under `captured` (<locale>/<state id>.png and index.json) as a small WebP under `out`. */
async function shrinkAll(captured: string, out: string): Promise<void> {
  const indexFile = path.join(captured, 'index.json')
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run review:shots without --from-artifacts`)
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as CaptureIndex
  const locales = readdirSync(captured).filter((entry) => statSync(path.join(captured, entry)).isDirectory())
  // Only the locales captured now are replaced: a run that captured fewer keeps the others' copies.
  const previous = existsSync(path.join(out, 'index.json')) ? (JSON.parse(readFileSync(path.join(out, 'index.json'), 'utf8')) as CaptureIndex) : null
  for (const locale of locales) rmSync(path.join(out, locale), { recursive: true, force: true })
  let before = 0
  let after = 0
  const screens: Record<string, string> = {}
  for (const locale of locales) {
    mkdirSync(path.join(out, locale), { recursive: true })
    for (const file of readdirSync(path.join(captured, locale)).filter((f) => f.endsWith('.png'))) {
      const source = path.join(captured, locale, file)
      const name = file.replace(/\.png$/, '')
      const webp = Buffer.from(await shrink(source), 'base64')
      writeFileSync(path.join(out, locale, `${name}.webp`), webp)
      before += statSync(source).size
      after += webp.length
      if (locale === index.locale) screens[name] = `${name}.webp`
    }
  }
  const sorted = Object.fromEntries(Object.entries(screens).sort(([a], [b]) => a.localeCompare(b)))
  const kept = localesOf(previous).filter((locale) => existsSync(path.join(out, locale)))
  const allLocales = [...new Set([...locales, ...kept])]
  const errorShown = index.errorShown ?? []
  writeFileSync(path.join(out, 'index.json'), `${JSON.stringify({ locale: index.locale, locales: allLocales, screens: sorted, ...(errorShown.length > 0 ? { errorShown } : {}) }, null, 2)}\n`)
  console.log(`${path.relative(repoRoot, out)}: ${Object.keys(sorted).length} screens × ${locales.length} locales, ${kb(after)} (the captures: ${kb(before)})`)
}

await shrinkAll(path.join(captures, 'model'), thumbnailsDir)
await shrinkAll(path.join(captures, 'model-elder'), elderThumbnailsDir)
await browser.close()
