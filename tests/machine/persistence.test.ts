import { expect, test } from 'vitest'
import { restoreSnapshot, serializeSnapshot } from '../../machines/persistence'

const runtime = { now: () => 0, makeId: () => 'id' }

const persisted = {
  value: { session: { screens: { bankCard: 'confirming' } } },
  status: 'active',
  context: {
    runtime,
    drafts: {
      basic: { real_name: '李雷', id_number: '11010519491231002X' },
      bankCard: { card_number: '6222020000000000000', code: '123456', reserved_phone: '13800000000' },
    },
    rights: { product: { benefits: [{ code: 'priority_review' }] } },
  },
  children: { c1: { src: 'confirmCard', snapshot: { status: 'active', input: { input: { code: '123456' } } } } },
}

// rules: nothing-lost-sensitive
test('ID numbers, card numbers and SMS codes never reach the local copy', () => {
  const stored = serializeSnapshot(persisted)
  for (const secret of ['11010519491231002X', '6222020000000000000', '123456']) {
    expect(stored.local).not.toContain(secret)
    expect(stored.session).toContain(secret)
  }
  expect(stored.local).toContain('李雷')
  expect(stored.local).toContain('priority_review')
})

// rules: nothing-lost-reload
test('a restore with the session copy brings every field back', () => {
  const stored = serializeSnapshot(persisted)
  const snapshot = restoreSnapshot(stored, { version: 1, runtime })
  expect(snapshot?.context).toEqual(persisted.context)
  expect(snapshot?.children).toEqual(persisted.children)
})

// rules: nothing-lost-sensitive
test('a restore in a new session keeps the form but not the sensitive fields', () => {
  const stored = serializeSnapshot(persisted)
  const snapshot = restoreSnapshot({ local: stored.local, session: null }, { version: 1, runtime })
  const drafts = snapshot?.context.drafts as { basic: { real_name: string; id_number: string } }
  expect(drafts.basic.real_name).toBe('李雷')
  expect(drafts.basic.id_number).toBe('')
})

// rules: nothing-lost-interrupted
test('a running request whose code a new session lost is restored as failed, never to be sent again blank', () => {
  const stored = serializeSnapshot(persisted)
  const lost = restoreSnapshot({ local: stored.local, session: null }, { version: 1, runtime })
  expect(lost?.children).toEqual({
    c1: { src: 'confirmCard', snapshot: { status: 'error', error: { kind: 'interrupted' }, input: { input: { code: '' } } } },
  })
  const kept = restoreSnapshot(stored, { version: 1, runtime })
  expect(kept?.children).toEqual(persisted.children)
})

test('a copy stored before the blanks were recorded is read alike: its blanked request fails, never goes out blank', () => {
  const stored = serializeSnapshot(persisted)
  const { sealed: _recorded, ...before } = JSON.parse(stored.local) as Record<string, unknown>
  const local = JSON.stringify(before)
  const lost = restoreSnapshot({ local, session: null }, { version: 1, runtime })
  expect(lost?.children).toEqual({
    c1: { src: 'confirmCard', snapshot: { status: 'error', error: { kind: 'interrupted' }, input: { input: { code: '' } } } },
  })
  const kept = restoreSnapshot({ local, session: stored.session }, { version: 1, runtime })
  expect(kept?.children).toEqual(persisted.children)
  expect(kept?.context).toEqual(persisted.context)
})

// rules: nothing-lost-snapshot
test('an older version is migrated, or dropped when there is no migration', () => {
  const stored = serializeSnapshot(persisted, 0)
  expect(restoreSnapshot(stored, { version: 1, runtime })).toBeNull()
  const migrated = restoreSnapshot(stored, {
    version: 1,
    runtime,
    migrate: ({ version, snapshot }) => (version === 0 ? (snapshot as never) : null),
  })
  expect(migrated?.value).toEqual(persisted.value)
})

test('garbage in storage starts fresh', () => {
  expect(restoreSnapshot({ local: '{not json', session: null }, { version: 1, runtime })).toBeNull()
  expect(restoreSnapshot({ local: null, session: null }, { version: 1, runtime })).toBeNull()
})
