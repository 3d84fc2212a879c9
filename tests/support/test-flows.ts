import { withLuhnDigit } from '../../server/banks'
import type { SandboxClient } from './test-client'

/*
 * The application funnel as the page walks it, for tests that need a borrower at a later step.
 * Each step returns what the next one needs; tests assert on the answers they care about.
 */

export const demandInput = (id: string) => ({
  id,
  section: 'demand',
  amount: 1_200_000,
  term: 6,
  purpose: 'shopping',
  agreements: { register: true, user: true, privacy: true, personal_consent: true },
})

export const basicInput = (id: string, identity: { real_name: string; id_number: string }) => ({
  id,
  section: 'basic',
  real_name: identity.real_name,
  id_number: identity.id_number,
  education: 'bachelor',
  marital_status: 'single',
  province_id: '440000',
  city_id: '440300',
  district_id: '440305',
  address: '科技园南区 1 栋 101 室',
  email: 'borrower@example.com',
})

export const assetInput = (id: string, incomeBand = '10k_20k') => ({
  id,
  section: 'asset',
  occupation: 'employee',
  income_band: incomeBand,
  housing: 'rented',
  car: 'none',
  social_insurance: true,
  provident_fund: true,
  credit_card: false,
})

export const contactsInput = {
  contacts: [
    { relation: 'parent', name: '王建国', phone: '13912345678' },
    { relation: 'friend', name: '周小川', phone: '13987654321' },
  ],
  agreements: { form: true },
}

/** An ICBC debit card number that passes Luhn. */
export const debitCard = withLuhnDigit('622202000012345678')

export async function statusOf(sb: SandboxClient, token: string) {
  return sb.ok('getLoanUserStatus', { token })
}

/**
 * Demand and a passed liveness check: the borrower lands on basic info with a known identity.
 * `withDemand: false` keeps the demand the borrower already made.
 */
export async function throughFace(sb: SandboxClient, token: string, withDemand = true) {
  const { id } = await statusOf(sb, token)
  if (withDemand) await sb.ok('updateLoanUser', { token, params: { id }, input: demandInput(id) })
  const session = await sb.ok('startBiometricSession', {
    token,
    input: {
      return_url: 'http://127.0.0.1:5173/#/pages/facialIdentification/index',
      agreements: { face_consent: true, sensitive_consent: true },
    },
  })
  await sb.raw(`/sandbox/vendor/liveness/${session.session_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'passed' }),
  })
  const result = await sb.ok('getBiometricResult', { token, input: { session_id: session.session_id } })
  return { id, identity: { real_name: result.real_name ?? '', id_number: result.id_number ?? '' } }
}

/** Everything up to the card: the review starts. */
export async function throughCard(sb: SandboxClient, token: string, phone: string, incomeBand = '10k_20k', withDemand = true) {
  const { id, identity } = await throughFace(sb, token, withDemand)
  await sb.ok('updateLoanUser', { token, params: { id }, input: basicInput(id, identity) })
  await sb.ok('updateLoanUser', { token, params: { id }, input: assetInput(id, incomeBand) })
  await sb.ok('saveContacts', { token, input: contactsInput })
  const sent = await sb.ok('sendCardCode', { token, input: { card_number: debitCard, reserved_phone: phone } })
  const code = await sb.smsCode(phone)
  const bound = await sb.ok('confirmCard', {
    token,
    input: { request_id: sent.request_id, code, agreements: { withhold_agreement: true } },
  })
  return { id, identity, card: bound.card }
}

/** Binds the card for `lenderId` by SMS, as the loan confirmation screen does. */
export async function bindLender(sb: SandboxClient, token: string, phone: string, lenderId: string) {
  const sent = await sb.ok('sendLenderCardCode', { token, input: { lender_id: lenderId } })
  const code = await sb.smsCode(phone)
  return sb.ok('confirmLenderCard', { token, input: { request_id: sent.request_id, code, lender_id: lenderId } })
}
