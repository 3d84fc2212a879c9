import type { Plugin } from 'vite'
import { isLegacyBundle, reportBundle, type BundleReport } from './bundle-report.js'

/*
 * Size budgets (gzip bytes), checked on every production build: a build that goes over one fails
 * and says which file and by how much. The numbers are in vite.config.ts and docs/performance.md.
 */

export interface Budgets {
  /** The entry chunk and its static imports: what runs before the first screen. */
  initialJs: number
  /**
   * How many files the initial JS is: over a slow mobile link each is a request of its own, six at a
   * time, and Lighthouse's slow 4G adds 562 ms to each.
   */
  initialScripts: number
  /** The stylesheets the HTML links. */
  initialCss: number
  /** Each chunk loaded by `import()` (a page, a locale, a library only some pages need). */
  lazyChunk: number
}

export function overBudget(report: BundleReport, budgets: Budgets): string[] {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  const over: string[] = []
  if (report.initialJs.gzip > budgets.initialJs) {
    over.push(`initial JS ${kib(report.initialJs.gzip)} gzip > budget ${kib(budgets.initialJs)} (${report.initialJs.files.join(', ')})`)
  }
  if (report.initialJs.files.length > budgets.initialScripts) {
    over.push(`initial JS in ${report.initialJs.files.length} files > budget ${budgets.initialScripts} (${report.initialJs.files.join(', ')})`)
  }
  if (report.initialCss.gzip > budgets.initialCss) {
    over.push(`initial CSS ${kib(report.initialCss.gzip)} gzip > budget ${kib(budgets.initialCss)} (${report.initialCss.files.join(', ')})`)
  }
  for (const chunk of report.chunks) {
    if (chunk.lazy && chunk.gzip > budgets.lazyChunk) {
      over.push(`lazy chunk ${chunk.file} ${kib(chunk.gzip)} gzip > budget ${kib(budgets.lazyChunk)}`)
    }
  }
  return over
}

export function budgets(limits: Budgets): Plugin {
  return {
    name: 'huaqian:budgets',
    apply: 'build',
    // Last, with the chunks as they will be written (the first screen's compile hints included).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (isLegacyBundle(bundle)) return
        const over = overBudget(reportBundle(bundle, { brotli: false }), limits)
        if (over.length > 0) this.error(`size budget exceeded:\n  ${over.join('\n  ')}`)
      },
    },
  }
}
