import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import en from '../../locales/en.json' with { type: 'json' }
import { machineFigures, openReviewer, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, the built reviewer page's map (every screen a card, readable at 1280×800, the funnel
 * left to right), a card and a band opening their charts, a compound state's panel summing its
 * inner states, search by word parts and the keyboard's ways through.
 */

const suite = reviewSuite()

/**
 * Readable: the screen at least its capture's own width (a card's thumbnail is a fifth of it), whole in the
 * window. The preview places itself again once its capture has loaded, so it is read until it has settled.
 */
const readable = (preview: Locator, width: number) =>
  expect
    .poll(async () => {
      const box = await preview.boundingBox()
      const img = await preview.locator('img').evaluate((el: HTMLImageElement) => ({ shown: el.getBoundingClientRect().width, natural: el.naturalWidth }))
      return [
        img.natural >= 240 ? '' : `a capture ${img.natural} px wide`,
        img.shown >= img.natural ? '' : `shown ${img.shown} px wide, narrower than its capture`,
        box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= 800 ? '' : `outside the ${width}×800 window: ${JSON.stringify(box)}`,
      ].filter((problem) => problem !== '')
    })
    .toEqual([])

/** Hovers a card and waits for its preview. */
async function previewOf(page: Page, card: string | null | undefined): Promise<Locator> {
  const preview = page.locator('#map-preview')
  await page.locator(`[data-card="${card}"]`).hover()
  await expect.poll(() => preview.isVisible()).toBe(true)
  return preview
}

/** The funnel as the borrower walks it, demand to loan plan. */
const funnelOrder = ['loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'review', 'result', 'match', 'lendConfirm', 'loanPlan']

test('the page opens on a map that reads at 1280×800: every screen a card with its name, the funnel left to right; a card opens its chart', { timeout: 180_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(suite, context, errors, '')
  const screens = machineFigures().screens
  const cards = await page.locator('#map [data-card]').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect()
      const name = el.querySelector('.card-name') as HTMLElement
      return { id: el.getAttribute('data-card') ?? '', name: name.textContent ?? '', x: box.x, y: box.y, right: box.right, bottom: box.bottom, font: parseFloat(getComputedStyle(name).fontSize) }
    }),
  )
  // Every state with a screen is on the map, as itself or inside the card that holds it.
  const shown = new Set(cards.map((c) => c.id))
  for (const screen of screens) expect(shown.has(screen.id) || screen.ancestors.some((a) => shown.has(a)), screen.id).toBe(true)
  for (const card of cards) {
    // Readable without zooming: whole on screen, its name at 12 px or more, the state's words.
    expect(card.right, card.id).toBeLessThanOrEqual(1280)
    expect(card.bottom, card.id).toBeLessThanOrEqual(800)
    expect(card.font, card.id).toBeGreaterThanOrEqual(12)
    // A screen's card is named by its title, as the borrower reads it (locales/en.json); others by their words.
    const title = (en.routes as Record<string, string>)[card.id]
    if (title !== undefined) expect(card.name, card.id).toBe(title)
    else expect(card.name, card.id).toMatch(/^[A-Z][a-z ·]+/)
  }
  const funnel = funnelOrder.map((id) => cards.find((c) => c.id === id))
  expect(funnel.every((c) => c !== undefined)).toBe(true)
  const xs = funnel.map((c) => c?.x ?? 0)
  expect(xs).toEqual([...xs].sort((a, b) => a - b))
  expect(new Set(funnel.map((c) => c?.y)).size).toBe(1)
  expect(await page.locator('#map .map-arrows path').count()).toBeGreaterThan(20)
  await page.screenshot({ path: shot('0-map') })

  // A card opens that screen's whole statechart; its panel sums the inner states.
  await page.locator('[data-card="bankCard"]').click()
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 60_000 }).toContain('Bank card: drawn 9 of 9 state nodes')
  await page.locator('[data-state-id="bankCard"] > rect.box').click({ position: { x: 30, y: 8 } })
  const calls = page.locator('#panel [data-summary="calls"] li')
  await expect.poll(() => calls.allTextContents()).toEqual(expect.arrayContaining(["sending the code: Send the card's SMS code", 'binding: Bind the card']))
  const events = await page.locator('#panel [data-summary="events"] li').allTextContents()
  for (const event of ['Send code', 'Submit', 'Back']) expect(events.some((line) => line.includes(event)), event).toBe(true)
  await page.screenshot({ path: shot('0-bankCard-panel') })
  // At 768 px the screen's frame is wider than the chart's view: opened, its name is in view, not at or past the left edge.
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await page.locator('[data-state-id="bankCard"] > rect.box').click({ position: { x: 30, y: 8 } })
  const name = await page.locator('[data-state-id="bankCard"] > text.name').boundingBox()
  const view = await page.locator('#viewport').boundingBox()
  // Whole and clear of the edge (6 px or more), where a name flush with it reads as cut.
  expect(name && view && name.x >= view.x + 6 && name.x + name.width <= view.x + view.width && name.y >= view.y + 6 && name.y + name.height <= view.y + view.height).toBe(true)
  await page.setViewportSize({ width: 1280, height: 800 })

  // A band's title opens the flow's chart; back to the map.
  await page.getByRole('button', { name: '◀ Map' }).click()
  await page.getByRole('button', { name: /^The funnel/ }).click()
  await expect.poll(() => page.locator('#status').textContent()).toContain('The funnel: drawn')
  for (const id of funnelOrder.slice(0, 8)) expect(await page.locator(`[data-state-id="${id}"]`).count(), id).toBe(1)
  expect(await page.locator('[data-state-id="home"]').count()).toBe(0)
  expect(errors).toEqual([])
  await context.close()
})

