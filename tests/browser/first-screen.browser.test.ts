import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'

/*
 * The prerendered first screen, in Chromium against the sandbox. What the borrower must
 * see comes from the locale files and the rules, never from the prerender's code: the boot screen
 * in the default locale (zh-Hans) painted by the HTML alone, no figure that depends on data, the
 * same DOM once the page is live, no console error, the largest paint staying the HTML's, and no
 * Chinese word shown to a borrower whose page is in another language.
 */

const suite = pageSandboxAndBrowser()
const zh = JSON.parse(readFileSync(new URL('../../locales/zh-Hans.json', import.meta.url), 'utf8')) as {
  app: { name: string; tagline: string }
  boot: { title: string; steps: Record<string, string> }
  loadFailed: { title: string }
}

/** Every script of the page refused: what is on screen then is the HTML's doing alone. */
async function withoutScripts(context: BrowserContext): Promise<void> {
  await context.route('**/*.js', (route) => route.abort())
}

/** Largest-contentful-paint candidates and errors, recorded from the first byte on. */
async function observe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = window as unknown as { lcp: { selector: string; size: number }[] }
    record.lcp = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
        const element = entry.element
        record.lcp.push({ selector: element ? `${element.tagName.toLowerCase()}.${element.className}` : '(removed)', size: entry.size })
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
}

function problems(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text())
  })
  page.on('pageerror', (error) => seen.push(String(error)))
  return seen
}

test('the HTML carries the boot screen in zh-Hans, with no figure that depends on data', async () => {
  const html = await (await fetch(`${suite.sandbox.url}/`)).text()
  const root = html.slice(html.indexOf('<div id="root">'))
  expect(root).toContain(`<h1>${zh.app.name}</h1>`)
  expect(root).toContain(zh.app.tagline)
  expect(root).toContain(`<h2>${zh.boot.title}</h2>`)
  for (const step of Object.values(zh.boot.steps)) expect(root).toContain(step)
  // Facts the boot has not found yet, not a guess: no channel code, no screen of a borrower, no money.
  expect(root).toContain('<dd data-testid="boot-channel">—</dd>')
  expect(root).not.toContain('app-test')
  expect(root).not.toMatch(/data-screen=|¥|[0-9]+\.[0-9]{2}/)
  // Nothing is fetched before the first paint but the HTML itself.
  // (A stylesheet link of a type no browser reads is never fetched.)
  expect(html).not.toMatch(/<link rel="(module)?preload"|<link rel="stylesheet"(?![^>]*type="text\/x-inlined")|<script[^>]* src=/)
})

test('with every script refused, the boot screen is painted and its brand line is the largest paint', { timeout: 60_000 }, async () => {
  const context = await newPhoneContext(suite.browser, 'zh-CN')
  await withoutScripts(context)
  await observe(context)
  const page = await context.newPage()
  await page.goto(pageUrl(suite.sandbox.url, {}))
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(zh.app.name)
  expect(await page.locator('#root').getByRole('heading', { level: 2 }).textContent()).toBe(zh.boot.title)
  // The first frame's largest paint; the scripts never ran, so the borrower is told so, and what to do, in a
  // paragraph painted later over the splash's foot that may take over as the largest.
  await expect.poll(() => page.evaluate(() => (window as unknown as { lcp: { selector: string }[] }).lcp[0]?.selector)).toBe('p.boot-brand')
  expect(await page.getByTestId('load-failed').getByRole('heading', { level: 2 }).textContent()).toBe(zh.loadFailed.title)
  // Styled, not bare HTML: the card is the product's white card on the grey page.
  expect(await page.locator('#root section.card').evaluate((card) => getComputedStyle(card).backgroundColor)).toBe('rgb(255, 255, 255)')
  await page.screenshot({ path: screenshotPath('first-screen-zh-Hans-html-only') })
  await context.close()
})

