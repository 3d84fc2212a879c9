// @vitest-environment jsdom
import { afterAll, expect, test } from 'vitest'
import { acceptedBaseUrl } from '../../src/bridge/base-url-policy'
import { createBridge } from '../../src/bridge/bridge'
import type { BridgeWindow } from '../../src/bridge/host'
import { parseBridgePayload, readQueryPayload } from '../../src/bridge/payload'
import { sanitizeHtml } from '../../src/ui/sanitize'
import corpus from './corpus/xss-vectors.json'
import { dangerousNodes } from '../support/dangerous-dom'
import { recordFigures } from '../support/figures'

/*
 * Hostile input in node: what a compromised host, a crafted link or a hostile frame
 * can hand the bridge, and the XSS corpus through the sanitiser in jsdom. The same corpus goes
 * through both server-HTML screens in Chromium in hostile-input.browser.reliability.ts.
 */

const counts = { payloads: 0, baseUrls: 0, origins: 0, vectors: 0 }
afterAll(() => {
  recordFigures('hostile-input-node', {
    headline: `node: ${counts.payloads} hostile payloads, ${counts.baseUrls} base URLs, ${counts.origins} message origins, ${counts.vectors} XSS vectors sanitised in jsdom`,
    ...counts,
  })
})

const throwing = () => {
  throw new Error('hostile')
}
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({ token: 'tok' }, {})
  revoke()
  return proxy
})()

const hostilePayloads: [string, unknown][] = [
  ['__proto__ key (JSON)', '{"token":"tok","__proto__":{"polluted":true},"channelCode":"H5"}'],
  ['constructor.prototype key', { token: 'tok', constructor: { prototype: { polluted: true } } }],
  ['__proto__ inside userInfo (JSON)', '{"token":"tok","userInfo":{"__proto__":{"polluted":true},"phone":"13800138000"}}'],
  ['token of the wrong type', { token: 12345 }],
  ['token as an object', { token: { toString: () => 'tok' } }],
  ['token as an array', { token: ['tok'] }],
  ['huge token', { token: 'x'.repeat(100_000) }],
  ['huge JSON text', JSON.stringify({ token: 'tok', model: 'm'.repeat(2_000_000) })],
  ['gps of the wrong type', { token: 'tok', gps: 'north' }],
  ['gps out of range', { token: 'tok', gps: { lat: 1e308, lng: -Infinity } }],
  ['location as an array', { token: 'tok', location: ['440000'] }],
  ['loanExcess as a huge string', { token: 'tok', loanExcess: '2'.repeat(10_000) }],
  ['platform unknown', { token: 'tok', platform: 'Windows; DROP TABLE' }],
  ['locale with script', { token: 'tok', locale: '<script>alert(1)</script>' }],
  ['a throwing getter for the token', Object.defineProperty({}, 'token', { enumerable: true, get: throwing })],
  ['a throwing Proxy', new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing })],
  ['a revoked Proxy', revoked],
  ['null', null],
  ['a number', 42],
  ['an array', [{ token: 'tok' }]],
  ['invalid JSON text', '{"token":'],
]

// rules: bridge-field-checks
test.each(hostilePayloads)('hostile payload: %s is read without throwing and pollutes nothing', (_name, raw) => {
  counts.payloads += 1
  let payload: ReturnType<typeof parseBridgePayload> = null
  expect(() => {
    payload = parseBridgePayload(raw)
  }).not.toThrow()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
  if (payload !== null) {
    const parsed = payload as Record<string, unknown>
    expect(typeof parsed.token).toBe('string')
    expect((parsed.token as string).length).toBeLessThanOrEqual(4096)
    for (const value of Object.values(parsed)) if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(4096)
    expect(Object.keys(parsed).every((key) => key !== '__proto__' && key !== 'constructor')).toBe(true)
  }
})

