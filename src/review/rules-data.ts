import { existsSync } from 'node:fs'
import path from 'node:path'
import { formatRulesTotals, levelsOf, rulesTotals, scanRules } from '../../machines/model/rules.js'
import { stateRules } from '../../machines/model/state-rules.js'
import type { ReviewRules } from './review-data.js'

/*
 * Build time (node): the product rules for the reviewer's panel: each rule's one-line title and the
 * levels of the checks that name it (machines/model/rules.ts), and the rules placed on each state
 * (machines/model/state-rules.ts). Null outside a checkout that has docs/product-rules.md.
 */
export function collectRules(repoRoot: string): ReviewRules | null {
  if (!existsSync(path.join(repoRoot, 'docs/product-rules.md'))) return null
  const { report } = scanRules(repoRoot)
  return {
    states: Object.fromEntries(Object.entries(stateRules).map(([state, ids]) => [state, [...ids]])),
    rules: Object.fromEntries(
      report.map((r) => [r.id, { title: r.title, levels: levelsOf(r), checks: r.checks.length, ...(r.notAutomated ? { notAutomated: r.notAutomated } : {}) }]),
    ),
    totals: formatRulesTotals(rulesTotals(report)),
  }
}
