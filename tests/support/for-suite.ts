import { afterAll, beforeAll } from 'vitest'

/**
 * Something a test file shares between its tests (a sandbox, a browser): started before the
 * file's tests, closed after them. The stand-in returned here forwards to it once `beforeAll` has
 * started it, so a file writes `const sandbox = forSuite(...)` once and uses it inside its tests.
 */
export function forSuite<T extends object>(start: () => Promise<T>, close: (started: T) => Promise<void>, startTimeoutMs = 120_000): T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  }, startTimeoutMs)
  afterAll(async () => {
    if (started !== undefined) await close(started)
  })
  return new Proxy({} as T, {
    get(_target, key) {
      if (started === undefined) throw new Error(`the suite's ${String(key)} is started in beforeAll: use it inside a test or hook`)
      const value: unknown = Reflect.get(started, key)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value
    },
  })
}
