import { expect, test } from 'vitest'
import { acceptedBaseUrl, isAcceptableBaseUrl, normaliseBaseUrl } from './base-url-policy'

const production = { allowedOrigins: ['https://api.huaqian.example'], allowLoopback: false }
const development = { ...production, allowLoopback: true }

// rules: security-base-url
test('an https base URL on the allowlist is accepted, with or without a path', () => {
  expect(isAcceptableBaseUrl('https://api.huaqian.example', production)).toBe(true)
  expect(isAcceptableBaseUrl('https://api.huaqian.example/gateway/', production)).toBe(true)
  expect(isAcceptableBaseUrl('https://API.huaqian.example:443', production)).toBe(true)
})

// rules: security-base-url
test.each([
  ['javascript:alert(1)'],
  ['data:text/html,<script>alert(1)</script>'],
  ['http://api.huaqian.example'],
  ['https://api.huaqian.example.evil.net'],
  // A host that only ends like the allowed one is another origin.
  ['https://evilapi.huaqian.example'],
  ['https://x.api.huaqian.example'],
  ['https://evil.com#@api.huaqian.example'],
  ['https://evil.com?@api.huaqian.example'],
  ['https://api.huaqian.example@evil.com'],
  ['https://user:pass@api.huaqian.example'],
  ['https://api.huaqian.example:8443'],
  ['https://аpi.huaqian.example'],
  ['https://api.huaqian.exampIe'],
  ['//api.huaqian.example'],
  ['https://api.huaqian.example/?next=x'],
  ['https://api.huaqian.example/#x'],
  ['   '],
  ['not a url'],
])('the hostile base URL %s is refused', (url) => {
  expect(isAcceptableBaseUrl(url, production)).toBe(false)
  expect(isAcceptableBaseUrl(url, development)).toBe(false)
})

// rules: security-base-url
test('loopback addresses are accepted only in development', () => {
  for (const url of ['http://127.0.0.1:8787', 'http://localhost:5173/api', 'http://[::1]:8787', 'https://127.1.2.3']) {
    expect(isAcceptableBaseUrl(url, development)).toBe(true)
    expect(isAcceptableBaseUrl(url, production)).toBe(false)
  }
  expect(isAcceptableBaseUrl('http://127.0.0.1.evil.net', development)).toBe(false)
  expect(isAcceptableBaseUrl('http://localhost@evil.net', development)).toBe(false)
  expect(isAcceptableBaseUrl('ftp://127.0.0.1', development)).toBe(false)
})

test('non-string base URLs are refused', () => {
  expect(isAcceptableBaseUrl(undefined, production)).toBe(false)
  expect(isAcceptableBaseUrl({ href: 'https://api.huaqian.example' }, production)).toBe(false)
})

test('spaces, tabs or newlines around an allowlisted base URL are normalised away before the check and before use', () => {
  expect(acceptedBaseUrl('  https://api.huaqian.example/gateway/  ', production)).toBe('https://api.huaqian.example/gateway')
  expect(acceptedBaseUrl('\thttps://API.huaqian.example:443\n', production)).toBe('https://api.huaqian.example')
  expect(normaliseBaseUrl(' https://api.huaqian.example/ ')).toBe('https://api.huaqian.example')
  expect(acceptedBaseUrl(' https://api.huaqian.example.evil.net ', production)).toBeNull()
})
