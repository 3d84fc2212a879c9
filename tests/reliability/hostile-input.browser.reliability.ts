import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona, pageUrl } from '../support/sandbox'
import corpus from './corpus/xss-vectors.json'
import { dangerousNodes } from '../support/dangerous-dom'
import { recordFigures } from '../support/figures'

/*
 * Hostile input in Chromium: the XSS corpus rendered through both server-HTML screens
 * (an agreement, the rights card's details), the built page against the sandbox, the server's
 * answer replaced at the network layer. For every batch: no dialog, no script or other dangerous
 * node, and clicking every link in it navigates nothing; throughout, the token is never in
 * storage, the URL, a Referer or the console.
 */

const issueVectors = ['<a href="/terms.html">terms</a>', '<a href="/. /,alert(42)//#">vector</a>', '<a href="#/pages/home/index">home</a>']
const vectors = [...issueVectors, ...corpus.vectors]
const batchSize = 25
const batches = Array.from({ length: Math.ceil(vectors.length / batchSize) }, (_, index) => vectors.slice(index * batchSize, (index + 1) * batchSize))

const { sandbox, browser } = pageSandboxAndBrowser()
let context: BrowserContext
let page: Page
let token = ''
let html = ''
let entryUrl = ''
const dialogs: string[] = []
const popups: string[] = []
const consoleLines: string[] = []
const referers: string[] = []
const requestUrls: string[] = []
const mainNavigations: string[] = []
const figures = { vectors: vectors.length, renders: 0, dialogs: 0, dangerous: 0, navigations: 0, linksClicked: 0 }

function markedHtml(batch: readonly string[], offset: number): string {
  return batch.map((vector, index) => `<p>V-${offset + index}</p>${vector}`).join('\n')
}

async function replaceAnswer(route: Route, edit: (data: Record<string, unknown>) => void) {
  const response = await route.fetch()
  const body = (await response.json()) as { data: Record<string, unknown> }
  edit(body.data)
  await route.fulfill({ response, json: body })
}

/** A phone context and page, every event the checks need recorded. */
async function openPage(): Promise<void> {
  await context?.close()
  context = await newPhoneContext(browser, 'en-US')
  context.on('page', (opened) => popups.push(opened.url()))
  page = await context.newPage()
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('console', (message) => consoleLines.push(message.text()))
  page.on('request', (request) => {
    requestUrls.push(request.url())
    const referer = request.headers()['referer']
    if (referer) referers.push(referer)
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) mainNavigations.push(frame.url())
  })
  await context.route('**/api/sys-protocols/**', (route) => replaceAnswer(route, (data) => (data.content_html = html)))
  await context.route('**/v2/reward-product/show', (route) =>
    replaceAnswer(route, (data) => {
      if (data.product && typeof data.product === 'object') (data.product as Record<string, unknown>).detail_html = html
    }),
  )
  await page.goto(entryUrl)
  await page.waitForSelector('main[data-screen="home"][aria-busy="false"]')
}

beforeAll(async () => {
  const login = await loginPersona(sandbox.url, '13800000004')
  token = login.token
  entryUrl = pageUrl(sandbox.url, { lang: 'en' }, { token, userId: login.user.user_id, userInfo: { phone: login.user.phone, nick_name: login.user.nick_name } })
  await openPage()
})

afterAll(async () => {
  recordFigures('hostile-input-browser', {
    headline: `Chromium: ${figures.vectors} vectors × 2 server-HTML screens (${figures.renders} renders): ${figures.dialogs} dialogs, ${figures.dangerous} dangerous nodes, ${figures.navigations} navigations, ${figures.linksClicked} links clicked`,
    source: corpus.source,
    licence: corpus.licence,
    ...figures,
  })
  await context?.close()
})

test('the token leaves the address bar at intake; the page is logged in', async () => {
  expect(page.url()).not.toContain('bridge=')
  expect(page.url()).not.toContain(token)
  expect(await page.evaluate(() => document.querySelector('meta[name="referrer"]')?.getAttribute('content'))).toBe('no-referrer')
  const answer = await fetch(`${sandbox.url}/`)
  expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
})

