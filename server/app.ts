import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import * as z from 'zod/mini'
import { calls, type CallSpec } from '../src/contract/calls'
import { StatusCode } from '../src/contract/envelope'
import { signRequest, sandboxSigningKey, sortedJson } from '../src/contract/signature'
import type { CallContext, Handlers, RoutedCall } from './call-context'
import { contractHandlers, mountContractDownload } from './contract-download'
import type { Db } from './db'
import { applicationHandlers } from './handlers/application'
import { cardHandlers } from './handlers/cards'
import { catalogHandlers } from './handlers/catalog'
import { loanHandlers } from './handlers/loans'
import { rewardHandlers } from './handlers/rewards'
import { resolveLocale, translate, type Locale } from './messages'
import { seed } from './personas'
import { Refusal } from './refusal'
import { fieldRuleOfSchemaIssue } from './rules'
import type { SandboxApp, SandboxEnv } from './sandbox-app'
import { mountSandboxRoutes } from './sandbox-routes'
import { sha256Hex, userByToken, type User } from './store'

export interface SandboxOptions {
  db: Db
  /** The server clock in ms; tests move it instead of sleeping. */
  now?: () => number
  signingKey?: string
  /** Where errors and notices go (tests pass a quiet one). */
  logger?: Pick<Console, 'error' | 'warn'>
  /** Adds the page's routes (built files or Vite) after the API, as the last word on `/`. */
  mountPage?: (app: SandboxApp) => void
}

/** The signature window of docs/product-rules.md#request-signature, either way. */
export const timestampWindowS = 300
export const idempotencyTtlMs = 24 * 3_600_000

export const handlers: Handlers = {
  ...catalogHandlers,
  ...applicationHandlers,
  ...cardHandlers,
  ...loanHandlers,
  ...rewardHandlers,
  ...contractHandlers,
}

/** The contract's calls the server routes (every one but the static init config). */
export const routedCalls = Object.keys(calls).filter((name) => name !== 'initConfig') as RoutedCall[]

export function honoPath(contractPath: string): string {
  return contractPath.replace(/\{(\w+)\}/g, ':$1')
}

interface Envelope {
  status: number
  message: string
  data: unknown
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

function loopbackOrigin(origin: string): string | null {
  try {
    return loopbackHosts.has(new URL(origin).hostname) ? origin : null
  } catch {
    return null
  }
}

/** Header names of docs/product-rules.md#request-headers, lowercase as on the wire. */
export const requestHeaders = [
  'timestamp',
  'signature',
  'app-code',
  'device-id',
  'model',
  'brand',
  'os',
  'screen',
  'channel-code',
  'oaid',
  'imei',
  'version',
  'os-name',
  'authorization',
  'idempotency-key',
  'accept-language',
  'content-type',
] as const

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    // The field paths only: the validator's own sentences are English, and the message is shown.
    .map((issue) => issue.path.map(String).join('.') || 'body')
    .join(', ')
}

function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  // timingSafeEqual needs equal lengths; a length mismatch is already a mismatch.
  return left.length === right.length && timingSafeEqual(left, right)
}

