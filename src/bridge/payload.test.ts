import { expect, test } from 'vitest'
import {
  encodeBridgeParameter,
  parseBridgePayload,
  readQueryPayload,
  urlParameters,
} from './payload'

test('a full host payload is read field by field', () => {
  const payload = parseBridgePayload({
    token: 'tok',
    channelCode: 'H5',
    deviceId: 'dev-1',
    gps: { lat: 22.5, lng: 113.9 },
    location: {
      province_id: '440000',
      province_name: '广东省',
      city_id: 440300,
      city_name: '深圳市',
      district_id: '440305',
      district_name: '南山区',
    },
    oaid: 'oa',
    imei: 'im',
    platform: 'app',
    userId: 10001,
    userInfo: { phone: '13800138000', nick_name: '小明' },
    baseUrl: 'https://api.example.com',
    loanExcess: 2,
    appCode: '10002',
    model: 'iPhone15,2',
    brand: 'Apple',
    osName: 'iOS 17.2',
    locale: 'zh-Hant',
  })
  expect(payload).toEqual({
    token: 'tok',
    channelCode: 'H5',
    deviceId: 'dev-1',
    gps: { lat: 22.5, lng: 113.9 },
    location: {
      province_id: '440000',
      province_name: '广东省',
      city_id: '440300',
      city_name: '深圳市',
      district_id: '440305',
      district_name: '南山区',
    },
    oaid: 'oa',
    imei: 'im',
    platform: 'App',
    userId: '10001',
    userInfo: { phone: '13800138000', nick_name: '小明' },
    baseUrl: 'https://api.example.com',
    loanExcess: 2,
    appCode: '10002',
    model: 'iPhone15,2',
    brand: 'Apple',
    osName: 'iOS 17.2',
    locale: 'zh-Hant',
  })
})

// rules: bridge-token-required
test('a payload without a non-empty string token is ignored', () => {
  expect(parseBridgePayload({ channelCode: 'H5', deviceId: 'd' })).toBeNull()
  expect(parseBridgePayload({ token: '' })).toBeNull()
  expect(parseBridgePayload({ token: '   ' })).toBeNull()
  expect(parseBridgePayload({ token: 12345 })).toBeNull()
  expect(parseBridgePayload(null)).toBeNull()
  expect(parseBridgePayload(['token'])).toBeNull()
  expect(parseBridgePayload('not json')).toBeNull()
})

// rules: bridge-field-checks
test('wrong-typed fields are dropped and the rest kept', () => {
  const payload = parseBridgePayload({
    token: 'tok',
    channelCode: { nested: true },
    gps: { lat: 'north', lng: 113 },
    location: 'Shenzhen',
    userInfo: [1, 2],
    baseUrl: 42,
    loanExcess: 'lots',
    platform: 'Symbian',
    model: ['x'],
    locale: '<script>',
    brand: 'Xiaomi',
  })
  expect(payload).toEqual({ token: 'tok', brand: 'Xiaomi' })
})

// rules: bridge-field-checks
test('a payload cannot pollute prototypes or smuggle unknown keys', () => {
  const hostile = JSON.parse(
    '{"token":"tok","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},' +
      '"userInfo":{"__proto__":{"polluted":"yes"},"phone":"13800138000"},"isAdmin":true}',
  ) as unknown
  const payload = parseBridgePayload(hostile)
  expect(payload).toEqual({ token: 'tok', userInfo: { phone: '13800138000', nick_name: '' } })
  expect(Object.getPrototypeOf(payload)).toBe(Object.prototype)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect((payload as unknown as Record<string, unknown>).isAdmin).toBeUndefined()
})

// rules: bridge-token-required
test('an inherited token does not count', () => {
  const raw = Object.create({ token: 'inherited' }) as object
  expect(parseBridgePayload(raw)).toBeNull()
})

test('individual URL parameters make a payload, objects as JSON text', () => {
  const parameters = new URLSearchParams({
    token: 'tok',
    channelCode: 'H5',
    loanExcess: '2',
    gps: JSON.stringify({ lat: 31.2, lng: 121.5 }),
    userId: '9',
    unrelated: 'x',
  })
  expect(readQueryPayload(parameters)).toEqual({
    token: 'tok',
    channelCode: 'H5',
    loanExcess: 2,
    gps: { lat: 31.2, lng: 121.5 },
    userId: '9',
  })
  expect(readQueryPayload(new URLSearchParams('channelCode=H5&appCode=1'))).toBeNull()
})

// rules: bridge-sources
test('a bridge= parameter carries the payload as base64url JSON, unicode included', () => {
  const encoded = encodeBridgeParameter({ token: 'tök', userInfo: { phone: '13800138000', nick_name: '小明' } })
  expect(encoded).not.toMatch(/[+/=]/)
  expect(readQueryPayload(new URLSearchParams({ bridge: encoded }))).toEqual({
    token: 'tök',
    userInfo: { phone: '13800138000', nick_name: '小明' },
  })
  expect(readQueryPayload(new URLSearchParams({ bridge: '%%%not base64' }))).toBeNull()
})

