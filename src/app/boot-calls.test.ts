import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { createApiClient } from '../api/client'
import { sendEarly } from '../api/early-requests'
import { createToastChannel } from '../api/toasts'
import { sandboxSigningKey } from '../contract/signature'
import { createSession } from '../session/session'
import { bootRequests, homeCallNames } from './boot-calls'

/*
 * Boot's calls sent by the entry are the machine's own requests, sent sooner: the request layer takes
 * each answer for the very request it would send, once, and sends anything else itself. A real HTTP
 * server counts what reaches it.
 */

let server: Server | undefined
const seen: string[] = []
let hang = false

const answers: Record<string, unknown> = {
  '/api/channel/app-test': { channel_code: 'app-test', is_login_required: 0 },
  '/api/users/show': { user_id: 'u_1', phone: '13800000001', nick_name: 'A', identity_id: null },
}

async function serve(): Promise<string> {
  server = createServer((req, res) => {
    seen.push(`${req.url} ${String(req.headers.authorization)}`)
    if (hang) return
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ status: 0, message: 'ok', data: answers[req.url ?? ''] ?? null }))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  seen.length = 0
  hang = false
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

function borrower(token = 'token-1') {
  const session = createSession({ randomBytes: (n) => new Uint8Array(n).fill(7), initial: { token, osName: 'Android 14', model: '小米 14' } })
  return session
}

function clientFor(baseUrl: string, session: ReturnType<typeof borrower>, early: ReturnType<typeof sendEarly>, timeoutMs = 5_000) {
  return createApiClient({
    baseUrl: () => baseUrl,
    session,
    signingKey: sandboxSigningKey,
    bridge: { send: () => undefined },
    toasts: createToastChannel(),
    appVersion: '1.2.3',
    locale: () => 'zh-Hans',
    logger: { error: () => undefined },
    early,
    timeoutMs,
  })
}

const facts = { signingKey: sandboxSigningKey, appVersion: '1.2.3', locale: 'zh-Hans', now: Date.now() }

test("boot's calls are the ones the machine makes beside the lookup with a token in hand", () => {
  const node = appMachine.getStateNodeById('app.boot.lookingUpChannelBesideHome')
  const invoked = new Set<string>()
  const visit = (state: typeof node) => {
    for (const invoke of state.invoke) invoked.add(String(invoke.src))
    Object.values(state.states).forEach(visit)
  }
  visit(node)
  expect([...invoked].sort()).toEqual(['lookupChannel', ...homeCallNames].sort())
})

test('the request layer takes the early answer for the same request, once, and the server hears it once', async () => {
  const base = await serve()
  const session = borrower()
  const early = sendEarly(bootRequests(session.getSnapshot(), base, facts), 5_000)
  const client = clientFor(base, session, early)
  const [lookup, user] = await Promise.all([client.call('lookupChannel', { params: { channel: 'app-test' } }), client.call('showUser')])
  expect(lookup).toEqual({ ok: true, data: answers['/api/channel/app-test'] })
  expect(user).toEqual({ ok: true, data: answers['/api/users/show'] })
  expect(seen.filter((line) => line.startsWith('/api/users/show'))).toHaveLength(1)
  expect(seen.filter((line) => line.startsWith('/api/channel/app-test'))).toHaveLength(1)
  // Taken once: the next call of the same kind is the request layer's own.
  await client.call('showUser')
  expect(seen.filter((line) => line.startsWith('/api/users/show'))).toHaveLength(2)
})

test("a request that differs in anything but the clock's headers is sent by the request layer", async () => {
  const base = await serve()
  const early = sendEarly(bootRequests(borrower('token-1').getSnapshot(), base, facts), 5_000)
  const client = clientFor(base, borrower('token-2'), early)
  expect(await client.call('showUser')).toMatchObject({ ok: true })
  await expect.poll(() => seen.filter((line) => line.startsWith('/api/users/show')).sort()).toEqual(['/api/users/show Bearer token-1', '/api/users/show Bearer token-2'])
})

test('an early request still unanswered at the timeout is a timeout, and is not sent again', async () => {
  const base = await serve()
  hang = true
  const session = borrower()
  const early = sendEarly(bootRequests(session.getSnapshot(), base, facts), 200)
  const outcome = await clientFor(base, session, early).call('showUser')
  expect(outcome).toEqual({ ok: false, failure: { kind: 'timeout' } })
  expect(seen.filter((line) => line.startsWith('/api/users/show'))).toHaveLength(1)
})

test('closed, nothing is taken any more', async () => {
  const base = await serve()
  const session = borrower()
  const early = sendEarly(bootRequests(session.getSnapshot(), base, facts), 5_000)
  early.close()
  await clientFor(base, session, early).call('showUser')
  await expect.poll(() => seen.filter((line) => line.startsWith('/api/users/show'))).toHaveLength(2)
})
