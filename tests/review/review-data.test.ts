import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { collectReviewData, elderThumbnailsDir, thumbnailsDir } from '../../src/review/collect-data'
import { machineGraph, stateIdResolver } from '../../src/review/machine-graph'
import { supportedLocales } from '../../src/i18n/locale'
import { picturedStates } from '../model/engine/screen-paths'

/*
 * What the reviewer page finds in artifacts/: the browser-level run's screenshot contract
 * (`screenshots/model/<locale>/<state id>.png` and `index.json`), the older flat layout, and
 * nothing at all (each piece then missing, never an error).
 */

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A folder with no small copies: the tests of artifacts/ alone. */
const noThumbnails = () => path.join(dir, 'no-thumbnails')

const png = (file: string) => {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, 'png')
}

test('screenshots follow the index of the browser-level run, other locale folders and the flat layout', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  const shots = path.join(dir, 'screenshots', 'model')
  png(path.join(shots, 'fr', 'home.png'))
  png(path.join(shots, 'fr', 'app.session.screens.review.png'))
  writeFileSync(path.join(shots, 'index.json'), JSON.stringify({ locale: 'fr', screens: { home: 'home.png', 'app.session.screens.review': 'app.session.screens.review.png', login: 'gone.png' } }))
  png(path.join(shots, 'zh-Hant', 'login.png'))
  png(path.join(shots, 'match.png'))
  writeFileSync(path.join(dir, 'model-coverage-react.json'), '{}')
  const { manifest, files } = collectReviewData(dir, noThumbnails(), noThumbnails())
  expect(manifest.screenshotLocale).toBe('fr')
  expect(manifest.screenshots).toEqual({
    fr: { home: 'data/screens/fr/home.png', 'app.session.screens.review': 'data/screens/fr/app.session.screens.review.png' },
    'zh-Hant': { login: 'data/screens/zh-Hant/login.png' },
    en: { match: 'data/screens/en/match.png' },
  })
  expect(files.get('data/screens/fr/home.png')).toBe(path.join(shots, 'fr', 'home.png'))
  expect(manifest.coverage).toEqual({ machine: null, react: 'data/coverage-react.json', browser: null })
  expect(manifest.paths).toBeNull()
  // A dotted path from a coverage list or a file name names the same state as its id.
  const resolve = stateIdResolver(machineGraph(appMachine))
  expect(resolve('app.session.screens.review')).toBe('review')
  expect(resolve('home')).toBe('home')
  expect(resolve('app.session.screens.home.ready')).toBe('app.session.screens.home.ready')
  expect(resolve('app.nowhere')).toBeUndefined()
})

test('an empty artifacts folder gives a manifest with every piece missing', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  const { manifest, files } = collectReviewData(path.join(dir, 'absent'), noThumbnails(), noThumbnails(), path.join(dir, 'no-proof.json'))
  expect(manifest).toMatchObject({ paths: null, diff: null, coverage: { machine: null, react: null, browser: null }, screenshots: {}, screenshotLocale: null, rulesProof: null })
  expect(files.size).toBe(0)
})

test('the machine-level coverage and the machine diff are shipped with the page when the runs left them', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  writeFileSync(path.join(dir, 'model-coverage-machine.json'), '{}')
  writeFileSync(path.join(dir, 'machine-diff.json'), '{}')
  const { manifest, files } = collectReviewData(dir, noThumbnails(), noThumbnails())
  expect(manifest.coverage.machine).toBe('data/coverage-machine.json')
  expect(manifest.diff).toBe('data/machine-diff.json')
  expect(files.get('data/machine-diff.json')).toBe(path.join(dir, 'machine-diff.json'))
})

test('the elder mode’s capture is shipped beside the default one when a run made it', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  png(path.join(dir, 'screenshots', 'model', 'en', 'home.png'))
  writeFileSync(path.join(dir, 'screenshots', 'model', 'index.json'), JSON.stringify({ locale: 'en', screens: { home: 'home.png' } }))
  png(path.join(dir, 'screenshots', 'model-elder', 'en', 'home.png'))
  writeFileSync(path.join(dir, 'screenshots', 'model-elder', 'index.json'), JSON.stringify({ locale: 'en', screens: { home: 'home.png' } }))
  const { manifest, files } = collectReviewData(dir, noThumbnails(), noThumbnails())
  expect(manifest.screenshots).toEqual({ en: { home: 'data/screens/en/home.png' } })
  expect(manifest.elderScreenshots).toEqual({ en: { home: 'data/screens-elder/en/home.png' } })
  expect(manifest.largeElderScreenshots).toEqual({ en: { home: 'data/screens-elder/en/home.png' } })
  expect(files.get('data/screens-elder/en/home.png')).toBe(path.join(dir, 'screenshots', 'model-elder', 'en', 'home.png'))
  // Without an elder capture the manifest has no elder part, and the page offers no mode to pick.
  rmSync(path.join(dir, 'screenshots', 'model-elder'), { recursive: true })
  expect(collectReviewData(dir, noThumbnails(), noThumbnails()).manifest.elderScreenshots).toBeUndefined()
  expect(collectReviewData(dir, noThumbnails(), noThumbnails()).manifest.largeElderScreenshots).toBeUndefined()
})