test('once live, the first screen is the same DOM: only the facts boot has found change', { timeout: 60_000 }, async () => {
  const context = await newPhoneContext(suite.browser, 'zh-CN')
  // The init config never answers: the machine stays in the prerender's state, resolving the base URL.
  await context.route('**/config/init.json', () => undefined)
  await context.addInitScript(() => {
    const record = window as unknown as { prerendered?: string; live?: string }
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!
      record.prerendered = root.innerHTML
      new MutationObserver(() => {
        record.live = root.innerHTML
      }).observe(root, { childList: true, subtree: true, characterData: true, attributes: true })
    })
  })
  const page = await context.newPage()
  const seen = problems(page)
  await page.goto(pageUrl(suite.sandbox.url, {}))
  // The page is live when the machine's first state shows: the step list is the React one.
  await expect.poll(() => page.evaluate(() => (window as unknown as { live?: string }).live !== undefined), { timeout: 15_000 }).toBe(true)
  await page.waitForTimeout(500)
  const { prerendered, live } = await page.evaluate(() => {
    const record = window as unknown as { prerendered: string; live: string }
    return { prerendered: record.prerendered, live: record.live }
  })
  // The platform is a fact the page finds at once (a browser: H5); every other node is the same.
  const withoutFacts = (html: string) => html.replace(/<dd([^>]*)>[^<]*<\/dd>/g, '<dd$1></dd>')
  expect(withoutFacts(live)).toBe(withoutFacts(prerendered))
  expect(live).not.toBe(prerendered)
  expect(seen).toEqual([])
  await context.close()
})

test('a logged-in borrower reaches home with the brand line still the largest paint, and no console error', { timeout: 60_000 }, async () => {
  const { token, user } = await loginPersona(suite.sandbox.url, '13800000001')
  const context = await newPhoneContext(suite.browser, 'zh-CN')
  await observe(context)
  const page = await context.newPage()
  const seen = problems(page)
  await page.goto(pageUrl(suite.sandbox.url, {}, { token, userId: user.user_id, userInfo: { phone: user.phone, nick_name: user.nick_name } }))
  await page.locator('main[data-screen="home"] .ui-entrance__figure').first().waitFor()
  await page.waitForTimeout(500)
  const lcp = await page.evaluate(() => (window as unknown as { lcp: { selector: string }[] }).lcp.map((entry) => entry.selector))
  // Home's figures fill in after the HTML's paint and are smaller: the LCP never moves to them.
  expect(lcp).toEqual(['p.boot-brand'])
  expect(seen).toEqual([])
  await context.close()
})

test('a page in another language never shows the prerender’s Chinese words, and shows its own once live', { timeout: 60_000 }, async () => {
  for (const live of [false, true]) {
    const context = await newPhoneContext(suite.browser, 'en-US')
    if (!live) await withoutScripts(context)
    const page = await context.newPage()
    const seen = problems(page)
    await page.goto(pageUrl(suite.sandbox.url, { lang: 'en' }))
    if (!live) {
      // The layout is there (no jump later), its words are not.
      await page.locator('p.boot-brand').waitFor()
      expect(await page.locator('p.boot-brand').evaluate((element) => getComputedStyle(element).color)).toBe('rgba(0, 0, 0, 0)')
      await page.screenshot({ path: screenshotPath('first-screen-en-html-only') })
    } else {
      await page.waitForURL(/#\/pages\/login\/index/)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Log in')
      expect(await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).color)).not.toBe('rgba(0, 0, 0, 0)')
      expect(await page.getAttribute('html', 'data-prerender')).toBeNull()
      expect(seen).toEqual([])
    }
    await context.close()
  }
})

test('the inlined stylesheets are never linked again: a secondary button keeps its look after the lazy screens load', { timeout: 60_000 }, async () => {
  const { token, user } = await loginPersona(suite.sandbox.url, '13800000004')
  const context = await newPhoneContext(suite.browser, 'en-US')
  const page = await context.newPage()
  const requestedCss: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.css')) requestedCss.push(request.url())
  })
  await page.goto(pageUrl(suite.sandbox.url, { lang: 'en' }, { token, userId: user.user_id }))
  await page.locator('main[data-screen="home"]').waitFor()
  await page.getByRole('button', { name: 'Repay', exact: true }).click()
  await page.locator('main[data-screen="repayment"] .repay-choices').waitFor()
  // Idle prefetch and the lazy pages have loaded their styles by now.
  await page.waitForTimeout(1_000)
  const linkedAgain = await page.evaluate(async (requested) => {
    const inline = new Set([...document.querySelectorAll('style')].map((style) => style.textContent))
    const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((link) => link.href)
    const texts = await Promise.all([...new Set([...linked, ...requested])].map(async (href) => [href, await (await fetch(href)).text()] as const))
    return texts.filter(([, text]) => inline.has(text)).map(([href]) => new URL(href).pathname)
  }, [...requestedCss])
  // A stylesheet the HTML carries inline, fetched or linked again after a screen's own, overrides that screen's rules.
  expect(linkedAgain).toEqual([])
  const background = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor)
  // The design's secondary action is the soft one: it must not look like the primary beside it.
  expect(await background('Repayment schedule')).not.toBe(await background('Continue to payment'))
  await context.close()
})
