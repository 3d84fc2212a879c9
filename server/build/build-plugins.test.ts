import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { budgets } from './budgets'
import { firstScreen } from './first-screen'
import { precompress } from './precompress'

/*
 * The build steps of issue #11 on a small page of their own: precompressed copies, the size
 * budgets failing the build, the first screen's preload hints.
 */

const root = mkdtempSync(join(tmpdir(), 'huaqian-build-'))
const outDir = join(root, 'dist')
const kib = 1024

beforeAll(() => {
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./src/main.js"></script>')
  // Incompressible-ish bulk so the gzip size is predictable enough to sit over a small budget.
  const bulk = Array.from({ length: 3000 }, (_, index) => `"${(index * 2654435761) % 4294967296}"`).join(',')
  writeFileSync(join(root, 'src', 'main.js'), `import './main.css'\nconst table = [${bulk}]\ndocument.body.dataset.size = String(table.length)\nimport('./late.js').then((m) => m.show())\n`)
  writeFileSync(join(root, 'src', 'main.css'), `body { color: #123; }\n${'.a{margin:0}'.repeat(10)}`)
  writeFileSync(join(root, 'src', 'late.js'), 'export function show() { document.title = "late" }\n')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

function buildWith(plugins: ReturnType<typeof precompress>[]) {
  return build({ root, configFile: false, logLevel: 'silent', base: './', build: { outDir, emptyOutDir: true }, plugins })
}

test('every text file gets brotli and gzip copies that decode to it', async () => {
  await buildWith([precompress()])
  const assets = readdirSync(join(outDir, 'assets'))
  const script = assets.find((name) => /^index-.*\.js$/.test(name))!
  const original = readFileSync(join(outDir, 'assets', script))
  expect(brotliDecompressSync(readFileSync(join(outDir, 'assets', `${script}.br`)))).toEqual(original)
  expect(gunzipSync(readFileSync(join(outDir, 'assets', `${script}.gz`)))).toEqual(original)
  expect(readdirSync(outDir)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']))
})

test('a build over a budget fails and names the file; within budget it passes', async () => {
  await expect(buildWith([budgets({ initialJs: 4 * kib, initialCss: 4 * kib, lazyChunk: 4 * kib })])).rejects.toThrow(
    /size budget exceeded:[\s\S]*initial JS .* gzip > budget 4\.0 KiB \(assets\/index-/,
  )
  await expect(buildWith([budgets({ initialJs: 200 * kib, initialCss: 4 * kib, lazyChunk: 0.01 * kib })])).rejects.toThrow(
    /lazy chunk assets\/late-.*\.js/,
  )
  await expect(buildWith([budgets({ initialJs: 200 * kib, initialCss: 4 * kib, lazyChunk: 4 * kib })])).resolves.toBeDefined()
})

test('the HTML announces the first screen’s lazy chunks and fetches, and inlines the entry CSS', async () => {
  await buildWith([firstScreen({ modules: ['src/late.js'], fetches: ['config/init.json'] })])
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  expect(html).toMatch(/<link rel="modulepreload" href="\.\/assets\/late-[\w-]+\.js" crossorigin>/)
  expect(html).toContain('<link rel="preload" href="config/init.json" as="fetch" crossorigin="anonymous">')
  expect(html).toContain('<style>body{color:#123}')
  expect(html).not.toMatch(/rel="stylesheet"/)
  // The entry is downloaded at once but run only after the first frame (or 100 ms when hidden).
  const entry = /<script type="module">.*import\("(\.\/assets\/index-[\w-]+\.js)"\).*requestAnimationFrame.*<\/script>/.exec(html)
  expect(entry).not.toBeNull()
  expect(html).toContain(`<link rel="modulepreload" href="${entry![1]}" crossorigin>`)
  expect(html).not.toMatch(/<script type="module"[^>]* src=/)
})
