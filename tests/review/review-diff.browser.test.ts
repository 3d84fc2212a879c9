import { expect, test } from 'vitest'
import { openReviewer, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, what changed in the machine, as the built reviewer page shows a diff shipped with it:
 * listed in What changed, marked on the map and the chart, an entry opening what it names.
 */

const suite = reviewSuite()

test('a machine diff shipped with the page is listed in What changed and marked on the map and the chart; an entry opens its state', { timeout: 180_000 }, async () => {
  // A fixture diff served in place of the built data: one guard changed on the loan demand's submit, one state changed.
  const source = 'app.session.screens.loanDemand.editing'
  const key = `${source} | form.submit | 0`
  const diff = {
    format: 'huaqian.machine-diff/1',
    base: 'base',
    head: 'head',
    states: { added: [], removed: [], changed: [{ id: 'app.session.screens.contact', path: 'session.screens.contact', changes: [{ field: 'screen', before: 'contact', after: 'contacts' }] }] },
    transitions: { added: [], removed: [], retargeted: [], guardChanged: [{ key, source, event: 'form.submit', before: 'demandReady', after: 'not(demandReady)' }], actionsChanged: [] },
    paths: { gained: [], lost: [] },
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
  expect(await card.locator('h3').allTextContents()).toEqual(['States changed (1)', 'Guards changed (1)'])
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
