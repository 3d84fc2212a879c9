import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { settings, settingsTable } from '../support/env'

/*
 * The environment settings are declared once (tests/support/env.ts) and listed in docs/testing.md
 * from that declaration. A `process.env` read anywhere else would be a setting no list names.
 * Stryker loads its configuration as plain JavaScript, so tests/mutation/ reads its own; the
 * mutation section of docs/testing.md names each. `VITE_*` are the page's build variables, which the
 * README lists.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const testingDoc = path.join(repoRoot, 'docs', 'testing.md')
const blockName = 'env-settings'

function sources(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file))
}

/** Every `process.env.NAME` (or `process.env['NAME']`) a file reads, as `file: NAME`. */
export function envReads(file: string, text: string): string[] {
  return [...text.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[['"]([A-Z_][A-Z0-9_]*)['"]\])/g)].map((m) => `${file}: ${m[1] ?? m[2]}`)
}

test('docs/testing.md lists every environment setting as tests/support/env.ts declares it', () => {
  const doc = readFileSync(testingDoc, 'utf8')
  const block = new RegExp(`<!-- ${blockName}:start -->\\n([\\s\\S]*?)\\n<!-- ${blockName}:end -->`).exec(doc)?.[1]
  expect(block, '`npm run docs:figures` rewrites the table').toBe(settingsTable())
})

test('no file reads an environment setting that tests/support/env.ts does not declare', () => {
  const declared = new Set(Object.values(settings).map((s) => s.name))
  const stray = [...sources('tests'), ...sources('src'), ...sources('server'), ...sources('machines'), 'vite.config.ts']
    .filter((file) => ![path.join('tests', 'support', 'env.ts'), path.join('tests', 'repo', 'env-settings.test.ts')].includes(file))
    .filter((file) => !file.startsWith(path.join('tests', 'mutation')))
    .flatMap((file) => envReads(file, readFileSync(path.join(repoRoot, file), 'utf8')))
    .filter((read) => !/: VITE_/.test(read) && !declared.has(read.split(': ')[1]!))
  expect(stray).toEqual([])
  const mutationDoc = readFileSync(testingDoc, 'utf8')
  const mutationReads = sources(path.join('tests', 'mutation')).flatMap((file) => envReads(file, readFileSync(path.join(repoRoot, file), 'utf8')))
  expect(mutationReads.length).toBeGreaterThan(0)
  expect(mutationReads.filter((read) => !mutationDoc.includes(`${read.split(': ')[1]!}=`))).toEqual([])
})

test('a read of an undeclared setting is found, in either spelling', () => {
  expect(envReads('a.ts', "const a = process.env.SOME_FLAG\nconst b = process.env['OTHER']\nconst c = { ...process.env }")).toEqual(['a.ts: SOME_FLAG', 'a.ts: OTHER'])
})
