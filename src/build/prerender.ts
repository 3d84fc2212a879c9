import path from 'node:path'
import { build, runnerImport } from 'vite'

/*
 * Build-time helpers of the first screen: the prerendered markup, rendered in Node by
 * the page's own components, and small scripts inlined into the HTML, bundled from the page's own
 * modules so no rule is written twice.
 */

const noCss = '\0huaqian-prerender-css'

/** Runs `renderFirstScreen()` of a module of the page (Vite's module runner: TSX, JSON, CSS). */
export async function renderFirstScreen(root: string, module: string): Promise<string> {
  const { module: loaded } = await runnerImport<{ renderFirstScreen?: () => Promise<string> }>(path.resolve(root, module), {
    root,
    configFile: false,
    logLevel: 'error',
    // The markup only: the CSS reaches the HTML through the build's own bundle.
    plugins: [
      {
        name: 'huaqian:prerender-no-css',
        enforce: 'pre',
        resolveId: (source) => (source.endsWith('.css') ? noCss : undefined),
        load: (id) => (id === noCss ? '' : undefined),
      },
    ],
  })
  if (typeof loaded.renderFirstScreen !== 'function') throw new Error(`first-screen: ${module} exports no renderFirstScreen()`)
  return loaded.renderFirstScreen()
}

/** A module of the page bundled into one classic script, minified, for an inline `<script>`. */
export async function inlineScript(root: string, module: string, target: string[]): Promise<string> {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      target,
      minify: true,
      lib: { entry: path.resolve(root, module), formats: ['iife'], name: 'huaqianInline' },
    },
  })
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []))
  const code = chunks.find((chunk) => chunk.type === 'chunk')?.code
  if (code === undefined) throw new Error(`first-screen: bundling ${module} gave no script`)
  // A `</script>` inside would end the inline element early.
  return code.trim().replaceAll('</script', '<\\/script')
}
