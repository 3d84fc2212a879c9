import { StatusCode } from '../../src/contract/envelope'
import {
  checkAddress,
  checkEmail,
  checkIdNumber,
  checkName,
  contactIssues,
  normaliseIdNumber,
  normaliseMobile,
} from '../../src/contract/field-rules'
import { signedIn, type Handlers } from '../call-context'
import { isResidenceChain } from '../geo'
import { identityFor } from '../personas'
import { Refusal } from '../refusal'
import { enforce, fieldRefusal } from '../rules'
import {
  advanceStep,
  isoInstant,
  loanUserOf,
  newId,
  stepIndex,
  todayOf,
  updateLoanUser,
  type ApplicationStep,
  type LoanUserRow,
} from '../store'
import { buildStatus, settleReview } from '../status'

/** How long a liveness session stays open on the vendor's side. */
export const biometricSessionMs = 10 * 60_000

const allTerms = [3, 6, 9, 12, 24, 36] as const

/** Refuses unless the borrower has reached `step` and is not yet under review (1004 with the step). */
function requireEditable(row: LoanUserRow, step: ApplicationStep): void {
  const index = stepIndex(row.step)
  if (index < stepIndex(step) || index >= stepIndex('review')) {
    throw new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step: row.step })
  }
}

interface BiometricRow {
  id: string
  user_id: string
  status: 'pending' | 'passed' | 'failed'
  return_url: string
  created_at: number
  expires_at: number
  completed_at: number | null
}

/** Only http(s) URLs: the vendor page navigates there, so anything else would be an open door. */
function checkReturnUrl(raw: string): void {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: 'return_url' })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Refusal(StatusCode.invalidRequest, 'invalidRequest', { detail: 'return_url' })
  }
}

/** The loan application: identification, the three sections, contacts, review. */
export const applicationHandlers: Pick<
  Handlers,
  | 'startBiometricSession'
  | 'getBiometricResult'
  | 'updateLoanUser'
  | 'saveContacts'
  | 'reportDevice'
  | 'getCreditDecision'
  | 'getLoanUserStatus'
