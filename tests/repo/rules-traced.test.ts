import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { levelOf, scanRules } from '../../machines/model/rules'

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
      '// rules: beta-two',
      'const notATest = 1',
      '',
    ].join('\n'),
  )
  for (const dir of ['tests', 'machines', 'server']) mkdirSync(path.join(scratch, dir), { recursive: true })
  const { report, unknown, misplaced } = scanRules(scratch)
  expect(report.map((r) => [r.id, r.checks.map((c) => `${c.level} ${c.name}`)])).toEqual([
    ['alpha-one', ['unit src/a.test.ts › alpha-one holds']],
    ['beta-two', []],
    ['gamma-three', []],
  ])
  expect(report.map((r) => r.title)).toEqual(['Alpha holds.', 'Beta holds', 'Gamma is seen by the eye.'])
  expect(report[2]!.notAutomated).toBe('a person must look at it.')
  expect(unknown.filter((u) => u.file !== 'machines/model/properties.ts')).toEqual([{ file: 'src/a.test.ts', line: 2, id: 'no-such-rule' }])
  expect(misplaced).toEqual([{ file: 'src/a.test.ts', line: 5 }])
})

test('a check\'s level is where its file runs', () => {
  expect(levelOf('tests/browser/entry.test.ts', "import { newPhoneContext } from '../support/browser'")).toBe('browser')
  expect(levelOf('tests/model/browser-paths.test.ts', "import type { Page } from 'playwright-core'")).toBe('browser')
  expect(levelOf('tests/reliability/hostile-input.browser.reliability.ts', '')).toBe('browser')
  expect(levelOf('tests/ui/forms.test.tsx', "import { render } from '@testing-library/react'")).toBe('react')
  expect(levelOf('src/ui/sanitize.test.ts', '// @vitest-environment jsdom\n')).toBe('react')
  expect(levelOf('server/amortization.test.ts', '')).toBe('sandbox')
  expect(levelOf('tests/reliability/once-only.http.test.ts', '')).toBe('sandbox')
  expect(levelOf('machines/routes.test.ts', '')).toBe('machine')
  expect(levelOf('tests/model/boundaries.test.ts', '')).toBe('machine')
  expect(levelOf('tests/reliability/machine-level.test.ts', '')).toBe('machine')
  expect(levelOf('src/contract/field-rules.test.ts', '')).toBe('unit')
})
