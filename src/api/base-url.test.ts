import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { InitConfigError, resolveBaseUrl } from './base-url'
import { fetchInitConfig, initConfigFailure } from './init-config'

const config = { dev_url: 'http://127.0.0.1:8787', pro_url: 'https://api.huaqian.example' }
const allowedOrigins = ['https://api.huaqian.example']
let server: Server | undefined

async function serve(status: number, body: unknown): Promise<{ url: string; headers: Record<string, unknown>[] }> {
  const headers: Record<string, unknown>[] = []
  server = createServer((req, res) => {
    headers.push(req.headers)
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/config/init.json`, headers }
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

// rules: boot-base-url
test('an allowed bridge baseUrl is used without loading the init config', async () => {
  let loaded = 0
  const resolved = await resolveBaseUrl({
    bridgeBaseUrl: 'https://api.huaqian.example/v',
    loadInitConfig: async () => {
      loaded += 1
      return config
    },
    allowedOrigins,
    allowLoopback: false,
    production: true,
  })
  expect(resolved).toEqual({ baseUrl: 'https://api.huaqian.example/v', source: 'bridge', refusedBridgeBaseUrl: false })
  expect(loaded).toBe(0)
})

// rules: boot-base-url, security-base-url
test('a hostile bridge baseUrl falls back to the init config of the build', async () => {
  const options = {
    bridgeBaseUrl: 'https://api.huaqian.example.evil.net',
    loadInitConfig: async () => config,
    allowedOrigins,
    allowLoopback: false,
  }
  expect(await resolveBaseUrl({ ...options, production: true })).toEqual({
    baseUrl: 'https://api.huaqian.example',
    source: 'initConfig',
    refusedBridgeBaseUrl: true,
  })
  expect((await resolveBaseUrl({ ...options, bridgeBaseUrl: undefined, production: false })).baseUrl).toBe(
    'http://127.0.0.1:8787',
  )
})

test('the init config file is fetched over HTTP without the signed headers', async () => {
  const { url, headers } = await serve(200, { status: 0, data: config })
  expect(await fetchInitConfig(url)).toEqual(config)
  expect(headers[0]?.signature).toBeUndefined()
  expect(headers[0]?.timestamp).toBeUndefined()
  expect(headers[0]?.authorization).toBeUndefined()
})

test('an unusable init config file is an InitConfigError', async () => {
  const { url } = await serve(200, { status: 0, data: { dev_url: 1 } })
  await expect(fetchInitConfig(url)).rejects.toBeInstanceOf(InitConfigError)
  await expect(
    resolveBaseUrl({
      bridgeBaseUrl: null,
      loadInitConfig: async () => ({ dev_url: 'javascript:alert(1)', pro_url: '' }),
      allowedOrigins,
      allowLoopback: true,
      production: false,
    }),
  ).rejects.toBeInstanceOf(InitConfigError)
})

test('an allowlisted bridge baseUrl with spaces around it is used as its parsed origin and path, and calls reach it', async () => {
  const served = await serve(200, { status: 0, message: '', data: null })
  const origin = new URL(served.url).origin
  const resolved = await resolveBaseUrl({
    bridgeBaseUrl: `  ${origin}/config/  `,
    loadInitConfig: async () => config,
    allowedOrigins: [],
    allowLoopback: true,
    production: false,
  })
  expect(resolved).toEqual({ baseUrl: `${origin}/config`, source: 'bridge', refusedBridgeBaseUrl: false })
  const answer = await fetch(`${resolved.baseUrl}/init.json`)
  expect(answer.status).toBe(200)
})

test('an init config that cannot be fetched is a network failure, one that is not answered in time a timeout', async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  const unreachable = await fetchInitConfig(`http://127.0.0.1:${port}/config/init.json`).catch((error: unknown) => error)
  expect(initConfigFailure(unreachable)).toEqual({ kind: 'network' })

  const silent = createServer(() => undefined)
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const late = await fetchInitConfig(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/config/init.json`, { timeoutMs: 100 }).catch(
    (error: unknown) => error,
  )
  expect(initConfigFailure(late)).toEqual({ kind: 'timeout' })
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))

  const { url } = await serve(200, { status: 0, data: { dev_url: 1 } })
  const unusable = await fetchInitConfig(url).catch((error: unknown) => error)
  expect(initConfigFailure(unusable)).toEqual({ kind: 'invalidResponse' })
})
