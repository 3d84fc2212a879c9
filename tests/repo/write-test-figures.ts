import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { writeDocBlock } from '../support/doc-block'
import { settingsTable } from '../support/env'
import type { RulesProof } from '../rules/rule-breaks'

/*
 * Rewrites the figures section of docs/testing.md from the latest reports under artifacts/: the
 * last whole `npm test`, the model-based paths and their coverage per level, the product rules traced to checks, the reliability families, and Stryker's mutation
 * scores, and the table of environment settings from tests/support/env.ts. It measures nothing itself; each report missing is named with the command that makes it.
 * Run: `npx tsx tests/repo/write-test-figures.ts`.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const artifacts = path.join(repoRoot, 'artifacts')

function readJson(file: string): unknown {
  const full = path.join(artifacts, file)
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as unknown) : undefined
}

function dated(file: string): string {
  return new Date(statSync(path.join(artifacts, file)).mtimeMs).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'
}

type Figure = { covered: number; total: number; percent: number }
type Coverage = { states: Figure; transitions: Figure; guardOutcomes: Figure }

const cell = (f: Figure) => `${f.covered} / ${f.total} (${f.percent.toFixed(1)}%)`

function suiteSection(): string[] {
  const lines = ['### `npm test`', '']
  const run = readJson('npm-test.json') as
    | { passed: number; failed: number; seconds: number; cpuSeconds?: number; cores?: number; loadAtStart?: number; finishedAt: string }
    | undefined
  if (!run) return [...lines, 'No artifacts/npm-test.json: run `npm test`.', '']
  const minutes = (seconds: number) => `${Math.floor(seconds / 60)} m ${seconds % 60} s`
  const machine =
    run.cores === undefined || run.loadAtStart === undefined
      ? 'on this machine'
      : `on ${run.cores} cores with a load average of ${run.loadAtStart} when it began${run.loadAtStart > run.cores ? ' (other jobs shared the cores)' : ''}`
  const cpu = run.cpuSeconds === undefined ? '' : `; the machine's cores were busy ${minutes(run.cpuSeconds)} in all`
  lines.push(`${run.passed} passed, ${run.failed} failed, in ${minutes(run.seconds)} ${machine}${cpu}, from the type check to the last reviewer-page test (artifacts/npm-test.json, ${run.finishedAt.slice(0, 16).replace('T', ' ')} UTC).`, '')
  // The files that decide how long a run takes; several run at a time (vite.config.ts), so these are times beside others.
  const report = readJson('vitest-report.json') as { testResults: { name: string; startTime: number; endTime: number }[] } | undefined
  const files = report?.testResults ?? []
  // The report names files by absolute path in the checkout it ran in, which may be another clone.
  const runRoot = commonDirectory(files.map((file) => file.name))
  const long = files
    .map((file) => ({ file: path.relative(runRoot, file.name), seconds: Math.round((file.endTime - file.startTime) / 1000) }))
    .filter((file) => file.seconds >= 30)
    .sort((a, b) => b.seconds - a.seconds)
  if (long.length > 0) {
    lines.push('Files that ran for half a minute or more, each beside other files on the same cores (artifacts/vitest-report.json):', '', '| file | seconds |', '|---|---|')
    for (const { file, seconds } of long) lines.push(`| \`${file}\` | ${seconds} |`)
    lines.push('')
  }
  return lines
}

function modelSection(): string[] {
  const lines = ['### Model-based paths', '']
  const paths = readJson('model-paths.json') as { statePaths?: unknown[]; edgePaths?: unknown[] } | undefined
  if (paths) lines.push(`${paths.statePaths?.length ?? 0} shortest paths to states and ${paths.edgePaths?.length ?? 0} edge-covering paths (artifacts/model-paths.json, ${dated('model-paths.json')}).`, '')
  else lines.push('No artifacts/model-paths.json: run `npm run paths`.', '')
  const rows: string[] = []
  for (const level of ['machine', 'react', 'browser'] as const) {
    const file = `model-coverage-${level}.json`
    const coverage = readJson(file) as Coverage | undefined
    rows.push(coverage ? `| ${level} | ${cell(coverage.states)} | ${cell(coverage.transitions)} | ${cell(coverage.guardOutcomes)} | ${dated(file)} |` : `| ${level} | not run | | | |`)
  }
  lines.push('| level | states | transitions | guard outcomes | report |', '|---|---|---|---|---|', ...rows, '')
  lines.push('Machine level: `npm run paths -- --coverage`; React and browser levels: `npx vitest run tests/model`.', '')
  return lines
}

function reliabilitySection(): string[] {
  const lines = ['### Reliability', '']
  const report = readJson('reliability.json') as { finished_at?: string; families?: Record<string, { run: number; passed: number; failed: number }> } | undefined
  if (!report?.families) return [...lines, 'No artifacts/reliability.json: run `npm run reliability`.', '']
  lines.push(`From artifacts/reliability.json (finished ${report.finished_at ?? 'at an unrecorded time'}).`, '')
  lines.push('| family | run | passed | failed |', '|---|---|---|---|')
  for (const [family, f] of Object.entries(report.families)) lines.push(`| ${family} | ${f.run} | ${f.passed} | ${f.failed} |`)
  return [...lines, '']
}

type RulesData = { rules: Record<string, { levels: string[]; checks: number; notAutomated?: string }>; totals: string }

function rulesSection(): string[] {
  const lines = ['### Rules traced to checks', '']
  const data = readJson('rules-report.json') as RulesData | undefined
  if (!data) return [...lines, 'No artifacts/rules-report.json: run `npm run paths -- --rules`.', '']
  const rules = Object.entries(data.rules)
  lines.push(`${data.totals} (artifacts/rules-report.json, ${dated('rules-report.json')}).`, '')
  lines.push('| level | rules with a check there |', '|---|---|')
  for (const level of ['machine', 'react', 'browser', 'sandbox', 'unit']) lines.push(`| ${level} | ${rules.filter(([, r]) => r.levels.includes(level)).length} |`)
  const unchecked = rules.filter(([, r]) => r.checks === 0).map(([id, r]) => (r.notAutomated ? `${id} (not automatable)` : id))
  lines.push('', unchecked.length > 0 ? `Without a check: ${unchecked.join(', ')}.` : 'Every rule has at least one check.', '')
  return [...lines, ...proofLines()]
}

/** The last `npm run rules -- --prove` (docs/rules-proof.json): each rule, and whether its checks failed under its break. */
function proofLines(): string[] {
  const file = path.join(repoRoot, 'docs', 'rules-proof.json')
  if (!existsSync(file)) return ['No docs/rules-proof.json: run `npm run rules -- --prove`.', '']
  const data = JSON.parse(readFileSync(file, 'utf8')) as RulesProof
  const count = (status: string) => data.verdicts.filter((v) => v.status === status).length
  const lines = [
    `Proof by breaking (docs/rules-proof.json): ${count('proven')} proven, ${count('unproven')} unproven, ${count('no break')} checked with no break kept yet, ${count('not checkable')} not checkable.`,
    '',
    data.wholeRun
      ? `The last proof of every rule took ${data.wholeRun.seconds} s on ${data.wholeRun.cores} cores, ${data.wholeRun.jobs} rules at a time, with a load average of ${data.wholeRun.loadAtStart} when it began (${data.wholeRun.finishedAt.slice(0, 16).replace('T', ' ')} UTC); the rules' own times add up to ${data.seconds} s.`
      : `The rules' own times add up to ${data.seconds} s; no run has proved every rule at once.`,
    '',
    '| rule | under its break |',
    '|---|---|',
  ]
  for (const v of data.verdicts) {
    if (v.status === 'proven') {
      const first = v.failing[0]?.split(' > ').slice(1).join(' > ')
      lines.push(`| ${v.rule} | fails in ${v.failedIn.join(', ')}${first ? `: ${first}` : ''} |`)
    } else if (v.status === 'unproven') lines.push(`| ${v.rule} | unproven: ${v.reason} |`)
  }
  return [...lines, '']
}

