import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { transformWithOxc } from 'vite'
import { scanRules, type RuleChecks } from '../model/engine/rules'

/*
 * A rule is proven when the checks that name it fail under its break: the smallest change to the
 * product that breaks the rule, kept as a patch in tests/rules/breaks/<rule-id>.patch. The break is
 * applied to a scratch copy of the working tree, never to the tree itself, and only the checks that
 * name the rule run there. A check is a test under a `// rules:` line (its file, filtered to its
 * name) or a temporal property (the seeded walks that check every property at every step).
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..')
export const breaksDir = path.join(repoRoot, 'tests/rules/breaks')

export type Verdict =
  | { rule: string; status: 'proven'; failedIn: string[]; failing: string[]; passedUnderBreak?: string[]; seconds: number }
  | { rule: string; status: 'unproven'; reason: string; seconds: number }
  | { rule: string; status: 'not checkable'; reason: string }
  | { rule: string; status: 'no break'; checks: number }

/** docs/rules-proof.json: the last proof by breaking, which the reviewer page and docs/testing.md read. */
export interface RulesProof {
  /** The rules' own times added up, however many runs proved them. */
  seconds: number
  /** The last run that proved every rule: its wall time, and how many rules it proved at a time. */
  wholeRun?: { seconds: number; jobs: number; cores: number; loadAtStart: number; finishedAt: string }
  verdicts: Verdict[]
}

/** The rules that have a break on disk. */
export function rulesWithBreaks(): string[] {
  if (!existsSync(breaksDir)) return []
  return readdirSync(breaksDir)
    .filter((file) => file.endsWith('.patch'))
    .map((file) => file.replace(/\.patch$/, ''))
    .sort()
}

export const breakFile = (rule: string) => path.join(breaksDir, `${rule}.patch`)

/** The test runs that hold a rule: one per file, filtered to the tests that name it. */
export function checkRuns(rule: RuleChecks): { file: string; names: string[] }[] {
  const byFile = new Map<string, string[]>()
  for (const check of rule.checks) {
    const [file, name] = check.name.startsWith('property ') ? ['tests/model/walks.test.ts', ''] : check.name.split(' › ', 2)
    if (file === undefined) continue
    const names = byFile.get(file) ?? []
    if (name) names.push(name)
    byFile.set(file, names)
  }
  return [...byFile].map(([file, names]) => ({ file, names }))
}

/** Whether the break still applies to the working tree (a break that no longer applies proves nothing). */
export function breakApplies(rule: string, root = repoRoot): { ok: boolean; message: string } {
  const result = spawnSync('git', ['apply', '--check', breakFile(rule)], { cwd: root, encoding: 'utf8' })
  return { ok: result.status === 0, message: (result.stderr || result.stdout).trim() }
}

/**
 * Whether the files a break changes still parse once it is applied (in a folder of their own): a break
 * that does not build fails every check that builds the page, and proves nothing of its rule.
 */
export async function breakParses(rule: string): Promise<{ ok: boolean; message: string }> {
  const numstat = execFileSync('git', ['apply', '--numstat', breakFile(rule)], { cwd: repoRoot, encoding: 'utf8' })
  const files = numstat.split('\n').map((line) => line.split('\t')[2]).filter((file): file is string => file !== undefined && file !== '')
  const folder = mkdtempSync(path.join(tmpdir(), 'rule-break-parse-'))
  try {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
      cpSync(path.join(repoRoot, file), path.join(folder, file))
    }
    execFileSync('git', ['apply', breakFile(rule)], { cwd: folder })
    for (const file of files) {
      const text = readFileSync(path.join(folder, file), 'utf8')
      try {
        if (file.endsWith('.json')) JSON.parse(text)
        else if (/\.[cm]?[jt]sx?$/.test(file)) await transformWithOxc(text, file)
      } catch (error) {
        return { ok: false, message: `${file} does not parse under the break: ${String((error as Error).message).replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((line) => line.trim() !== '').slice(0, 2).join(' ')}` }
      }
    }
    return { ok: true, message: '' }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** A copy of the working tree's files that git knows, with the project's node_modules linked in. */
function scratchCopy(): string {
  const scratch = mkdtempSync(path.join(tmpdir(), 'rule-break-'))
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(repoRoot, file)))
  for (const file of files) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true })
    cpSync(path.join(repoRoot, file), path.join(scratch, file))
  }
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir')
  return scratch
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A test's name as its source spells it, as a pattern for Vitest's `-t`: the escapes of the quoted
 * source undone, and what the test fills in (`${locale}`, `%s`, a `[locale]` prefix) matching anything.
 */
export function namePattern(name: string): string {
  const plain = name.replace(/\\(.)/g, '$1').replace(/^\[[^\]]*\]\s*/, '')
  return escape(plain.replace(/\$\{[^}]*\}|%[sdio]/g, '\u0000')).replace(/\u0000/g, '.*')
}

