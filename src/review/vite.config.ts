import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { appMachine } from '../../machines/app.machine.js'
import { precompress } from '../build/precompress.js'
import { layoutChart, screenStatesOf, storeLayout } from './chart-layout.js'
import { collectReviewData } from './collect-data.js'
import { machineGraph } from './machine-graph.js'
import { diffMachines } from '../../tests/model/engine/machine-diff.js'
import { approvedSide, headSide, sideAt } from './diff/machine-sides.js'

/*
 * The reviewer page: its own entry and its own output folder (dist-review/), so
 * building it never touches the borrower's dist/. `npm run review:build` builds it; the data the
 * model runs left in artifacts/ is copied beside it, so the folder works from any static host.
 */

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function reviewData(base: string | undefined): Plugin {
  return {
    name: 'huaqian-review-data',
    apply: 'build',
    buildStart() {
      // Drive needs the generated paths, the whole-funnel walk among them: a fresh clone has none
      // until `npm run paths` ran, so the first build runs it (about a minute); later builds reuse them.
      if (existsSync(`${repoRoot}artifacts/model-paths.json`)) return
      this.info('no artifacts/model-paths.json: running npm run paths for Drive (about a minute)')
      spawnSync(process.execPath, [`${repoRoot}node_modules/tsx/dist/cli.mjs`, 'tests/model/engine/paths-cli.ts', '--quiet'], { cwd: repoRoot, stdio: 'ignore' })
    },
    async generateBundle() {
      const { manifest, files } = collectReviewData(`${repoRoot}artifacts`)
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(source) })
      // The whole machine, as the chart first shows it, laid out once here: in the page it is seconds of
      // ELK on every visit before anything can be read. Folding a state or opening a part lays out there.
      // What changed, in every build: against the approved machine, and against the commit --base names.
      const head = headSide(appMachine, false)
      const against = [approvedSide(), ...(base !== undefined ? [await sideAt(base)] : [])]
      manifest.diffs = against.map((base, i) => {
        const url = i === 0 ? 'data/machine-diff-approved.json' : 'data/machine-diff-base.json'
        this.emitFile({ type: 'asset', fileName: url, source: JSON.stringify(diffMachines({ base, head })) })
        return { against: base.label, url }
      })
      const graph = machineGraph(appMachine)
      const options = { thumbnails: screenStatesOf(graph) }
      manifest.chartLayout = 'data/chart-layout.json'
      this.emitFile({ type: 'asset', fileName: manifest.chartLayout, source: JSON.stringify(storeLayout(graph, options, await layoutChart(graph, options))) })
      this.emitFile({ type: 'asset', fileName: 'data/manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` })
    },
  }
}

/** The page's build; `base`: a commit whose machine the page also shows the changes against. */
export const reviewConfig = (base?: string): UserConfig => ({
  root: here,
  base: './',
  publicDir: false,
  plugins: [reviewData(base), precompress()],
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

export default defineConfig(reviewConfig())
