import { randomBytes } from 'node:crypto'
import { StatusCode } from '../src/contract/envelope'
import { signedIn, type Handlers } from './call-context'
import { contractDocument, contractFileName } from './contract-document'
import { contractHtml } from './content/agreements'
import type { Db } from './db'
import { lenderNamesIn } from './lenders'
import { resolveLocale, translate, type Locale } from './messages'
import { Refusal } from './refusal'
import type { SandboxApp } from './sandbox-app'
import { currentLoan, isoInstant, loanById, loanUserOf, periodsOf, sha256Hex, type LoanRow } from './store'

/*
 * "Save contract" (docs/product-rules.md#contract-keep): the page asks, with its signed and
 * authenticated call, for a ticket; the host opens the ticket's URL outside the web view, where no
 * bearer token can go (a system browser keeps URLs in its history). The URL is the ticket alone:
 * valid for minutes, good for one download, kept here only as its hash.
 */

export const contractTicketTtlMs = 5 * 60_000
export const contractDownloadPrefix = '/v2/contract-download'

interface TicketRow {
  ticket_hash: string
  user_id: string
  loan_id: string
  locale: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export const contractHandlers: Pick<Handlers, 'requestContractDownload'> = {
  requestContractDownload: (ctx) => {
    const user = signedIn(ctx)
    const asked = ctx.input.loan_id
    const loan: LoanRow | undefined = asked === undefined ? currentLoan(ctx.db, user.id, ctx.now) : loanById(ctx.db, asked)
    // Someone else's loan is answered like no loan: the ticket must not tell one from the other.
    if (!loan || loan.user_id !== user.id) throw new Refusal(StatusCode.notFound, 'contractNotSigned')
    const ticket = randomBytes(24).toString('base64url')
    const expiresAt = ctx.now + contractTicketTtlMs
    ctx.db
      .prepare(
        `INSERT INTO contract_tickets (ticket_hash, user_id, loan_id, locale, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(sha256Hex(ticket), user.id, loan.id, ctx.locale, ctx.now, expiresAt)
    return { url: `${ctx.origin}${contractDownloadPrefix}/${ticket}`, expires_at: isoInstant(expiresAt) }
  },
}

/** The document a ticket stands for, built from the server's record of the signed loan. */
function documentOf(db: Db, row: TicketRow, nowMs: number): { html: string; fileName: string } | null {
  const loan = loanById(db, row.loan_id)
  if (!loan) return null
  const locale = resolveLocale(row.locale)
  const borrower = loanUserOf(db, row.user_id, nowMs)
  const nick = db.prepare('SELECT nick_name FROM users WHERE id = ?').get(row.user_id) as { nick_name: string } | undefined
  const lenderName = lenderNamesIn(locale).nameOf(loan.lender_id)
  const html = contractDocument({
    locale,
    borrowerName: borrower.real_name ?? nick?.nick_name ?? '',
    lenderName,
    amount: loan.amount,
    apr: loan.apr,
    term: loan.term,
    signedAt: loan.created_at,
    loanId: loan.id,
    schedule: periodsOf(db, loan.id),
    contract: contractHtml({ kind: 'contract', lenderName, amount: loan.amount, term: loan.term, apr: loan.apr, locale }),
  })
  return { html, fileName: contractFileName(loan.id) }
}

/** A short page for a link that cannot be served, in the language the ticket was asked in. */
function goneDocument(locale: Locale): string {
  const text = translate('contractLinkGone', locale)
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title><style>body{font:18px/1.6 system-ui,sans-serif;margin:0;padding:24px}</style></head><body><p>${text}</p></body></html>`
}

const documentHeaders = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // No script, no outside resource: even a text that slipped past the sanitiser could not run.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}

export function mountContractDownload(app: SandboxApp, { db, now }: { db: Db; now: () => number }): void {
  app.get(`${contractDownloadPrefix}/:ticket`, (c) => {
    const nowMs = now()
    const ticket = c.req.param('ticket')
    // Spent in the same transaction that reads it: two racing downloads cannot both get the file.
    const row = db.transaction(() => {
      const found = db.prepare('SELECT * FROM contract_tickets WHERE ticket_hash = ?').get(sha256Hex(ticket)) as TicketRow | undefined
      if (!found || found.used_at !== null || nowMs > found.expires_at) return { found, usable: false }
      db.prepare('UPDATE contract_tickets SET used_at = ? WHERE ticket_hash = ?').run(nowMs, found.ticket_hash)
      return { found, usable: true }
    })()
    const locale = row.found ? resolveLocale(row.found.locale) : resolveLocale(c.req.header('accept-language'))
    const served = row.usable && row.found ? documentOf(db, row.found, nowMs) : null
    if (!served) {
      return c.body(goneDocument(locale), row.found ? 410 : 404, { ...documentHeaders, 'Content-Type': 'text/html; charset=utf-8' })
    }
    return c.body(served.html, 200, {
      ...documentHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Disposition': `attachment; filename="${served.fileName}"`,
    })
  })
}