test('a hostile bridge query parameter is decoded without throwing', () => {
  for (const bridge of ['%%%', '!!!!', 'eyJ0b2tlbiI6', '____', 'e30', 'bnVsbA', 'W10']) {
    expect(() => readQueryPayload(new URLSearchParams({ bridge }))).not.toThrow()
  }
})

const policy = { allowedOrigins: ['https://api.huaqian.example'], allowLoopback: false }
const hostileBaseUrls = [
  'https://api.huaqian.example.evil.com',
  'https://api-huaqian.example',
  'https://аpi.huaqian.example',
  'https://api.huaqian.exampIe',
  'https://api.huaqian.example@evil.com',
  'https://evil.com@api.huaqian.example',
  'https://user:pass@api.huaqian.example',
  'https://evil.com\\@api.huaqian.example',
  'https://evil.com#@api.huaqian.example',
  'https://evil.com?x=@api.huaqian.example',
  'http://api.huaqian.example',
  'https://api.huaqian.example:444',
  'javascript:alert(1)//https://api.huaqian.example',
  'data:text/html,<script>alert(1)</script>',
  'data:text/plain;base64,aHR0cHM6Ly9hcGkuaHVhcWlhbi5leGFtcGxl',
  '//api.huaqian.example',
  'https:/\\/evil.com',
  'file:///etc/passwd',
  'blob:https://api.huaqian.example/123',
  'https://127.0.0.1',
  'https://[::1]',
  '',
]

// rules: security-base-url
test.each(hostileBaseUrls.map((url) => [url]))('hostile base URL %s never receives the token', (url) => {
  counts.baseUrls += 1
  expect(acceptedBaseUrl(url, policy)).toBeNull()
})

// rules: bridge-commands
test('openUrl never hands the host a javascript:, data: or file: URL', () => {
  const posted: unknown[] = []
  const win = {
    location: { origin: 'https://page.huaqian.example', search: '', hash: '' },
    webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => posted.push(message) } } },
    addEventListener: () => {},
    removeEventListener: () => {},
  } as unknown as BridgeWindow
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:msgbox(1)']) {
    expect(bridge.send({ command: 'openUrl', url })).toBe('refused')
  }
  expect(posted).toEqual([])
})

const unknownOrigins = [
  'https://evil.example',
  'https://host.partner.example.evil.com',
  'https://evil.com/https://host.partner.example',
  'http://host.partner.example',
  'https://host.partner.example:444',
  'null',
  '',
  'https://page.huaqian.example.evil.com',
  'file://',
]

// rules: bridge-message-origin
test.each(unknownOrigins.map((origin) => [origin]))('a payload message from the unknown origin "%s" is ignored', (origin) => {
  counts.origins += 1
  const events = new EventTarget()
  const win: BridgeWindow = {
    location: { origin: 'https://page.huaqian.example', search: '', hash: '' },
    addEventListener: (type, listener) => events.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener as EventListener),
  }
  const received: string[] = []
  createBridge({ window: win, allowedOrigins: ['https://host.partner.example'], onPayload: (payload) => received.push(payload.token) })
  events.dispatchEvent(new MessageEvent('message', { origin, data: { type: 'huaqian.bridge', payload: { token: 'forged' } } }))
  events.dispatchEvent(new MessageEvent('message', { origin, data: JSON.stringify({ type: 'huaqian.bridge', payload: { token: 'forged' } }) }))
  expect(received).toEqual([])
})

// rules: security-sanitise
test(`the ${corpus.vectors.length} XSS vectors of the corpus leave nothing dangerous after the sanitiser (jsdom)`, () => {
  const survivors: string[] = []
  for (const vector of corpus.vectors) {
    counts.vectors += 1
    const holder = document.createElement('div')
    holder.innerHTML = sanitizeHtml(vector, { baseUrl: 'https://page.huaqian.example/' })
    const found = dangerousNodes(holder)
    if (found.length > 0) survivors.push(`${vector} → ${found.join(', ')}`)
  }
  expect(survivors).toEqual([])
})
