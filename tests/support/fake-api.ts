import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { calls, type CallName } from '../../src/contract/calls'
import type { FailureKind } from '../model/engine/fixtures'
import { failureOf, fixtures } from '../model/engine/fixtures'
import { childrenOf, provincesList, searchRegions } from '../../server/geo'
import { contractProblems, IdempotencyLedger, type SentRequest } from './request-checks'
import type { World } from './verify'

/*
 * The network as a model path sees it: a real HTTP server on a loopback port that holds every
 * request until the runner says how to answer it (a fixture of tests/model/engine/fixtures.ts in the
 * contract's envelope, or one error kind of the catalogue, made at the HTTP level). The page's real
 * request layer (signing, headers, envelope parsing) runs unchanged against it.
 */

export interface HeldRequest extends SentRequest {
  /** The fields as a fixture reads them (query numbers as numbers). */
  input: Record<string, unknown>
  answered: boolean
  response: ServerResponse
}

/**
 * `data`: an answer computed for the run (a walk's generated server data), sent as is.
 * `serverError`: a gateway's 502 with no envelope, which the request layer reads as the server failing.
 */
export type Answer = { outcome: 'done'; fixture: string } | { outcome: 'data'; data: unknown } | { outcome: 'error'; error: FailureKind } | { outcome: 'serverError' }

/** A gateway's answer when the server behind it fails: HTTP 502, a page of its own, no envelope. */
export const badGateway = { status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }

export interface FakeApi {
  /** Where the page is pointed: changes with every reset. */
  readonly origin: string
  /** Every request seen, in order (answered or not). */
  log: HeldRequest[]
  /** The oldest unanswered request for a call the page still waits on; waits for it to arrive. */
  waitFor(call: CallName, timeoutMs?: number): Promise<HeldRequest>
  answer(request: HeldRequest, answer: Answer, src: string): void
  /** Drops every held request and listens on a new port (between paths): nothing leaks into the next one. */
  reset(): Promise<void>
  /** What the page sent that breaks the contract, the headers, the signature or idempotency, per request. */
  problems: string[]
  /** The world the checks compare with (the runner's). */
  context: { world: World }
  ledger: IdempotencyLedger
  close(): Promise<void>
}

interface Route {
  call: CallName
  method: string
  pattern: RegExp
  names: string[]
}

const routes: Route[] = Object.entries(calls).map(([name, spec]) => {
  const names: string[] = []
  const source = spec.path.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, param: string) => {
    names.push(param)
    return '([^/]+)'
  })
  return { call: name as CallName, method: spec.method, pattern: new RegExp(`^${source}$`), names }
})

/** The contract call a request is, with its path parameters; null for anything else. */
export function match(method: string, path: string): { call: CallName; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue
    const found = route.pattern.exec(path)
    if (!found) continue
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]))
    return { call: route.call, params }
  }
  return null
}

/**
 * Query values arrive as text; the fixtures compute with numbers the way the server would. The
 * request layer drops empty fields from a query, so a field the contract names and the query lacks
 * reads as empty text, as the machine sent it.
 */
