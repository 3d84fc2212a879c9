import { randomInt } from 'node:crypto'
import { StatusCode } from '../src/contract/envelope'
import type { Db } from './db'
import { maskPhone } from './banks'
import { Refusal } from './refusal'
import { newId } from './store'

/*
 * The sandbox's SMS gateway: codes are stored instead of sent, and testers read them from
 * `GET /sandbox/sms-outbox?phone=`. Same rules as a real one: 6 random digits, valid 5 minutes,
 * single use, no new code for the same purpose within 60 s.
 */

export const smsTiming = { resendAfterS: 60, expiresInS: 300 } as const
/** The fifth wrong code spends the code it was tried against; a new one must be asked for. */
export const smsMaxWrongAttempts = 5

export type SmsPurpose = 'card' | 'lender_card'

interface SmsRow {
  request_id: string
  user_id: string
  phone: string
  purpose: SmsPurpose
  code: string
  payload_json: string
  created_at: number
  expires_at: number
  used_at: number | null
  wrong_attempts: number
}

export function sendCode(
  db: Db,
  send: { userId: string; phone: string; purpose: SmsPurpose; payload: Record<string, unknown> },
  nowMs: number,
) {
  const last = db
    .prepare(
      'SELECT created_at FROM sms_codes WHERE user_id = ? AND purpose = ? ORDER BY created_at DESC LIMIT 1',
    )
    .get(send.userId, send.purpose) as { created_at: number } | undefined
  const waitMs = last ? last.created_at + smsTiming.resendAfterS * 1000 - nowMs : 0
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    throw new Refusal(StatusCode.smsTooSoon, 'smsTooSoon', { seconds }, { retry_after: seconds })
  }
  const requestId = newId('sms')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  db.prepare(
    `INSERT INTO sms_codes (request_id, user_id, phone, purpose, code, payload_json, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    requestId,
    send.userId,
    send.phone,
    send.purpose,
    code,
    JSON.stringify(send.payload),
    nowMs,
    nowMs + smsTiming.expiresInS * 1000,
  )
  return {
    request_id: requestId,
    phone_masked: maskPhone(send.phone),
    resend_after: smsTiming.resendAfterS,
    expires_in: smsTiming.expiresInS,
  }
}

/**
 * Uses up a code; answers the payload stored when it was sent, or refuses with 1008. A code is
 * sent to one phone for one card, so counting wrong tries per code counts them per phone and per
 * card: the fifth wrong one spends it (`data.attempts_left` 0), and even the right code is refused
 * after that. The count survives the refusal (`keepsEffects`).
 */
export function consumeCode(
  db: Db,
  use: { userId: string; requestId: string; code: string; purpose: SmsPurpose },
  nowMs: number,
): Record<string, unknown> {
  const row = db
    .prepare('SELECT * FROM sms_codes WHERE request_id = ? AND user_id = ? AND purpose = ?')
    .get(use.requestId, use.userId, use.purpose) as SmsRow | undefined
  if (!row || row.used_at !== null || nowMs > row.expires_at) {
    throw new Refusal(StatusCode.smsCodeInvalid, 'smsCodeInvalid')
  }
  if (row.wrong_attempts >= smsMaxWrongAttempts) {
    throw new Refusal(StatusCode.smsCodeInvalid, 'smsCodeSpent', { max: smsMaxWrongAttempts }, { attempts_left: 0 })
  }
  if (row.code !== use.code) {
    const wrong = row.wrong_attempts + 1
    db.prepare('UPDATE sms_codes SET wrong_attempts = ? WHERE request_id = ?').run(wrong, row.request_id)
    const left = smsMaxWrongAttempts - wrong
    throw left === 0
      ? new Refusal(StatusCode.smsCodeInvalid, 'smsCodeSpent', { max: smsMaxWrongAttempts }, { attempts_left: 0 }, true)
      : new Refusal(StatusCode.smsCodeInvalid, 'smsCodeWrong', { left }, { attempts_left: left }, true)
  }
  db.prepare('UPDATE sms_codes SET used_at = ? WHERE request_id = ?').run(nowMs, row.request_id)
  return JSON.parse(row.payload_json) as Record<string, unknown>
}

/** The newest codes sent to `phone`, for the host simulator and tests. */
export function outbox(db: Db, phone: string, nowMs: number, limit = 10) {
  const rows = db
    .prepare('SELECT * FROM sms_codes WHERE phone = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
    .all(phone, limit) as SmsRow[]
  return rows.map((row) => ({
    request_id: row.request_id,
    phone: row.phone,
    purpose: row.purpose,
    code: row.code,
    sent_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    used: row.used_at !== null,
    expired: nowMs > row.expires_at,
  }))
}
