import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { levelOf, scanRules } from '../model/engine/rules'
import { derivedScopes, ruleTableOf } from '../model/engine/rule-scope'
import { rulesOfState, stateRules } from '../model/engine/state-rules'

/*
 * Every rule of docs/product-rules.md is held by a check that names it (a property's `rules`, or a
 * `// rules: id` line directly above a test), or the document says why no test can hold it; and no
 * check names a rule that does not exist.
 */

const scan = scanRules(process.cwd())

test('every product rule is named by a check that holds it', () => {
  const unchecked = scan.report.filter((r) => r.checks.length === 0 && !r.notAutomated).map((r) => r.id)
  expect(unchecked, `rules with no check: ${unchecked.join(', ')}`).toEqual([])
})

test('no check names an id that is not a rule, and every `// rules:` line stands above a test', () => {
  expect(scan.unknown.map((u) => `${u.file}:${u.line} names ${u.id}`)).toEqual([])
  expect(scan.misplaced.map((m) => `${m.file}:${m.line}`)).toEqual([])
})

const scratch = mkdtempSync(path.join(tmpdir(), 'rules-traced-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function put(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true })
  writeFileSync(path.join(scratch, file), text)
}

test('the scan counts a tag above a test, and neither prose nor a test name; it reports ids that are no rule', () => {
  put(
    'docs/product-rules.md',
    [
      '- <a id="alpha-one"></a>**`alpha-one`** — Alpha holds. More about it.',
      '- <a id="beta-two"></a>**`beta-two`** — Beta holds; and more.',
      '- <a id="gamma-three"></a>**`gamma-three`** — Gamma is seen by the eye. *Not checked by a test:* a person must look at it.',
      '',
    ].join('\n'),
  )
  put(
    'src/a.test.ts',
    [
      '// beta-two is discussed here, in prose, and must not count',
      '// rules: alpha-one, no-such-rule',
      "test('alpha-one holds', () => {})",
      "test('beta-two in a name only', () => {})",
      '// rules: gamma-three',
      "if (locale === 'en') test('gamma-three in one language', () => {})",
      '// rules: beta-two',
      'const notATest = 1',
      '',
    ].join('\n'),
  )
  for (const dir of ['tests', 'server']) mkdirSync(path.join(scratch, dir), { recursive: true })
  const { report, unknown, misplaced } = scanRules(scratch)
  expect(report.map((r) => [r.id, r.checks.map((c) => `${c.level} ${c.name}`)])).toEqual([
    ['alpha-one', ['unit src/a.test.ts › alpha-one holds']],
    ['beta-two', []],
    ['gamma-three', ['unit src/a.test.ts › gamma-three in one language']],
  ])
  expect(report.map((r) => r.title)).toEqual(['Alpha holds.', 'Beta holds', 'Gamma is seen by the eye.'])
  expect(report[2]!.notAutomated).toBe('a person must look at it.')
  expect(unknown.filter((u) => u.file !== 'tests/model/engine/properties.ts')).toEqual([{ file: 'src/a.test.ts', line: 2, id: 'no-such-rule' }])
  expect(misplaced).toEqual([{ file: 'src/a.test.ts', line: 7 }])
})

test('a check\'s level is where its file runs', () => {
  expect(levelOf('tests/browser/entry.browser.test.ts', "import { newPhoneContext } from '../support/browser'")).toBe('browser')
  expect(levelOf('tests/model/paths.browser.test.ts', "import type { Page } from 'playwright-core'")).toBe('browser')
  expect(levelOf('tests/reliability/hostile-input.browser.reliability.ts', '')).toBe('browser')
  expect(levelOf('tests/ui/forms.test.tsx', "import { render } from '@testing-library/react'")).toBe('react')
  expect(levelOf('src/ui/sanitize.test.ts', '// @vitest-environment jsdom\n')).toBe('react')
  expect(levelOf('server/amortization.test.ts', '')).toBe('sandbox')
  expect(levelOf('tests/reliability/once-only.http.test.ts', '')).toBe('sandbox')
  expect(levelOf('tests/machine/routes.test.ts', '')).toBe('machine')
  expect(levelOf('tests/model/boundaries.test.ts', '')).toBe('machine')
  expect(levelOf('tests/reliability/machine-level.test.ts', '')).toBe('machine')
  expect(levelOf('src/contract/field-rules.test.ts', '')).toBe('unit')
})

function stateIds(node: AnyStateNode): string[] {
  return [node.id, ...Object.values(node.states).flatMap(stateIds)]
}

test('the rules by state name states of the machine and rules of the document, and place every rule somewhere', () => {
  const states = new Set(stateIds(appMachine.root))
  const rules = new Set(scan.report.map((r) => r.id))
  expect(Object.keys(stateRules).filter((s) => !states.has(s))).toEqual([])
  expect(Object.entries(stateRules).flatMap(([s, ids]) => ids.filter((id) => !rules.has(id)).map((id) => `${s}: ${id}`))).toEqual([])
  const placed = new Set(Object.values(ruleTableOf(appMachine)).flat())
  expect([...rules].filter((id) => !placed.has(id))).toEqual([])
})

test('a rule whose scope is derived from the machine is never also listed by hand, and its scope is not empty', () => {
  for (const scope of derivedScopes) {
    expect(scope.states(appMachine).length, scope.says).toBeGreaterThan(0)
    const listed = Object.entries(stateRules).flatMap(([state, ids]) => ids.filter((id) => scope.rules.includes(id)).map((id) => `${state}: ${id}`))
    expect(listed, `${scope.rules.join(', ')}: derived (${scope.says}), not listed`).toEqual([])
  }
})

test('every state that sends money or a binding is in the commit rules\' derived scope', () => {
  const states = new Set(derivedScopes.find((scope) => scope.rules.includes('idem-key-on-commit'))!.states(appMachine))
  // Every state that sends money or a binding: the payment, the card confirmations, the application, the purchase.
  for (const id of ['app.session.screens.paymentConfirm.paying', 'app.session.screens.bankCard.confirming', 'app.session.screens.lendConfirm.applying', 'app.session.rights.buying']) {
    expect(states.has(id), id).toBe(true)
  }
})

test('a state has its own rules and those its enclosing states add, each once', () => {
  const parents: Record<string, string> = { 'app.session.screens.bankCard.codeSent': 'bankCard', bankCard: 'app.session.screens', 'app.session.screens': 'session', session: 'app' }
  const { own, enclosing } = rulesOfState('app.session.screens.bankCard.codeSent', (s) => parents[s], {
    app: ['a', 'b'],
    session: ['b', 'c'],
    bankCard: ['d', 'e'],
    'app.session.screens.bankCard.codeSent': ['e', 'f'],
  })
  expect(own).toEqual(['e', 'f'])
  expect(enclosing).toEqual([
    { state: 'bankCard', rules: ['d'] },
    { state: 'session', rules: ['b', 'c'] },
    { state: 'app', rules: ['a'] },
  ])
})
