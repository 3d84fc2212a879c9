import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { sandboxForSuite } from '../tests/support/test-client'
import { acceptedEncodings } from './static-files'

/*
 * Over HTTP against the sandbox: the built page is served as production should
 * serve it. The build's precompressed copies are made here the way the build makes them.
 */

const dist = mkdtempSync(join(tmpdir(), 'huaqian-serving-'))
const script = `export const page = "${'花钱 '.repeat(400)}"\n`
const html = '<!doctype html><title>花钱</title><div id="root"></div>'
function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content)
  writeFileSync(`${file}.br`, brotliCompressSync(content))
  writeFileSync(`${file}.gz`, gzipSync(content))
}

mkdirSync(join(dist, 'assets'))
writeWithCopies(join(dist, 'index.html'), html)
writeWithCopies(join(dist, 'assets', 'entry-AbC123.js'), script)
writeFileSync(join(dist, 'assets', 'entry-AbC123.js.map'), '{"version":3,"sources":["src/main.tsx"]}')
const sandbox = sandboxForSuite({ page: true, distDir: dist })
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${sandbox.url}${path}`, { headers })

describe('hashed assets', () => {
  test('brotli when the client takes it, gzip when only that, plain otherwise; always Vary', async () => {
    const brotli = await get('/assets/entry-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(Number(brotli.headers.get('content-length'))).toBe(brotliCompressSync(script).byteLength)
    expect(await brotli.text()).toBe(script)
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding')

    const gzip = await get('/assets/entry-AbC123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(await gzip.text()).toBe(script)

    const plain = await get('/assets/entry-AbC123.js', { 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(script))
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(plain.headers.get('content-type')).toMatch(/javascript/)
  })

  test('cached for a year and never revalidated: the name changes with the content', async () => {
    const response = await get('/assets/entry-AbC123.js')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('sourcemaps are not served', async () => {
    expect((await get('/assets/entry-AbC123.js.map')).status).toBe(404)
  })
})

describe('the HTML', () => {
  test('revalidated on every load, with an ETag that answers 304 while unchanged', async () => {
    const first = await get('/', { 'accept-encoding': 'br' })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(first.headers.get('content-encoding')).toBe('br')
    expect(first.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await first.text()).toBe(html)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)

    const again = await get('/', { 'if-none-match': etag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    // A deep path gets the same page and the same validator.
    expect((await get('/pages/home/index')).headers.get('etag')).toBe(etag)
  })

  test('a new build changes the ETag, so the next load gets it', async () => {
    const before = (await get('/')).headers.get('etag')!
    const next = html.replace('花钱', '花钱 v2')
    writeWithCopies(join(dist, 'index.html'), next)
    const after = await get('/', { 'if-none-match': before })
    expect(after.status).toBe(200)
    expect(await after.text()).toBe(next)
    expect(after.headers.get('etag')).not.toBe(before)
  })
})

test('Accept-Encoding: q=0 refuses an encoding', () => {
  expect([...acceptedEncodings('gzip, br;q=0')]).toEqual(['gzip'])
  expect([...acceptedEncodings('br;q=0.8, gzip;q=1.0')]).toEqual(['br', 'gzip'])
  expect([...acceptedEncodings(undefined)]).toEqual([])
})
