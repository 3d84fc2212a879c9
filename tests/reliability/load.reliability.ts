import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSandbox, type CallOptions, type TestSandbox } from '../support/test-client'
import { assetInput, basicInput, contactsInput, debitCard } from '../support/test-flows'
import { recordFigures } from '../support/figures'

/*
 * Load: concurrent borrowers walking the whole funnel against one sandbox on loopback,
 * on the real clock (the review really takes its 3 s): login, demand, liveness, basic, asset,
 * contacts, card by SMS, the review polled, then for the approved a lender card by SMS and the
 * loan. Bounded: 50 borrowers, 60 s. Afterwards the database is counted: every borrower's card
 * and every approved borrower's loan exactly once (0 lost, 0 duplicated), and no 5xx answer.
 */

const borrowers = 50
const budgetMs = 60_000
const latencies: number[] = []
let http5xx = 0
let sb: TestSandbox

beforeAll(async () => {
  sb = await startTestSandbox({ clock: { now: () => Date.now(), advance: () => {}, set: () => {} } })
})
afterAll(async () => {
  await sb?.close()
})

async function timed(name: Parameters<TestSandbox['call']>[0], options: CallOptions) {
  const started = performance.now()
  const answer = await sb.call(name, options)
  latencies.push(performance.now() - started)
  if (answer.http >= 500) http5xx += 1
  if (answer.http !== 200 || answer.body.status !== 0) throw new Error(`${name}: HTTP ${answer.http} ${JSON.stringify(answer.body).slice(0, 200)}`)
  return answer.body.data as Record<string, unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function funnel(index: number): Promise<{ userId: string; approved: boolean; applied: boolean }> {
  const phone = `1370000${String(3000 + index)}`
  const { token, userId } = await sb.login(phone)
  const status = await timed('getLoanUserStatus', { token })
  const id = String(status.id)
  await timed('updateLoanUser', { token, params: { id }, input: { id, section: 'demand', amount: 1_200_000, term: 6, purpose: 'shopping', agreements: { register: true, user: true, privacy: true, personal_consent: true } } })
  const session = await timed('startBiometricSession', { token, input: { return_url: 'http://127.0.0.1/#/pages/facialIdentification/index', agreements: { face_consent: true, sensitive_consent: true } } })
  await sb.raw(`/sandbox/vendor/liveness/${String(session.session_id)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'passed' }) })
  const result = await timed('getBiometricResult', { token, input: { session_id: String(session.session_id) } })
  const identity = { real_name: String(result.real_name), id_number: String(result.id_number) }
  await timed('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await timed('updateLoanUser', { token, params: { id }, input: assetInput(id) })
  await timed('saveContacts', { token, input: contactsInput })
  const sent = await timed('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  const code = await sb.smsCode(phone)
  await timed('confirmCard', { token, idempotencyKey: `card-${index}`, input: { request_id: String(sent.request_id), code, agreements: { withhold_agreement: true } } })
  let decision = await timed('getCreditDecision', { token })
  while (decision.status === 'reviewing') {
    await sleep(500)
    decision = await timed('getCreditDecision', { token })
  }
  if (decision.status !== 'approved') return { userId, approved: false, applied: false }
  const matches = (await timed('listMatches', { token })).items as { lender_id: string; recommended: boolean }[]
  const lender = matches.find((match) => match.recommended)?.lender_id ?? ''
  await timed('trialLoan', { token, input: { amount: 1_200_000, term: 6, lender_id: lender } })
  const lenderSms = await timed('sendLenderCardCode', { token, input: { lender_id: lender } })
  await timed('confirmLenderCard', { token, idempotencyKey: `bind-${index}`, input: { request_id: String(lenderSms.request_id), code: await sb.smsCode(phone), lender_id: lender } })
  // The borrower taps "confirm" twice: the same key, sent twice.
  const apply = { token, idempotencyKey: `apply-${index}`, input: { lender_id: lender, amount: 1_200_000, term: 6, purpose: 'shopping', agreements: { loan: true, contract: true, third_party: true } } }
  await Promise.all([timed('applyLoan', apply), timed('applyLoan', apply)])
  return { userId, approved: true, applied: true }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

test(`${borrowers} concurrent borrowers walk the funnel: 0 lost, 0 duplicated, 0 5xx`, { timeout: budgetMs }, async () => {
  const started = performance.now()
  const settled = await Promise.allSettled(Array.from({ length: borrowers }, (_, index) => funnel(index)))
  const elapsedMs = performance.now() - started
  const finished = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const errors = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []))
  const count = (sql: string, userId: string) => (sb.db.prepare(sql).get(userId) as { n: number }).n
  const cards = finished.map((f) => count('SELECT COUNT(*) AS n FROM bank_cards WHERE user_id = ?', f.userId))
  const loans = finished.map((f) => count('SELECT COUNT(*) AS n FROM loans WHERE user_id = ?', f.userId))
  const lost = cards.filter((n) => n === 0).length + finished.filter((f, i) => f.applied && loans[i] === 0).length
  const duplicated = cards.filter((n) => n > 1).length + loans.filter((n) => n > 1).length
  const sorted = [...latencies].sort((a, b) => a - b)
  const figures = {
    headline: `${borrowers} borrowers in ${(elapsedMs / 1000).toFixed(1)} s, ${latencies.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ${finished.filter((f) => f.applied).length} loans; ${lost} lost, ${duplicated} duplicated, ${http5xx} 5xx`,
    borrowers,
    elapsedMs: Math.round(elapsedMs),
    requests: latencies.length,
    p50Ms: Number(percentile(sorted, 50).toFixed(1)),
    p95Ms: Number(percentile(sorted, 95).toFixed(1)),
    maxMs: Number((sorted.at(-1) ?? 0).toFixed(1)),
    approved: finished.filter((f) => f.approved).length,
    loans: finished.filter((f) => f.applied).length,
    lost,
    duplicated,
    http5xx,
    errors,
  }
  recordFigures('load', figures)
  expect(errors).toEqual([])
  expect(finished).toHaveLength(borrowers)
  expect(lost).toBe(0)
  expect(duplicated).toBe(0)
  expect(http5xx).toBe(0)
})
