import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import compat from 'eslint-plugin-compat'

// Imports point from the app toward the core, never back (STYLE.md, "The shape of the house").
const layering = [
  {
    target: './machines',
    from: './src',
    // The contract is the one source of the ports' shapes; the rule below lets only its types in.
    except: ['./contract'],
    message: 'machines/ is framework-free: it defines ports; the app edge adapts src/ to them.',
  },
  {
    target: './src/contract',
    from: ['./src/api', './src/app', './src/pages', './src/ui', './src/i18n', './src/bridge', './src/session'],
    message: 'The contract is shared with the sandbox and the docs: it depends on nothing of the page.',
  },
  {
    target: ['./src/api', './src/bridge', './src/session'],
    from: ['./src/app', './src/pages', './src/ui'],
    message: 'The request layer and the bridge report; they never reach into screens.',
  },
  {
    target: './src',
    from: './server',
    message: 'The page never imports the sandbox.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The sandbox shares the contract with the page (its calls, rules, locales and figures), nothing else of it.',
  },
  {
    // Build plugins run in Node while the page is built (vite.config.ts); the page never ships them.
    target: ['./src/api', './src/app', './src/bridge', './src/contract', './src/i18n', './src/pages', './src/session', './src/ui', './src/main.tsx', './machines'],
    from: './src/build',
    message: 'src/build/ holds the build plugins: Node code of the build, never part of the page.',
  },
]

// Bundled into the inline head script (src/app/head-script.ts and its imports).
const headScriptModules = [
  'src/app/head-script.ts', 'src/i18n/first-paint-guard.ts', 'src/i18n/page-locale.ts', 'src/i18n/locale.ts', 'src/contract/locales.ts',
  'src/ui/display-mode-head.ts', 'src/ui/elder-flag.ts', 'src/bridge/bridge.ts', 'src/bridge/host.ts', 'src/bridge/payload.ts',
  'src/bridge/base-url-policy.ts', 'src/app/load-watchdog.ts', 'src/app/load-signal.ts', 'src/app/origin-list.ts',
]

export default tseslint.config(
  {
    ignores: [
      'dist/', 'dist-review/', 'node_modules/', 'data/', 'artifacts/', 'coverage/', '.stryker-tmp/',
      // The vendor liveness page stands in for a third party's page, which the product does not
      // write or lint; it is kept as such a vendor would ship it.
      'server/public/vendor/',
    ],
  },
  ...tseslint.configs.recommended,
  // The page's own code against package.json's browserslist (docs/decisions/029-the-engine-matrix.md).
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    ignores: ['src/build/**', 'src/review/**', '**/*.test.{ts,tsx}'],
    ...compat.configs['flat/recommended'],
    // What the legacy build's polyfills put back before the page's modules run, on the engines that lack it:
    // core-js's, and src/i18n/intl-fallbacks.ts.
    settings: { polyfills: ['Object.fromEntries', 'Array.flat', 'Intl.ListFormat'] },
  },
  {
    // The inline head script and what it bundles run before any polyfill, on every engine: only what the oldest
    // have natively. eslint-plugin-compat cannot see a method called on a value of unknown type, so the
    // methods the oldest engines lack are named here.
    files: headScriptModules,
    ...compat.configs['flat/recommended'],
    settings: { polyfills: [] },
    rules: {
      'compat/compat': 'error',
      'no-restricted-properties': ['error', ...['replaceAll', 'at', 'matchAll', 'flat', 'flatMap', 'trimStart', 'trimEnd', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'toSpliced', 'hasOwn', 'fromEntries', 'allSettled'].map((property) => ({
        property,
        message: 'The head script runs before any polyfill: Chrome 64 and iOS 12 lack this.',
      }))],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Randomness comes in through input (machines) or crypto.getRandomValues (the edge).',
        },
      ],
    },
  },
  {
    // Types are erased: the machine takes its ports' shapes from the contract and still runs
    // without zod or anything else of the page. It runs in the page, so nothing of Node or of the
    // tests comes in either: the tests of the machine and its model-based engine live in tests/.
    files: ['machines/**/*.ts'],
    rules: {
      // Every Node built-in, with or without `node:`.
      'import-x/no-nodejs-modules': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fast-check', '@fast-check/*', 'vitest', 'vitest/*', '@vitest/*', '@testing-library/*', 'playwright-core', 'jsdom', 'marked', 'axe-core', '@stryker-mutator/*'],
              message: 'machines/ holds the machine only: test tools and Node modules belong under tests/.',
            },
            {
              // The list of loan steps is plain data the machine orders its funnel by.
              group: ['**/src/contract/*', '!**/src/contract/loan-steps'],
              allowTypeImports: true,
              message: 'machines/ takes only types from the contract (import type), and its list of loan steps; never its code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox's own pages run in the browser as plain ES modules, served as they are.
    files: ['server/public/**/*.js'],
    languageOptions: { sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: ['src/i18n/translation.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'I18nextProvider'],
              message: "Use src/i18n/translation.tsx: one shared translation for the page, not react-i18next's work in every component.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every test file shares its worker's modules (vite.config.ts): a module mocked in one would be mocked, or not, in the next.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({ object: 'vi', property, message: 'Test files share their modules with the next file in the worker: pass the part in, or test the module that builds it.' })),
      ],
    },
  },
)
