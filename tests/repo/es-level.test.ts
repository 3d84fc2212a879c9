import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, type ecmaVersion } from 'acorn'
import { beforeAll, expect, test } from 'vitest'
import { ensureBuiltPage } from '../support/sandbox'

/*
 * The built page parses on the matrix's oldest engines (Chrome 64, iOS 12; docs/decisions/029-the-engine-matrix.md),
 * checked on the files they run: the inline head script and the legacy build at ES2018 (Chrome 64 has no
 * optional catch binding, ES2019), the inline starter as a module at ES2020 (for `import()` and `import.meta`,
 * which both engines have; nothing else of ES2020 is in it). A syntax newer than that, or a regular expression
 * flag, fails here with the file and the position.
 */

const dist = path.resolve(import.meta.dirname, '../../dist')

beforeAll(ensureBuiltPage, 240_000)

function parsesAt(code: string, version: ecmaVersion, sourceType: 'script' | 'module'): string | null {
  try {
    parse(code, { ecmaVersion: version, sourceType })
    return null
  } catch (error) {
    const { pos } = error as { pos?: number }
    return `${(error as Error).message} near ${JSON.stringify(code.slice(Math.max(0, (pos ?? 0) - 60), (pos ?? 0) + 60))}`
  }
}

test('every script of the legacy build, its polyfills included, parses as ES2018', () => {
  const legacy = readdirSync(path.join(dist, 'assets')).filter((file) => /-legacy-[\w-]+\.js$/.test(file))
  expect(legacy.some((file) => file.startsWith('polyfills-legacy-'))).toBe(true)
  expect(legacy.some((file) => file.startsWith('index-legacy-'))).toBe(true)
  const failures = legacy.map((file) => [file, parsesAt(readFileSync(path.join(dist, 'assets', file), 'utf8'), 2018, 'script')]).filter(([, failure]) => failure !== null)
  expect(failures).toEqual([])
})

test('the inline scripts of the HTML parse on the oldest engines', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const classic = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
  const modules = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
  expect(classic.length).toBeGreaterThan(0)
  expect(modules).toHaveLength(1)
  for (const code of classic) expect(parsesAt(code, 2018, 'script')).toBeNull()
  expect(parsesAt(modules[0]!, 2020, 'module')).toBeNull()
  // The starter's ES2020 is import() and import.meta only.
  expect(modules[0]).not.toMatch(/\?\.|\?\?|\bstatic\s*\{|#\w+\s+in\b/)
})