/** The last oracle run (tests/browser/oracle.browser.test.ts): screens and locales whose figures matched the sandbox's records. */
function oracleSection(): string[] {
  const lines = ['### Figures against the sandbox\'s records', '']
  const run = readJson('oracle.json') as { screens: number; locales: string[]; visits: number; figures: number; differences: number } | undefined
  if (!run) return [...lines, 'No artifacts/oracle.json: run `npx vitest run tests/browser/oracle.browser.test.ts`.', '']
  lines.push(
    `The oracle ran on ${run.screens} screens × ${run.locales.length} locales (${run.locales.join(', ')}) with ${run.differences} differences: ${run.visits} screen visits, ${run.figures} figures compared (artifacts/oracle.json, ${dated('oracle.json')}).`,
    '',
  )
  return lines
}

type Mutant = { status: string }
type StrykerReport = { files?: Record<string, { mutants: Mutant[] }> }

/** Stryker's score: killed and timed out over all valid mutants; "of reached" leaves out those no test ran. */
export function mutationScore(report: StrykerReport): { mutants: number; killed: number; survived: number; noCoverage: number; score: number; ofReached: number } {
  const mutants = Object.values(report.files ?? {}).flatMap((file) => file.mutants)
  const valid = mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status))
  const killed = valid.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length
  const survived = valid.filter((m) => m.status === 'Survived').length
  const noCoverage = valid.filter((m) => m.status === 'NoCoverage').length
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10)
  return { mutants: valid.length, killed, survived, noCoverage, score: percent(killed, valid.length), ofReached: percent(killed, valid.length - noCoverage) }
}

