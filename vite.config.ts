import { defineConfig, configDefaults } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync } from 'node:fs'
import { axiosWithoutFetch } from './src/build/axios-without-fetch.js'
import { budgets } from './src/build/budgets.js'
import { firstScreen } from './src/build/first-screen.js'
import { precompress } from './src/build/precompress.js'
import { machineWordsOut } from './src/build/machine-words-out.js'
import { pureLibraryCalls } from './src/build/pure-library-calls.js'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const kib = 1024

/** The product's tests: everything `npm test` runs except the reviewer page's (mutation testing starts from these). */
export const productTests = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
  // The benchmark measures; it is `npm run bench`, never part of the tests.
  exclude: [
    ...configDefaults.exclude,
    'tests/bench/**',
    'tests/review/**',
    // Replay the walk `npm run walks -- --replay … --level react|browser` names; without one they have nothing to run.
    ...(process.env.WALK_REPLAY ? [] : ['tests/model/walk-replay.test.tsx', 'tests/model/walk-replay.browser.test.ts']),
  ],
}

/*
 * Most test files share their worker's loaded modules (`isolate: false`): loading React, jsdom, the
 * machine and the sandbox again for every file cost those files about 7% of their CPU. A file keeps a worker
 * of its own when it drives Chromium (its own browser and sandbox for minutes) or replaces a module
 * with `vi.mock` (which a module an earlier file already loaded in that worker would ignore), stubs
 * a global for good, or installs a DOM itself (the DOM libraries it loads next must read that one).
 */
function ownsItsWorker(file: string): boolean {
  return file.includes('.browser.') || /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bbuiltinEnvironments\b/.test(readFileSync(file, 'utf8'))
}

const sharedWorkerTests = ['tests', 'src', 'server']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  // The project's own `exclude` (productTests') still applies: the benchmark, the reviewer's tests, an unnamed walk replay.
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules') && !ownsItsWorker(file))
  .sort()

/**
 * The longest files of each group, half a minute or more on two cores, longest first. `npm test` runs three files
 * at a time and a group ends with its last file, so these start first; Vitest would order by its
 * own timings, but a fresh clone has none and file size says nothing here (a screen tour's file is
 * four lines). A file missing from the list only runs later.
 */
const longestFirst = [
  'tests/model/paths.browser.test.ts',
  'tests/model/react-paths.test.tsx',
  'tests/browser/borrower.browser.test.ts',
  'tests/reliability/nothing-lost.browser.test.ts',
  'tests/browser/screens-modes.browser.test.ts',
  'tests/browser/screens.browser.test.ts',
  'tests/review/review-funnel-drive.browser.test.ts',
  'tests/review/review-live.browser.test.ts',
]

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const listed = longestFirst.findIndex((name) => file.moduleId.endsWith(name))
      return file.project.config.sequence.groupOrder * 100 + (listed === -1 ? longestFirst.length : listed)
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [
    machineWordsOut(),
    pureLibraryCalls(),
    axiosWithoutFetch(),
    react(),
    // Only the page's own build: the benchmark builds its empty React page with this config too.
    ...(process.env.HUAQIAN_BENCH_EMPTY
      ? []
      : [
          firstScreen({
            modules: ['src/app/address-mirror.tsx', 'src/pages/home-page.tsx', 'src/pages/login-page.tsx', 'locales/zh-Hans.json'],
            fetches: [process.env.VITE_INIT_CONFIG_URL || 'config/init.json'],
            prerender: 'src/app/prerender.tsx',
            headScript: 'src/app/head-script.ts',
          }),
          // docs/performance.md states these budgets; change both together.
          budgets({ initialJs: 158 * kib, initialCss: 4 * kib, lazyChunk: 12.5 * kib }),
        ]),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    target: 'es2020',
    outDir: 'dist',
    // Production serves no sourcemaps; `vite build --mode development` still makes them.
    sourcemap: mode !== 'production',
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core machine. The
    // browser files spend most of their time waiting on Chromium and the sandbox's clock, so three
    // files at a time keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { ...productTests, name: 'product', exclude: [...productTests.exclude, ...sharedWorkerTests] },
      },
      {
        extends: true,
        test: { ...productTests, name: 'product-shared', include: sharedWorkerTests, isolate: false, setupFiles: ['tests/support/fresh-page-state.ts'] },
      },
      // The reviewer page is built from what the product's tests leave in artifacts/ (the model's
      // screenshots, paths and coverage), so its tests run once those have finished writing them.
      {
        extends: true,
        test: {
          ...productTests,
          name: 'review',
          include: ['tests/review/**/*.test.ts'],
          exclude: configDefaults.exclude,
          // A worker keeps the modules its previous file loaded: about 2 s of imports saved per file.
          isolate: false,
          setupFiles: ['tests/support/fresh-page-state.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
}))
