import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import en from '../../locales/en.json'
import { newPhoneContext, screenshotPath } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { loginPersona } from '../support/sandbox'

/*
 * A frame host written from the README's host bridge protocol alone, not from the sandbox's simulator: it frames the
 * page with no borrower, answers `requestPayload`, logs a borrower in late, logs them out and logs a second one in.
 * Served at the page's own origin (always trusted). Each step is checked against what the protocol says happens.
 */

const { sandbox, browser } = pageSandboxAndBrowser()

const hostPage = `<!doctype html>
<meta charset="utf-8">
<iframe id="page" src="/?lang=en" style="width: 375px; height: 760px; border: 0"></iframe>
<script>
  const frame = document.getElementById('page')
  window.commands = []
  let borrower = null
  addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== frame.contentWindow) return
    if (!event.data || event.data.type !== 'huaqian.command') return
    const { type, ...command } = event.data
    window.commands.push(command)
    // No borrower is payload: null.
    if (command.command === 'requestPayload') frame.contentWindow.postMessage({ type: 'huaqian.bridge', payload: borrower }, location.origin)
  })
  window.logIn = (payload) => {
    borrower = payload
    frame.contentWindow.postMessage({ type: 'huaqian.bridge', payload }, location.origin)
  }
  window.logOut = () => {
    borrower = null
    frame.contentWindow.postMessage({ type: 'huaqian.logout' }, location.origin)
  }
</script>`

type Command = { command: string; field?: string }

/** The commands the host heard, in order within each load; `ready` and `login` may cross, as boot's calls and the first render run side by side. */
async function commands(page: Page): Promise<string[]> {
  const heard = ((await page.evaluate(() => (window as unknown as { commands: Command[] }).commands)) ?? []).map((sent) => sent.command)
  const loads: string[][] = []
  for (const command of heard) {
    if (command === 'requestPayload') loads.push([])
    loads.at(-1)?.push(command)
  }
  return loads.flatMap((load) => [load[0]!, ...load.slice(1).sort()])
}

// rules: bridge-request-payload, boot-host-login, bridge-logout, bridge-ready, error-401
test('a host written from the protocol logs a borrower in late, logs them out, logs a second borrower in, and hands a fresh token after a 401', { timeout: 120_000 }, async () => {
  const first = await loginPersona(sandbox.url, '13800000001')
  const second = await loginPersona(sandbox.url, '13800000004')
  expect(first.user.nick_name).not.toBe(second.user.nick_name)
  const context = await newPhoneContext(browser, 'en-US')
  const page = await context.newPage()
  await page.route(`${sandbox.url}/test-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage }))
  await page.goto(`${sandbox.url}/test-host.html`)
  const frame = page.frameLocator('#page')
  const screen = (name: string) => frame.locator(`main[data-screen="${name}"]`)

  // No borrower: the page asks, hears payload: null, says ready, shows login and asks the host to log in.
  await screen('login').waitFor({ timeout: 30_000 })
  await expect.poll(() => commands(page)).toEqual(['requestPayload', 'login', 'ready'])

  // Late login: the payload goes straight home, with no reload (no second ready).
  await page.evaluate((payload) => (window as unknown as { logIn(p: unknown): void }).logIn(payload), { token: first.token, userId: first.user.user_id, userInfo: { phone: first.user.phone, nick_name: first.user.nick_name } })
  await screen('home').waitFor({ timeout: 30_000 })
  await expect.poll(() => screen('home').textContent()).toContain(en.screens.home.hello.replace('{{name}}', first.user.nick_name))
  expect(await commands(page)).toEqual(['requestPayload', 'login', 'ready'])
  await page.screenshot({ path: screenshotPath('host-contract-first-borrower') })

  // Logout: the page loads afresh, asks again, hears no borrower, and is back on login asking the host.
  await page.evaluate(() => (window as unknown as { logOut(): void }).logOut())
  await expect.poll(() => commands(page), { timeout: 30_000 }).toEqual(['requestPayload', 'login', 'ready', 'requestPayload', 'login', 'ready'])
  await screen('login').waitFor()
  expect(await frame.locator('body').textContent()).not.toContain(first.user.nick_name)

  // The second borrower: home is theirs, nothing of the first's.
  await page.evaluate((payload) => (window as unknown as { logIn(p: unknown): void }).logIn(payload), { token: second.token, userId: second.user.user_id, userInfo: { phone: second.user.phone, nick_name: second.user.nick_name } })
  await screen('home').waitFor({ timeout: 30_000 })
  await expect.poll(() => screen('home').textContent()).toContain(en.screens.home.hello.replace('{{name}}', second.user.nick_name))
  expect(await screen('home').textContent()).not.toContain(first.user.nick_name)
  await page.screenshot({ path: screenshotPath('host-contract-second-borrower') })

  // The token expires: the next call is answered 401. The host hears goHome, the page waits on its login screen;
  // a fresh token brings the borrower back to where they were.
  await page.route('**/v2/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"status":401,"message":"token expired","data":null}' }), { times: 1 })
  await frame.getByRole('button', { name: en.screens.home.repay, exact: true }).click()
  await expect.poll(() => commands(page), { timeout: 30_000 }).toContain('goHome')
  await screen('login').waitFor({ timeout: 30_000 })
  const fresh = await loginPersona(sandbox.url, '13800000004')
  await page.evaluate((payload) => (window as unknown as { logIn(p: unknown): void }).logIn(payload), { token: fresh.token, userId: fresh.user.user_id, userInfo: { phone: fresh.user.phone, nick_name: fresh.user.nick_name } })
  await screen('repayment').waitFor({ timeout: 30_000 })
  await context.close()
})

// rules: bridge-refusals
test('a native host whose baseUrl the allowlist refuses hears payloadRefused naming it, and the page runs on the init config', { timeout: 60_000 }, async () => {
  const borrower = await loginPersona(sandbox.url, '13800000001')
  const context = await newPhoneContext(browser, 'en-US')
  await context.addInitScript((payload) => {
    const sent: unknown[] = []
    // As the README's native snippets set them: the global before any script, the handler before any command.
    Object.assign(window, { __HUAQIAN_BRIDGE__: payload, hostCommands: sent, webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => sent.push(message) } } } })
  }, { token: borrower.token, userId: borrower.user.user_id, baseUrl: 'https://api.elsewhere.example', fontScale: 7 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${sandbox.url}/?lang=en`)
  await page.locator('main[data-screen="home"]').waitFor({ timeout: 30_000 })
  const heard = () => page.evaluate(() => (window as unknown as { hostCommands: { command: string; field?: string }[] }).hostCommands)
  await expect.poll(async () => (await heard()).filter((sent) => sent.command === 'payloadRefused').map((sent) => sent.field)).toEqual(['fontScale', 'baseUrl'])
  expect(errors.filter((text) => text.startsWith('huaqian bridge:')).map((text) => text.split(' ')[2])).toEqual(['fontScale', 'baseUrl'])
  // Read once: the token is not left in the global.
  expect(await page.evaluate(() => '__HUAQIAN_BRIDGE__' in window)).toBe(false)
  await context.close()
})
