import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AxiosAdapter } from 'axios'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { BridgeCommand } from '../bridge/bridge'
import { StatusCode } from '../contract/envelope'
import { sandboxSigningKey, signRequest } from '../contract/signature'
import { createSession, type Session } from '../session/session'
import { createApiClient, type ApiClient } from './client'
import { ApiUsageError } from './request-shape'
import { createToastChannel, type Toast } from './toasts'

interface Received {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  body: string
}

type Answer = { status: number; body: unknown } | 'hang'

let server: Server
let baseUrl: string
let received: Received[]
let answer: (request: Received) => Answer
let session: Session
let toasts: Toast[]
let commands: BridgeCommand[]
let logged: string[]
let now: number
/** Requests whose connection the page closed before it was answered. */
let dropped: number

function startServer(): Promise<void> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(request)
      const reply = answer(request)
      if (reply === 'hang') {
        res.on('close', () => (dropped += 1))
        return
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
  })
}

beforeEach(async () => {
  received = []
  dropped = 0
  toasts = []
  commands = []
  logged = []
  now = 1_700_000_000_000
  answer = () => ({ status: 200, body: { status: 0, data: { channel_code: 'H5', is_login_required: 1 } } })
  let counter = 0
  session = createSession({
    randomBytes: (length) => Uint8Array.from({ length }, () => (counter += 1) % 256),
    initial: {
      token: 'token-1',
      userInfo: { phone: '13800138000', nick_name: '小明' },
      channelCode: 'H5',
      deviceId: 'device-42',
      oaid: 'oaid-1',
      imei: 'imei-1',
      appCode: '10002',
      model: 'Mate 60 Pro 华为',
      brand: 'HUAWEI',
      osName: 'Android 14',
    },
  })
  await startServer()
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function client(overrides: { timeoutMs?: number; baseUrl?: string; httpAdapter?: AxiosAdapter } = {}): ApiClient {
  const channel = createToastChannel()
  channel.subscribe((toast) => toasts.push(toast))
  return createApiClient({
    baseUrl: () => overrides.baseUrl ?? baseUrl,
    session,
    signingKey: sandboxSigningKey,
    bridge: { send: (command) => commands.push(command) },
    toasts: channel,
    appVersion: '1.2.3',
    locale: () => 'zh-Hans',
    screen: () => '375*812',
    clock: () => now,
    logger: { error: (message) => logged.push(message) },
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
    ...(overrides.httpAdapter ? { httpAdapter: overrides.httpAdapter } : {}),
  })
}

const trial = {
  amount: 1_000_000,
  term: 12,
  apr: 0.18,
  monthly_payment: 91_680,
  total_interest: 100_160,
  total_fee: 0,
  total_repayment: 1_100_160,
  schedule: [],
}

// rules: request-headers, request-signature
test('a GET carries every header of the spec and a signature over its query', async () => {
  answer = () => ({ status: 200, body: { status: 0, data: trial } })
  const outcome = await client().call('trialLoan', { input: { amount: 1_000_000, term: 12 } })
  expect(outcome).toEqual({ ok: true, data: trial })
  const [request] = received
  if (!request) throw new Error('no request reached the server')
  expect(request.method).toBe('GET')
  expect(request.url.pathname).toBe('/v2/loan-trial')
  const query = Object.fromEntries(request.url.searchParams)
  expect(query).toEqual({ amount: '1000000', term: '12' })
  const headers = request.headers
  expect(headers.timestamp).toBe('1700000000')
  expect(headers.signature).toBe(signRequest(1_700_000_000, query, sandboxSigningKey))
  expect(headers['app-code']).toBe('10002')
  expect(headers['device-id']).toBe('device-42')
  expect(decodeURIComponent(String(headers.model))).toBe('Mate 60 Pro 华为')
  expect(headers.brand).toBe('HUAWEI')
  expect(headers.os).toBe('android')
  expect(headers.screen).toBe('375*812')
  expect(headers['channel-code']).toBe('H5')
  expect(headers.oaid).toBe('oaid-1')
  expect(headers.imei).toBe('imei-1')
  expect(headers.version).toBe('1.2.3')
  expect(headers['os-name']).toBe('Android 14')
  expect(headers['accept-language']).toBe('zh-Hans')
  expect(headers.authorization).toBe('Bearer token-1')
  expect(headers['idempotency-key']).toBeUndefined()
  expect(toasts).toEqual([])
})

// rules: boot-channel-lookup, request-headers
test('before the channel lookup answers, a call carries the channel it asks about; after, the code it answered', async () => {
  session.update({ channelCode: '', channel: 'partner-7' })
  answer = () => ({ status: 200, body: { status: 0, data: { user_id: 'u-1', phone: '13800138000', nick_name: '小明', identity_id: null } } })
  await client().call('showUser', {})
  session.update({ channelCode: 'H5' })
  await client().call('showUser', {})
  expect(received.map((request) => request.headers['channel-code'])).toEqual(['partner-7', 'H5'])
})

// rules: request-signature, idem-key-on-commit
test('a POST signs its JSON body and sends the idempotency key of a committing call', async () => {
  answer = () => ({
    status: 200,
    body: { status: 0, data: { lender_id: 'L1', card_id: 'C1', bound: true } },
  })
  const input = { request_id: 'R1', code: '123456', lender_id: 'L1' }
  const outcome = await client().call('confirmLenderCard', { input, idempotencyKey: 'key-1' })
  expect(outcome.ok).toBe(true)
  const [request] = received
  if (!request) throw new Error('no request reached the server')
  expect(request.method).toBe('POST')
  expect(request.headers['content-type']).toMatch(/application\/json/)
  const body = JSON.parse(request.body) as Record<string, unknown>
  expect(body).toEqual(input)
  expect(request.headers.signature).toBe(signRequest(1_700_000_000, body, sandboxSigningKey))
  expect(request.headers['idempotency-key']).toBe('key-1')
})

// rules: idem-key-on-commit
test('a committing call without an idempotency key is never sent', async () => {
  await expect(
    client().call('confirmLenderCard', { input: { request_id: 'R1', code: '123456', lender_id: 'L1' } }),
  ).rejects.toBeInstanceOf(ApiUsageError)
  expect(received).toHaveLength(0)
})

// rules: security-token
test('the bearer token is sent only when the borrower is logged in', async () => {
  session.update({ token: null })
  await client().call('lookupChannel', { params: { channel: 'app-test' } })
  expect(received[0]?.headers.authorization).toBeUndefined()
  expect(received[0]?.headers.timestamp).toBe('1700000000')
})

test('path parameters are encoded and dot segments refused', async () => {
  await client().call('lookupChannel', { params: { channel: 'a b/c?d' } })
  expect(received[0]?.url.pathname).toBe('/api/channel/a%20b%2Fc%3Fd')
  await expect(client().call('lookupChannel', { params: { channel: '..' } })).rejects.toBeInstanceOf(
    ApiUsageError,
  )
  expect(received).toHaveLength(1)
})

// rules: request-headers
test('every header the host gives text for is sent Latin-1, its text outside Latin-1 percent-encoded as UTF-8', async () => {
  const given = { channelCode: '渠道Ⅱ', deviceId: '设备-42', oaid: 'oaid·一', imei: 'imei–2', appCode: '应用', model: 'Mate 60 华为', brand: '华为', osName: '鸿蒙 4', token: '令牌' }
  session.update(given)
  await client().call('trialLoan', { input: { amount: 1_000_000, term: 12 } })
  const headers = received[0]?.headers ?? {}
  const sent = { channelCode: 'channel-code', deviceId: 'device-id', oaid: 'oaid', imei: 'imei', appCode: 'app-code', model: 'model', brand: 'brand', osName: 'os-name' } as const
  for (const [field, header] of Object.entries(sent)) {
    const value = String(headers[header])
    expect(value, header).toMatch(/^[\x20-\x7e]*$/)
    expect(decodeURIComponent(value), header).toBe(given[field as keyof typeof sent])
  }
  expect(decodeURIComponent(String(headers.authorization))).toBe('Bearer 令牌')
})

// rules: request-success
test('a 2xx other than 200 is not a success, even with body status 0', async () => {
  for (const status of [201, 202, 203]) {
    answer = () => ({ status, body: { status: 0, message: 'OK', data: { channel_code: 'H5', is_login_required: 1 } } })
    const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
    expect(outcome.ok, `HTTP ${status}`).toBe(false)
  }
})

// rules: request-success, error-refusal-toast
test('a business refusal shows the server message and hands the body back', async () => {
  const refusal = { status: StatusCode.fieldRule, message: '身份证号码不正确', data: { field: 'id_number' } }
  answer = () => ({ status: 200, body: refusal })
  const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(outcome).toEqual({
    ok: false,
    failure: { kind: 'refused', status: 1001, httpStatus: 200, message: '身份证号码不正确', body: refusal },
  })
  expect(toasts).toEqual([{ code: 'serverMessage', message: '身份证号码不正确' }])
})

// rules: error-refusal-toast
test('a refusal without a message shows the request-error toast', async () => {
  answer = () => ({ status: 200, body: { status: StatusCode.notFound, data: null } })
  const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(outcome.ok === false && outcome.failure.kind).toBe('refused')
  expect(toasts).toEqual([{ code: 'requestError' }])
})

// rules: request-success, error-server-5xx
test('an HTTP error other than 401 is a refusal with its status', async () => {
  answer = () => ({ status: 503, body: '<html>bad gateway</html>' })
  const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(outcome).toEqual({
    ok: false,
    failure: { kind: 'refused', status: 503, httpStatus: 503, body: '<html>bad gateway</html>' },
  })
  expect(toasts).toEqual([{ code: 'requestError' }])

  toasts = []
  answer = () => ({ status: 409, body: { status: StatusCode.idempotencyConflict, message: 'reused key' } })
  const conflict = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(conflict.ok === false && conflict.failure).toMatchObject({ status: 1005, httpStatus: 409 })
  expect(toasts).toEqual([{ code: 'serverMessage', message: 'reused key' }])
})

// rules: request-contract-mismatch
test('an answer that breaks the contract is a request error logged with the call name', async () => {
  answer = () => ({ status: 200, body: { status: 0, data: { channel_code: 42 } } })
  const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(outcome).toEqual({ ok: false, failure: { kind: 'invalidResponse', call: 'lookupChannel' } })
  expect(toasts).toEqual([{ code: 'requestError' }])
  expect(logged.join('\n')).toContain('lookupChannel')

  answer = () => ({ status: 200, body: 'not json' })
  const garbage = await client().call('trialLoan', { input: { amount: 100_000, term: 3 } })
  expect(garbage).toEqual({ ok: false, failure: { kind: 'invalidResponse', call: 'trialLoan' } })
})

// rules: error-401, security-token
test('a 401 clears the token and user info and sends the host home', async () => {
  answer = () => ({ status: 401, body: { status: 401, message: 'expired' } })
  const outcome = await client().call('showUser')
  expect(outcome).toEqual({ ok: false, failure: { kind: 'unauthorized' } })
  expect(session.getSnapshot().token).toBeNull()
  expect(session.getSnapshot().userInfo).toBeNull()
  expect(session.getSnapshot().deviceId).toBe('device-42')
  expect(commands).toEqual([{ command: 'goHome' }])
  expect(toasts).toEqual([])
})

// rules: error-401
test('several 401s at once send goHome exactly once, and again only after a new token', async () => {
  answer = () => ({ status: 401, body: {} })
  const api = client()
  await Promise.all([api.call('showUser'), api.call('showCard'), api.call('getLoanUserStatus')])
  expect(received).toHaveLength(3)
  expect(commands).toEqual([{ command: 'goHome' }])

  await api.call('showUser')
  expect(commands).toHaveLength(1)

  session.update({ token: 'token-2' })
  await Promise.all([api.call('showUser'), api.call('showCard')])
  expect(commands).toEqual([{ command: 'goHome' }, { command: 'goHome' }])
})

// rules: error-network-toast
test('a network failure shows the network-error toast', async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  const outcome = await client({ baseUrl: `http://127.0.0.1:${port}` }).call('showUser')
  expect(outcome).toEqual({ ok: false, failure: { kind: 'network' } })
  expect(toasts).toEqual([{ code: 'networkError' }])
})

// rules: request-timeout
test('a call not told otherwise gives the server 60 s, the spec\'s timeout, before it is a timeout', async () => {
  const timeouts: (number | undefined)[] = []
  const adapter: AxiosAdapter = (config) => {
    timeouts.push(config.timeout)
    return Promise.resolve({ data: { status: 0, data: trial }, status: 200, statusText: 'OK', headers: {}, config })
  }
  await client({ httpAdapter: adapter }).call('showUser')
  expect(timeouts).toEqual([60 * 1000])
})

// rules: request-timeout, error-network-toast
test('a request that gets no answer in time is a timeout shown as a network error', async () => {
  answer = () => 'hang'
  const outcome = await client({ timeoutMs: 150 }).call('showUser')
  expect(outcome).toEqual({ ok: false, failure: { kind: 'timeout' } })
  expect(toasts).toEqual([{ code: 'networkError' }])
  // Given up, the request does not hold a connection for as long as the server keeps it.
  await vi.waitFor(() => expect(dropped).toBe(1))
})

// rules: request-clock-skew
test('a stale timestamp corrects the clock offset and retries once, silently', async () => {
  const serverNow = 1_700_003_600
  answer = (request) =>
    Math.abs(Number(request.headers.timestamp) - serverNow) > 300
      ? { status: 200, body: { status: StatusCode.staleTimestamp, message: 'clock', data: { server_time: serverNow } } }
      : { status: 200, body: { status: 0, data: { channel_code: 'H5', is_login_required: 0 } } }
  const api = client()
  const outcome = await api.call('lookupChannel', { params: { channel: 'x' } })
  expect(outcome.ok).toBe(true)
  expect(received.map((request) => request.headers.timestamp)).toEqual(['1700000000', '1700003600'])
  const retried = received[1]
  expect(retried?.headers.signature).toBe(signRequest(serverNow, {}, sandboxSigningKey))
  expect(toasts).toEqual([])

  now += 10_000
  await api.call('lookupChannel', { params: { channel: 'x' } })
  expect(received).toHaveLength(3)
  expect(received[2]?.headers.timestamp).toBe('1700003610')
})

// rules: request-clock-skew
test('a stale timestamp is retried once and not twice', async () => {
  answer = () => ({
    status: 200,
    body: { status: StatusCode.staleTimestamp, message: 'clock skew', data: { server_time: 1_800_000_000 } },
  })
  const outcome = await client().call('lookupChannel', { params: { channel: 'x' } })
  expect(received).toHaveLength(2)
  expect(outcome.ok === false && outcome.failure).toMatchObject({ kind: 'refused', status: 1003 })
  expect(toasts).toEqual([{ code: 'serverMessage', message: 'clock skew' }])
})

test('an aborted call rejects without a toast', async () => {
  answer = () => 'hang'
  const controller = new AbortController()
  const pending = client().call('showUser', { signal: controller.signal })
  setTimeout(() => controller.abort(), 20)
  await expect(pending).rejects.toThrow()
  expect(toasts).toEqual([])
  await vi.waitFor(() => expect(dropped).toBe(1))
})
