import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/*
 * The two builds the page ships (docs/decisions/029-the-engine-matrix.md): @vitejs/plugin-legacy makes the legacy one
 * (the browserslist in package.json, syntax lowered by Babel, core-js polyfills by usage, SystemJS), and the
 * first screen's starter (src/build/first-screen.ts) picks one of them. Its own loader tags in the HTML and the
 * guard it puts at the top of the modern entry are what a modern engine would download in addition; both go:
 * the starter imports the modern entry only where the modern build runs, and loads the legacy one itself.
 */

/** Where the legacy build starts: its polyfills (SystemJS among them) and its entry, both relative to the page. */
export interface LegacyTier {
  polyfills: string
  entry: string
}

const polyfillTag = /<script nomodule crossorigin id="vite-legacy-polyfill" src="([^"]+)"><\/script>/
const entryTag = /<script nomodule crossorigin id="vite-legacy-entry" data-src="([^"]+)">[^<]*<\/script>/

/** The legacy build's files named in plugin-legacy's tags, and the HTML without any of its tags; null when it added none. */
export function takeLegacyTags(html: string): { html: string; legacy: LegacyTier } | null {
  const polyfills = polyfillTag.exec(html)?.[1]
  const entry = entryTag.exec(html)?.[1]
  if (polyfills === undefined || entry === undefined) return null
  const without = html
    .replace(/\s*<script nomodule[^>]*>[^<]*<\/script>/g, '')
    .replace(/\s*<script type="module">[^<]*__vite_is_modern_browser[^<]*<\/script>/g, '')
  if (without.includes('__vite_is_modern_browser') || without.includes('nomodule')) throw new Error('legacy-tier: plugin-legacy wrote a tag this build does not know; see src/build/legacy-tier.ts')
  return { html: without, legacy: { polyfills, entry } }
}

/** plugin-legacy's guard, `import'data:…';export function __vite_legacy_guard(){…};`, as it prepends it to the modern entry. */
const modernEntryGuard = /import'data:text\/javascript,[^']*';export function __vite_legacy_guard\(\)\{.*?\.next\(\)\};/

/**
 * Takes plugin-legacy's guard off the modern entry. It stops the entry where an engine lacks `import.meta.resolve`,
 * but the starter never imports the modern entry there, and it cost every modern load an import of a data: URL.
 * Goes after `legacy()` in the plugin list: its chunk rendering runs first.
 */
export function modernEntryWithoutGuard(): Plugin {
  let sourcemap = false
  return {
    name: 'huaqian:modern-entry-without-guard',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      sourcemap = Boolean(config.build.sourcemap)
    },
    renderChunk(code, chunk) {
      if (!chunk.isEntry || chunk.fileName.includes('-legacy')) return null
      const guard = modernEntryGuard.exec(code)
      if (guard === null) return null
      const edited = new MagicString(code).remove(guard.index, guard.index + guard[0].length)
      return { code: edited.toString(), map: sourcemap ? edited.generateMap({ hires: 'boundary' }) : null }
    },
  }
}
