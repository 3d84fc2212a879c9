import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { env } from '../support/env'
import { levelsOf, type RuleChecks } from '../model/engine/rules'
import { appMachine } from '../../machines/app.machine'
import { derivedScopeOf } from '../model/engine/rule-scope'
import { stateRules } from '../model/engine/state-rules'
import { prove, repoRoot, ruleTable, type RulesProof, type Verdict } from './rule-breaks'

/*
 * `npm run rules`: every rule of docs/product-rules.md with where it applies, the checks that name
 * it, and whether a break is kept for it.
 * `npm run rules -- --prove [id …]`: applies each rule's break to a scratch copy and runs the checks
 * that name the rule, the cheapest first; a rule is proven when one fails (`--every-check`: all of
 * them run, to show which claims hold it). Writes docs/rules-proof.json, which the reviewer page and
 * docs/testing.md read; proving some rules keeps the others' last verdicts.
 */

const { values, positionals } = parseArgs({ options: { prove: { type: 'boolean', default: false }, 'every-check': { type: 'boolean', default: false }, jobs: { type: 'string', default: '2' } }, allowPositionals: true })
const { rules, withBreak } = ruleTable()

/**
 * Where a rule applies: in every state; in the states derived from the machine (what they have in
 * common); in the states the hand-kept table lists; or by properties over every step of every walk.
 */
function scopeOf(rule: RuleChecks): string {
  if (stateRules.app?.includes(rule.id)) return 'every state'
  const derived = derivedScopeOf(rule.id)
  if (derived) return `derived from the machine: ${derived.says} (${derived.states(appMachine).length} states)`
  const states = Object.entries(stateRules).filter(([, ids]) => ids.includes(rule.id)).map(([state]) => state)
  const property = rule.checks.some((check) => check.name.startsWith('property '))
  const parts = [...(states.length > 0 ? [`listed states: ${states.join(', ')}`] : []), ...(property ? ['every step of every walk (property)'] : [])]
  return parts.join('; ') || 'no state (sandbox or build)'
}

if (!values.prove) {
  for (const rule of rules) {
    const proof = rule.checks.length === 0 ? `not checkable: ${rule.notAutomated ?? 'no check names it'}` : withBreak.has(rule.id) ? 'break kept' : 'no break'
    console.log(`${rule.id}  [${levelsOf(rule).join(', ')}]  ${proof}\n    scope: ${scopeOf(rule)}`)
  }
  const checked = rules.filter((rule) => rule.checks.length > 0)
  console.log(`${rules.length} rules: ${checked.length} checked, ${checked.filter((rule) => withBreak.has(rule.id)).length} with a break`)
  process.exit(0)
}

// A browser check that cannot start Chromium fails with and without its break alike: stop before proving nothing.
if (!existsSync(env.chromiumPath)) {
  console.error(`No Chromium at ${env.chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`)
  process.exit(2)
}

const started = Date.now()
const loadAtStart = Math.round(loadavg()[0]! * 10) / 10
const chosen = positionals.length > 0 ? rules.filter((rule) => positionals.includes(rule.id)) : rules
const proofFile = path.join(repoRoot, 'docs', 'rules-proof.json')
const known = new Set(rules.map((rule) => rule.id))
const stored = existsSync(proofFile) ? (JSON.parse(readFileSync(proofFile, 'utf8')) as RulesProof) : undefined
const earlier = stored?.verdicts ?? []
// The last proof of every rule in one run: its wall time is the figure the whole proof is held to.
let wholeRun = stored?.wholeRun
const byRule = new Map(earlier.filter((verdict) => known.has(verdict.rule)).map((verdict) => [verdict.rule, verdict]))
const verdicts: Verdict[] = []
const count = (status: Verdict['status'], among: Verdict[]) => among.filter((verdict) => verdict.status === status).length
const summary = (among: Verdict[]) =>
  `${count('proven', among)} proven, ${count('unproven', among)} unproven, ${count('no break', among)} checked with no break kept, ${count('not checkable', among)} not checkable`
// The whole proof's time is the sum of each rule's, however many runs it took to prove them all.
const total = () => [...byRule.values()].reduce((sum, verdict) => sum + ('seconds' in verdict ? verdict.seconds : 0), 0)
/** Written after every verdict: a proof cut short keeps what it proved. */
function record(verdict: Verdict): void {
  verdicts.push(verdict)
  byRule.set(verdict.rule, verdict)
  write()
}

function write(): void {
  const all = [...byRule.values()].sort((a, b) => a.rule.localeCompare(b.rule))
  writeFileSync(proofFile, `${JSON.stringify({ seconds: total(), ...(wholeRun ? { wholeRun } : {}), verdicts: all }, null, 2)}\n`)
}

/** One rule's verdict, recorded and printed. */
async function proveOne(rule: RuleChecks): Promise<void> {
  if (rule.checks.length > 0 && !withBreak.has(rule.id)) {
    record({ rule: rule.id, status: 'no break', checks: rule.checks.length })
    return
  }
  const verdict = await prove(rule, (line) => console.log(line), values['every-check'])
  record(verdict)
  const detail = verdict.status === 'proven' ? `fails in ${verdict.failedIn.join(', ')}: ${verdict.failing[0] ?? ''}` : 'reason' in verdict ? verdict.reason : ''
  console.log(`${verdict.status.toUpperCase().padEnd(13)} ${rule.id}${detail ? `: ${detail}` : ''}`)
}

// Most of a check is one Vitest worker waiting on Chromium or a build, so two rules at a time keep two cores busy.
// The longest first (by the last proof's times), so that no long one is left to run alone at the end.
function lastSeconds(rule: RuleChecks): number {
  const last = byRule.get(rule.id)
  return last !== undefined && 'seconds' in last ? last.seconds : 0
}
const queue = [...chosen].sort((a, b) => lastSeconds(b) - lastSeconds(a))
const jobs = Math.max(1, Number(values.jobs) || 1)
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let rule = queue.shift(); rule; rule = queue.shift()) await proveOne(rule)
  }),
)

if (positionals.length === 0) {
  wholeRun = { seconds: Math.round((Date.now() - started) / 1000), jobs, cores: availableParallelism(), loadAtStart, finishedAt: new Date().toISOString() }
  write()
}
console.log(`this run: ${summary(verdicts)}; ${Math.round((Date.now() - started) / 1000)} s with ${jobs} at a time`)
if (positionals.length > 0) console.log(`every rule: ${summary([...byRule.values()])}; ${total()} s`)
process.exit(count('unproven', verdicts) > 0 ? 1 : 0)
