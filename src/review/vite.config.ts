import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from '../../server/build/precompress.js'
import { collectReviewData } from './collect-data.js'

/*
 * The reviewer page: its own entry and its own output folder (dist-review/), so
 * building it never touches the borrower's dist/. `npm run review:build` builds it; the data the
 * model runs left in artifacts/ is copied beside it, so the folder works from any static host.
 */

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function reviewData(): Plugin {
  return {
    name: 'huaqian-review-data',
    apply: 'build',
    generateBundle() {
      const { manifest, files } = collectReviewData(`${repoRoot}artifacts`)
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(source) })
      this.emitFile({ type: 'asset', fileName: 'data/manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` })
    },
  }
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  plugins: [reviewData(), precompress()],
  build: {
    target: 'es2022',
    outDir: `${repoRoot}dist-review`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 4_000,
  },
})
