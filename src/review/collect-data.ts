import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { coverageLevels, type CoverageLevel, type ReviewManifest } from './review-data.js'
import { rulesDocumentUrl } from './rules-url.js'

/*
 * Build time (node): finds what the model runs left in artifacts/ and lists the files to copy
 * beside the reviewer page. The screenshots follow the browser-level run's contract,
 * `screenshots/model/<locale>/<state id>.png` with `screenshots/model/index.json`
 * (`{ locale, screens: { [stateId]: fileName } }`); PNGs directly in `screenshots/model/` (the
 * older layout, English) are read too. The elder mode's capture, when one exists, sits beside it in
 * `screenshots/model-elder/` in the same layout.
 *
 * The map, the chart and the export show the small committed copies (src/review/screens/, same
 * layout, WebP, made by `npm run review:shots`), so a fresh clone shows every screen; a capture
 * artifacts/ holds is shipped beside them for the panel's large view, and stands in for a screen
 * no small copy has yet.
 */

/** Where `npm run review:shots` writes the small copies the map shows. */
export const thumbnailsDir = fileURLToPath(new URL('./screens', import.meta.url))
/** The same for the screen tour's elder-mode captures. */
export const elderThumbnailsDir = fileURLToPath(new URL('./screens-elder', import.meta.url))
/** The last proof by breaking, as `npm run rules -- --prove` leaves it for the repository. */
export const rulesProofFile = fileURLToPath(new URL('../../docs/rules-proof.json', import.meta.url))
/** The phone's first screen (750 × 1624 captured) at a width the panel can show, as WebP. */
export const thumbnailSize = { width: 240, height: 520, quality: 0.8 }

export interface CollectedData {
  manifest: ReviewManifest
  /** URL under data/ → the file to copy there. */
  files: Map<string, string>
}

interface ScreenshotIndex {
  locale?: unknown
  screens?: unknown
  errorShown?: unknown
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory()
const imagesIn = (dir: string, ext: string) => (isDir(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext)) : [])
const safeSegment = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_')

export function collectReviewData(
  artifactsDir: string,
  thumbnails: string = thumbnailsDir,
  elderThumbnails: string = elderThumbnailsDir,
  proofFile: string = rulesProofFile,
): CollectedData {
  const files = new Map<string, string>()
  const add = (url: string, file: string) => {
    files.set(url, file)
    return url
  }
  const pathsFile = path.join(artifactsDir, 'model-paths.json')
  const diffFile = path.join(artifactsDir, 'machine-diff.json')
  const coverage = {} as Record<CoverageLevel, string | null>
  for (const level of coverageLevels) {
    const file = path.join(artifactsDir, `model-coverage-${level}.json`)
    coverage[level] = existsSync(file) ? add(`data/coverage-${level}.json`, file) : null
  }

  const shots = (shotsDir: string, prefix: string, ext = '.png') => {
    const screenshots: Record<string, Record<string, string>> = {}
    const addShot = (locale: string, name: string, file: string) => {
      const url = add(`data/${prefix}/${safeSegment(locale)}/${safeSegment(path.basename(file))}`, file)
      screenshots[locale] = { ...(screenshots[locale] ?? {}), [name]: url }
    }
    const index = readJson(path.join(shotsDir, 'index.json')) as ScreenshotIndex | null
    const indexLocale = typeof index?.locale === 'string' ? index.locale : null
    if (indexLocale !== null && index?.screens && typeof index.screens === 'object') {
      for (const [name, fileName] of Object.entries(index.screens as Record<string, unknown>)) {
        if (typeof fileName !== 'string') continue
        const file = [path.join(shotsDir, indexLocale, fileName), path.join(shotsDir, fileName)].find((f) => existsSync(f))
        if (file) addShot(indexLocale, name, file)
      }
    }
    if (isDir(shotsDir)) {
      for (const entry of readdirSync(shotsDir)) {
        for (const image of imagesIn(path.join(shotsDir, entry), ext)) {
          const name = image.slice(0, -ext.length)
          if (!screenshots[entry]?.[name]) addShot(entry, name, path.join(shotsDir, entry, image))
        }
      }
      for (const image of imagesIn(shotsDir, ext)) {
        const name = image.slice(0, -ext.length)
        if (!screenshots.en?.[name]) addShot('en', name, path.join(shotsDir, image))
      }
    }
    const errorShown = Array.isArray(index?.errorShown) ? index.errorShown.filter((id): id is string => typeof id === 'string') : null
    return { screenshots, indexLocale, errorShown }
  }
  // The rules by state and the rules document, as `npm run paths` leaves them (tests/model/engine/rules-artifacts.ts).
  const rulesFile = path.join(artifactsDir, 'rules-report.json')
  const rulesDocument = path.join(artifactsDir, 'product-rules.html')
  if (existsSync(rulesDocument)) add(rulesDocumentUrl, rulesDocument)
  // The small copies win where both exist: the map stays light; the capture is the large view's.
  const smallOverCaptured = (captured: Record<string, Record<string, string>>, small: Record<string, Record<string, string>>) => {
    const merged: Record<string, Record<string, string>> = {}
    for (const locale of new Set([...Object.keys(captured), ...Object.keys(small)])) merged[locale] = { ...captured[locale], ...small[locale] }
    return merged
  }
  const captured = shots(path.join(artifactsDir, 'screenshots', 'model'), 'screens')
  const small = shots(thumbnails, 'thumbs', '.webp')
  const screenshots = smallOverCaptured(captured.screenshots, small.screenshots)
  const capturedElder = shots(path.join(artifactsDir, 'screenshots', 'model-elder'), 'screens-elder').screenshots
  const elder = smallOverCaptured(capturedElder, shots(elderThumbnails, 'thumbs-elder', '.webp').screenshots)

  return {
    manifest: {
      format: 'huaqian.review-data/1',
      builtAt: new Date().toISOString(),
      paths: existsSync(pathsFile) ? add('data/model-paths.json', pathsFile) : null,
      diff: existsSync(diffFile) ? add('data/machine-diff.json', diffFile) : null,
      coverage,
      screenshots,
      ...(Object.keys(captured.screenshots).length > 0 ? { largeScreenshots: captured.screenshots } : {}),
      ...(Object.keys(elder).length > 0 ? { elderScreenshots: elder } : {}),
      ...(Object.keys(capturedElder).length > 0 ? { largeElderScreenshots: capturedElder } : {}),
      screenshotLocale: captured.indexLocale ?? small.indexLocale,
      errorShown: captured.errorShown ?? small.errorShown ?? [],
      rules: existsSync(rulesFile) ? add('data/rules.json', rulesFile) : null,
      rulesProof: existsSync(proofFile) ? add('data/rules-proof.json', proofFile) : null,
    },
    files,
  }
}
