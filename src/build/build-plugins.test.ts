import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { budgets } from './budgets'
import { bundleReport, type BundleReport } from './bundle-report'
import { compileHint, firstScreen } from './first-screen'
import { precompress } from './precompress'
import { stageChunks } from './stage-chunks'

/*
 * The build steps for a fast first screen, on a small page of their own: precompressed copies, the size
 * budgets failing the build, the first screen's preload hints.
 */

const root = mkdtempSync(join(tmpdir(), 'huaqian-build-'))
const outDir = join(root, 'dist')
const kib = 1024

beforeAll(() => {
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head></head><body><div id="root"><!--first-screen--></div><script type="module" src="./src/main.js"></script></body></html>')
  // Incompressible-ish bulk so the gzip size is predictable enough to sit over a small budget.
  const bulk = Array.from({ length: 3000 }, (_, index) => `"${(index * 2654435761) % 4294967296}"`).join(',')
  // The entry imports its stage itself (initial, like src/main.tsx's); the stage imports a page (lazy).
  writeFileSync(join(root, 'src', 'main.js'), `import './main.css'\nimport('./stage.js').then((m) => m.start())\n`)
  writeFileSync(join(root, 'src', 'stage.js'), `import './stage.css'\nconst table = [${bulk}]\nexport function start() { document.body.dataset.size = String(table.length); import('./late.js').then((m) => m.show()) }\n`)
  writeFileSync(join(root, 'src', 'main.css'), `body { color: #123; }\n${'.a{margin:0}'.repeat(10)}`)
  writeFileSync(join(root, 'src', 'stage.css'), '.stage { color: #456; }\n')
  writeFileSync(join(root, 'src', 'late.js'), 'export function show() { document.title = "late" }\n')
  writeFileSync(join(root, 'src', 'first.js'), 'export async function renderFirstScreen() { return "<main><h1>Prerendered</h1></main>" }\n')
  writeFileSync(join(root, 'src', 'guard.js'), 'document.documentElement.dataset.guarded = String(location.search.length > 0)\n')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

function buildWith(plugins: ReturnType<typeof precompress>[], codeSplitting?: ReturnType<typeof stageChunks>) {
  return build({ root, configFile: false, logLevel: 'silent', base: './', build: { outDir, emptyOutDir: true, rolldownOptions: { output: { codeSplitting } } }, plugins })
}

/** An entry that evaluates two stages in turn, both using one module: Rolldown alone gives that module a chunk of its own. */
function writeTwoStages() {
  writeFileSync(join(root, 'src', 'main.js'), `import('./stage-a.js').then((a) => { a.start(); return import('./stage-b.js') }).then((b) => b.start())\n`)
  writeFileSync(join(root, 'src', 'shared.js'), 'export function label(name) { return `${name} started` }\n')
  for (const name of ['a', 'b']) {
    writeFileSync(join(root, 'src', `stage-${name}.js`), `import { label } from './shared.js'\nexport function start() { document.title = label('${name}') }\n`)
  }
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
  // The bulk is in the stage: the entry's own stages count as initial JS.
  await expect(buildWith([budgets({ initialJs: 4 * kib, initialScripts: 2, initialCss: 4 * kib, lazyChunk: 4 * kib })])).rejects.toThrow(
    /size budget exceeded:[\s\S]*initial JS .* gzip > budget 4\.0 KiB \(assets\/index-.*assets\/stage-/,
  )
  await expect(buildWith([budgets({ initialJs: 200 * kib, initialScripts: 2, initialCss: 4 * kib, lazyChunk: 0.01 * kib })])).rejects.toThrow(
    /lazy chunk assets\/late-.*\.js/,
  )
  await expect(buildWith([budgets({ initialJs: 200 * kib, initialScripts: 1, initialCss: 4 * kib, lazyChunk: 4 * kib })])).rejects.toThrow(
    /initial JS in 2 files > budget 1 \(assets\/index-.*assets\/stage-/,
  )
  await expect(buildWith([budgets({ initialJs: 200 * kib, initialScripts: 2, initialCss: 4 * kib, lazyChunk: 4 * kib })])).resolves.toBeDefined()
})

test('a stage is one file: what it shares with a later stage is in its chunk, not a chunk of its own', async () => {
  const entry = readFileSync(join(root, 'src', 'main.js'))
  writeTwoStages()
  /** Each chunk's file name (without its hash) and its modules' names. */
  const chunksOf = async (codeSplitting?: ReturnType<typeof stageChunks>) => {
    const output = (await buildWith([], codeSplitting)) as { output: { type: string; name: string; moduleIds: string[] }[] }
    return Object.fromEntries(output.output.filter((file) => file.type === 'chunk').map((chunk) => [chunk.name, chunk.moduleIds.map((id) => id.split('/').pop())]))
  }
  try {
    expect((await chunksOf()).shared).toEqual(['shared.js'])
    const staged = await chunksOf(stageChunks(root, 'src/main.js', ['src/stage-a.js', 'src/stage-b.js']))
    expect(staged.shared).toBeUndefined()
    expect(staged['stage-a']).toEqual(expect.arrayContaining(['shared.js', 'stage-a.js']))
    expect(staged['stage-b']).toEqual(['stage-b.js'])
  } finally {
    writeFileSync(join(root, 'src', 'main.js'), entry)
  }
})

test('after the first frame the HTML announces the first screen’s chunks and fetches; the initial CSS is inline', async () => {
  await buildWith([firstScreen({ modules: ['src/late.js'], fetches: ['config/init.json'] })])
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  // Nothing competes with the first paint: every hint is added by the starter, after the first frame.
  expect(html).not.toMatch(/<link rel="(module)?preload"/)
  const starter = /<script type="module">(.*requestAnimationFrame.*)<\/script>/.exec(html)
  expect(starter).not.toBeNull()
  expect(starter![1]).toMatch(/"assets\/late-[\w-]+\.js"/)
  // The entry's stage is fetched with the entry, not when the entry asks for it.
  expect(starter![1]).toMatch(/"assets\/stage-[\w-]+\.js"/)
  expect(starter![1]).toContain('"config/init.json"')
  expect(starter![1]).toMatch(/import\("\.\/assets\/index-[\w-]+\.js"\)/)
  // The entry's CSS and its stage's, inline; no stylesheet to wait for.
  expect(html).toContain('<style>body{color:#123}')
  expect(html).toContain('.stage{color:#456}')
  // Named for the loader by a link that is never fetched, so a lazy chunk does not link it again.
  expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/)
  expect(html).toMatch(/<link rel="stylesheet" href="\.\/assets\/index-[\w-]+\.css" type="text\/x-inlined" disabled>/)
  expect(html).not.toMatch(/<script type="module"[^>]* src=/)
})

test('the first screen’s scripts open with V8’s compile hint, a chunk loaded later does not, and the sourcemaps still point home', async () => {
  await build({ root, configFile: false, logLevel: 'silent', base: './', build: { outDir, emptyOutDir: true, sourcemap: true }, plugins: [firstScreen({ modules: [], fetches: [] })] })
  const assets = readdirSync(join(outDir, 'assets'))
  const chunk = (name: string) => assets.find((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file))!
  const code = (name: string) => readFileSync(join(outDir, 'assets', chunk(name)), 'utf8')
  expect(code('index').split('\n')[0]).toBe(compileHint)
  expect(code('stage').split('\n')[0]).toBe(compileHint)
  expect(code('late')).not.toContain(compileHint)
  const stage = code('stage').split('\n')
  const line = stage.findIndex((text) => text.includes('dataset.size'))
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir, 'assets', `${chunk('stage')}.map`), 'utf8')))
  const original = map.originalPositionFor({ line: line + 1, column: stage[line].indexOf('dataset.size') })
  expect(original.source).toMatch(/stage\.js$/)
  expect(original.line).toBe(3)
})

