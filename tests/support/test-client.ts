import { randomUUID } from 'node:crypto'
import { forSuite } from './for-suite'
import * as z from 'zod/mini'
import { calls, type CallData, type CallName } from '../../src/contract/calls'
import { sandboxSigningKey, signRequest } from '../../src/contract/signature'
import { startSandbox, type RunningSandbox } from '../../server/start'

/*
 * A tiny client for the server tests: real HTTP, signed like the page signs, headers as the page
 * sends them. It is deliberately not the page's request layer, so the tests check the server
 * against the contract rather than against another implementation of it.
 */

export interface TestClock {
  now: () => number
  advance: (ms: number) => void
  set: (ms: number) => void
}

/** A clock the server reads and the tests move; starts at a fixed instant so dates repeat. */
export function testClock(startMs = Date.parse('2026-03-10T02:00:00Z')): TestClock {
  let current = startMs
  return {
    now: () => current,
    advance: (ms) => {
      current += ms
    },
    set: (ms) => {
      current = ms
    },
  }
}

export interface Envelope {
  status: number
  message?: string
  data: unknown
}

export interface CallOptions {
  params?: Record<string, string>
  input?: Record<string, unknown>
  token?: string | null
  idempotencyKey?: string
  /** Seconds added to the signed timestamp (a device clock that is off). */
  clockSkewS?: number
  /** Signs these fields but sends `input`: a request altered after signing. */
  signFields?: Record<string, unknown>
  signature?: string | null
  timestamp?: string | null
  locale?: string
}

export interface CallResult {
  http: number
  body: Envelope
}

export interface SandboxClient {
  call: (name: Exclude<CallName, 'initConfig'>, options?: CallOptions) => Promise<CallResult>
  /** Calls and expects status 0; answers `data` parsed with the contract's schema. */
  ok: <Name extends Exclude<CallName, 'initConfig'>>(name: Name, options?: CallOptions) => Promise<CallData<Name>>
  login: (phone: string) => Promise<{ token: string; userId: string; persona: string | null }>
  smsCode: (phone: string) => Promise<string>
  raw: (path: string, init?: RequestInit) => Promise<CallResult>
}

export interface TestSandbox extends RunningSandbox, SandboxClient {
  clock: TestClock
}

const quietLogger = { error: () => {}, warn: () => {} }

export async function startTestSandbox(
  options: { db?: string; clock?: TestClock; logger?: Pick<Console, 'error' | 'warn'>; page?: boolean; distDir?: string } = {},
): Promise<TestSandbox> {
  const clock = options.clock ?? testClock()
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: options.db ?? ':memory:',
    // Browser tests that move the clock serve the built page too.
    page: options.page ?? false,
    ...(options.distDir === undefined ? {} : { distDir: options.distDir }),
    now: clock.now,
    logger: options.logger ?? quietLogger,
  })
  return { ...sandbox, clock, ...sandboxClient(sandbox.url, clock) }
}

/** The client for a sandbox at `baseUrl` whose clock reads `clock` (a sandbox on the real clock: `Date`). */
export function sandboxClient(baseUrl: string, clock: Pick<TestClock, 'now'>): SandboxClient {
  const raw = async (path: string, init?: RequestInit): Promise<CallResult> => {
    const response = await fetch(`${baseUrl}${path}`, init)
    return { http: response.status, body: (await response.json()) as Envelope }
  }

  const call = async (name: Exclude<CallName, 'initConfig'>, o: CallOptions = {}): Promise<CallResult> => {
    const spec = calls[name]
    let path = spec.path
    for (const [key, value] of Object.entries(o.params ?? {})) path = path.replace(`{${key}}`, encodeURIComponent(value))
    const input = o.input ?? {}
    // A query carries text: sign exactly the strings the server will read back.
    const fields =
      spec.method === 'GET'
        ? Object.fromEntries(
            Object.entries(input)
              .filter(([, v]) => v !== undefined && v !== null)
              .map(([k, v]) => [k, String(v)]),
          )
        : input
    const timestamp = Math.floor(clock.now() / 1000) + (o.clockSkewS ?? 0)
    const headers: Record<string, string> = {
      'app-code': '10002',
      'device-id': 'test-device',
      model: 'Pixel 7',
      brand: 'Google',
      os: 'android',
      screen: '1080*2400',
      'channel-code': 'app-test',
      oaid: '',
      imei: '',
      version: '1.0.0',
      'os-name': 'Android 14',
      'accept-language': o.locale ?? 'zh-Hans',
    }
    const signature = o.signature === undefined ? signRequest(timestamp, o.signFields ?? fields, sandboxSigningKey) : o.signature
    const stamp = o.timestamp === undefined ? String(timestamp) : o.timestamp
    if (signature !== null) headers['signature'] = signature
    if (stamp !== null) headers['timestamp'] = stamp
    if (o.token) headers['authorization'] = `Bearer ${o.token}`
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey
    let url = path
    let body: string | undefined
    if (spec.method === 'GET') {
      const query = new URLSearchParams(fields as Record<string, string>).toString()
      if (query) url += `?${query}`
    } else {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(input)
    }
    return raw(url, { method: spec.method, headers, ...(body === undefined ? {} : { body }) })
  }

  const ok = async <Name extends Exclude<CallName, 'initConfig'>>(name: Name, o: CallOptions = {}) => {
    const committing: boolean = calls[name].committing
    const result = await call(name, committing && !o.idempotencyKey ? { ...o, idempotencyKey: randomUUID() } : o)
    if (result.http !== 200 || result.body.status !== 0) {
      throw new Error(`${name} answered HTTP ${result.http} ${JSON.stringify(result.body)}`)
    }
    return z.parse(calls[name].data, result.body.data) as CallData<Name>
  }

  const login = async (phone: string) => {
    const result = await raw('/sandbox/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, code: '123456' }),
    })
    const data = result.body.data as { token: string; user: { user_id: string }; persona: string | null }
    return { token: data.token, userId: data.user.user_id, persona: data.persona }
  }

  const smsCode = async (phone: string) => {
    const result = await raw(`/sandbox/sms-outbox?phone=${phone}`)
    const items = (result.body.data as { items: { code: string }[] }).items
    if (!items[0]) throw new Error(`no SMS sent to ${phone}`)
    return items[0].code
  }

  return { call, ok, login, smsCode, raw }
}

/** A sandbox started before the file's tests and closed after them: the one way the sandbox's tests set one up. */
export function sandboxForSuite(options: Parameters<typeof startTestSandbox>[0] = {}): TestSandbox {
  return forSuite(() => startTestSandbox(options), (sandbox) => sandbox.close())
}
