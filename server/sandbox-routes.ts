import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Context } from 'hono'
import * as z from 'zod/mini'
import { StatusCode } from '../src/contract/envelope'
import { checkMobile, normaliseMobile } from '../src/contract/field-rules'
import type { SandboxApp, SandboxEnv } from './sandbox-app'
import { tablesForReset, type Db } from './db'
import { buildOpenApiDocument } from './openapi'
import { createUser, identityFor, personaByKey, personas, seed } from './personas'
import { resolveLocale, translate } from './messages'
import { outbox } from './sms'
import { servePage } from './sandbox-page'
import { staticFile, staticFiles } from './static-files'
import { advanceStep, isoInstant, loanUserOf, updateLoanUser, userByPhone } from './store'

/*
 * Routes that exist only in the sandbox: login (the host app owns it in production), the persona
 * list, the SMS outbox, the simulated liveness vendor, a reset, and the static pages (host
 * simulator, vendor page, API docs). They are unsigned: they play the host and the vendors, not
 * the page.
 */

export const publicDir = fileURLToPath(new URL('./public', import.meta.url))
export const sandboxLoginCode = '123456'
export const tokenTtlMs = 24 * 3_600_000

const loginBody = z.object({ phone: z.string(), code: z.string() })
const outcomeBody = z.object({ outcome: z.enum(['passed', 'failed']) })
const borrowerBody = z.object({ like: z.optional(z.string()) })

/** A new borrower's numbers: 186 0000 0000 upwards (a range no persona, fixture or sample path uses), the first one no user has. */
const newBorrowerPhones = { first: 18_600_000_000, tries: 100_000 }

interface SessionRow {
  id: string
  user_id: string
  status: 'pending' | 'passed' | 'failed'
  return_url: string
  created_at: number
  expires_at: number
}

