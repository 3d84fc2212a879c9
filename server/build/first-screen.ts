import path from 'node:path'
import type { HtmlTagDescriptor, Plugin } from 'vite'

/*
 * Everything the first screen needs, announced by the HTML (issue #11): without these hints each
 * is discovered only when the script before it has run, one round trip after another. The entry's
 * own chunks are already module-preloaded by Vite; this adds the lazily loaded chunks the first
 * screens render (boot and home pages, the default locale's strings) with their CSS, and the init
 * config file the first call needs.
 */

export interface FirstScreenOptions {
  /** Source modules (relative to the root) whose chunks the first screen loads by `import()`. */
  modules: string[]
  /** URLs fetched at start, relative to the page (`as="fetch"`, same credentials mode as XHR). */
  fetches: string[]
}

/** The inline starter: imports the entry once, after the next presented frame or 100 ms. */
export function startAfterFirstFrame(src: string): string {
  return `let s=0;const g=()=>{if(!s){s=1;import(${JSON.stringify(src)})}};requestAnimationFrame(()=>setTimeout(g));setTimeout(g,100)`
}

export function firstScreen({ modules, fetches }: FirstScreenOptions): Plugin {
  let root = ''
  return {
    name: 'huaqian:first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle
        if (!bundle) return []
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const initial = new Set<string>()
        const markInitial = (file: string) => {
          const chunk = bundle[file]
          if (initial.has(file) || chunk?.type !== 'chunk') return
          initial.add(file)
          chunk.imports.forEach(markInitial)
        }
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => markInitial(chunk.fileName))

        const scripts: string[] = []
        const styles = new Set<string>()
        const visit = (file: string) => {
          const chunk = bundle[file]
          if (chunk?.type !== 'chunk' || initial.has(file) || scripts.includes(file)) return
          scripts.push(file)
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css))
          chunk.imports.forEach(visit)
        }
        for (const module of modules) {
          const id = path.resolve(root, module)
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id)
          if (!chunk) throw new Error(`first-screen: no chunk for ${module}; was it renamed?`)
          visit(chunk.fileName)
        }
        // Vite's loader asks for lazy chunks and their CSS with `crossorigin`: a preload must match.
        const link = (attrs: Record<string, string | true>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' })
        const tags = [
          ...fetches.map((href) => link({ rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' })),
          ...[...styles].map((href) => link({ rel: 'preload', href: `./${href}`, as: 'style', crossorigin: true })),
          ...scripts.map((href) => link({ rel: 'modulepreload', href: `./${href}`, crossorigin: true })),
        ]
        // The entry's own stylesheet is small: inline, it no longer blocks the shell's first paint.
        let html = _html
        for (const output of Object.values(bundle)) {
          if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue
          const linkTag = new RegExp(`<link rel="stylesheet"[^>]*href="\\./${output.fileName.replace(/[.]/g, '\\.')}"[^>]*>`)
          if (linkTag.test(html)) html = html.replace(linkTag, () => `<style>${String(output.source)}</style>`)
        }
        // The entry module runs only after the shell was presented: a module that arrives before
        // the first frame (always, on a fast link) would otherwise evaluate first and the shell
        // would never be what the borrower sees first. The download still starts at once; a hidden
        // web view, which presents no frames, starts after 100 ms.
        html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
          tags.unshift(link({ rel: 'modulepreload', href: src, crossorigin: true }))
          return `<script type="module">${startAfterFirstFrame(src)}</script>`
        })
        return { html, tags }
      },
    },
  }
}