function mutationSection(): string[] {
  const lines = ['### Mutation testing', '']
  const folder = path.join(artifacts, 'mutation')
  const reports = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')).sort() : []
  if (reports.length === 0) return [...lines, 'No report under artifacts/mutation/: run `npm run mutation`.', '']
  lines.push('| report | mutants | killed | survived | not reached | score | of reached | written |', '|---|---|---|---|---|---|---|---|')
  for (const file of reports) {
    const s = mutationScore(readJson(path.join('mutation', file)) as StrykerReport)
    lines.push(`| ${file} | ${s.mutants} | ${s.killed} | ${s.survived} | ${s.noCoverage} | ${s.score}% | ${s.ofReached}% | ${dated(path.join('mutation', file))} |`)
  }
  return [...lines, '']
}

interface OrdersReport {
  bound: number
  results: { id: string; via: string; calls: string[]; fullCount: number; explored: number; distinct: number; reduction: string; failed: number; ms: number }[]
  unreached: string[]
}

function ordersSection(): string[] {
  const lines = ['### Orders explored', '']
  const report = readJson('orders.json') as OrdersReport | undefined
  if (!report) return [...lines, 'No artifacts/orders.json: run `npm run paths -- --orders`.', '']
  const run = report.results.reduce((s, r) => s + r.explored, 0)
  const seconds = Math.round(report.results.reduce((s, r) => s + r.ms, 0) / 1000)
  lines.push(
    `${report.results.length} states with concurrent work (boot's from every start), ${run} orders run, ${report.results.reduce((s, r) => s + r.failed, 0)} failed, ${seconds} s, bound ${report.bound} per state (artifacts/orders.json, ${dated('orders.json')}).`,
    '',
    '| state | reached by | calls | orders (full) | run | distinct | reduction | failed |',
    '|---|---|---|---|---|---|---|---|',
    ...report.results.map((r) => `| ${r.id.replace(/^app\./, '')} | ${r.via} | ${r.calls.join(' + ') || '(wait)'} | ${r.fullCount} | ${r.explored} | ${r.distinct} | ${r.reduction} | ${r.failed} |`),
    '',
  )
  return lines
}

/** The deepest folder that holds every one of `paths` (the run's checkout: its test files lie in tests/, src/ and server/). */
function commonDirectory(paths: string[]): string {
  if (paths.length === 0) return repoRoot
  let common = path.dirname(paths[0] as string)
  for (const file of paths) while (!file.startsWith(`${common}${path.sep}`)) common = path.dirname(common)
  return common
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const body = [...suiteSection(), ...modelSection(), ...ordersSection(), ...rulesSection(), ...oracleSection(), ...reliabilitySection(), ...mutationSection()].join('\n')
  writeDocBlock(path.join(repoRoot, 'docs', 'testing.md'), 'test-figures', body)
  writeDocBlock(path.join(repoRoot, 'docs', 'testing.md'), 'env-settings', settingsTable())
  console.log('docs/testing.md: figures rewritten from artifacts/, environment settings from tests/support/env.ts')
}

