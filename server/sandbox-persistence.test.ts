import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { startTestSandbox, testClock } from '../tests/support/test-client'
import { throughFace } from '../tests/support/test-flows'

const dir = mkdtempSync(join(tmpdir(), 'huaqian-sandbox-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

test('a borrower’s progress and token survive a restart on the same data file', async () => {
  const file = join(dir, 'sandbox.db')
  const clock = testClock()
  const first = await startTestSandbox({ db: file, clock })
  const { token } = await first.login('13700000401')
  await throughFace(first, token)
  const before = await first.ok('getLoanUserStatus', { token })
  await first.close()

  const second = await startTestSandbox({ db: file, clock })
  try {
    const after = await second.ok('getLoanUserStatus', { token })
    expect(after.step).toBe('basic')
    expect(after).toEqual(before)
    // Seeding again at start does not duplicate the personas.
    const personas = second.db.prepare("SELECT COUNT(*) AS n FROM users WHERE persona IS NOT NULL").get() as { n: number }
    expect(personas.n).toBe(10)
  } finally {
    await second.close()
  }
})
