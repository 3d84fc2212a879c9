import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { properties } from './properties'

/*
 * Rules traced to checks (docs/product-rules.md): every rule id the document declares, with the
 * checks that name it and the levels they run at. A check names a rule by its id: a temporal
 * property by its `rules`, a test by the id in its name or in the comment of its file.
 */

export type RuleLevel = 'machine' | 'react' | 'browser' | 'unit'

export interface RuleChecks {
  id: string
  checks: { name: string; level: RuleLevel }[]
}

export function ruleIds(root: string): string[] {
  const text = readFileSync(path.join(root, 'docs/product-rules.md'), 'utf8')
  return [...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>\*\*`/g)].map((m) => m[1]!)
}

function testFiles(root: string, dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...testFiles(root, rel))
    } else if (/\.(test|reliability)\.tsx?$/.test(entry.name)) out.push(rel)
  }
  return out
}

function levelOf(file: string): RuleLevel {
  if (file.startsWith('tests/browser/') || file.includes('browser')) return 'browser'
  if (file.endsWith('.tsx')) return 'react'
  if (file.startsWith('tests/model/') || file.startsWith('machines/')) return 'machine'
  return 'unit'
}

export function rulesReport(root: string): RuleChecks[] {
  const ids = ruleIds(root)
  const report = new Map(ids.map((id) => [id, [] as RuleChecks['checks']]))
  for (const p of properties) for (const id of p.rules) report.get(id)?.push({ name: `property ${p.id}`, level: 'machine' })
  for (const file of ['tests', 'machines', 'src', 'server'].flatMap((dir) => testFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const id of ids) if (new RegExp(`(?<![a-z0-9-])${id}(?![a-z0-9-])`).test(text)) report.get(id)!.push({ name: file, level: levelOf(file) })
  }
  return ids.map((id) => ({ id, checks: report.get(id)! }))
}

export function formatRulesReport(report: readonly RuleChecks[]): string {
  const levels: RuleLevel[] = ['machine', 'react', 'browser', 'unit']
  const lines = report.map((r) => {
    const at = levels.filter((l) => r.checks.some((c) => c.level === l))
    return `${r.checks.length === 0 ? 'NO CHECK ' : ''}${r.id}  [${at.join(', ')}]  ${r.checks.map((c) => c.name).join('; ')}`
  })
  const checked = report.filter((r) => r.checks.length > 0).length
  const per = levels.map((l) => `${l} ${report.filter((r) => r.checks.some((c) => c.level === l)).length}`).join(', ')
  return `${lines.join('\n')}\n${report.length} rules, ${checked} with a check (${per})`
}
