import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { properties } from './properties'

/*
 * Rules traced to checks (docs/product-rules.md): every rule id the document declares, with the
 * checks that name it and the levels they run at. A check names a rule in one of two ways only:
 *   - a temporal property by its `rules` (tests/model/engine/properties.ts);
 *   - a test by a `// rules: id, id` line directly above its `describe`, `it` or `test` call (or an
 *     `if (…)` that defines it).
 * An id met anywhere else in a test file (its prose, a test's name) names nothing, so a rule is
 * never counted as checked by a file that only talks about it.
 */

export const ruleLevels = ['machine', 'react', 'browser', 'sandbox', 'unit'] as const
export type RuleLevel = (typeof ruleLevels)[number]

export interface RuleCheck {
  name: string
  level: RuleLevel
}

export interface RuleChecks {
  id: string
  title: string
  /** Why no automated test can hold the rule, when the document says so. */
  notAutomated?: string
  checks: RuleCheck[]
}

export interface RuleTag {
  file: string
  line: number
  ids: string[]
}

export interface RuleDefinition {
  id: string
  title: string
  notAutomated?: string
}

const anchor = /<a id="([a-z0-9-]+)"><\/a>\*\*`[a-z0-9-]+`\*\*/g

/** The rules of docs/product-rules.md, in document order, with their one-line titles. */
export function ruleDefinitions(root: string): RuleDefinition[] {
  const text = readFileSync(path.join(root, 'docs/product-rules.md'), 'utf8')
  const starts = [...text.matchAll(anchor)]
  return starts.map((m, i) => {
    const end = starts[i + 1]?.index ?? text.length
    const body = text.slice(m.index + m[0].length, end).split(/\n(?:<a id=|#)/)[0]!
    // The text up to the next rule's anchor, without that rule's list marker.
    const prose = body.replace(/^\s*—\s*/, '').replace(/\s+/g, ' ').replace(/\s*-\s*$/, '').trim()
    const title = firstClause(prose.replace(/\[`([^`]+)`\]\([^)]*\)/g, '$1')).replace(/`/g, '')
    const manual = /\*Not checked by a test:\*\s*([^*]+?)(?:\s*$)/.exec(prose)?.[1]
    return { id: m[1]!, title, ...(manual ? { notAutomated: manual } : {}) }
  })
}

/** A rule's one-line title: its text up to the first full stop, colon or semicolon outside brackets. */
function firstClause(prose: string): string {
  let depth = 0
  for (let i = 0; i < prose.length; i += 1) {
    const c = prose[i]!
    if (c === '(') depth += 1
    else if (c === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0 && '.;:'.includes(c) && (i + 1 === prose.length || prose[i + 1] === ' ')) return c === '.' ? prose.slice(0, i + 1) : prose.slice(0, i)
  }
  return prose
}

export function ruleIds(root: string): string[] {
  return ruleDefinitions(root).map((r) => r.id)
}

function testFiles(root: string, dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...testFiles(root, rel))
    } else if (/\.(test|reliability)\.tsx?$/.test(entry.name)) out.push(rel)
  }
  return out
}

/**
 * Where a test file runs, read from what it starts: Chromium (playwright-core or the browser
 * support), a DOM (jsdom, React), the sandbox over HTTP, the machine alone, or plain functions.
 */
export function levelOf(file: string, text: string): RuleLevel {
  const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!)
  if (imports.some((i) => i === 'playwright-core' || /support\/browser(-suite)?$/.test(i)) || /\.browser\./.test(file)) return 'browser'
  if (file.endsWith('.tsx') || /@vitest-environment (jsdom|happy-dom)/.test(text)) return 'react'
  if (file.startsWith('server/') || /\.http\./.test(file) || imports.some((i) => /support\/sandbox$/.test(i))) return 'sandbox'
  if (file.startsWith('tests/machine/') || file.startsWith('tests/model/') || /machine-level/.test(file)) return 'machine'
  return 'unit'
}

