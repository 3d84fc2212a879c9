import { expect, test } from 'vitest'
import { snapshotStore } from './snapshot-store'

/*
 * Whose state a new page resumes at once: the borrower's, with the very token that wrote it last.
 * A token the borrower got at a new login makes the state theirs to resume at once; the token
 * before it no longer does (the machine then first asks whose it is).
 */

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

test('after a new login the new token resumes at once, and the old one no longer does', () => {
  const win = { localStorage: memoryStorage(), sessionStorage: memoryStorage() } as unknown as Window
  const store = snapshotStore(win)
  const stored = { local: '{"version":3}', session: '{}' }
  store.save({ borrowerId: 'u-1', named: true, token: 'token-before' }, stored)
  expect(store.atStart('token-before')?.sameToken).toBe(true)

  store.save({ borrowerId: 'u-1', named: true, token: 'token-after' }, stored)
  expect(store.atStart('token-after')?.sameToken).toBe(true)
  expect(store.atStart('token-before')?.sameToken).toBe(false)
  // What the device keeps names the token by its digest only.
  expect(JSON.stringify([...Array(win.localStorage.length).keys()].map((i) => win.localStorage.getItem(win.localStorage.key(i)!)))).not.toContain('token-after')
})