async function renderAndProbe(screen: 'privacy' | 'richText', batch: readonly string[], offset: number) {
  html = markedHtml(batch, offset)
  if (screen === 'privacy') {
    // Home first, so the agreement is loaded again (an open overlay keeps its content).
    await page.evaluate(() => (location.hash = '#/pages/home/index'))
    await page.waitForSelector('main[data-screen="home"][aria-busy="false"]')
    await page.evaluate(() => (location.hash = '#/pages/privacy/index?key=privacy'))
  } else {
    // The rights details come with the rights product, which the page loads once per boot and
    // keeps with the borrower's drafts: a new web view on a new device for each batch.
    await openPage()
    await page.evaluate(() => (location.hash = '#/pages/richText/index?key=rights'))
  }
  const before = mainNavigations.length
  const container = page.locator(`main[data-screen="${screen}"] .ui-rich-html`)
  await container.waitFor()
  await expect.poll(() => container.evaluate((node) => node.textContent ?? '')).toContain(`V-${offset}`)
  figures.renders += 1
  const url = page.url()
  const dangerous = await container.evaluate(dangerousNodes)
  figures.dangerous += dangerous.length
  const clicked = await container.evaluate((node) => {
    const links = Array.from(node.querySelectorAll('a, area')) as HTMLElement[]
    for (const link of links) link.click()
    return links.length
  })
  figures.linksClicked += clicked
  await page.waitForTimeout(150)
  const navigated = mainNavigations.slice(before).filter((address) => address !== url && !address.includes(screen === 'privacy' ? '/pages/privacy/' : '/pages/'))
  figures.navigations += navigated.length
  expect(dangerous, `dangerous nodes in ${screen}`).toEqual([])
  expect(page.url(), 'a link click moved the page').toBe(url)
  expect(navigated).toEqual([])
  figures.dialogs = dialogs.length
  expect(dialogs).toEqual([])
  expect(popups.filter((address) => !address.startsWith('about:'))).toEqual([])
}

test.each(batches.map((batch, index) => [index + 1, batch] as const))('agreement screen, batch %i: no dialog, no dangerous node, no navigation', async (index, batch) => {
  await renderAndProbe('privacy', batch, (index - 1) * batchSize)
})

test.each(batches.map((batch, index) => [index + 1, batch] as const))('rights details screen, batch %i: no dialog, no dangerous node, no navigation', async (index, batch) => {
  await renderAndProbe('richText', batch, (index - 1) * batchSize)
})

test('clicking /terms.html and the /. /,alert(42)//# vector in an agreement keeps the borrower on the page, logged in', async () => {
  html = '<p>See <a href="/terms.html">the terms</a> and <a href="/. /,alert(42)//#">this</a>.</p>'
  await page.evaluate(() => (location.hash = '#/pages/home/index'))
  await page.waitForSelector('main[data-screen="home"][aria-busy="false"]')
  await page.evaluate(() => (location.hash = '#/pages/privacy/index?key=privacy'))
  const link = page.locator('main[data-screen="privacy"] .ui-rich-html a', { hasText: 'the terms' })
  await link.waitFor()
  const url = page.url()
  await link.click()
  await page.locator('main[data-screen="privacy"] .ui-rich-html a', { hasText: 'this' }).click()
  await page.waitForTimeout(300)
  expect(page.url()).toBe(url)
  expect(await page.locator('main[data-screen="privacy"]').count()).toBe(1)
  await page.screenshot({ path: screenshotPath('reliability-agreement-links') })
})

// rules: bridge-token-leaves-url, security-token
test('the token was never in storage, the URL, a Referer or the console', async () => {
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)
  expect(stored).not.toContain(token)
  expect(requestUrls.filter((address) => address.includes(token))).toEqual([])
  expect(referers.filter((referer) => referer.includes(token) || referer.includes('bridge='))).toEqual([])
  expect(consoleLines.filter((line) => line.includes(token))).toEqual([])
  // Only the loads the host made (the entry URL it handed over) ever held the token.
  expect(mainNavigations.filter((address) => address.includes('bridge=') && address !== entryUrl.split('#')[0] && !entryUrl.startsWith(address))).toEqual([])
})