const tagLine = /^\s*\/\/ rules: ([a-z0-9-]+(?:, [a-z0-9-]+)*)\s*$/
const callStart = /(?:describe|it|test)(?:\.\w+)*\(/
// A test defined for some cases of a loop only (`if (locale === 'en') test(…)`) is a test all the same.
const testCall = new RegExp(`^\\s*(?:if \\(.*\\) )?${callStart.source}`)

/** Every `// rules:` line of a file, with the test it stands above; a line above anything else is an error. */
export function tagsOf(file: string, text: string): { tags: (RuleTag & { test: string })[]; misplaced: number[] } {
  const lines = text.split('\n')
  const tags: (RuleTag & { test: string })[] = []
  const misplaced: number[] = []
  lines.forEach((line, i) => {
    if (!/^\s*\/\/ rules:/.test(line)) return
    const m = tagLine.exec(line)
    const next = lines[i + 1] ?? ''
    if (!m || !testCall.test(next)) {
      misplaced.push(i + 1)
      return
    }
    // From the call itself: an `if (…)` before it holds strings that are no name.
    const after = [next.slice(next.search(callStart)), ...lines.slice(i + 2, i + 40)].join('\n')
    // `test('name', …)`, or `test.each(table)('name', …)`: the name is the first string of the call that takes the body.
    const quoted = /(['"`])((?:\\.|(?!\1)[^\n])*)\1/
    const name = /^\s*\w+\.each\(/.test(next)
      ? quoted.exec(after.slice(/\)\s*\(\s*['"`]/.exec(after)?.index ?? 0))?.[2]
      : quoted.exec(after)?.[2]
    tags.push({ file, line: i + 1, ids: m[1]!.split(', '), test: name ?? `line ${i + 2}` })
  })
  return { tags, misplaced }
}

export interface RulesScan {
  report: RuleChecks[]
  /** Tags naming an id that is not a rule. */
  unknown: { file: string; line: number; id: string }[]
  /** `// rules:` lines not directly above a test, or not a comma-separated list of ids. */
  misplaced: { file: string; line: number }[]
}

export function scanRules(root: string): RulesScan {
  const definitions = ruleDefinitions(root)
  const report = new Map(definitions.map((d) => [d.id, { ...d, checks: [] as RuleCheck[] }]))
  const unknown: RulesScan['unknown'] = []
  const misplaced: RulesScan['misplaced'] = []
  for (const p of properties) {
    for (const id of p.rules) {
      const entry = report.get(id)
      if (entry) entry.checks.push({ name: `property ${p.id}`, level: 'machine' })
      else unknown.push({ file: 'tests/model/engine/properties.ts', line: 0, id })
    }
  }
  for (const file of ['tests', 'src', 'server'].flatMap((dir) => testFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const found = tagsOf(file, text)
    misplaced.push(...found.misplaced.map((line) => ({ file, line })))
    const level = levelOf(file, text)
    for (const tag of found.tags) {
      for (const id of tag.ids) {
        const entry = report.get(id)
        if (entry) entry.checks.push({ name: `${file} › ${tag.test}`, level })
        else unknown.push({ file, line: tag.line, id })
      }
    }
  }
  return { report: [...report.values()], unknown, misplaced }
}

export function rulesReport(root: string): RuleChecks[] {
  return scanRules(root).report
}

export interface RulesTotals {
  rules: number
  checked: number
  notAutomated: number
  perLevel: Record<RuleLevel, number>
}

export function rulesTotals(report: readonly RuleChecks[]): RulesTotals {
  const perLevel = Object.fromEntries(ruleLevels.map((l) => [l, report.filter((r) => r.checks.some((c) => c.level === l)).length])) as Record<RuleLevel, number>
  return {
    rules: report.length,
    checked: report.filter((r) => r.checks.length > 0).length,
    notAutomated: report.filter((r) => r.checks.length === 0 && r.notAutomated).length,
    perLevel,
  }
}

export function levelsOf(rule: RuleChecks): RuleLevel[] {
  return ruleLevels.filter((l) => rule.checks.some((c) => c.level === l))
}

export function formatRulesTotals(t: RulesTotals): string {
  const per = ruleLevels.map((l) => `${l} ${t.perLevel[l]}`).join(', ')
  const manual = t.notAutomated > 0 ? `, ${t.notAutomated} not automatable` : ''
  return `${t.rules} rules, ${t.checked} with a check${manual} (${per})`
}

export function formatRulesReport(report: readonly RuleChecks[]): string {
  const lines = report.map((r) => {
    const head = `${r.checks.length === 0 ? (r.notAutomated ? 'NOT AUTOMATABLE ' : 'NO CHECK ') : ''}${r.id}  [${levelsOf(r).join(', ')}]`
    const body = [...r.checks.map((c) => `    ${c.level.padEnd(7)} ${c.name}`), ...(r.notAutomated ? [`    not tested: ${r.notAutomated}`] : [])]
    return [head, ...body].join('\n')
  })
  return `${lines.join('\n')}\n${formatRulesTotals(rulesTotals(report))}`
}