export function queryInput(call: CallName, search: URLSearchParams): Record<string, unknown> {
  const shape = (calls[call].input as unknown as { def?: { shape?: Record<string, unknown> } }).def?.shape ?? {}
  const out: Record<string, unknown> = Object.fromEntries(Object.keys(shape).map((key) => [key, '']))
  for (const [key, value] of search) out[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
  return out
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function cors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*')
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, OPTIONS')
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*')
  response.setHeader('Access-Control-Max-Age', '600')
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status
  response.setHeader('Content-Type', 'application/json')
  response.end(JSON.stringify(body))
}

/** The body of an error kind made at the HTTP level; null for kinds that are not a body (network, a closed web view). */
export function errorResponse(kind: FailureKind): { status: number; body: unknown } | null {
  switch (kind) {
    case 'unauthorized':
      return { status: 401, body: { status: 401, message: 'Unauthorized', data: null } }
    case 'refused': {
      const failure = failureOf('refused')
      return { status: 200, body: { status: failure.kind === 'refused' ? failure.status : 1000, message: 'Refused', data: null } }
    }
    case 'invalidResponse':
      // An envelope whose data breaks the contract: the request layer must not trust it.
      return { status: 200, body: { status: 0, message: 'OK', data: { broken: true } } }
    case 'network':
    case 'timeout':
    case 'interrupted':
      return null
  }
}

/**
 * Reference data a page loads itself (not a step of the flow, so no path says how it answers): the
 * residence picker's regions, answered from the sandbox's GB/T 2260 table.
 */
export function referenceData(call: CallName, fields: Record<string, unknown>): unknown {
  if (call !== 'listRegions') return undefined
  const keyword = typeof fields.keyword === 'string' ? fields.keyword.trim() : ''
  const parent = typeof fields.parent_id === 'string' ? fields.parent_id : ''
  return { items: keyword !== '' ? searchRegions(keyword) : parent !== '' ? childrenOf(parent) : provincesList() }
}

/** The data of a fixture for a request, computed from what the page sent. */
export function fixtureData(src: string, fixture: string, args: { params: Record<string, string>; input: Record<string, unknown> }): unknown {
  const table = (fixtures as unknown as Record<string, Record<string, (a: unknown) => unknown> | undefined>)[src]
  const make = table?.[fixture]
  if (!make) throw new Error(`no fixture ${fixture} for ${src}`)
  return make({ params: args.params, input: args.input })
}

/** What `resolveBaseUrl` reads: the init config file, pointing the page at this server. */
export function initConfigBody(origin: string): unknown {
  return { status: 0, message: 'OK', data: { dev_url: origin, pro_url: origin } }
}

/** The header that numbers each of the page's requests, so the server can tell which the page gave up. */
const pageRequestHeader = 'x-page-request'

/**
 * A page that moves on cancels its call at once (the invoked actor's signal aborts the fetch), but the
 * dropped connection reaches the server some I/O turns later. On a busy machine, "the oldest request
 * held" can then be one the page already gave up, and answering it leaves the page waiting. The
 * page's side knows at once: every request carries a number, and an aborted one is remembered.
 */
function trackPageRequests(page: Window): (request: SentRequest) => boolean {
  const abandoned = new Set<string>()
  let next = 0
  const send = page.fetch
  page.fetch = function (this: Window, input: RequestInfo | URL, init: RequestInit = {}) {
    const number = String((next += 1))
    init.signal?.addEventListener('abort', () => abandoned.add(number))
    return send.call(this, input, { ...init, headers: { ...(init.headers as Record<string, string>), [pageRequestHeader]: number } })
  }
  return (request) => abandoned.has(request.headers[pageRequestHeader] ?? '')
}

/** `page`: the jsdom window whose requests the runner answers, to skip the ones it gave up. */
export async function startFakeApi(options: { page?: Window } = {}): Promise<FakeApi> {
  const abandoned = options.page ? trackPageRequests(options.page) : () => false
  const log: HeldRequest[] = []
  const problems: string[] = []
  const context: FakeApi['context'] = { world: { token: false, channel: null, lastFailure: null } }
  let ledger = new IdempotencyLedger()
  const waiters: { call: CallName; resolve: (request: HeldRequest) => void }[] = []
  // Each path's page talks to a server of its own (reset listens anew): a request a stopped page
  // sent late reaches a closed server, never the next path's log, however slow the machine is.
  let server: Server | undefined
  let origin = ''
  const handle = (request: IncomingMessage, response: ServerResponse, live: () => boolean) => {
    if (!live()) {
      response.socket?.destroy()
      return
    }
    cors(request, response)
    if (request.method === 'OPTIONS') {
      response.statusCode = 204
      response.end()
      return
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    const found = match(request.method ?? 'GET', url.pathname)
    if (found === null) {
      if (url.pathname !== '/config/init.json') problems.push(`${request.method} ${url.pathname}: not a call of the contract`)
      send(response, 404, { status: 404, message: 'not in the contract' })
      return
    }
    void readBody(request).then((body) => {
      if (!live()) {
        response.socket?.destroy()
        return
      }
      const method = request.method ?? 'GET'
      const fields = method === 'GET' ? Object.fromEntries(url.searchParams) : body ? (JSON.parse(body) as Record<string, unknown>) : {}
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value
      const sent: SentRequest = { call: found.call, method, path: url.pathname, params: found.params, fields, headers }
      for (const problem of [...contractProblems(sent, context.world), ...ledger.check(sent)]) problems.push(`${found.call}: ${problem}`)
      const reference = referenceData(found.call, fields)
      if (reference !== undefined) {
        send(response, 200, { status: 0, message: 'OK', data: reference })
        return
      }
      const input = method === 'GET' ? queryInput(found.call, url.searchParams) : fields
      const held: HeldRequest = { ...sent, input, answered: false, response }
      log.push(held)
      const waiter = abandoned(held) ? -1 : waiters.findIndex((w) => w.call === held.call)
      if (waiter >= 0) waiters.splice(waiter, 1)[0]?.resolve(held)
    })
  }
  const closeServer = (closing: Server | undefined) =>
    new Promise<void>((resolve) => {
      if (closing === undefined) return resolve()
      closing.closeAllConnections()
      closing.close(() => resolve())
    })
  const listen = async () => {
    const next: Server = createServer((request, response) => handle(request, response, () => server === next))
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve))
    const previous = server
    server = next
    origin = `http://127.0.0.1:${(next.address() as AddressInfo).port}`
    await closeServer(previous)
  }
  await listen()

  const oldestHeld = (call: CallName) =>
    log.find((r) => r.call === call && !r.answered && !r.response.writableEnded && !r.response.destroyed && !abandoned(r))

  return {
    get origin() {
      return origin
    },
    log,
    problems,
    context,
    get ledger() {
      return ledger
    },
    waitFor: (call, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const ready = oldestHeld(call)
        if (ready) return resolve(ready)
        const timer = setTimeout(() => {
          const index = waiters.indexOf(entry)
          if (index >= 0) waiters.splice(index, 1)
          reject(new Error(`the page made no ${call} request within ${timeoutMs} ms (seen: ${log.map((r) => r.call).join(', ')})`))
        }, timeoutMs)
        const entry = {
          call,
          resolve: (request: HeldRequest) => {
            clearTimeout(timer)
            resolve(request)
          },
        }
        waiters.push(entry)
      }),
    answer: (request, answer, src) => {
      request.answered = true
      // A gateway's 5xx leaves the outcome unknown, as a dropped connection does: the key is kept.
      ledger.answered(request.call, answer.outcome === 'error' ? answer.error : answer.outcome === 'serverError' ? 'network' : 'ok')
      if (answer.outcome === 'serverError') {
        request.response.statusCode = badGateway.status
        request.response.setHeader('Content-Type', badGateway.contentType)
        request.response.end(badGateway.body)
        return
      }
      if (answer.outcome === 'data') {
        send(request.response, 200, { status: 0, message: 'OK', data: answer.data })
        return
      }
      if (answer.outcome === 'done') {
        const data = request.call === 'initConfig' ? null : fixtureData(src, answer.fixture, request)
        send(request.response, 200, request.call === 'initConfig' ? initConfigBody(origin) : { status: 0, message: 'OK', data })
        return
      }
      const made = errorResponse(answer.error)
      if (made !== null) {
        send(request.response, made.status, made.body)
        return
      }
      if (answer.error === 'timeout') throw new Error('a timeout is not made by this server: the runner must skip or hold it')
      // A connection that drops with no answer: what the request layer calls a network failure.
      request.response.socket?.destroy()
    },
    reset: async () => {
      for (const request of log) if (!request.answered) request.response.socket?.destroy()
      log.length = 0
      waiters.length = 0
      problems.length = 0
      ledger = new IdempotencyLedger()
      await listen()
    },
    close: () => closeServer(server),
  }
}
