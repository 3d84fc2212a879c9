import { spawnSync } from 'node:child_process'
import { beforeAll, expect, test } from 'vitest'
import { repoRoot, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the built reviewer page: a state's panel lists the product rules that apply there,
 * each linked to its text in the rules document, with its title and the levels of its checks.
 */

// The rules data of this tree, as `npm run paths -- --rules` writes it, before the page is built
// (whatever its exit code: a rule without a check is tests/repo/rules-traced.test.ts's to report).
beforeAll(() => {
  spawnSync('npx', ['tsx', 'tests/model/engine/paths-cli.ts', '--rules'], { cwd: repoRoot, stdio: 'ignore' })
}, 180_000)
const { sandbox, browser } = reviewSuite()

test('the bank card state lists its rules with title and check levels, and a rule links to its text', { timeout: 180_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${sandbox.url}/review/#chart=bankCard`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  await page.locator('[data-state-id="bankCard"]').focus()
  await page.keyboard.press('Enter')
  const panel = page.locator('#panel')
  await expect.poll(() => panel.locator('h2').textContent()).toBe('Bank card')

  // The card screen's own rules, in the table's order: the field rules of a card, its phone and code.
  const own = panel.locator('[data-summary="rules"] > li')
  await expect.poll(() => own.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-rule')))).toEqual([
    'field-bank-card',
    'field-mobile',
    'field-sms-code',
    'field-message-timing',
    'nothing-lost-sensitive',
  ])
  const card = panel.locator('[data-rule="field-bank-card"]').first()
  expect(await card.textContent()).toContain('A card number is 16–19 digits, never starting with 0, and passes the Luhn check')
  // Held by the contract's unit test, the forms in jsdom, the sandbox over HTTP and the borrower in Chromium.
  expect(await card.locator('.rule-levels').textContent()).toBe('[react, browser, sandbox, unit]')
  // What the enclosing states add, the session's 401 handling and everywhere the one request, behind one line.
  const everywhere = panel.locator('details.everywhere')
  expect(await everywhere.getAttribute('data-rules-everywhere')).toBe('session app')
  expect(await everywhere.locator('[data-rules-from="app"] [data-rule="request-signature"]').count()).toBe(1)
  expect(await panel.textContent()).toMatch(/\d+ rules, \d+ with a check/)
  await page.screenshot({ path: shot('rules-panel') })

  // The link opens the rules document at that rule.
  const [doc] = await Promise.all([context.waitForEvent('page'), card.locator('a').click()])
  await doc.waitForLoadState()
  expect(new URL(doc.url()).hash).toBe('#field-bank-card')
  expect(await doc.locator('[id="field-bank-card"]').count()).toBe(1)
  expect(await doc.evaluate(() => document.querySelector(':target')?.parentElement?.textContent ?? '')).toContain('passes the Luhn check')
  expect(errors).toEqual([])
  await context.close()
})

/**
 * The bank card's panel with the manifest the page was built with, its proof by breaking replaced:
 * `proof` served as the page's proof file, or none (null).
 */
async function bankCardPanelWithProof(proof: object | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.route('**/review/data/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as Record<string, unknown>
    await route.fulfill({ json: { ...manifest, rulesProof: proof === null ? null : 'data/rules-proof-sample.json' } })
  })
  await context.route('**/review/data/rules-proof-sample.json', (route) => route.fulfill({ json: proof }))
  const page = await context.newPage()
  await page.goto(`${sandbox.url}/review/#chart=bankCard`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  await page.locator('[data-state-id="bankCard"]').focus()
  await page.keyboard.press('Enter')
  const panel = page.locator('#panel')
  await panel.locator('[data-proof-summary]').waitFor({ timeout: 30_000 })
  return { context, page, panel }
}

test('each rule says what the last proof by breaking found: proven with the check that failed, unproven or not checkable with the reason, or no break kept', { timeout: 180_000 }, async () => {
  const proof = {
    seconds: 95,
    verdicts: [
      { rule: 'field-bank-card', status: 'proven', failedIn: ['tests/contract/bank-card.test.ts'], seconds: 40 },
      { rule: 'field-mobile', status: 'unproven', reason: 'every check that names it passed with the rule broken', seconds: 50 },
      { rule: 'field-sms-code', status: 'not checkable', reason: 'the bank sends the code' },
      { rule: 'field-message-timing', status: 'no break', checks: 3 },
    ],
  }
  const { context, page, panel } = await bankCardPanelWithProof(proof)
  const said = async (rule: string) => (await panel.locator(`[data-summary="rules"] [data-rule="${rule}"] .rule-proof`).textContent())?.trim()
  expect(await said('field-bank-card')).toBe('proven: breaking it fails tests/contract/bank-card.test.ts')
  expect(await said('field-mobile')).toBe('unproven: every check that names it passed with the rule broken')
  expect(await said('field-sms-code')).toBe('not checkable: the bank sends the code')
  expect(await said('field-message-timing')).toBe('no break kept')
  expect(await said('nothing-lost-sensitive')).toBe('not in the last proof')
  expect(await panel.locator('[data-proof-summary="run"]').textContent()).toBe('Proof by breaking (95 s): 1 proven, 1 unproven, 1 with no break kept, 1 not checkable.')
  await page.screenshot({ path: shot('rules-proof-panel') })

  // In Simplified Chinese, the same verdicts in its words.
  await page.locator('#locale').selectOption('zh-Hans')
  await page.locator('[data-state-id="bankCard"]').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => said('field-message-timing'), { timeout: 30_000 }).toBe('未保留破坏补丁')
  expect(await said('field-bank-card')).toBe('已证明：破坏后失败的检查：tests/contract/bank-card.test.ts')
  await context.close()
})

test('without a proof by breaking, the rule list says it has not been run and what runs it', { timeout: 180_000 }, async () => {
  const { context, panel } = await bankCardPanelWithProof(null)
  expect(await panel.locator('[data-proof-summary]').textContent()).toBe(
    'The proof by breaking has not been run: npm run rules -- --prove breaks each rule in a copy of the product and runs the checks that name it.',
  )
  expect(await panel.locator('.rule-proof').count()).toBe(0)
  await context.close()
})