export function createSandbox(options: SandboxOptions): SandboxApp {
  const { db } = options
  const now = options.now ?? (() => Date.now())
  const signingKey = options.signingKey ?? sandboxSigningKey
  const logger = options.logger ?? console
  seed(db, now())

  const app: SandboxApp = new Hono<SandboxEnv>()

  // The page may carry a bridge token in its URL until intake removes it; no request it makes may
  // send that URL on as a Referer. Every answer says so, the page's own included.
  app.use('*', async (c, next) => {
    await next()
    c.header('Referrer-Policy', 'no-referrer')
  })

  const corsMiddleware = cors({
    origin: (origin) => loopbackOrigin(origin),
    allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowHeaders: [...requestHeaders],
    maxAge: 600,
  })
  for (const prefix of ['/api/*', '/v2/*', '/config/*', '/sandbox/*']) app.use(prefix, corsMiddleware)

  app.onError((error, c) => {
    logger.error(`[sandbox] ${c.req.method} ${c.req.path} failed:`, error)
    const locale = resolveLocale(c.req.header('accept-language'))
    return c.json({ status: StatusCode.invalidRequest, message: translate('internal', locale), data: null }, 200)
  })

  app.get('/config/init.json', (c) => {
    const origin = new URL(c.req.url).origin
    return c.json({ status: StatusCode.ok, message: 'OK', data: { dev_url: origin, pro_url: origin } })
  })

  const refuse = (c: Context<SandboxEnv>, locale: Locale, refusal: Refusal) =>
    c.json(
      {
        status: refusal.status,
        message: translate(refusal.messageKey, locale, refusal.vars),
        data: refusal.data,
      } satisfies Envelope,
      200,
    )

  async function readFields(c: Context<SandboxEnv>, spec: CallSpec): Promise<Record<string, unknown>> {
    if (spec.method === 'GET') return c.req.query()
    const text = await c.req.text()
    if (text.trim() === '') return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: 'body' })
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: 'body' })
    }
    return parsed as Record<string, unknown>
  }

  function verifySignature(c: Context<SandboxEnv>, fields: Record<string, unknown>, nowMs: number): void {
    const timestampText = c.req.header('timestamp') ?? ''
    const signature = c.req.header('signature') ?? ''
    if (!/^\d{1,12}$/.test(timestampText) || signature === '') {
      throw new Refusal(StatusCode.badSignature, 'badSignature')
    }
    const timestamp = Number(timestampText)
    if (!safeEqualText(signRequest(timestamp, fields, signingKey), signature)) {
      throw new Refusal(StatusCode.badSignature, 'badSignature')
    }
    const serverTime = Math.floor(nowMs / 1000)
    if (Math.abs(serverTime - timestamp) > timestampWindowS) {
      throw new Refusal(StatusCode.staleTimestamp, 'staleTimestamp', {}, { server_time: serverTime })
    }
  }

  function bearerUser(c: Context<SandboxEnv>, nowMs: number): User | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')
    return match?.[1] ? userByToken(db, match[1], nowMs) : undefined
  }

  async function runCall(c: Context<SandboxEnv>, name: RoutedCall): Promise<Response> {
    const spec: CallSpec = calls[name]
    const locale = resolveLocale(c.req.header('accept-language'))
    const nowMs = now()
    try {
      const fields = await readFields(c, spec)
      verifySignature(c, fields, nowMs)
      const user = bearerUser(c, nowMs) ?? null
      if (spec.auth && !user) {
        return c.json(
          { status: 401, message: translate('unauthorized', locale), data: null } satisfies Envelope,
          401,
        )
      }
      const params = z.safeParse(spec.params, c.req.param())
      if (!params.success) {
        throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: describeIssues(params.error.issues) })
      }
      const input = z.safeParse(spec.input, fields)
      if (!input.success) {
        const first = input.error.issues[0]
        const rule = first ? fieldRuleOfSchemaIssue(first.path, fields) : null
        if (rule) throw new Refusal(StatusCode.fieldRule, 'fieldRule', rule, rule)
        throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: describeIssues(input.error.issues) })
      }

      const idempotencyKey = c.req.header('idempotency-key')
      if (spec.committing) {
        if (!idempotencyKey) throw new Refusal(StatusCode.idempotencyKeyMissing, 'idempotencyKeyMissing')
        if (idempotencyKey.length > 200) {
          throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: 'idempotency-key' })
        }
      }
      const bodyHash = sha256Hex(sortedJson({ params: c.req.param(), fields }))
      const ctx: CallContext<RoutedCall> = {
        db,
        user,
        params: params.data as CallContext<RoutedCall>['params'],
        input: input.data as CallContext<RoutedCall>['input'],
        now: nowMs,
        locale,
        origin: new URL(c.req.url).origin,
        header: (headerName) => c.req.header(headerName),
      }
      const handler = handlers[name] as unknown as (context: CallContext<RoutedCall>) => unknown

      // One transaction per call: the idempotency check, the effect and the record of its answer
      // are atomic, so a retry racing the first attempt cannot make a second effect.
      const envelope = db.transaction((): Envelope | Refusal => {
        try {
          return answerCall()
        } catch (error) {
          // Returned, not thrown, so the transaction commits what the refusal keeps.
          if (error instanceof Refusal && error.keepsEffects) return error
          throw error
        }
      })()
      if (envelope instanceof Refusal) throw envelope
      return c.json(envelope, 200)

      function answerCall(): Envelope {
        if (spec.committing && user && idempotencyKey) {
          const stored = db
            .prepare('SELECT body_hash, response_json, created_at FROM idempotency WHERE user_id = ? AND call = ? AND key = ?')
            .get(user.id, name, idempotencyKey) as
            | { body_hash: string; response_json: string; created_at: number }
            | undefined
          if (stored && stored.created_at > nowMs - idempotencyTtlMs) {
            if (stored.body_hash !== bodyHash) {
              throw new Refusal(StatusCode.idempotencyConflict, 'idempotencyConflict')
            }
            return JSON.parse(stored.response_json) as Envelope
          }
        }
        const data = handler(ctx)
        const checked = z.safeParse(spec.data, data)
        if (!checked.success) {
          // The sandbox broke its own contract: a bug to fix here, never something to send.
          throw new Error(`${name} answered outside the contract: ${describeIssues(checked.error.issues)}`)
        }
        const answer: Envelope = { status: StatusCode.ok, message: translate('ok', locale), data }
        if (spec.committing && user && idempotencyKey) {
          // Only an answer with an effect is kept: a refusal changed nothing and may be retried.
          db.prepare(
            `INSERT OR REPLACE INTO idempotency (user_id, call, key, body_hash, response_json, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          ).run(user.id, name, idempotencyKey, bodyHash, JSON.stringify(answer), nowMs)
        }
        return answer
      }
    } catch (error) {
      if (error instanceof Refusal) return refuse(c, locale, error)
      throw error
    }
  }

  for (const name of routedCalls) {
    const spec: CallSpec = calls[name]
    app.on(spec.method, honoPath(spec.path), (c) => runCall(c, name))
  }

  mountContractDownload(app, { db, now })
  mountSandboxRoutes(app, { db, now, logger })

  for (const prefix of ['/api/*', '/v2/*', '/sandbox/*']) {
    app.all(prefix, (c) => {
      const locale = resolveLocale(c.req.header('accept-language'))
      return c.json({ status: StatusCode.notFound, message: translate('notFound', locale), data: null }, 404)
    })
  }

  options.mountPage?.(app)
  return app
}
