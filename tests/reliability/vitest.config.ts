import { defineConfig } from 'vitest/config'

/*
 * `npm run reliability` (tests/reliability/run.mjs): the cheap families (`*.test.ts(x)`, also part of
 * `npm test`) and the heavy ones (`*.reliability.ts`: Chromium, the XSS corpus, load), one file at
 * a time, because the machine is shared and the load family measures latency.
 */
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.{ts,tsx}', 'tests/reliability/**/*.reliability.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