test('the first screen is rendered into the HTML and the head script is inlined before the body', async () => {
  await buildWith([firstScreen({ modules: [], fetches: [], prerender: 'src/first.js', headScript: 'src/guard.js' })])
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  expect(html).toContain('<div id="root"><main><h1>Prerendered</h1></main></div>')
  expect(html).not.toContain('<!--first-screen-->')
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head).toMatch(/<script>[^<]*document\.documentElement\.dataset\.guarded[^<]*<\/script>/)
  // Without the marker the build fails rather than shipping a page with no first screen.
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./src/main.js"></script>')
  try {
    await expect(buildWith([firstScreen({ modules: [], fetches: [], prerender: 'src/first.js' })])).rejects.toThrow(/no <!--first-screen-->/)
  } finally {
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><head></head><body><div id="root"><!--first-screen--></div><script type="module" src="./src/main.js"></script></body></html>')
  }
})

test('with sourcemaps, the initial JS is told by library, in gzip bytes close to each library’s own', async () => {
  const own = mkdtempSync(join(tmpdir(), 'huaqian-libraries-'))
  try {
    // Two packages of different weight and the page's own few lines; numbers barely compress, so each
    // package's share is known from its source.
    const numbers = (count: number, seed: number) => Array.from({ length: count }, (_, index) => ((index + 1) * seed) % 4294967296).join(',')
    for (const [name, count] of [['heavy', 4000], ['light', 400]] as const) {
      mkdirSync(join(own, 'node_modules', name), { recursive: true })
      writeFileSync(join(own, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'index.js' }))
      writeFileSync(join(own, 'node_modules', name, 'index.js'), `export const ${name} = [${numbers(count, 2654435761)}]\n`)
    }
    writeFileSync(join(own, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>')
    writeFileSync(join(own, 'main.js'), `import { heavy } from 'heavy'\nimport { light } from 'light'\ndocument.title = heavy.join() + light.join()\nglobalThis.kept = [heavy, light]\n`)
    const alone = (count: number) => gzipSync(`[${numbers(count, 2654435761)}]`, { level: 9 }).byteLength
    const reports: BundleReport[] = []
    const buildOwn = (sourcemap: boolean | 'hidden') =>
      build({ root: own, configFile: false, logLevel: 'silent', base: './', build: { outDir: join(own, 'dist'), emptyOutDir: true, sourcemap }, plugins: [bundleReport((report) => reports.push(report))] })

    await buildOwn('hidden')
    const byLibrary = reports[0].initialGzipByLibrary!
    expect(Object.keys(byLibrary).slice(0, 2)).toEqual(['heavy', 'light'])
    expect(byLibrary.heavy / alone(4000)).toBeGreaterThan(0.9)
    expect(byLibrary.heavy / alone(4000)).toBeLessThan(1.1)
    expect(byLibrary.light / alone(400)).toBeGreaterThan(0.8)
    expect(byLibrary.light / alone(400)).toBeLessThan(1.2)
    expect(byLibrary['(app)']).toBeLessThan(200)

    await buildOwn(false)
    expect(reports[1].initialGzipByLibrary).toBeUndefined()
  } finally {
    rmSync(own, { recursive: true, force: true })
  }
})