test('a card shows its screen large on hover and on focus, at 1280×800 and 768 wide; Space opens it full size, Escape closes it and Enter still opens the chart', { timeout: 120_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(suite, context, errors, '')
  const preview = page.locator('#map-preview')
  expect(await preview.isVisible()).toBe(false)
  await previewOf(page, 'bankCard')
  expect(await preview.locator('figcaption strong').textContent()).toBe(en.routes.bankCard)
  await readable(preview, 1280)
  await page.screenshot({ path: shot('map-preview') })
  await page.mouse.move(5, 795)
  await expect.poll(() => preview.isVisible()).toBe(false)

  // By keyboard: focus shows it, Space opens it full size and leaves the map where it is.
  await page.locator('[data-card="repayment"]').focus()
  await expect.poll(() => preview.locator('figcaption strong').textContent()).toBe(en.routes.repayment)
  await page.keyboard.press('Space')
  const dialog = page.locator('#screen-dialog')
  await expect.poll(() => dialog.isVisible()).toBe(true)
  expect(await dialog.getAttribute('aria-label')).toBe(en.routes.repayment)
  expect((await dialog.locator('img').boundingBox())?.height ?? 0).toBeGreaterThan(520)
  expect(await page.evaluate(() => location.hash)).not.toMatch(/^#chart/)
  await page.screenshot({ path: shot('map-screen-full') })
  await page.keyboard.press('Escape')
  await expect.poll(() => dialog.isVisible()).toBe(false)
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-card'))).toBe('repayment')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#chart=repayment')

  // 768 wide: the preview beside a card at the right edge stays in the window.
  await page.setViewportSize({ width: 768, height: 800 })
  await page.getByRole('button', { name: '◀ Map' }).click()
  const right = await page.locator('#map [data-card]').evaluateAll((els) => els.map((el) => ({ id: el.getAttribute('data-card'), right: el.getBoundingClientRect().right })).sort((a, b) => b.right - a.right)[0]?.id)
  await readable(await previewOf(page, right), 768)
  expect(errors).toEqual([])
  await context.close()
})