test('the small copies are what the map shows; a full capture left in artifacts/ is the panel’s large view and stands in where no copy is', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  const small = path.join(dir, 'small')
  png(path.join(small, 'en', 'home.webp'))
  writeFileSync(path.join(small, 'index.json'), JSON.stringify({ locale: 'en', screens: { home: 'home.webp' } }))
  expect(collectReviewData(path.join(dir, 'absent'), small).manifest).toMatchObject({ screenshots: { en: { home: 'data/thumbs/en/home.webp' } }, screenshotLocale: 'en' })
  expect(collectReviewData(path.join(dir, 'absent'), small).manifest.largeScreenshots).toBeUndefined()
  const shots = path.join(dir, 'screenshots', 'model')
  png(path.join(shots, 'en', 'home.png'))
  png(path.join(shots, 'en', 'login.png'))
  writeFileSync(path.join(shots, 'index.json'), JSON.stringify({ locale: 'en', screens: { home: 'home.png', login: 'login.png' } }))
  const { manifest, files } = collectReviewData(dir, small)
  expect(manifest.screenshots).toEqual({ en: { home: 'data/thumbs/en/home.webp', login: 'data/screens/en/login.png' } })
  expect(manifest.largeScreenshots).toEqual({ en: { home: 'data/screens/en/home.png', login: 'data/screens/en/login.png' } })
  expect(files.get('data/thumbs/en/home.webp')).toBe(path.join(small, 'en', 'home.webp'))
})

/** Every committed small copy of a mode is a distinct WebP of a few KiB, one for each pictured state in every locale. */
function expectCopiesOfEveryState(dir: string): void {
  const resolve = stateIdResolver(machineGraph(appMachine))
  const pictured = picturedStates().sort()
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { locale: string; screens: Record<string, string> }
  expect(Object.keys(index.screens).map((name) => resolve(name)).sort()).toEqual(pictured)
  for (const locale of supportedLocales) {
    const files = readdirSync(path.join(dir, locale))
    expect(files.map((f) => resolve(f.replace(/\.webp$/, ''))).sort(), locale).toEqual(pictured)
    const seen = new Map<string, string>()
    for (const file of files) {
      const bytes = readFileSync(path.join(dir, locale, file))
      // RIFF, its length, WEBP: the container every WebP file has.
      expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')], `${locale}/${file}`).toEqual(['RIFF', 'WEBP'])
      expect(bytes.length, `${locale}/${file}`).toBeLessThanOrEqual(30 * 1024)
      // Each state its own picture: one copied over another's (a login for the re-login) shows the wrong screen.
      const same = seen.get(bytes.toString('base64'))
      expect(same, `${locale}/${file} is the same picture as ${same}`).toBeUndefined()
      seen.set(bytes.toString('base64'), file)
    }
  }
  expect(existsSync(path.join(dir, index.locale))).toBe(true)
}

test('the committed small copies show every pictured state in every locale, each its own WebP of a few KiB', () => {
  expectCopiesOfEveryState(thumbnailsDir)
})

test('the committed elder copies show every pictured state in every locale, so the mode can be picked in any language on a fresh clone', () => {
  expectCopiesOfEveryState(elderThumbnailsDir)
  const { manifest } = collectReviewData(path.join(tmpdir(), 'no-artifacts-here'))
  expect(Object.keys(manifest.elderScreenshots ?? {}).sort()).toEqual([...supportedLocales].sort())
})

test('the last proof by breaking, when the repository keeps one, is shipped beside the page', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-data-'))
  const proof = path.join(dir, 'rules-proof.json')
  expect(collectReviewData(path.join(dir, 'absent'), noThumbnails(), noThumbnails(), proof).manifest.rulesProof).toBeNull()
  writeFileSync(proof, JSON.stringify({ seconds: 1, verdicts: [{ rule: 'money-fen', status: 'no break', checks: 2 }] }))
  const { manifest, files } = collectReviewData(path.join(dir, 'absent'), noThumbnails(), noThumbnails(), proof)
  expect(manifest.rulesProof).toBe('data/rules-proof.json')
  expect(files.get('data/rules-proof.json')).toBe(proof)
})
