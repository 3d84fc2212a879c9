import { expect, test } from 'vitest'
import { openReviewer, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, what changed in the machine, as the built reviewer page shows a diff shipped with it:
 * listed in What changed, marked on the map and the chart, an entry opening what it names.
 */

const suite = reviewSuite()

test('a machine diff shipped with the page is listed in What changed, inside the panel, and marked on the map and the chart; an entry opens its state', { timeout: 180_000 }, async () => {
  // A fixture diff served in place of the built data: one guard changed on the loan demand's submit, one state changed, one golden path gained.
  const source = 'app.session.screens.loanDemand.editing'
  const key = `${source} | form.submit | 0`
  const diff = {
    format: 'huaqian.machine-diff/1',
    base: 'base',
    head: 'head',
    states: { added: [], removed: [], changed: [{ id: 'app.session.screens.contact', path: 'session.screens.contact', changes: [{ field: 'screen', before: 'contact', after: 'contacts' }] }] },
    transitions: { added: [], removed: [], retargeted: [], guardChanged: [{ key, source, event: 'form.submit', before: 'demandReady', after: 'not(demandReady)' }], actionsChanged: [] },
    // A golden path with the longest names the machine has: its title and steps wrap inside the panel.
    paths: {
      gained: [
        {
          id: 'edge-9',
          title: '[fresh] for app.session.screens.facialIdentification.checking.fetching | getBiometricResult.done | 2',
          steps: [
            '0. start:fresh                                  → boot.resolvingBaseUrl  (no route)',
            '1. lookupChannel.done:loginNotRequired          → session.screens.home.loading.user.fetching + status.fetching + rights.fetching  /pages/home/index (replace)',
          ],
        },
      ],
      lost: [],
    },
  }
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  await context.route('**/review/data/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as Record<string, unknown>
    await route.fulfill({ json: { ...manifest, diff: 'data/fixture-diff.json' } })
  })
  await context.route('**/review/data/fixture-diff.json', (route) => route.fulfill({ json: diff }))
  const review = await openReviewer(suite, context, errors, '#map')
  const card = review.locator('#diff')
  await expect.poll(() => card.isVisible()).toBe(true)
  expect(await card.locator('h3').allTextContents()).toEqual(['States changed (1)', 'Guards changed (1)', 'Golden paths gained (1)'])
  // Every line of the list, a golden path's steps opened too, stays inside the side panel.
  await card.locator('summary').first().click()
  const overflowing = await card.evaluate((c) => {
    // The panel's visible right edge (its scroll bar left out): a card widened by its content would hide an overflow.
    const side = c.closest('.side') as HTMLElement
    const right = side.getBoundingClientRect().left + side.clientLeft + side.clientWidth
    // Each line of text as drawn: a block's own box keeps the panel's width while its text runs past it.
    const lines: string[] = []
    const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT)
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(text)
      if ([...range.getClientRects()].some((line) => line.right > right + 0.5)) lines.push(text.textContent ?? '')
    }
    return lines
  })
  expect(overflowing).toEqual([])
  expect(await review.locator('.side').evaluate((side) => side.scrollWidth <= side.clientWidth)).toBe(true)
  // The map marks the screen whose state changed and the screen a changed transition leaves.
  expect(await review.locator('#map .diff-changed').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')).sort())).toEqual(['contact', 'loanDemand'])
  await card.locator(`button[data-transition-key="${key}"]`).click()
  await review.waitForFunction(() => location.hash.startsWith('#chart'), undefined, { timeout: 60_000 })
  const marked = review.locator(`#canvas [data-transition="${key}"].diff-changed`)
  await expect.poll(() => marked.count(), { timeout: 60_000 }).toBeGreaterThan(0)
  expect(await review.locator('#canvas .diff-added').count()).toBe(0)
  await review.screenshot({ path: shot('diff-chart') })
  expect(errors).toEqual([])
  await context.close()
})