export function mountSandboxRoutes(
  app: SandboxApp,
  { db, now, logger }: { db: Db; now: () => number; logger: Pick<Console, 'warn'> },
): void {
  const ok = (c: Context<SandboxEnv>, data: unknown) => c.json({ status: StatusCode.ok, message: 'OK', data })
  const fail = (c: Context<SandboxEnv>, status: number, message: string, data: unknown = null) =>
    c.json({ status, message, data })
  const localeOf = (c: Context<SandboxEnv>) => resolveLocale(c.req.header('accept-language'))
  const jsonBody = async (c: Context<SandboxEnv>): Promise<unknown> => {
    try {
      return await c.req.json()
    } catch {
      return undefined
    }
  }

  app.post('/sandbox/login', async (c) => {
    const locale = localeOf(c)
    const body = z.safeParse(loginBody, await jsonBody(c))
    if (!body.success) {
      return fail(c, StatusCode.invalidRequest, translate('invalidRequest', locale, { detail: 'phone, code' }))
    }
    const { code } = body.data
    const phoneRule = checkMobile(body.data.phone)
    const phone = normaliseMobile(body.data.phone)
    if (phoneRule) {
      return fail(c, StatusCode.fieldRule, translate('fieldRule', locale, { field: 'phone', code: phoneRule }), {
        field: 'phone',
        code: phoneRule,
      })
    }
    if (code !== sandboxLoginCode) return fail(c, StatusCode.smsCodeInvalid, translate('loginCodeInvalid', locale))
    const nowMs = now()
    const token = randomBytes(24).toString('base64url')
    const user = db.transaction(() => {
      const found = userByPhone(db, phone) ?? createUser(db, phone, `用户${phone.slice(-4)}`, null, nowMs)
      db.prepare('INSERT INTO tokens (token, user_id, expires_at) VALUES (?, ?, ?)').run(token, found.id, nowMs + tokenTtlMs)
      return found
    })()
    return ok(c, {
      token,
      expires_at: isoInstant(nowMs + tokenTtlMs),
      user: { user_id: user.id, phone: user.phone, nick_name: user.nick_name },
      persona: user.persona,
    })
  })

  app.get('/sandbox/personas', (c) =>
    ok(c, {
      login_code: sandboxLoginCode,
      items: personas.map((p) => ({
        key: p.key,
        phone: p.phone,
        nick_name: p.nick_name,
        real_name: p.real_name,
        setup: p.setup,
        description: p.description,
      })),
    }),
  )

  app.get('/sandbox/sms-outbox', (c) => {
    const phone = normaliseMobile(c.req.query('phone') ?? '')
    if (checkMobile(phone)) {
      return fail(c, StatusCode.invalidRequest, translate('invalidRequest', localeOf(c), { detail: 'phone' }))
    }
    return ok(c, { phone, items: outbox(db, phone, now()) })
  })

  const sessionView = (session: SessionRow, nowMs: number) => ({
    session_id: session.id,
    status: session.status === 'pending' && nowMs > session.expires_at ? 'expired' : session.status,
    return_url: session.return_url,
    expires_at: isoInstant(session.expires_at),
  })
  const sessionById = (id: string) =>
    db.prepare('SELECT * FROM biometric_sessions WHERE id = ?').get(id) as SessionRow | undefined

  app.get('/sandbox/vendor/liveness/:session_id', (c) => {
    const session = sessionById(c.req.param('session_id'))
    if (!session) return fail(c, StatusCode.notFound, translate('notFound', localeOf(c)))
    return ok(c, sessionView(session, now()))
  })

  /** The vendor reports the outcome server-to-server; the page later reads it from the API. */
  app.post('/sandbox/vendor/liveness/:session_id', async (c) => {
    const locale = localeOf(c)
    const body = z.safeParse(outcomeBody, await jsonBody(c))
    if (!body.success) {
      return fail(c, StatusCode.invalidRequest, translate('invalidRequest', locale, { detail: 'outcome' }))
    }
    const nowMs = now()
    const result = db.transaction(() => {
      const session = sessionById(c.req.param('session_id'))
      if (!session) return null
      if (session.status !== 'pending' || nowMs > session.expires_at) return session
      db.prepare('UPDATE biometric_sessions SET status = ?, completed_at = ? WHERE id = ?').run(
        body.data.outcome,
        nowMs,
        session.id,
      )
      if (body.data.outcome === 'passed') {
        const user = db.prepare('SELECT * FROM users WHERE id = ?').get(session.user_id) as Parameters<typeof identityFor>[0]
        const row = loanUserOf(db, user.id, nowMs)
        if (row.real_name === null) updateLoanUser(db, row.id, identityFor(user), nowMs)
        advanceStep(db, row, 'basic', nowMs)
      }
      return sessionById(session.id) ?? null
    })()
    if (!result) return fail(c, StatusCode.notFound, translate('notFound', locale))
    return ok(c, sessionView(result, nowMs))
  })

  /**
   * A new borrower, with nothing done yet, who fares as a fresh persona does (`like`, default
   * `approve`): a drive or a demo starts from it, leaving the seeded personas as they are.
   */
  app.post('/sandbox/borrowers', async (c) => {
    const locale = localeOf(c)
    const body = z.safeParse(borrowerBody, (await jsonBody(c)) ?? {})
    const like = personaByKey(body.success ? (body.data.like ?? 'approve') : null)
    if (!like || like.setup !== 'fresh') {
      const fresh = personas.filter((p) => p.setup === 'fresh').map((p) => p.key).join(', ')
      return fail(c, StatusCode.invalidRequest, translate('invalidRequest', locale, { detail: `like: one of ${fresh}` }))
    }
    const nowMs = now()
    const user = db.transaction(() => {
      for (let n = 0; n < newBorrowerPhones.tries; n += 1) {
        const phone = String(newBorrowerPhones.first + n)
        if (!userByPhone(db, phone)) {
          const created = createUser(db, phone, `用户${phone.slice(-4)}`, like.key, nowMs)
          loanUserOf(db, created.id, nowMs)
          return created
        }
      }
      return null
    })()
    if (!user) return fail(c, StatusCode.invalidRequest, translate('invalidRequest', locale, { detail: 'no new number left: POST /sandbox/reset' }))
    return ok(c, { phone: user.phone, nick_name: user.nick_name, like: like.key, login_code: sandboxLoginCode })
  })

  /** Wipes every table and seeds again: the personas start over. */
  app.post('/sandbox/reset', (c) => {
    db.transaction(() => {
      for (const table of tablesForReset) db.prepare(`DELETE FROM ${table}`).run()
    })()
    seed(db, now())
    logger.warn('[sandbox] data reset; personas seeded again')
    return ok(c, { reset: true })
  })

  // Static pages written by the periphery: the vendor page, the host simulator and the API docs.
  app.get('/sandbox/vendor/liveness', staticFile(join(publicDir, 'vendor', 'liveness.html')))
  app.get('/sandbox/vendor/*', staticFiles(join(publicDir, 'vendor'), '/sandbox/vendor'))
  app.get('/sandbox/shared/*', staticFiles(join(publicDir, 'shared'), '/sandbox/shared'))
  // The pages' shared modules, at the URL their relative import (`../shared/dom.js`) names, so the
  // browser and the type checker resolve the same file.
  app.get('/shared/*', staticFiles(join(publicDir, 'shared'), '/shared'))
  // A page's head is shared (sandbox-page.ts); its body, script and stylesheet are its folder's files.
  const mountPage = (folder: 'host' | 'docs', title: string) => {
    const page = servePage({ title, stylesheet: `./${folder}.css`, bodyFile: join(publicDir, folder, 'body.html') })
    app.get(`/${folder}`, (c) => c.redirect(`/${folder}/`))
    app.get(`/${folder}/`, page)
    app.get(`/${folder}/index.html`, page)
    app.get(`/${folder}/*`, staticFiles(join(publicDir, folder), `/${folder}`))
  }
  mountPage('host', 'Host simulator')
  app.get('/docs/openapi.json', (c) => c.json(buildOpenApiDocument({ serverUrl: new URL(c.req.url).origin })))
  mountPage('docs', 'API docs')
}