test('a card hovered before its capture has loaded: the preview is placed again once it has, whole in the window', { timeout: 120_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  // The captures are held back, as on a slow network, until the preview shows without them.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/data\/(thumbs|screens)\//, async (route) => {
    await held
    await route.continue()
  })
  const page = await openReviewer(suite, context, errors, '')
  // The lowest card whole in the window: its preview, once the capture is in, is taller than the room below it.
  const lowest = await page.locator('#map [data-card]').evaluateAll((els) =>
    els
      .map((el) => ({ id: el.getAttribute('data-card'), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.bottom <= innerHeight && box.right <= innerWidth)
      .sort((a, b) => b.box.top - a.box.top)[0]?.id,
  )
  const preview = await previewOf(page, lowest)
  expect(await preview.locator('img').evaluate((img: HTMLImageElement) => img.complete)).toBe(false)
  release()
  // Read once the capture is in and a frame has been laid out with it.
  await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await readable(preview, 1280)
  expect(errors).toEqual([])
  await context.close()
})

test('search finds screens by what a reviewer types, the arrow keys move through the results; a skip link reaches Live; a transition takes focus and Enter opens its source', { timeout: 120_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const errors: string[] = []
  const page = await openReviewer(suite, context, errors)
  // The first Tab stop skips the 144 states and 321 transitions of the chart.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to Live and Drive')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('live')
  const search = page.getByRole('combobox', { name: 'Find a screen, a rule or an event' })
  const marked = page.locator('#search-results [aria-selected="true"]')
  const openWithKeys = async (query: string, downs: number) => {
    await search.fill(query)
    await expect.poll(() => page.locator('#search-results [role="option"]').count()).toBeGreaterThan(downs)
    for (let i = 0; i < downs; i += 1) await page.keyboard.press('ArrowDown')
    const chosen = { id: await marked.getAttribute('data-state'), label: await marked.locator('.hit-label').textContent() }
    expect(await search.getAttribute('aria-activedescendant')).toBe(await marked.getAttribute('id'))
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('#panel h2').getAttribute('title')).toBe(chosen.id)
    expect(await page.locator('#panel h2').textContent()).toBe(chosen.label)
    return chosen.id
  }
  // 还款 (repay): the four repayment screens, by their Chinese titles, come first; the arrow keys reach each.
  const repayment = ['repayment', 'repayDetail', 'repaymentResult', 'repayPlan']
  for (const downs of [0, 1, 2, 3]) expect(repayment, `result ${downs + 1} of 还款`).toContain(await openWithKeys('还款', downs))
  // Down past the last result comes back to the first; up from the first goes to the last.
  await search.fill('还款')
  const count = await page.locator('#search-results [role="option"]').count()
  await page.keyboard.press('ArrowUp')
  expect(await marked.getAttribute('id')).toBe(`search-hit-${count - 1}`)
  // "agreement": the agreement page, then the lender's agreement page, each by its title.
  expect(await openWithKeys('agreement', 0)).toBe('privacy')
  expect(await openWithKeys('agreement', 1)).toBe('thirdProtocol')
  // A code name still finds its state.
  await search.fill('sendCardCode')
  await expect.poll(() => page.locator('#search-results').textContent()).toContain("Send the card's SMS code")
  await page.keyboard.press('Escape')
  expect(await page.locator('#search-results').isHidden()).toBe(true)

  const transition = page.locator('g.transition[data-event="sms.send"][data-source="app.session.screens.lendConfirm.editing"]')
  await transition.focus()
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-event'))).toBe('sms.send')
  expect(await transition.getAttribute('aria-label')).toBe('Confirm loan · filling in: Send code, if the card is not yet bound for this lender → Confirm loan · sending the code')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.locator('#panel h2').textContent()).toBe('Confirm loan · filling in')
  expect(await page.locator('#panel').textContent()).toContain('Confirm loan · sending the code')
  expect(errors).toEqual([])
  await context.close()
})
