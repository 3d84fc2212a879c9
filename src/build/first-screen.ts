import path from 'node:path'
import type { Plugin } from 'vite'
import { initialChunks, isLegacyBundle, type OutputBundle } from './bundle-report.js'
import { tokenBearingParameters } from '../bridge/bridge.js'
import { bridgeGlobalName } from '../bridge/host.js'
import { takeLegacyTags, type LegacyTier } from './legacy-tier.js'
import { inlineScript, renderFirstScreen } from './prerender.js'

/*
 * The first screen from the HTML alone. The build renders the first screen into the
 * page (the page's own components, in Node) and inlines the CSS it needs, so the borrower's first
 * paint, and the largest element of it, owe nothing to a script. Only after that frame does an
 * inline starter announce what the live first screen loads (the entry's stages and what they import,
 * the chunks of `modules` such as the default locale's strings, the init config) and import
 * the entry: without these hints each would be discovered only when the script before it has run,
 * one round trip after another; before the first frame they would compete with it.
 */

export interface FirstScreenOptions {
  /** Source modules (relative to the root) whose chunks the first screen loads by `import()`. */
  modules: string[]
  /**
   * Modules announced only when the page was not opened with a token in its address or the host's
   * global: a borrower with one goes home, and boot's calls then need every connection free.
   */
  withoutToken?: string[]
  /** URLs fetched at start, relative to the page (`as="fetch"`, the credentials mode the page's own fetch uses). */
  fetches: string[]
  /** A module exporting `renderFirstScreen()`: its markup replaces `<!--first-screen-->`. */
  prerender?: string
  /** A module bundled into an inline classic script in `<head>`, run before the body is parsed. */
  headScript?: string
  /** The engines the head script must parse on (esbuild names, e.g. `chrome64`): the matrix's oldest. */
  inlineTarget?: string[]
}

export interface Preload {
  rel: 'modulepreload' | 'preload'
  href: string
  as?: 'style' | 'fetch'
}

export const firstScreenMarker = '<!--first-screen-->'

/**
 * V8's explicit compile hint (Chrome 136): every function in the file is compiled while the file
 * streams in, on a background thread, instead of on the main thread at its first call. It must be
 * the file's first line.
 */
export const compileHint = '//# allFunctionsCalledOnLoad'

/**
 * The first screen's scripts beyond the initial chunks: the chunks of `modules` and their static
 * imports, in the order they are needed.
 */
function firstScreenScripts(bundle: OutputBundle, root: string, modules: string[], initial: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
  const scripts: string[] = []
  const visit = (file: string) => {
    const chunk = bundle[file]
    if (chunk?.type !== 'chunk' || initial.has(file) || scripts.includes(file)) return
    scripts.push(file)
    chunk.imports.forEach(visit)
  }
  for (const module of modules) {
    const id = path.resolve(root, module)
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id || candidate.moduleIds.includes(id))
    if (!chunk) throw new Error(`first-screen: no chunk for ${module}; was it renamed?`)
    visit(chunk.fileName)
  }
  return scripts
}

/**
 * Where the modern build runs: `import.meta.resolve` is plugin-legacy's mark of its modern targets (Chrome 105,
 * iOS 16.4), and `structuredClone` (Chrome 98, iOS 15.4) the newest API the modern build may call without a
 * polyfill. Any engine lacking either, or with it taken away, takes the legacy build.
 */
export const modernEngine = 'import.meta.resolve&&self.structuredClone'

/**
 * A preload as the starter lists it: the address alone, its kind told by its ending (a script is a module
 * preload, a stylesheet a style preload, anything else a fetch), which the starter's code reads back. Listing
 * three fields for every file cost each first load its bytes.
 */
