import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { env } from '../support/env'
import { breakApplies, breakParses, namePattern, prove, repoRoot, ruleTable, type Verdict } from './rule-breaks'

/*
 * The kept rule breaks stay honest: each still applies to the product and names a checked rule,
 * and on every run a seeded sample of them is proven (its rule's checks fail under it). The whole
 * proof is `npm run rules -- --prove`; the sample rotates with the day, and RULES_SEED picks it.
 */

const { rules, withBreak } = ruleTable()
const byId = new Map(rules.map((rule) => [rule.id, rule]))

test('every kept break names a rule with checks, still applies to the product and still parses', async () => {
  expect(withBreak.size).toBeGreaterThan(0)
  for (const id of withBreak) {
    expect(byId.get(id)?.checks.length ?? 0, `${id}: no checked rule of that id`).toBeGreaterThan(0)
    const applies = breakApplies(id)
    expect(applies.ok, `${id}: ${applies.message}`).toBe(true)
    const parses = await breakParses(id)
    expect(parses.ok, `${id}: ${parses.message}`).toBe(true)
  }
})

test('a test name from the source matches the name Vitest reports', () => {
  const pattern = new RegExp(namePattern("[${locale}] the lender\\'s card %s is ${what} (a+b)"))
  expect(pattern.test("the lender's card 1 is shown (a+b)")).toBe(true)
  expect(pattern.test("the lender's card 1 is shown (aab)")).toBe(false)
})

// The last whole proof (docs/rules-proof.json): a break it proved must go on failing its checks.
const proofFile = path.join(repoRoot, 'docs', 'rules-proof.json')
const proven = new Set(
  existsSync(proofFile) ? (JSON.parse(readFileSync(proofFile, 'utf8')) as { verdicts: Verdict[] }).verdicts.filter((v) => v.status === 'proven').map((v) => v.rule) : [],
)
// Proven breaks whose checks run without a browser or the seeded walks: a sample that fits a test run.
const quick = [...withBreak].filter((id) => proven.has(id) && byId.get(id)!.checks.every((check) => check.level !== 'browser' && !check.name.startsWith('property ')))
const seed = env.rulesSeed

test(`a sampled break fails its rule's checks (seed ${seed})`, { timeout: 240_000 }, async () => {
  expect(quick.length).toBeGreaterThan(0)
  const id = quick[seed % quick.length]!
  const verdict = await prove(byId.get(id)!)
  expect(verdict, `${id} under its break`).toMatchObject({ rule: id, status: 'proven' })
})
