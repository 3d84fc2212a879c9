import { expect, test } from 'vitest'
import * as z from 'zod/mini'
import { calls, initConfigData } from '../src/contract/calls'
import { agreementKeys } from '../src/contract/entities'
import { envelope, StatusCode } from '../src/contract/envelope'
import { handlers, routedCalls } from './app'
import { sandboxForSuite } from '../tests/support/test-client'

const sb = sandboxForSuite()

test('every call of the contract has a handler and a route', async () => {
  expect(Object.keys(handlers).sort()).toEqual(Object.keys(calls).filter((n) => n !== 'initConfig').sort())
  const { token } = await sb.login('13700000301')
  for (const name of routedCalls) {
    const params = Object.fromEntries(
      [...calls[name].path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] as string, m[1] === 'key' ? 'privacy' : 'x']),
    )
    const result = await sb.call(name, { token, params, idempotencyKey: 'probe' })
    // Whatever the business answer, the route exists and answers an envelope.
    expect(result.http, name).toBe(200)
    expect(typeof result.body.status, name).toBe('number')
  }
})

test('the init config file points at this server', async () => {
  const result = await sb.raw('/config/init.json')
  const parsed = z.parse(envelope(initConfigData), result.body)
  expect(parsed.status).toBe(0)
  expect(parsed.data?.dev_url).toBe(sb.url)
  expect(parsed.data?.pro_url).toBe(sb.url)
})

test('channels: login required, login not required, unknown', async () => {
  expect(await sb.ok('lookupChannel', { params: { channel: 'app-test' } })).toEqual({ channel_code: 'app-test', is_login_required: 0 })
  expect(await sb.ok('lookupChannel', { params: { channel: 'h5-open' } })).toEqual({ channel_code: 'h5-open', is_login_required: 1 })
  expect((await sb.ok('lookupChannel', { params: { channel: 'wx-mp' } })).channel_code).toBe('wx-mp')
  const unknown = await sb.call('lookupChannel', { params: { channel: 'no-such-channel' } })
  expect(unknown.body.status).toBe(StatusCode.notFound)
  expect(unknown.body.message).toContain('no-such-channel')
})

// One id scheme end to end, the six-digit GB/T 2260 codes a host's location carries.
test('the city picker walks province, city and district of GB/T 2260, every id six digits', async () => {
  const provinces = await sb.ok('listRegions')
  expect(provinces.items).toHaveLength(31)
  expect(provinces.items.find((p) => p.id === '440000')?.name).toBe('广东省')
  const cities = await sb.ok('listRegions', { input: { parent_id: '440000' } })
  expect(cities.items.find((c) => c.id === '440300')).toMatchObject({ name: '深圳市', level: 2, parent_id: '440000' })
  const districts = await sb.ok('listRegions', { input: { parent_id: '440300' } })
  expect(districts.items.find((d) => d.id === '440305')).toMatchObject({ name: '南山区', full_name: '广东省 深圳市 南山区', has_children: false })
  for (const region of [...provinces.items, ...cities.items, ...districts.items]) expect(region.id).toMatch(/^\d{6}$/)
})

test('a municipality shows one city named after it, holding all its districts', async () => {
  const beijing = await sb.ok('listRegions', { input: { parent_id: '110000' } })
  expect(beijing.items).toEqual([expect.objectContaining({ id: '110100', name: '北京市', level: 2 })])
  const chongqing = await sb.ok('listRegions', { input: { parent_id: '500000' } })
  expect(chongqing.items.map((c) => c.name)).toEqual(['重庆市'])
  const chongqingDistricts = await sb.ok('listRegions', { input: { parent_id: '500100' } })
  // 城口县 sits under the package's "县" entry (500200); it must still be reachable.
  expect(chongqingDistricts.items.map((d) => d.name)).toEqual(expect.arrayContaining(['渝中区', '城口县']))
  const search = await sb.ok('listRegions', { input: { keyword: '南山' } })
  expect(search.items.some((r) => r.full_name === '广东省 深圳市 南山区')).toBe(true)
})

// rules: flow-agreement-keys
test('all ten agreements are served as HTML in every locale', async () => {
  for (const key of agreementKeys) {
    const titles = new Set<string>()
    for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es']) {
      const doc = await sb.ok('getAgreement', { params: { key }, input: { lang } })
      expect(doc.key).toBe(key)
      expect(doc.content_html).toMatch(/<h1>/)
      titles.add(doc.title)
    }
    expect(titles.size, key).toBeGreaterThanOrEqual(4)
  }
  const unknown = await sb.call('getAgreement', { params: { key: 'nope' } })
  expect(unknown.body.status).toBe(StatusCode.invalidRequest)
})