function listed({ rel, href, as }: Preload): string {
  const kind = href.endsWith('.js') ? 'modulepreload' : href.endsWith('.css') ? 'style' : 'fetch'
  if (kind !== (rel === 'modulepreload' ? 'modulepreload' : as)) throw new Error(`first-screen: ${href} is not told apart by its ending as a ${as ?? rel}`)
  return href.replace(/^\.\//, '')
}

/**
 * The inline starter: once, after the next presented frame or 100 ms (a hidden web view presents
 * none), adds the preloads and imports the entry. Module preloads, lazy chunks and their CSS are
 * fetched with `crossorigin` by Vite's loader and the page's same-origin fetch alike, so every hint
 * is `anonymous` to match.
 * With a legacy build, an engine the modern one does not run on gets no hint and loads the legacy
 * build's polyfills (SystemJS among them) and then its entry instead.
 */
export function startAfterFirstFrame(src: string, preloads: Preload[], legacy?: LegacyTier, withoutToken: Preload[] = []): string {
  // Only a guess at a token, enough to choose what to announce: the page reads the payload itself.
  const openedWithToken = `/[?&](${tokenBearingParameters.join('|')})=/.test(location.search+location.hash)||${JSON.stringify(bridgeGlobalName)} in self`
  const announced = withoutToken.length === 0 ? JSON.stringify(preloads.map(listed)) : `${JSON.stringify(preloads.map(listed))}.concat(${openedWithToken}?[]:${JSON.stringify(withoutToken.map(listed))})`
  const modern =
    `import(${JSON.stringify(src)});for(const h of ${announced}){const l=document.createElement("link");` +
    `if(h.endsWith(".js"))l.rel="modulepreload";else{l.rel="preload";l.as=h.endsWith(".css")?"style":"fetch"}` +
    `l.href=h;l.crossOrigin="anonymous";document.head.append(l)}`
  const start =
    legacy === undefined
      ? modern
      : `if(${modernEngine}){${modern}}else{const e=document.createElement("script");e.src=${JSON.stringify(legacy.polyfills)};` +
        `e.onload=()=>System.import(${JSON.stringify(legacy.entry)});document.head.append(e)}`
  return `let s=0;const g=()=>{if(s)return;s=1;${start}};requestAnimationFrame(()=>setTimeout(g));setTimeout(g,100)`
}

export function firstScreen({ modules, withoutToken = [], fetches, prerender, headScript, inlineTarget = ['es2018'] }: FirstScreenOptions): Plugin {
  let root = ''
  return {
    name: 'huaqian:first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    // After Vite's own rewrite of the chunks (which puts its preload map first), and before the
    // budgets (also `post`, after this plugin) weigh the chunks as served.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (isLegacyBundle(bundle)) return
        // The first screen's scripts run almost all their functions as the page starts: the hint
        // took about half the main thread's parse and compile off the load (docs/performance.md).
        // Chunks loaded later are warmed in idle time already.
        const initial = initialChunks(bundle)
        for (const file of [...initial, ...firstScreenScripts(bundle, root, modules, initial)]) {
          const chunk = bundle[file]
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(compileHint)) continue
          chunk.code = `${compileHint}\n${chunk.code}`
          // One line more at the top: the map's generated lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
          const mapFile = bundle[`${file}.map`]
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string }
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` })
          }
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        const bundle = context.bundle
        if (!bundle) return _html
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const initial = initialChunks(bundle)
        const scripts = firstScreenScripts(bundle, root, modules, initial)
        const styles = new Set<string>()
        for (const file of scripts) {
          const chunk = bundle[file]
          if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css))
        }

        const tiers = takeLegacyTags(_html)
        let html = tiers?.html ?? _html
        // The initial chunks' stylesheets are small and the prerendered screen needs them: inline,
        // they are there for the first paint and block nothing (the entry's own replaces its link).
        // A link of a stylesheet type no browser reads (never fetched; `disabled` alone is fetched by
        // newer Chromium) names each one for Vite's loader, which otherwise links a
        // lazy screen's CSS dependencies it finds no <link> for: appended after the screen's own
        // stylesheet, the entry's base rules would win over the screen's (a secondary button
        // looked primary).
        const initialCss = new Set(chunks.filter((chunk) => initial.has(chunk.fileName)).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))
        for (const file of initialCss) {
          const output = bundle[file]
          if (output?.type !== 'asset') continue
          const style = `<style>${String(output.source)}</style><link rel="stylesheet" href="./${file}" type="text/x-inlined" disabled>`
          const linkTag = new RegExp(`<link rel="stylesheet"[^>]*href="\\./${file.replace(/[.]/g, '\\.')}"[^>]*>`)
          html = linkTag.test(html) ? html.replace(linkTag, () => style) : html.replace('</head>', () => `  ${style}\n  </head>`)
        }
        // Vite's own hints cover the entry's static imports only; the starter announces every
        // initial chunk (the stages too), after the first frame.
        html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
        // In the order the entry needs them (its imports, then each stage with its imports).
        const initialScripts = [...initial].filter((file) => !chunks.some((chunk) => chunk.isEntry && chunk.fileName === file))
        const preloads: Preload[] = [
          ...initialScripts.map((href): Preload => ({ rel: 'modulepreload', href: `./${href}` })),
          ...fetches.map((href): Preload => ({ rel: 'preload', href, as: 'fetch' })),
          ...[...styles].map((href): Preload => ({ rel: 'preload', href: `./${href}`, as: 'style' })),
          ...scripts.map((href): Preload => ({ rel: 'modulepreload', href: `./${href}` })),
        ]
        let started = false
        html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
          started = true
          const tokenlessScripts = firstScreenScripts(bundle, root, withoutToken, initial).filter((file) => !scripts.includes(file))
          const tokenless = tokenlessScripts.map((href): Preload => ({ rel: 'modulepreload', href: `./${href}` }))
          return `<script type="module">${startAfterFirstFrame(src, preloads, tiers?.legacy, tokenless)}</script>`
        })
        if (!started) throw new Error('first-screen: the HTML has no entry module script')

        if (prerender !== undefined) {
          if (!html.includes(firstScreenMarker)) throw new Error(`first-screen: the HTML has no ${firstScreenMarker} for ${prerender}`)
          const markup = await renderFirstScreen(root, prerender)
          html = html.replace(firstScreenMarker, () => markup)
        }
        if (headScript !== undefined) {
          const code = await inlineScript(root, headScript, inlineTarget)
          html = html.replace(/<\/head>/, () => `  <script>${code}</script>\n  </head>`)
        }
        return html
      },
    },
  }
}