/**
 * How long a check file takes to run, roughly: a browser suite builds the page and drives Chromium,
 * the walks check every property at every step, the rest is in-process.
 */
function costOf(file: string): number {
  if (/\.browser\.|reliability/.test(file)) return 3
  if (file.startsWith('tests/model/') || file.startsWith('tests/ui/')) return 2
  return 1
}

/** The names of the tests Vitest's dot reporter lists as failed. */
function failedTests(output: string): string[] {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  return [...new Set([...plain.matchAll(/^\s*FAIL\s+(?:\S+\s+)?(\S+ > .+)$/gm)].map((found) => (found[1] ?? '').trim()))]
}

/**
 * Applies the rule's break to a scratch copy and runs the rule's checks there, the cheapest first.
 * One failing check proves the rule; `everyCheck` runs them all, to show which claims catch the
 * break and which name the rule without holding it.
 */
export async function prove(rule: RuleChecks, log: (line: string) => void = () => {}, everyCheck = false): Promise<Verdict> {
  if (rule.checks.length === 0) return { rule: rule.id, status: 'not checkable', reason: rule.notAutomated ?? 'no check names it' }
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 1000)
  const applies = breakApplies(rule.id)
  if (!applies.ok) return { rule: rule.id, status: 'unproven', reason: `its break no longer applies: ${applies.message}`, seconds: 0 }
  const parses = await breakParses(rule.id)
  if (!parses.ok) return { rule: rule.id, status: 'unproven', reason: parses.message, seconds: 0 }
  const scratch = scratchCopy()
  try {
    execFileSync('git', ['apply', breakFile(rule.id)], { cwd: scratch })
    const failedIn: string[] = []
    const failing: string[] = []
    const held: string[] = []
    const runs = checkRuns(rule).sort((a, b) => costOf(a.file) - costOf(b.file))
    const failingWithout: string[] = []
    const failingOutside: string[] = []
    const runCheck = (file: string, names: string[]) => {
      const filter = names.length > 0 ? ['-t', names.map(namePattern).join('|')] : []
      return vitest(scratch, [file, ...filter])
    }
    for (const run of runs) {
      if (failedIn.length > 0 && !everyCheck) break
      log(`  ${rule.id}: ${run.file}${run.names.length > 0 ? ` (${run.names.length} test${run.names.length > 1 ? 's' : ''})` : ''}`)
      const result = await runCheck(run.file, run.names)
      if (result.ok) {
        held.push(run.file)
        continue
      }
      const named = failedTests(result.output)
      // A file that failed outside its tests (a break that does not build, a setup that broke) proves nothing.
      if (named.length === 0) {
        log(`  ${rule.id}: ${run.file} failed outside its tests; not counted`)
        failingOutside.push(run.file)
        continue
      }
      // A check that fails with the product whole (a slow machine) proves nothing either: one that drives
      // Chromium counts only if its failing tests pass once the break is taken back.
      if (costOf(run.file) < 3) {
        failedIn.push(run.file)
        failing.push(...named)
        continue
      }
      execFileSync('git', ['apply', '-R', breakFile(rule.id)], { cwd: scratch })
      const whole = await runCheck(run.file, named.map((name) => name.split(' > ').at(-1)!))
      execFileSync('git', ['apply', breakFile(rule.id)], { cwd: scratch })
      if (!whole.ok) {
        log(`  ${rule.id}: ${run.file} fails without the break too; not counted`)
        failingWithout.push(run.file)
        continue
      }
      failedIn.push(run.file)
      failing.push(...named)
    }
    if (failedIn.length > 0) return { rule: rule.id, status: 'proven', failedIn, failing, ...(everyCheck ? { passedUnderBreak: held } : {}), seconds: seconds() }
    const reason =
      failingOutside.length + failingWithout.length > 0
        ? [
            'its other checks passed with the rule broken',
            ...(failingOutside.length > 0 ? [`${failingOutside.join(', ')} failed outside its tests (does the break build?)`] : []),
            ...(failingWithout.length > 0 ? [`${failingWithout.join(', ')} failed without the break too`] : []),
          ].join('; ')
        : 'every check that names it passed with the rule broken'
    return { rule: rule.id, status: 'unproven', reason, seconds: seconds() }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** Vitest over some files of a scratch copy; its output comes back whole once it ends. */
function vitest(cwd: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...args, '--reporter=dot'], { cwd })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(output).toString() }))
  })
}

/** Every rule of the document with what can be said of its proof without running it. */
export function ruleTable(): { rules: RuleChecks[]; withBreak: Set<string> } {
  return { rules: scanRules(repoRoot).report, withBreak: new Set(rulesWithBreaks()) }
}
