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
    'nothing-lost-drafts',
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
