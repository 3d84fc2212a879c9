// `npm test`: every check, then one closing line `N passed, N failed` that CI reads.
// Type checking, lint, the production build and the paths generation count as one test each, so a
// run that cannot type-check, build or generate its paths can never report green.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { env } from './support/env'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const chromiumPath = env.chromiumPath
const extraArgs = process.argv.slice(2)
const startedAt = Date.now()
// Other jobs on the machine stretch the wall time; the load when the run began says how much.
const loadAtStart = Math.round(loadavg()[0]! * 10) / 10
let passed = 0
let failed = 0

function run(command: string, args: string[], options: { stdio?: 'inherit' } = {}): boolean {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options })
  return result.status === 0
}

/** Runs a command beside others; its output is kept and printed once it ends, so outputs never interleave. */
function runBeside(command: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(output).toString() }))
  })
}

function check(name: string, ok: boolean): void {
  if (ok) passed += 1
  else failed += 1
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`)
}

/**
 * The machine's busy CPU seconds since it booted (Linux's /proc/stat; undefined elsewhere). Not the
 * run's own children's: Chromium's renderers leave the run's process tree when a browser closes, and
 * that figure missed about half of a browser test's CPU. Other jobs on the machine count too, which
 * the load when the run began tells.
 */
function machineBusySeconds(): number | undefined {
  try {
    // The first line's fields after "cpu": user nice system idle iowait irq softirq steal, in 1/100 s.
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    return (user! + nice! + system! + irq! + softirq!) / 100
  } catch {
    return undefined
  }
}
const busyAtStart = machineBusySeconds()

function finish(): never {
  // The whole run's figures, for docs/testing.md (`npm run docs:figures`); a run of some files only is not the suite's.
  if (extraArgs.length === 0) {
    mkdirSync(path.join(root, 'artifacts'), { recursive: true })
    const run = {
      passed,
      failed,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      cpuSeconds: busyAtStart === undefined ? undefined : Math.round(machineBusySeconds()! - busyAtStart),
      cores: availableParallelism(),
      loadAtStart,
      finishedAt: new Date().toISOString(),
      ci: env.ci,
    }
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
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
// The generated paths the reviewer page's tests drive, and the set the machine-level tests read: they are
// this machine's, never a stale copy. Generating them takes one core for a while on a fresh clone; the
// tests start beside it, and a test that needs the set waits for it (tests/model/engine/path-cache.ts).
const paths = extraArgs.length === 0 ? runBeside(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'tests/model/engine/paths-cli.ts', '--quiet']) : null
if (extraArgs.length === 0) {
  // The type check, lint and build each keep one core busy: run side by side they fill both cores.
  const checks: [string, Promise<{ ok: boolean; output: string }>][] = [
    ['typecheck (tsc --noEmit)', runBeside(npm, ['run', '--silent', 'typecheck'])],
    ['lint (eslint)', runBeside(npx, ['eslint', '.'])],
    ['production build (vite build)', runBeside(npx, ['vite', 'build', '--logLevel', 'warn'])],
  ]
  for (const [name, done] of checks) {
    const { ok, output } = await done
    process.stdout.write(output)
    check(name, ok)
  }
}

mkdirSync(path.join(root, 'artifacts'), { recursive: true })
const reportFile = path.join(root, 'artifacts', 'vitest-report.json')
// Not spawnSync: this process keeps reading the paths generator's output while the tests run.
await new Promise((resolve) => {
  spawn(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extraArgs], { cwd: root, stdio: 'inherit', env: process.env }).on('close', resolve)
})
if (paths !== null) {
  const { ok, output } = await paths
  if (!ok) process.stdout.write(output)
  check('generated paths (npm run paths)', ok)
}

if (!existsSync(reportFile)) {
  check('vitest produced a report', false)
  finish()
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'))
passed += report.numPassedTests
failed += report.numFailedTests
// A file that fails to load has no test results of its own, and one whose `beforeAll` throws reports its tests
// as skipped: either still counts as a failure.
for (const file of report.testResults) {
  if (file.status === 'failed' && !file.assertionResults.some((test: { status: string }) => test.status === 'failed')) {
    failed += 1
    console.log(`FAIL ${path.relative(root, file.name)}: ${String(file.message).split('\n')[0]}`)
  }
}
finish()