> = {
  startBiometricSession: (ctx) => {
    const user = signedIn(ctx)
    const row = loanUserOf(ctx.db, user.id, ctx.now)
    requireEditable(row, 'face')
    checkReturnUrl(ctx.input.return_url)
    const id = newId('bio')
    const expiresAt = ctx.now + biometricSessionMs
    ctx.db
      .prepare(
        `INSERT INTO biometric_sessions (id, user_id, status, return_url, created_at, expires_at)
         VALUES (?, ?, 'pending', ?, ?, ?)`,
      )
      .run(id, user.id, ctx.input.return_url, ctx.now, expiresAt)
    return {
      session_id: id,
      // The vendor page speaks the borrower's language too.
      verify_url: `${ctx.origin}/sandbox/vendor/liveness?session_id=${encodeURIComponent(id)}&lang=${ctx.locale}`,
      expires_at: isoInstant(expiresAt),
    }
  },

  getBiometricResult: (ctx) => {
    const user = signedIn(ctx)
    const session = ctx.db
      .prepare('SELECT * FROM biometric_sessions WHERE id = ? AND user_id = ?')
      .get(ctx.input.session_id, user.id) as BiometricRow | undefined
    if (!session) throw new Refusal(StatusCode.notFound, 'notFound')
    const status =
      session.status === 'pending' && ctx.now > session.expires_at ? 'expired' : session.status
    const identity = status === 'passed' ? identityFor(user) : null
    return {
      session_id: session.id,
      status,
      real_name: identity?.real_name ?? null,
      id_number: identity?.id_number ?? null,
      failure_reason:
        status === 'failed' ? 'liveness_failed' : status === 'expired' ? 'session_expired' : null,
    }
  },

  updateLoanUser: (ctx) => {
    const user = signedIn(ctx)
    const { input, db, now } = ctx
    const row = loanUserOf(db, user.id, now)
    if (ctx.params.id !== row.id || input.id !== row.id) {
      throw new Refusal(StatusCode.notFound, 'notFound')
    }
    if (input.section === 'demand') {
      requireEditable(row, 'demand')
      const demand = { amount: input.amount, term: input.term, purpose: input.purpose }
      updateLoanUser(db, row.id, { demand_json: JSON.stringify(demand) }, now)
      advanceStep(db, row, 'face', now)
    } else if (input.section === 'basic') {
      requireEditable(row, 'basic')
      enforce([
        ['real_name', checkName(input.real_name)],
        ['id_number', checkIdNumber(input.id_number, todayOf(now))],
        ['address', checkAddress(input.address)],
        ['email', checkEmail(input.email)],
      ])
      if (!isResidenceChain(input.province_id, input.city_id, input.district_id)) {
        throw fieldRefusal('district_id', 'region.invalid')
      }
      const { id: _id, section: _section, ...basic } = input
      updateLoanUser(
        db,
        row.id,
        {
          basic_json: JSON.stringify({ ...basic, real_name: basic.real_name.trim(), id_number: normaliseIdNumber(basic.id_number) }),
          real_name: basic.real_name.trim(),
          id_number: normaliseIdNumber(basic.id_number),
        },
        now,
      )
      advanceStep(db, row, 'asset', now)
    } else {
      requireEditable(row, 'asset')
      const { id: _id, section: _section, ...asset } = input
      updateLoanUser(db, row.id, { asset_json: JSON.stringify(asset) }, now)
      advanceStep(db, row, 'contact', now)
    }
    return buildStatus(db, user, now, ctx.locale)
  },

  saveContacts: (ctx) => {
    const user = signedIn(ctx)
    const { db, now } = ctx
    const row = loanUserOf(db, user.id, now)
    requireEditable(row, 'contact')
    const issue = contactIssues(ctx.input.contacts, { name: row.real_name, phone: user.phone })[0]
    if (issue) {
      const field =
        issue.index === null ? 'contacts' : `contacts[${issue.index}]${issue.field ? `.${issue.field}` : ''}`
      throw fieldRefusal(field, issue.code)
    }
    const contacts = ctx.input.contacts.map((contact) => ({ ...contact, phone: normaliseMobile(contact.phone) }))
    updateLoanUser(db, row.id, { contacts_json: JSON.stringify(contacts) }, now)
    advanceStep(db, row, 'bank_card', now)
    return buildStatus(db, user, now, ctx.locale)
  },

  reportDevice: (ctx) => {
    const user = signedIn(ctx)
    ctx.db
      .prepare('INSERT INTO device_reports (user_id, report_json, created_at) VALUES (?, ?, ?)')
      .run(user.id, JSON.stringify(ctx.input), ctx.now)
    return { recorded: true as const }
  },

  getCreditDecision: (ctx) => {
    const user = signedIn(ctx)
    const { row, priority, dueAt } = settleReview(ctx.db, user, ctx.now)
    if (dueAt === null) {
      throw new Refusal(StatusCode.stepOutOfOrder, 'stepOutOfOrder', {}, { step: row.step })
    }
    if (row.decision === null) {
      return {
        status: 'reviewing' as const,
        priority,
        credit_limit: null,
        apr: null,
        terms: [],
        reason_code: null,
        retry_after: Math.max(1, Math.ceil((dueAt - ctx.now) / 1000)),
        decided_at: null,
      }
    }
    return {
      status: row.decision,
      priority,
      credit_limit: row.credit_limit,
      apr: row.apr,
      terms: row.decision === 'approved' ? [...allTerms] : [],
      reason_code: row.reason_code,
      retry_after: 0,
      decided_at: row.decided_at === null ? null : isoInstant(row.decided_at),
    }
  },

  getLoanUserStatus: (ctx) => buildStatus(ctx.db, signedIn(ctx), ctx.now, ctx.locale),
}
