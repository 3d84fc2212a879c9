import { expect, test } from 'vitest'
import { applyByHand, chartFollows, frameOnScreen, openReviewer, reviewerBesideHost, reviewSuite, shot } from './review-kit'

/*
 * In Chromium, a product page reporting live to the built reviewer page: the host simulator followed
 * through five screens, a page opened before the reviewer, and a page with no reviewer listening,
 * which loads no inspector and opens no channel.
 */

const suite = reviewSuite()

test('a host-simulator page reports its state live: the chart follows it through five screens, the trail groups typing and keeps the screen changes', { timeout: 180_000 }, async () => {
  const { context, review, host, errors } = await reviewerBesideHost(suite)
  const frame = await frameOnScreen(host, 'home')
  await expect.poll(() => review.locator('#live-page option').first().textContent()).toContain('framed')
  await review.screenshot({ path: shot('5-live-1-home') })

  await frame.getByRole('button', { name: 'Start an application' }).click()
  await frameOnScreen(host, 'loanDemand')
  await chartFollows(review, 'loanDemand')
  await expect.poll(() => review.locator('#trail').textContent()).toContain('Continue the application')
  expect(await review.locator('[data-state-id="home"]').getAttribute('class')).not.toMatch(/\bactive\b/)
  await review.screenshot({ path: shot('6-live-2-loanDemand') })

  await applyByHand(frame)
  await frameOnScreen(host, 'facialIdentification')
  await chartFollows(review, 'facialIdentification')
  await chartFollows(review, 'app.session.screens.facialIdentification.editing')
  await expect.poll(() => review.locator('#trail').textContent()).toContain('Save the step: answered')
  // The page's route as the list of pages shows it (the router moves the URL after the snapshot).
  await expect.poll(() => review.locator('#live-page option').first().textContent()).toContain('/#/pages/facialIdentification/index')
  await review.screenshot({ path: shot('7-live-3-facialIdentification') })
  await host.screenshot({ path: shot('7-host-simulator-facialIdentification') })

  // The vendor's liveness page (the fourth screen), passed there; basic info (the fifth).
  await frame.getByLabel(/Authorisation to Process Facial Information/).check()
  await frame.getByLabel(/Authorisation to Process Sensitive Personal Information/).check()
  await frame.getByRole('button', { name: 'Start verification' }).click()
  await chartFollows(review, 'app.session.screens.facialIdentification.verifying')
  await frame.frameLocator('iframe.webview-frame').getByRole('button', { name: 'Pass' }).click()
  const basic = await frameOnScreen(host, 'basicInfo')
  await chartFollows(review, 'basicInfo')
  // Typing sends a change per keystroke: one line with its count, the screen changes still listed.
  await basic.getByLabel('Street address').pressSequentially('88 Jianguo Road')
  const trail = review.locator('#trail li')
  await expect.poll(async () => (await trail.allTextContents()).find((line) => line.includes('Edit the form')) ?? '', { timeout: 20_000 }).toMatch(/×(1[0-9]|[5-9])\b/)
  const lines = await trail.allTextContents()
  // Newest first: everything typed on basic info is the one line above its screen change.
  const sinceBasic = lines.slice(0, lines.findIndex((line) => line.includes('⇒ Basic information')))
  expect(sinceBasic.filter((line) => line.includes('Edit the form'))).toHaveLength(1)
  // Each screen change says the screen by its title: borrow, face verification, the vendor's check, basic information.
  for (const screen of ['Borrow', 'Face verification', "Face verification · at the vendor's face check", 'Basic information']) expect(lines.some((line) => line.endsWith(`⇒ ${screen}`)), screen).toBe(true)
  // Keep in view: the screen's own name is on screen, not only its inner state.
  const name = await review.locator('[data-state-id="basicInfo"] > text.name').boundingBox()
  const viewport = await review.locator('#viewport').boundingBox()
  expect(name && viewport && name.y >= viewport.y && name.y + name.height <= viewport.y + viewport.height && name.x >= viewport.x && name.x + name.width <= viewport.x + viewport.width).toBe(true)
  await review.screenshot({ path: shot('7-live-5-basicInfo') })
  expect(errors).toEqual([])
  await context.close()
})

test('a page opened before the reviewer reports as soon as the reviewer page opens', { timeout: 180_000 }, async () => {
  await fetch(`${suite.sandbox.url}/sandbox/reset`, { method: 'POST' })
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    if (location.pathname.startsWith('/host') && !localStorage.getItem('huaqian.host.v1')) localStorage.setItem('huaqian.host.v1', JSON.stringify({ locale: 'en' }))
  })
  const host = await context.newPage()
  await host.goto(`${suite.sandbox.url}/host/`)
  await frameOnScreen(host, 'home')
  const errors: string[] = []
  const review = await openReviewer(suite, context, errors)
  await expect.poll(() => review.locator('#live-page option').first().textContent(), { timeout: 20_000 }).toContain('framed')
  await chartFollows(review, 'home')
  expect(errors).toEqual([])
  await context.close()
})

test('a page opened with no reviewer listening loads no inspector and opens no channel', { timeout: 60_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 375, height: 812 } })
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.addInitScript(() => {
    const opened: string[] = []
    ;(window as unknown as { opened: string[] }).opened = opened
    const Original = window.BroadcastChannel
    window.BroadcastChannel = class extends Original {
      constructor(name: string) {
        super(name)
        opened.push(name)
      }
    }
  })
  await page.goto(`${suite.sandbox.url}/?lang=en`)
  await page.locator('main[data-screen]').waitFor({ timeout: 30_000 })
  expect(scripts.filter((url) => url.includes('reviewer-inspector'))).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([])
  await context.close()
})
