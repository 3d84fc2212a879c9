#!/usr/bin/env node
// `npm test`: every check, then one closing line `N passed, N failed` that CI reads.
// Type checking, lint and the production build count as one test each, so a run that
// cannot type-check or build can never report green.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const extraArgs = process.argv.slice(2)
const startedAt = Date.now()
let passed = 0
let failed = 0

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options })
  return result.status === 0
}

function check(name, ok) {
  if (ok) passed += 1
  else failed += 1
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`)
}

function finish() {
  // The whole run's figures, for docs/testing.md (`npm run docs:figures`); a run of some files only is not the suite's.
  if (extraArgs.length === 0) {
    mkdirSync(path.join(root, 'artifacts'), { recursive: true })
    const run = { passed, failed, seconds: Math.round((Date.now() - startedAt) / 1000), finishedAt: new Date().toISOString(), ci: process.env.CI === 'true' }
    writeFileSync(path.join(root, 'artifacts', 'npm-test.json'), `${JSON.stringify(run, null, 2)}\n`)
  }
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 && passed > 0 ? 0 : 1)
}

// Browser tests never skip silently: install Chromium when we can, else stop with the instruction.
if (!existsSync(chromiumPath)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) {
    console.log('Chromium is missing: installing Debian chromium with apt-get')
    const installed = run('bash', ['-c', 'apt-get update && apt-get install -y chromium fonts-noto-cjk'])
    if (!installed || !existsSync(chromiumPath)) {
      console.log('Could not install Chromium: run `apt-get update && apt-get install -y chromium` as root, then `npm test`.')
      check('chromium installed', false)
      finish()
    }
  } else {
    console.log('Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then `npm test`.')
    check('chromium installed', false)
    finish()
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
if (extraArgs.length === 0) {
  // The reviewer page's tests drive the generated paths, which its build would otherwise generate
  // (a minute on one core) while every test waits. Generated here, beside the type check, lint and
  // build, they take the core those leave idle, and they are this machine's, never a stale copy.
  const paths = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'machines/model/paths-cli.ts', '--quiet'], { cwd: root, stdio: 'ignore' })
  const pathsGenerated = new Promise((resolve) => paths.on('close', resolve))
  check('typecheck (tsc --noEmit)', run(npx, ['tsc', '--noEmit', '-p', 'tsconfig.json']))
  check('lint (eslint)', run(npx, ['eslint', '.']))
  check('production build (vite build)', run(npx, ['vite', 'build', '--logLevel', 'warn']))
  await pathsGenerated
}

mkdirSync(path.join(root, 'artifacts'), { recursive: true })
const reportFile = path.join(root, 'artifacts', 'vitest-report.json')
run(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extraArgs])

if (!existsSync(reportFile)) {
  check('vitest produced a report', false)
  finish()
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'))
passed += report.numPassedTests
failed += report.numFailedTests
// A file that fails to load has no test results of its own; it still counts as a failure.
for (const file of report.testResults) {
  if (file.status === 'failed' && file.assertionResults.length === 0) {
    failed += 1
    console.log(`FAIL ${path.relative(root, file.name)}: ${String(file.message).split('\n')[0]}`)
  }
}
finish()
