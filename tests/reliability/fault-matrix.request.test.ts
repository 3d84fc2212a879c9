import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createApiClient, type ApiFailure } from '../../src/api/client'
import { defaultTimeoutMs } from '../../src/api/request-shape'
import { createToastChannel, type Toast } from '../../src/api/toasts'
import type { BridgeCommand } from '../../src/bridge/bridge'
import { calls } from '../../src/contract/calls'
import { createSession } from '../../src/session/session'
import { recordFigures } from '../support/figures'
import { argsFor, healthyData, requestCalls, type RequestCall } from '../support/call-table'

/*
 * Fault matrix, request layer: each of the 29 calls of the contract (the API's 28 and the download ticket) × each fault, against a real HTTP
 * server on loopback (a closed port, a real DNS failure, a dropped socket...). What each fault must
 * produce comes from the error catalogue (docs/product-rules.md#errors), not from the client's code:
 *   HTTP 401                → no toast; token and user info cleared; `goHome` once
 *   body status ≠ 0         → a toast with the server's message, or "request error" without one
 *   no usable answer        → "request error" (an answer that is not the contract's envelope)
 *   network failure/timeout → "network error, try again later"
 * and in every cell: exactly one toast (none for 401), the caller's input untouched, no unhandled
 * rejection, and the same call succeeding once the fault is gone.
 */

type Expected = { toast: Toast['code'] | null; kind: ApiFailure['kind'] }
type Fault = { name: string; expected: Expected; serve?: (req: IncomingMessage, res: ServerResponse) => void; base?: 'refused' | 'dns' | 'stalled' }

const envelope = (status: number, message: string | undefined, data: unknown = null) =>
  JSON.stringify({ status, ...(message === undefined ? {} : { message }), data })

function answer(status: number, body: string, type = 'application/json') {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }
}

const faults: Fault[] = [
  { name: 'connection refused', base: 'refused', expected: { toast: 'networkError', kind: 'network' } },
  { name: 'connection reset', serve: (req) => req.socket.destroy(), expected: { toast: 'networkError', kind: 'network' } },
  { name: 'DNS failure', base: 'dns', expected: { toast: 'networkError', kind: 'network' } },
  {
    name: 'aborted mid-answer',
    serve: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
      res.write('{"status":0,"da')
      setTimeout(() => res.socket?.destroy(), 5)
    },
    expected: { toast: 'networkError', kind: 'network' },
  },
  // The server holds the request; the page's own 60 s timer runs on a simulated clock.
  { name: '60 s timeout (simulated clock)', base: 'stalled', serve: () => undefined, expected: { toast: 'networkError', kind: 'timeout' } },
  { name: 'HTTP 401', serve: answer(401, envelope(401, 'token expired')), expected: { toast: null, kind: 'unauthorized' } },
  { name: 'HTTP 403', serve: answer(403, '<html>forbidden</html>', 'text/html'), expected: { toast: 'requestError', kind: 'refused' } },
  { name: 'HTTP 500', serve: answer(500, ''), expected: { toast: 'requestError', kind: 'refused' } },
  { name: 'HTTP 502', serve: answer(502, '<html>bad gateway</html>', 'text/html'), expected: { toast: 'requestError', kind: 'refused' } },
  { name: 'HTTP 503', serve: answer(503, 'Service Unavailable', 'text/plain'), expected: { toast: 'requestError', kind: 'refused' } },
  { name: 'status ≠ 0 with a message', serve: answer(200, envelope(1000, '服务繁忙')), expected: { toast: 'serverMessage', kind: 'refused' } },
  { name: 'status ≠ 0 without a message', serve: answer(200, envelope(1000, undefined)), expected: { toast: 'requestError', kind: 'refused' } },
  { name: '200 with an HTML body', serve: answer(200, '<!doctype html><p>captive portal</p>', 'text/html'), expected: { toast: 'requestError', kind: 'invalidResponse' } },
  { name: '200 with an empty body', serve: answer(200, ''), expected: { toast: 'requestError', kind: 'invalidResponse' } },
  { name: '200 with invalid JSON', serve: answer(200, '{"status":0,"data":'), expected: { toast: 'requestError', kind: 'invalidResponse' } },
  { name: '200 with a body that breaks the contract', serve: answer(200, envelope(0, 'ok', { unexpected: true })), expected: { toast: 'requestError', kind: 'invalidResponse' } },
]

