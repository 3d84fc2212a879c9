import { expect, test } from 'vitest'
import { parseBridgePayload } from '../bridge/payload'
import {
  applyBridgePayload,
  createSession,
  deviceIdStorageKey,
  sessionIdStorageKey,
  type KeyValueStore,
} from './session'

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value)
    },
  }
}

function bytes(seed: number): (length: number) => Uint8Array {
  let next = seed
  return (length) => Uint8Array.from({ length }, () => (next = (next * 31 + 7) % 256))
}

// rules: boot-defaults
test('a fresh session has the spec defaults and no token', () => {
  const session = createSession({ randomBytes: bytes(1) })
  const state = session.getSnapshot()
  expect(state.appCode).toBe('10002')
  expect(state.channel).toBe('app-test')
  expect(state.token).toBeNull()
  expect(state.isLoanExcess).toBe(false)
  expect(state.platform).toBe('unknown')
  expect(state.sessionId).toMatch(/^[0-9a-f]{32}$/)
  expect(state.deviceId).toMatch(/^[0-9a-f]{32}$/)
})

test('appCode and channel come from the URL when it has them', () => {
  const session = createSession({
    randomBytes: bytes(1),
    query: new URLSearchParams('appCode=20001&channel=huawei-store'),
  })
  expect(session.getSnapshot().appCode).toBe('20001')
  expect(session.getSnapshot().channel).toBe('huawei-store')
})

// rules: boot-session-id
test('the generated device id is kept across sessions and the session id across reloads', () => {
  const local = memoryStore()
  const tab = memoryStore()
  const first = createSession({ randomBytes: bytes(1), localStore: local, sessionStore: tab })
  const reload = createSession({ randomBytes: bytes(2), localStore: local, sessionStore: tab })
  expect(reload.getSnapshot().deviceId).toBe(first.getSnapshot().deviceId)
  expect(reload.getSnapshot().sessionId).toBe(first.getSnapshot().sessionId)
  expect(local.values.get(deviceIdStorageKey)).toBe(first.getSnapshot().deviceId)
  expect(tab.values.get(sessionIdStorageKey)).toBe(first.getSnapshot().sessionId)

  const newTab = createSession({ randomBytes: bytes(3), localStore: local, sessionStore: memoryStore() })
  expect(newTab.getSnapshot().deviceId).toBe(first.getSnapshot().deviceId)
  expect(newTab.getSnapshot().sessionId).not.toBe(first.getSnapshot().sessionId)
})

// rules: nothing-lost-sensitive, security-token
test('the token is never written to storage', () => {
  const local = memoryStore()
  const tab = memoryStore()
  const session = createSession({ randomBytes: bytes(1), localStore: local, sessionStore: tab })
  session.update({ token: 'secret-token' })
  const stored = [...local.values.values(), ...tab.values.values()].join(' ')
  expect(stored).not.toContain('secret-token')
})

test('a session still works when storage throws', () => {
  const broken: KeyValueStore = {
    getItem: () => {
      throw new Error('denied')
    },
    setItem: () => {
      throw new Error('denied')
    },
  }
  const session = createSession({ randomBytes: bytes(1), localStore: broken, sessionStore: broken })
  expect(session.getSnapshot().deviceId).toMatch(/^[0-9a-f]{32}$/)
})

test('a bridge payload logs the borrower in and fills the session', () => {
  const session = createSession({ randomBytes: bytes(1) })
  const payload = parseBridgePayload({
    token: 't-1',
    deviceId: 'host-device',
    channelCode: 'H5',
    loanExcess: 2,
    userInfo: { phone: '13800138000', nick_name: '小明' },
    gps: { lat: 22.54, lng: 113.93 },
    platform: 'App',
    osName: 'iOS 17',
    appCode: '30003',
  })
  if (!payload) throw new Error('payload refused')
  applyBridgePayload(session, payload)
  const state = session.getSnapshot()
  expect(state.token).toBe('t-1')
  expect(state.deviceId).toBe('host-device')
  expect(state.isLoanExcess).toBe(true)
  expect(state.userInfo).toEqual({ phone: '13800138000', nick_name: '小明' })
  expect(state.gps).toEqual({ lat: 22.54, lng: 113.93 })
  expect(state.platform).toBe('App')
  expect(state.appCode).toBe('30003')
})

// rules: boot-loan-excess
test('loanExcess values other than 2 do not mean true', () => {
  const session = createSession({ randomBytes: bytes(1) })
  applyBridgePayload(session, { token: 't', loanExcess: 1 })
  expect(session.getSnapshot().isLoanExcess).toBe(false)
  applyBridgePayload(session, { token: 't', loanExcess: 2 })
  expect(session.getSnapshot().isLoanExcess).toBe(true)
})

test('clearing auth drops token and user info but keeps the device and session', () => {
  const session = createSession({
    randomBytes: bytes(1),
    initial: { token: 't', userInfo: { phone: '13800138000', nick_name: 'x' }, channelCode: 'H5' },
  })
  const before = session.getSnapshot()
  session.clearAuth()
  const after = session.getSnapshot()
  expect(after.token).toBeNull()
  expect(after.userInfo).toBeNull()
  expect(after.channelCode).toBe('H5')
  expect(after.deviceId).toBe(before.deviceId)
  expect(after.sessionId).toBe(before.sessionId)
})

test('subscribers hear every change and snapshots are new objects only when something changed', () => {
  const session = createSession({ randomBytes: bytes(1) })
  const first = session.getSnapshot()
  let heard = 0
  const unsubscribe = session.subscribe(() => {
    heard += 1
  })
  session.update({ channelCode: '' })
  expect(session.getSnapshot()).toBe(first)
  expect(heard).toBe(0)
  session.update({ channelCode: 'H5' })
  expect(heard).toBe(1)
  expect(session.getSnapshot()).not.toBe(first)
  unsubscribe()
  session.update({ channelCode: 'H6' })
  expect(heard).toBe(1)
})

test('each new token starts a new auth epoch', () => {
  const session = createSession({ randomBytes: bytes(1) })
  expect(session.getSnapshot().authEpoch).toBe(0)
  session.update({ token: 'a' })
  session.update({ token: 'a' })
  expect(session.getSnapshot().authEpoch).toBe(1)
  session.clearAuth()
  expect(session.getSnapshot().authEpoch).toBe(1)
  session.update({ token: 'a' })
  expect(session.getSnapshot().authEpoch).toBe(2)
})
