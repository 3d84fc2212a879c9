import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { marked } from 'marked'
import { formatRulesTotals, levelsOf, rulesTotals, type RuleChecks } from './rules'
import { appMachine } from '../../../machines/app.machine'
import { ruleTableOf } from './rule-scope'
import type { ReviewRules } from './state-rules'

/*
 * What the reviewer page shows of the rules, left in artifacts/ by `npm run paths` for the review
 * build to copy (src/review/collect-data.ts): each rule's title and the levels of its checks, the
 * rules placed on each state, and docs/product-rules.md as a page whose anchors a panel links to.
 */

export const rulesDataFile = 'rules-report.json'
export const rulesDocumentFile = 'product-rules.html'

export function reviewRules(report: readonly RuleChecks[]): ReviewRules {
  return {
    states: ruleTableOf(appMachine),
    rules: Object.fromEntries(
      report.map((r) => [r.id, { title: r.title, levels: levelsOf(r), checks: r.checks.length, ...(r.notAutomated ? { notAutomated: r.notAutomated } : {}) }]),
    ),
    totals: formatRulesTotals(rulesTotals(report)),
  }
}

export function writeRulesArtifacts(root: string, report: readonly RuleChecks[], artifactsDir = path.join(root, 'artifacts')): void {
  mkdirSync(artifactsDir, { recursive: true })
  writeFileSync(path.join(artifactsDir, rulesDataFile), `${JSON.stringify(reviewRules(report), null, 2)}\n`)
  // The rules' `<a id>` anchors pass through as HTML, so `#<rule id>` lands on the rule.
  const body = marked.parse(readFileSync(path.join(root, 'docs/product-rules.md'), 'utf8'), { async: false })
  writeFileSync(
    path.join(artifactsDir, rulesDocumentFile),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Product rules</title>' +
      `<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li:has(:target){background:#fff3c4}</style></head><body>${body}</body></html>\n`,
  )
}
