import { build } from 'vite'
import { bundleReport } from '../vite-plugins/bundle-report'
await build({ root: '/work/i11-perf', logLevel: 'warn', build: { outDir: '/tmp/i11-dist', emptyOutDir: true }, plugins: [bundleReport((r) => {
  console.log(JSON.stringify({ initialJs: r.initialJs, initialCss: r.initialCss, lib: r.initialByLibrary }, null, 1))
})] })
