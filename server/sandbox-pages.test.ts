import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { sandboxForSuite } from '../tests/support/test-client'

const dist = mkdtempSync(join(tmpdir(), 'huaqian-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>花钱</title><div id="root"></div>')
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("page")')
const sandbox = sandboxForSuite({ page: true, distDir: dist })
afterAll(() => rmSync(dist, { recursive: true, force: true }))

test('the built page, its assets and the API share one port', async () => {
  const page = await fetch(`${sandbox.url}/`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<title>花钱</title>')
  const asset = await fetch(`${sandbox.url}/assets/app.js`)
  expect(asset.headers.get('content-type')).toMatch(/javascript/)
  const config = (await (await fetch(`${sandbox.url}/config/init.json`)).json()) as { data: { pro_url: string } }
  expect(config.data.pro_url).toBe(sandbox.url)
  const docs = await fetch(`${sandbox.url}/docs/openapi.json`)
  expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./)
})

test('an unknown API path is a 404 envelope, not the page', async () => {
  const response = await fetch(`${sandbox.url}/v2/no-such-call`)
  expect(response.status).toBe(404)
  expect(((await response.json()) as { status: number }).status).toBe(1007)
})

test('the host simulator and the API docs share one head: the base stylesheet, then their own', async () => {
  for (const [path, title, stylesheet, script] of [
    ['/host/', '花钱 · Host simulator', './host.css', './host.js'],
    ['/docs/', '花钱 · API docs', './docs.css', './docs.js'],
  ] as const) {
    const page = await fetch(`${sandbox.url}${path}`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).toContain(`<title>${title}</title>`)
    expect(html.indexOf('/sandbox/shared/base.css')).toBeGreaterThan(0)
    expect(html.indexOf('/sandbox/shared/base.css')).toBeLessThan(html.indexOf(stylesheet))
    expect(html).toContain(`<script type="module" src="${script}"></script>`)
    expect((await fetch(`${sandbox.url}${path}index.html`)).status).toBe(200)
  }
  const base = await fetch(`${sandbox.url}/sandbox/shared/base.css`)
  expect(base.headers.get('content-type')).toMatch(/text\/css/)
  expect(await base.text()).toContain('.brand-mark')
})

test("the pages' shared DOM module is served where their relative import points", async () => {
  // host.js and docs.js live at /host/ and /docs/; `../shared/dom.js` resolves to /shared/dom.js.
  for (const script of ['/host/host.js', '/docs/docs.js']) {
    const source = await (await fetch(`${sandbox.url}${script}`)).text()
    expect(source).toContain("from '../shared/dom.js'")
    expect(new URL('../shared/dom.js', `${sandbox.url}${script}`).pathname).toBe('/shared/dom.js')
  }
  const module = await fetch(`${sandbox.url}/shared/dom.js`)
  expect(module.status).toBe(200)
  expect(module.headers.get('content-type')).toMatch(/javascript/)
  expect(await module.text()).toContain('export function byId(')
})
