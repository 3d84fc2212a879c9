import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import type { Plugin } from 'vite'

/*
 * What the borrower's first load costs, read from the bundle itself: the chunks the first screen
 * needs to be live (the entry, its static imports and the stages it imports itself, the CSS they
 * link), each lazily loaded chunk, and which libraries the initial bytes come from. The budgets check it on every build;
 * the benchmark prints it.
 */

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export interface ChunkReport extends Sizes {
  file: string
  name: string
  /** The chunk is loaded by `import()`: a page, a locale, or something only a page needs. */
  lazy: boolean
}

export interface BundleReport {
  /**
   * JavaScript the first screen needs to be live: the entry chunk, its static imports and the
   * chunks the entry itself imports (its stages), with their static imports. None of it is needed
   * to paint: the first screen is prerendered.
   */
  initialJs: Sizes & { files: string[] }
  /** Stylesheets the initial chunks import (inlined into the HTML). */
  initialCss: Sizes & { files: string[] }
  chunks: ChunkReport[]
  /** The initial JavaScript's rendered bytes per package (`(app)` for this repository's code). */
  initialByLibrary: Record<string, number>
  /**
   * The initial JavaScript's minified bytes per package, each package's bytes gzipped on their own
   * (so the sum is near, not equal to, the whole's gzip). Only from a build that makes sourcemaps:
   * minified code says where it came from only through them.
   */
  initialGzipByLibrary?: Record<string, number>
}

/** Sizes as served: the precompressed copies use these same levels. Brotli is slow, so optional. */
export function sizesOf(content: string | Uint8Array, brotli = true): Sizes {
  const buffer = Buffer.from(content)
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: 9 }).byteLength,
    brotli: brotli ? brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength : 0,
  }
}

function sum(list: Sizes[]): Sizes {
  return list.reduce((total, item) => ({ raw: total.raw + item.raw, gzip: total.gzip + item.gzip, brotli: total.brotli + item.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })
}

/** `/x/node_modules/@scope/name/...` → `@scope/name`; anything else is the application's own code. */
export function libraryOf(moduleId: string): string {
  const path = moduleId.replace(/\\/g, '/').replace(/^\0/, '')
  const at = path.lastIndexOf('/node_modules/')
  if (at === -1) return path.includes('vite/') || path.startsWith('vite') || path.includes('rolldown') ? '(bundler runtime)' : '(app)'
  const parts = path.slice(at + '/node_modules/'.length).split('/')
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}

export type OutputBundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1]

/**
 * The legacy build's output (@vitejs/plugin-legacy names its chunks `*-legacy-*`): only engines outside the
 * modern build's reach load it, so the first screen's hints and the size budgets weigh the modern output alone.
 */
export function isLegacyBundle(bundle: OutputBundle): boolean {
  return Object.values(bundle).some((output) => output.type === 'chunk' && output.isEntry && output.fileName.includes('-legacy'))
}

/**
 * The chunks the first screen needs to be live: each entry, its static imports, and the chunks the
 * entry itself imports (its stages, src/main.tsx) with theirs. The page is not live without the
 * stages, so they count as initial though they load after the first paint.
 */
export function initialChunks(bundle: OutputBundle): Set<string> {
  const initial = new Set<string>()
  const visit = (file: string) => {
    const chunk = bundle[file]
    if (initial.has(file) || chunk?.type !== 'chunk') return
    initial.add(file)
    chunk.imports.forEach(visit)
  }
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.isEntry) continue
    visit(output.fileName)
    output.dynamicImports.forEach(visit)
  }
  return initial
}

export function reportBundle(bundle: OutputBundle, { brotli = true } = {}): BundleReport {
  const chunks: ChunkReport[] = []
  const initial = initialChunks(bundle)
  const initialCss = new Set<string>()
  const byLibrary: Record<string, number> = {}

  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue
    chunks.push({ file: output.fileName, name: output.name, lazy: !initial.has(output.fileName), ...sizesOf(output.code, brotli) })
    if (!initial.has(output.fileName)) continue
    for (const css of output.viteMetadata?.importedCss ?? []) initialCss.add(css)
    for (const [id, module] of Object.entries(output.modules)) {
      const library = libraryOf(id)
      byLibrary[library] = (byLibrary[library] ?? 0) + module.renderedLength
    }
  }

  const cssSizes = [...initialCss].map((file) => {
    const asset = bundle[file]
    return sizesOf(asset?.type === 'asset' ? asset.source : '', brotli)
  })
  const sortedLibraries = Object.fromEntries(Object.entries(byLibrary).sort(([, a], [, b]) => b - a))
  const gzipByLibrary = minifiedGzipByLibrary([...initial].map((file) => bundle[file]).filter((output) => output?.type === 'chunk'))
  return {
    initialJs: { ...sum(chunks.filter((chunk) => initial.has(chunk.file))), files: [...initial] },
    initialCss: { ...sum(cssSizes), files: [...initialCss] },
    chunks: chunks.sort((a, b) => b.gzip - a.gzip),
    initialByLibrary: sortedLibraries,
    ...(gzipByLibrary === null ? {} : { initialGzipByLibrary: gzipByLibrary }),
  }
}

type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>

/**
 * Each mapped stretch of the chunks' code, by the package its source is in; null from a build without
 * sourcemaps. The bundler's own runtime chunk comes without a map.
 */
function minifiedGzipByLibrary(chunks: OutputChunk[]): Record<string, number> | null {
  if (!chunks.some((chunk) => chunk.map)) return null
  const text: Record<string, string[]> = {}
  for (const chunk of chunks) {
    if (!chunk.map) {
      ;(text['(bundler runtime)'] ??= []).push(chunk.code)
      continue
    }
    const lines = chunk.code.split('\n')
    const consumer = new SourceMapConsumer(chunk.map as unknown as RawSourceMap)
    const segments: { line: number; column: number; source: string | null }[] = []
    consumer.eachMapping((mapping) => segments.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source }), null, SourceMapConsumer.GENERATED_ORDER)
    segments.forEach((segment, index) => {
      const next = segments[index + 1]
      const line = lines[segment.line - 1] ?? ''
      const end = next !== undefined && next.line === segment.line ? next.column : line.length
      const library = segment.source === null ? '(bundler runtime)' : libraryOf(segment.source)
      ;(text[library] ??= []).push(line.slice(segment.column, end))
    })
  }
  const sizes = Object.entries(text).map(([library, parts]) => [library, gzipSync(parts.join(''), { level: 9 }).byteLength] as const)
  return Object.fromEntries(sizes.sort(([, a], [, b]) => b - a))
}

/** Hands the bundle's report to `onReport` after every build. */
export function bundleReport(onReport: (report: BundleReport) => void): Plugin {
  return {
    name: 'huaqian:bundle-report',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        onReport(reportBundle(bundle))
      },
    },
  }
}
