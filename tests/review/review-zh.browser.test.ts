import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the built reviewer page in Simplified Chinese as a reviewer reads it: the map and the
 * charts of the loan plan and of repayment, fitted to the window, show their labels and no English.
 * What may stay Latin is what has no Chinese name: the export formats (SVG, Mermaid), the machine's
 * own name (appMachine), commands to type, and addresses.
 */

const { sandbox, browser } = reviewSuite()

/** Visible text with a Latin word of three letters or more, once the names above are taken out. */
function englishOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const allowed = /\b(SVG|Mermaid|appMachine)\b|npm run [\w:-]+( -- --?[\w-]+)*|\/host\/|\/review\//g
    const out: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement
      if (element === null || element.closest('option, script, style, title, [hidden]') !== null) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue
      if (box.bottom < 0 || box.right < 0 || box.top > innerHeight || box.left > innerWidth) continue
      const text = (node.textContent ?? '').replace(allowed, '')
      if (/[A-Za-z]{3,}/.test(text)) out.push((node.textContent ?? '').trim())
    }
    return [...new Set(out)]
  })
}

async function openInChinese(address: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`${sandbox.url}/review/${address}`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  await page.locator('#locale').selectOption('zh-Hans')
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 }).toBe('zh-Hans')
  return page
}

test('in Simplified Chinese the map says nothing in English', { timeout: 180_000 }, async () => {
  const page = await openInChinese('#map')
  await expect.poll(() => page.locator('[data-flow="repayment"]').getAttribute('aria-label'), { timeout: 30_000 }).toBe('还款')
  expect(await englishOnScreen(page)).toEqual([])
  await page.screenshot({ path: shot('map-zh-Hans') })
  await page.close()
})

for (const [part, name] of [['loanPlan', '借款计划'], ['repayment', '还款']] as const) {
  test(`in Simplified Chinese the ${part} chart, fitted, shows every state's name and no English`, { timeout: 180_000 }, async () => {
    const page = await openInChinese(`#chart=${part}`)
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 60_000 }).toMatch(new RegExp(`^${name}：`))
    await page.getByRole('button', { name: '适应窗口' }).click()
    // Fitted, each state's own name is drawn and shown: none gives way to an empty box.
    const names = page.locator('svg.chart [data-state-id] > text.name')
    expect(await names.count()).toBeGreaterThan(5)
    const hidden = await names.evaluateAll((els) => els.filter((el) => getComputedStyle(el).visibility === 'hidden' || el.getBoundingClientRect().height < 6).map((el) => el.textContent))
    expect(hidden).toEqual([])
    expect(await englishOnScreen(page)).toEqual([])
    await page.screenshot({ path: shot(`chart-${part}-zh-Hans`) })
    await page.close()
  })
}