test('the logged-in borrower, the loan trial and the rights card are answered', async () => {
  const { token } = await sb.login('13700000302')
  const user = await sb.ok('showUser', { token })
  expect(user).toMatchObject({ phone: '13700000302', identity_id: null })
  const trial = await sb.ok('trialLoan', { token, input: { amount: 1_000_000, term: 12 } })
  expect(trial.apr).toBe(0.18)
  expect(trial.schedule).toHaveLength(12)
  expect(trial.total_repayment).toBe(1_000_000 + trial.total_interest)
  const outOfRange = await sb.call('trialLoan', { token, input: { amount: 50_000, term: 12 } })
  expect(outOfRange.body).toMatchObject({ status: StatusCode.fieldRule, data: { field: 'amount', code: 'amount.range' } })
  const english = await sb.ok('showRewardProduct', { token, locale: 'en' })
  expect(english.product?.benefits.map((b) => b.code)).toEqual(['priority_review', 'approval_85', 'lifestyle'])
  expect(english.owned).toBe(false)
  expect(await sb.ok('showCard', { token })).toEqual({ card: null })
  expect(await sb.ok('checkCard', { token })).toEqual({ bound: false, usable: false, reason: 'no_card' })
})

test('personas and the SMS outbox are listed for the host simulator', async () => {
  const personas = await sb.raw('/sandbox/personas')
  const items = (personas.body.data as { items: { phone: string; key: string }[] }).items
  expect(items.map((p) => p.phone)).toEqual([
    '13800000001',
    '13800000002',
    '13800000003',
    '13800000004',
    '13800000005',
    '13800000006',
    '13800000007',
    '13800000008',
    '13800000009',
    '13800000010',
  ])
  const wrongCode = await sb.raw('/sandbox/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13700000303', code: '000000' }),
  })
  expect(wrongCode.body.status).not.toBe(0)
})

test('the liveness result is read from the server, and a failed check says so', async () => {
  const { token } = await sb.login('13700000304')
  const { id } = await sb.ok('getLoanUserStatus', { token })
  await sb.ok('updateLoanUser', {
    token,
    params: { id },
    input: { id, section: 'demand', amount: 500_000, term: 3, purpose: 'travel', agreements: { register: true, user: true, privacy: true, personal_consent: true } },
  })
  const session = await sb.ok('startBiometricSession', {
    token,
    input: { return_url: 'http://127.0.0.1:8787/#/pages/facialIdentification/index', agreements: { face_consent: true, sensitive_consent: true } },
  })
  expect(session.verify_url).toBe(`${sb.url}/sandbox/vendor/liveness?session_id=${session.session_id}&lang=zh-Hans`)
  expect((await sb.ok('getBiometricResult', { token, input: { session_id: session.session_id } })).status).toBe('pending')
  const vendor = await sb.raw(`/sandbox/vendor/liveness/${session.session_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'failed' }),
  })
  expect(vendor.body.data).toMatchObject({ status: 'failed', return_url: 'http://127.0.0.1:8787/#/pages/facialIdentification/index' })
  const result = await sb.ok('getBiometricResult', { token, input: { session_id: session.session_id } })
  expect(result).toMatchObject({ status: 'failed', real_name: null, failure_reason: 'liveness_failed' })
  expect((await sb.ok('getLoanUserStatus', { token })).step).toBe('face')
  const badReturn = await sb.call('startBiometricSession', {
    token,
    input: { return_url: 'javascript:alert(1)', agreements: { face_consent: true, sensitive_consent: true } },
  })
  expect(badReturn.body.status).toBe(StatusCode.invalidRequest)
})

test('loopback origins may call the API across ports', async () => {
  const response = await fetch(`${sb.url}/api/channel/app-test`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
  })
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  const foreign = await fetch(`${sb.url}/api/channel/app-test`, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
  })
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
})

// The one mark means the lowest price, and the offers come cheapest first: a "recommended" mark on a
// dearer lender would tell the borrower nothing they could check.
// rules: flow-lenders-cheapest-first
test('matched lenders come cheapest first and only the cheapest is marked', async () => {
  const { token } = await sb.login('13800000006')
  const { items } = await sb.ok('listMatches', { token })
  expect(items.length).toBeGreaterThan(1)
  const aprs = items.map((item) => item.apr)
  expect(aprs).toEqual([...aprs].sort((a, b) => a - b))
  expect(items.map((item) => item.recommended)).toEqual(items.map((_, index) => index === 0))
})