test('parameters after the hash route count too, the real query winning a tie', () => {
  const parameters = urlParameters('?token=from-query', '#/pages/home/index?token=from-hash&channelCode=H5')
  expect(parameters.get('token')).toBe('from-query')
  expect(parameters.get('channelCode')).toBe('H5')
})

test('a host object whose getter throws loses that field only, the rest is used', () => {
  const raw: Record<string, unknown> = { token: 'tok', deviceId: 'dev-9', userInfo: { phone: '13800138000', nick_name: '明' } }
  Object.defineProperty(raw, 'channelCode', {
    enumerable: true,
    get() {
      throw new Error('hostile getter')
    },
  })
  const userInfo = raw.userInfo as Record<string, unknown>
  Object.defineProperty(userInfo, 'nick_name', {
    enumerable: true,
    get() {
      throw new Error('hostile getter')
    },
  })
  expect(parseBridgePayload(raw)).toEqual({ token: 'tok', deviceId: 'dev-9', userInfo: { phone: '13800138000', nick_name: '' } })
})

test('a Proxy whose traps throw, or a revoked one, is no payload and throws nothing', () => {
  const trap = () => {
    throw new Error('hostile trap')
  }
  const hostile = new Proxy({}, { get: trap, has: trap, getOwnPropertyDescriptor: trap, ownKeys: trap, getPrototypeOf: trap })
  expect(() => parseBridgePayload(hostile)).not.toThrow()
  const { proxy, revoke } = Proxy.revocable({ token: 'tok' }, {})
  revoke()
  expect(parseBridgePayload(proxy)).toBeNull()
  expect(parseBridgePayload({ token: 'tok', gps: hostile, location: proxy })).toEqual({ token: 'tok' })
})

// rules: bridge-field-checks
test('a JSON-text payload over 4096 characters keeps its token; a long nickname is cut, an oversized field dropped', () => {
  const json = JSON.stringify({
    token: 'tok-long-payload',
    channelCode: 'app-test',
    userInfo: { phone: '13800138000', nick_name: '长'.repeat(5000) },
    model: 'm'.repeat(10_000),
  })
  expect(json.length).toBeGreaterThan(4096)
  const payload = parseBridgePayload(json)
  expect(payload?.token).toBe('tok-long-payload')
  expect(payload?.channelCode).toBe('app-test')
  expect(payload?.userInfo).toEqual({ phone: '13800138000', nick_name: '长'.repeat(64) })
  expect(payload?.model).toBeUndefined()
  expect(readQueryPayload(new URLSearchParams({ bridge: encodeBridgeParameter(JSON.parse(json) as object) }))?.token).toBe(
    'tok-long-payload',
  )
})

// rules: bridge-field-checks
test('each field is kept at the length docs/host-bridge.md states and dropped one character over it', () => {
  // The host's documented limits, written here apart from the parser's own table.
  const limits = { token: 4096, channelCode: 128, deviceId: 128, userId: 128, appCode: 128, oaid: 256, imei: 256, model: 256, brand: 256, osName: 256 } as const
  for (const [field, limit] of Object.entries(limits)) {
    const base = field === 'token' ? {} : { token: 'tok' }
    expect(parseBridgePayload({ ...base, [field]: 'a'.repeat(limit) })?.[field as keyof typeof limits], `${field} at ${limit}`).toBe('a'.repeat(limit))
    const over = parseBridgePayload({ ...base, [field]: 'a'.repeat(limit + 1) })
    expect(over?.[field as keyof typeof limits], `${field} at ${limit + 1}`).toBeUndefined()
  }
})

test('elder mode and a text size in 1–2 are read as the host sends them, anything else dropped', () => {
  expect(parseBridgePayload({ token: 'tok', elderMode: true, fontScale: 1.5 })).toEqual({ token: 'tok', elderMode: true, fontScale: 1.5 })
  expect(parseBridgePayload({ token: 'tok', elderMode: false, fontScale: 2 })).toEqual({ token: 'tok', elderMode: false, fontScale: 2 })
  expect(parseBridgePayload({ token: 'tok', fontScale: 1 })).toEqual({ token: 'tok', fontScale: 1 })
  for (const wrong of [{ elderMode: 'yes' }, { elderMode: 1 }, { fontScale: 2.01 }, { fontScale: 0.99 }, { fontScale: 0 }, { fontScale: 'big' }, { fontScale: Infinity }]) {
    expect(parseBridgePayload({ token: 'tok', ...wrong })).toEqual({ token: 'tok' })
  }
  // From the URL both arrive as text.
  expect(readQueryPayload(new URLSearchParams({ token: 'tok', elderMode: 'true', fontScale: '1.25' }))).toEqual({
    token: 'tok',
    elderMode: true,
    fontScale: 1.25,
  })
  // Without a token the host's display wishes are no payload either.
  expect(parseBridgePayload({ elderMode: true, fontScale: 2 })).toBeNull()
})
