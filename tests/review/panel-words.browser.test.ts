import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { machineGraph } from '../../src/review/machine-graph'
import { openReviewer, repoRoot, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the built reviewer page speaks the product's language: the panel of the bank card,
 * the loan plan and the repayment screen shows no code name in its visible text (the names of the
 * machine's guards, events, calls and states, and the rules' ids stay on hover and behind
 * "details"), in English and in Simplified Chinese; the rules every screen inherits sit behind one line.
 */

beforeAll(() => {
  spawnSync('npx', ['tsx', 'tests/model/engine/paths-cli.ts', '--rules'], { cwd: repoRoot, stdio: 'ignore' })
}, 180_000)
const suite = reviewSuite()

const graph = machineGraph(appMachine)
const ruleIds = Object.keys((JSON.parse(readFileSync(path.join(repoRoot, 'artifacts', 'rules-report.json'), 'utf8')) as { rules: Record<string, unknown> }).rules)
/**
 * The names a reader would see as code: every guard, event, call and state name of the machine and every
 * rule id, those that are not a plain word ("review" is one; "bankCard", "form.submit" and "field-sms-code" are not).
 */
const codeNames = [
  ...Object.keys((appMachine.implementations as { guards: Record<string, unknown> }).guards),
  ...graph.transitions.map((t) => t.event),
  ...graph.states.flatMap((s) => [s.id, s.key, s.path, ...s.invokes.map((i) => i.src)]),
  ...ruleIds,
].filter((name, i, all) => /[A-Z.\-_]/.test(name) && name.length > 2 && all.indexOf(name) === i)

function codeNamesIn(text: string): string[] {
  return codeNames.filter((name) => new RegExp(`(^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text))
}

async function panelOf(review: Page, id: string, heading: string): Promise<string> {
  // A load of its own: from another chart only the address's hash would change, and the page redraws
  // for it after `data-ready` is long set, so a redraw still under way could drop the panel Enter opened.
  await review.goto('about:blank')
  await review.goto(`${suite.sandbox.url}/review/#chart=${id}`)
  await review.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  // As a keyboard reader opens it: the state's box focused, then Enter.
  await review.locator(`[data-state-id="${id}"]`).focus()
  await review.keyboard.press('Enter')
  const panel = review.locator('#panel')
  await expect.poll(() => panel.locator('h2').textContent()).toBe(heading)
  // Everything the panel loads after it opens: the rules and the generated paths.
  await panel.locator('[data-summary="rules"], .rules .note').first().waitFor()
  await expect.poll(() => panel.locator('p.note', { hasText: /^Loading the/ }).count()).toBe(0)
  return panel.innerText()
}

test('the panels of the bank card, the loan plan and repayment show no code name, only words', { timeout: 240_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const review = await openReviewer(suite, context, errors)
  expect(codeNames).toEqual(expect.arrayContaining(['cardCodeReady', 'form.submit', 'sendCardCode', 'app.session.screens.bankCard.sendingCode', 'field-bank-card']))
  for (const [id, heading] of [
    ['bankCard', 'Bank card'],
    ['loanPlan', 'Loan plan'],
    ['repayment', 'Repay'],
  ] as const) {
    const text = await panelOf(review, id, heading)
    expect(codeNamesIn(text), `${id}'s panel`).toEqual([])
    expect(text, `${id}'s panel`).not.toMatch(/\[[a-z]+[A-Z]\w*/)
    // The code names are a hover or a click away.
    const details = review.locator('#panel [data-details="code"]')
    await details.locator('summary').click()
    expect(await details.innerText()).toContain(id)
  }
  const bankCard = await panelOf(review, 'bankCard', 'Bank card')
  expect(bankCard).toContain('Send code, if the card number and the reserved phone are typed → Bank card · sending the code')
  expect(bankCard).toContain('Submit, if the code is typed and the withhold agreement is ticked → Bank card · binding')
  // Its own rules are listed; the request's signing, headers and the like stay behind one closed line.
  const everywhere = review.locator('#panel details.everywhere')
  expect(await everywhere.locator('summary').innerText()).toMatch(/^Applies everywhere \(\d+\)/)
  expect(await everywhere.getAttribute('open')).toBeNull()
  expect(await everywhere.locator('[data-rule="request-signature"]').count()).toBe(1)
  expect(await review.locator('#panel [data-rule="request-signature"]').isVisible()).toBe(false)
  expect(await review.locator('#panel [data-summary="rules"] > li').count()).toBeLessThan(10)
  expect(await review.locator('#panel [data-summary="events"] li', { hasText: 'Send code, if' }).first().getAttribute('title')).toContain('sms.send [cardReady]')
  await review.screenshot({ path: shot('panel-words-en') })

  // In Simplified Chinese the same panel reads in Chinese, the code names still out of sight.
  await review.locator('#locale').selectOption('zh-Hans')
  await expect.poll(() => review.locator('#panel h2').textContent(), { timeout: 60_000 }).toBe('银行卡')
  await expect.poll(() => review.locator('#panel [data-summary="events"]').innerText(), { timeout: 30_000 }).toContain('提交，条件：验证码已输入且代扣协议已勾选 → 银行卡 · 绑定中')
  const chinese = await review.locator('#panel').innerText()
  expect(codeNamesIn(chinese)).toEqual([])
  // The page's own words are Chinese too: the panel's headings, the toolbar, the side's cards.
  const han = /[\u4e00-\u9fff]/
  for (const heading of await review.locator('#panel h3, #live h2, #drive h2, #diff h2').allInnerTexts()) expect(heading).toMatch(han)
  for (const label of await review.locator('header.toolbar button:visible, header.toolbar label:visible').allInnerTexts()) {
    // Only signs and the names of file formats stay as they are.
    if (label.trim() !== '' && !/^[+−◀ ]*$/.test(label.trim())) expect(label.replace(/\b(SVG|Mermaid)\b/g, '')).toMatch(han)
  }
  expect(await review.evaluate(() => document.documentElement.lang)).toBe('zh-Hans')
  await review.screenshot({ path: shot('panel-words-zh-Hans') })
  expect(errors).toEqual([])
  await context.close()
})
