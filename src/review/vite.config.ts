import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from '../build/precompress.js'
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
    buildStart() {
      // Drive needs the generated paths, the whole-funnel walk among them: a fresh clone has none
      // until `npm run paths` ran, so the first build runs it (about a minute); later builds reuse them.
      if (existsSync(`${repoRoot}artifacts/model-paths.json`)) return
      this.info('no artifacts/model-paths.json: running npm run paths for Drive (about a minute)')
      spawnSync(process.execPath, [`${repoRoot}node_modules/tsx/dist/cli.mjs`, 'machines/model/paths-cli.ts', '--quiet'], { cwd: repoRoot, stdio: 'ignore' })
    },
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
    // The first build generates the paths (its own message says so); Rolldown's notice about slow
    // plugins would repeat that as a warning on the first screen a newcomer reads.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
})
