#!/usr/bin/env node
// `npm run reliability`: builds the page, runs every reliability family (tests/reliability/) and
// prints cases run, passed and failed per family; writes artifacts/reliability.json with the
// figures each family recorded (artifacts/reliability/<family>.json).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const artifacts = path.join(root, 'artifacts')
const figuresDir = path.join(artifacts, 'reliability')
const vitestReport = path.join(figuresDir, 'vitest.json')
const families = ['fault-matrix', 'nothing-lost', 'once-only', 'hostile-input', 'load']

mkdirSync(figuresDir, { recursive: true })
for (const file of readdirSync(figuresDir)) rmSync(path.join(figuresDir, file))

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const built = spawnSync(npx, ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
if (built.status !== 0) {
  console.log('reliability: the page does not build')
  process.exit(1)
}
spawnSync(
  npx,
  ['vitest', 'run', '--config', 'tests/reliability/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)

const report = existsSync(vitestReport) ? JSON.parse(readFileSync(vitestReport, 'utf8')) : { testResults: [] }
const summary = Object.fromEntries(families.map((family) => [family, { run: 0, passed: 0, failed: 0, files: [], failures: [] }]))
for (const file of report.testResults ?? []) {
  const name = path.basename(file.name)
  const family = families.find((candidate) => name.startsWith(candidate))
  if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
    const entry = summary[family ?? 'fault-matrix']
    entry.run += 1
    entry.failed += 1
    entry.failures.push(`${name}: ${file.message ?? 'the file failed to run'}`)
  }
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') continue
    // A file may hold several families, one `describe` each (the machine-level file does).
    const named = families.find((candidate) => (test.ancestorTitles ?? [])[0] === candidate)
    const entry = summary[named ?? family ?? 'fault-matrix']
    entry.run += 1
    if (!entry.files.includes(path.relative(root, file.name))) entry.files.push(path.relative(root, file.name))
    if (test.status === 'passed') entry.passed += 1
    else {
      entry.failed += 1
      entry.failures.push(`${test.fullName}: ${(test.failureMessages ?? []).join(' ').split('\n')[0]}`)
    }
  }
}
// A family may record figures from several files: `<family>.json`, `<family>-<part>.json`.
for (const file of readdirSync(figuresDir).filter((name) => name.endsWith('.json') && name !== 'vitest.json').sort()) {
  const family = families.find((candidate) => file === `${candidate}.json` || file.startsWith(`${candidate}-`))
  if (!family) continue
  summary[family].figures = { ...(summary[family].figures ?? {}), [file.replace(/\.json$/, '')]: JSON.parse(readFileSync(path.join(figuresDir, file), 'utf8')) }
}

console.log('\nreliability families')
console.log(`${'family'.padEnd(14)} ${'run'.padStart(6)} ${'passed'.padStart(7)} ${'failed'.padStart(7)}`)
let failed = 0
let run = 0
for (const family of families) {
  const { run: ran, passed, failed: bad } = summary[family]
  run += ran
  failed += bad
  console.log(`${family.padEnd(14)} ${String(ran).padStart(6)} ${String(passed).padStart(7)} ${String(bad).padStart(7)}`)
  for (const figures of Object.values(summary[family].figures ?? {})) if (figures.headline) console.log(`  ${figures.headline}`)
  for (const failure of summary[family].failures.slice(0, 10)) console.log(`  ✗ ${failure}`)
}
const missing = families.filter((family) => summary[family].run === 0)
if (missing.length > 0) console.log(`families that ran no case: ${missing.join(', ')}`)
writeFileSync(
  path.join(artifacts, 'reliability.json'),
  `${JSON.stringify({ format: 'huaqian.reliability/1', finished_at: new Date().toISOString(), families: summary }, null, 2)}\n`,
)
console.log(`${run} cases, ${run - failed} passed, ${failed} failed; artifacts/reliability.json`)
process.exit(failed === 0 && missing.length === 0 ? 0 : 1)