let server: Server
let origin = ''
let closedPortOrigin = ''
let current: { fault: Fault | null; call: RequestCall } = { fault: null, call: 'showUser' }
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
const cells: { call: string; fault: string; ok: boolean }[] = []

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  server = createServer((req, res) => {
    const fault = current.fault
    if (fault?.serve) return fault.serve(req, res)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(envelope(0, 'ok', healthyData(current.call)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedPortOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
})

afterEach(() => {
  vi.useRealTimers()
})

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await new Promise((resolve) => server.close(resolve))
  const failedCells = cells.filter((cell) => !cell.ok)
  recordFigures('fault-matrix', {
    headline: `request layer: ${cells.length} cells (${requestCalls.length} calls × ${faults.length} faults), ${failedCells.length} misbehaved`,
    calls: requestCalls.length,
    faults: faults.map((fault) => fault.name),
    cells: cells.length,
    failed: failedCells,
  })
})

function harness(base: string) {
  const toasts: Toast[] = []
  const commands: BridgeCommand[] = []
  const channel = createToastChannel()
  channel.subscribe((toast) => toasts.push(toast))
  const session = createSession({ randomBytes: (n) => new Uint8Array(n).fill(7), initial: { token: 'token-1', userInfo: { phone: '13800138000', nick_name: 'Li' } } })
  const client = createApiClient({
    baseUrl: () => base,
    session,
    signingKey: 'sandbox-signing-key',
    bridge: { send: (command) => commands.push(command) },
    toasts: channel,
    appVersion: 'test',
    locale: () => 'zh-Hans',
    logger: { error: () => {} },
  })
  return { client, toasts, commands, session }
}

const matrix = requestCalls.flatMap((call) => faults.map((fault) => [call, fault.name, fault] as const))

test("the matrix covers the spec's 28 calls and the contract's download ticket", () => {
  expect(requestCalls).toHaveLength(29)
  expect(requestCalls).toContain('requestContractDownload')
})

// rules: request-one-function, error-screen-stays
test.each(matrix)('%s × %s: one catalogue message, input intact, no unhandled rejection, a retry succeeds', async (call, _faultName, fault) => {
  let ok = false
  try {
    current = { fault, call }
    const base = fault.base === 'refused' ? closedPortOrigin : fault.base === 'dns' ? 'http://huaqian-fault.invalid' : origin
    const { client, toasts, commands, session } = harness(base)
    const args = argsFor(call)
    const before = JSON.stringify(args)
    let outcome
    if (fault.base === 'stalled') {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const pending = client.call(call, args as never)
      await vi.advanceTimersByTimeAsync(defaultTimeoutMs - 1)
      expect(toasts, 'nothing happens before 60 s').toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      outcome = await pending
      vi.useRealTimers()
    } else {
      outcome = await client.call(call, args as never)
    }
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) expect(outcome.failure.kind).toBe(fault.expected.kind)
    expect(toasts.map((toast) => toast.code)).toEqual(fault.expected.toast === null ? [] : [fault.expected.toast])
    if (fault.expected.toast === 'serverMessage') expect(toasts[0]).toEqual({ code: 'serverMessage', message: '服务繁忙' })
    expect(JSON.stringify(args), 'the caller’s input is untouched').toBe(before)
    if (fault.expected.kind === 'unauthorized') {
      expect(commands).toEqual([{ command: 'goHome' }])
      expect(session.getSnapshot()).toMatchObject({ token: null, userInfo: null })
      session.update({ token: 'token-2' })
    } else {
      expect(commands).toEqual([])
    }

    // The fault is gone: the same call, with the same arguments (and key), succeeds.
    current = { fault: null, call }
    const retry = await harness(origin).client.call(call, args as never)
    expect(retry.ok, `retry of ${call}`).toBe(true)
    if (retry.ok) expect(retry.data).toEqual(JSON.parse(JSON.stringify(healthyData(call))))
    expect(unhandled).toEqual([])
    ok = true
  } finally {
    cells.push({ call, fault: fault.name, ok })
  }
})

// rules: error-401
test('any number of concurrent 401s send one goHome and clear the session once', async () => {
  current = { fault: faults.find((fault) => fault.name === 'HTTP 401') ?? null, call: 'showUser' }
  const { client, commands, toasts, session } = harness(origin)
  const outcomes = await Promise.all(requestCalls.map((call) => client.call(call, argsFor(call) as never)))
  expect(outcomes.every((outcome) => !outcome.ok && outcome.failure.kind === 'unauthorized')).toBe(true)
  expect(commands).toEqual([{ command: 'goHome' }])
  expect(toasts).toEqual([])
  // A new token is a new epoch: its own 401 sends its own goHome, once.
  session.update({ token: 'token-2' })
  await Promise.all(requestCalls.slice(0, 5).map((call) => client.call(call, argsFor(call) as never)))
  expect(commands).toEqual([{ command: 'goHome' }, { command: 'goHome' }])
})

// rules: idem-key-on-commit
test('every committing call of the contract is in the matrix with its Idempotency-Key', () => {
  const committing = requestCalls.filter((name) => calls[name].committing)
  expect(committing.sort()).toEqual(['applyLoan', 'buyRewardProduct', 'confirmCard', 'confirmLenderCard', 'submitRepayment'])
})
