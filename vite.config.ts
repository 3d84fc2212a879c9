import { defineConfig, configDefaults } from 'vitest/config'
import react from '@vitejs/plugin-react'
import legacy from '@vitejs/plugin-legacy'
import browserslistToEsbuild from 'browserslist-to-esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { axiosOwnAdaptersOut } from './src/build/axios-own-adapters-out.js'
import { budgets } from './src/build/budgets.js'
import { firstScreen } from './src/build/first-screen.js'
import { modernEntryWithoutGuard } from './src/build/legacy-tier.js'
import { precompress } from './src/build/precompress.js'
import { machineWordsOut } from './src/build/machine-words-out.js'
import { pureLibraryCalls } from './src/build/pure-library-calls.js'
import { stageChunks } from './src/build/stage-chunks.js'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const kib = 1024

const testFiles = ['{tests,src,server}/**/*.test.{ts,tsx}']
const browserFiles = '**/*.browser.test.ts'
// React components and the app rendered in jsdom. Vitest starts a new worker whenever the next file
// wants another environment than the last: a project of their own keeps each worker on one.
const reactFiles = '{tests,src,server}/**/*.test.tsx'
// The reviewer page is built from what the product's tests leave in artifacts/ (the model's
// screenshots, paths and coverage): its tests are a project of their own that runs after them.
const reviewFiles = 'tests/review/**'
const sharedChromium = 'tests/support/shared-chromium.ts'

/** The product's tests: everything `npm test` runs except the reviewer page's (mutation testing starts from these). */
export const productTests = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Vitest's 1 s for `expect.poll` held only on an idle machine: four files share two cores, and a panel
  // or a screen Chromium renders beside three other files can take longer to come. A poll ends as soon as
  // it matches, so a longer wait costs a passing test nothing.
  expect: { poll: { timeout: 15_000 } },
  include: testFiles,
  exclude: [...configDefaults.exclude, reviewFiles],
}

export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [
    machineWordsOut(),
    pureLibraryCalls(),
    axiosOwnAdaptersOut(),
    react(),
    // The engines package.json's browserslist names that the modern build's syntax and APIs leave out get a
    // second build of their own and its polyfills (docs/decisions/029-the-engine-matrix.md).
    legacy({
      modernPolyfills: false,
      // Beside core-js's, what the oldest engines lack and core-js has no polyfill for: AbortController (iOS 12.0,
      // used by XState's promise actors) and the Intl features the page formats with.
      additionalLegacyPolyfills: ['abortcontroller-polyfill/dist/abortcontroller-polyfill-only', fileURLToPath(new URL('./src/i18n/intl-fallbacks.ts', import.meta.url))],
    }),
    modernEntryWithoutGuard(),
    // Only the page's own build: the benchmark builds its empty React page with this config too.
    ...(mode === 'bench-empty'
      ? []
      : [
          firstScreen({
            modules: ['locales/zh-Hans.json'],
            withoutToken: ['src/pages/login-page.tsx'],
            fetches: [process.env.VITE_INIT_CONFIG_URL || 'config/init.json'],
            prerender: 'src/app/prerender.tsx',
            headScript: 'src/app/head-script.ts',
            inlineTarget: browserslistToEsbuild(),
          }),
          // docs/performance.md states these budgets; change both together.
          budgets({ initialJs: 167 * kib, initialScripts: 3, initialCss: 4.5 * kib, lazyChunk: 12.5 * kib }),
        ]),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    // The stylesheets serve every engine of the matrix, modern and legacy alike: Lightning CSS lowers and
    // prefixes for package.json's browserslist (iOS 12's -webkit-sticky, Chrome 64's inset).
    cssTarget: browserslistToEsbuild(),
    // Production serves no sourcemaps; `vite build --mode development` still makes them.
    sourcemap: mode === 'development',
    // The stages src/main.tsx imports in turn, home with the React side: each one file (docs/performance.md).
    rolldownOptions: {
      checks: {
        // The plugin that takes much of the build is the copies at the highest compression levels
        // (src/build/precompress.ts), made once a build on purpose.
        bundlerTimings: false,
        // Home and the formatting module ship with the React side's stage on purpose
        // (src/app/render-app.tsx); the page table and the idle warm-up still load them by `import()`,
        // the one way every page and every idle module is loaded, which splits nothing here.
        ineffectiveDynamicImport: false,
      },
      ...(mode === 'bench-empty'
        ? {}
        : { output: { codeSplitting: stageChunks(fileURLToPath(new URL('.', import.meta.url)), 'src/main.tsx', ['src/app/start-machine.ts', 'src/app/render-app.tsx']) } }),
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core machine. The
    // browser files spend much of their time waiting on Chromium and the sandbox's clock (the reviewer's
    // whole-funnel drive on the page's own poll delays), so four files at a time keep both cores busy.
    maxWorkers: 4,
    projects: [
      // A worker keeps the modules it has evaluated from one file to the next (React, XState, jsdom's
      // page, Playwright's client, the sandbox): evaluating them afresh for every file was a third of
      // the unit files' CPU and most of what a browser file spends beside its page. A file that stubs a
      // global or changes Vitest's settings puts them back when it ends, and none mocks a module.
      { extends: true, test: { ...productTests, name: 'unit', isolate: false, exclude: [...productTests.exclude, browserFiles, reactFiles] } },
      { extends: true, test: { ...productTests, name: 'react', environment: 'jsdom', isolate: false, include: [reactFiles] } },
      { extends: true, test: { ...productTests, name: 'browser', isolate: false, include: [browserFiles], globalSetup: [sharedChromium] } },
      { extends: true, test: { ...productTests, name: 'review', isolate: false, include: [reviewFiles + '/*.test.ts'], exclude: configDefaults.exclude, globalSetup: [sharedChromium], sequence: { groupOrder: 1 } } },
    ],
  },
}))
