import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { sandboxSigningKey, signRequest } from '../src/contract/signature'
import { sandboxForSuite } from '../tests/support/test-client'
import { bindLender, throughCard } from '../tests/support/test-flows'

const sb = sandboxForSuite()

test('a correctly signed request is answered', async () => {
  const result = await sb.call('lookupChannel', { params: { channel: 'app-test' } })
  expect(result.body).toMatchObject({ status: 0, data: { channel_code: 'app-test', is_login_required: 0 } })
})

// rules: request-signature, security-signature-integrity
test('a body altered after signing is refused with the signature code', async () => {
  const { token } = await sb.login('13700000101')
  const result = await sb.call('reportDevice', {
    token,
    input: { device_id: 'd1', model: 'm', brand: 'b', os: 'android', os_name: 'Android', screen: '1*1', locale: 'en' },
    signFields: { device_id: 'd2', model: 'm', brand: 'b', os: 'android', os_name: 'Android', screen: '1*1', locale: 'en' },
  })
  expect(result.http).toBe(200)
  expect(result.body.status).toBe(StatusCode.badSignature)
  expect(result.body.message).toBe('请求签名无效')
})

// rules: security-signature-integrity
test('a query altered after signing is refused', async () => {
  const result = await sb.call('listRegions', { input: { parent_id: '440000' }, signFields: { parent_id: '110000' } })
  expect(result.body.status).toBe(StatusCode.badSignature)
})

// rules: security-signature-integrity
test('a signature off by one hex digit, first, middle or last, is refused; the whole one is taken', async () => {
  const stamp = Math.floor(sb.clock.now() / 1000)
  const right = signRequest(stamp, {}, sandboxSigningKey)
  const flip = (hex: string, at: number) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1)
  for (const at of [0, 31, 63]) {
    const result = await sb.call('lookupChannel', { params: { channel: 'app-test' }, timestamp: String(stamp), signature: flip(right, at) })
    expect(result.body.status, `digit ${at} changed`).toBe(StatusCode.badSignature)
  }
  const whole = await sb.call('lookupChannel', { params: { channel: 'app-test' }, timestamp: String(stamp), signature: right })
  expect(whole.body.status).toBe(StatusCode.ok)
})

test('a request without signature or timestamp is refused', async () => {
  const noSignature = await sb.call('lookupChannel', { params: { channel: 'app-test' }, signature: null })
  const noTimestamp = await sb.call('lookupChannel', { params: { channel: 'app-test' }, timestamp: null })
  expect(noSignature.body.status).toBe(StatusCode.badSignature)
  expect(noTimestamp.body.status).toBe(StatusCode.badSignature)
})

// rules: request-clock-skew
test('a stale timestamp either way gets its own code and the server time', async () => {
  const serverTime = Math.floor(sb.clock.now() / 1000)
  for (const skew of [-301, 301]) {
    const result = await sb.call('lookupChannel', { params: { channel: 'app-test' }, clockSkewS: skew })
    expect(result.body).toMatchObject({ status: StatusCode.staleTimestamp, data: { server_time: serverTime } })
  }
  const edge = await sb.call('lookupChannel', { params: { channel: 'app-test' }, clockSkewS: 300 })
  expect(edge.body.status).toBe(0)
})

test('a call that needs a token answers HTTP 401 without one, or with an unknown one', async () => {
  const missing = await sb.call('getLoanUserStatus')
  const unknown = await sb.call('getLoanUserStatus', { token: 'not-a-token' })
  expect(missing.http).toBe(401)
  expect(unknown.http).toBe(401)
  expect(missing.body.status).not.toBe(0)
})

test('a token stops working after 24 hours', async () => {
  const { token } = await sb.login('13700000102')
  expect((await sb.call('showUser', { token })).http).toBe(200)
  sb.clock.advance(24 * 3_600_000 + 1_000)
  expect((await sb.call('showUser', { token })).http).toBe(401)
})

test('a request that breaks the contract gets a clear refusal, not a crash', async () => {
  const { token } = await sb.login('13700000103')
  const result = await sb.call('saveContacts', { token, input: { contacts: 'nobody' } })
  expect(result.http).toBe(200)
  expect(result.body.status).toBe(StatusCode.invalidRequest)
  expect(result.body.message).toContain('contacts')
  const notJson = await sb.raw('/v2/device-info', {
    method: 'POST',
    headers: { 'content-type': 'application/json', timestamp: '1', signature: 'x' },
    body: '{not json',
  })
  expect(notJson.http).toBe(200)
  expect(notJson.body.status).toBe(StatusCode.invalidRequest)
})

// rules: locale-server-messages
test('refusals speak the borrower’s language', async () => {
  const english = await sb.call('lookupChannel', { params: { channel: 'nope' }, locale: 'en-US,en;q=0.9' })
  const traditional = await sb.call('lookupChannel', { params: { channel: 'nope' }, locale: 'zh-TW' })
  expect(english.body).toMatchObject({ status: StatusCode.notFound, message: 'Unknown channel: nope' })
  expect(traditional.body.message).toBe('未知渠道：nope')
  // Every locale the page speaks, as a browser in that language asks for it.
  const french = await sb.call('lookupChannel', { params: { channel: 'nope' }, locale: 'fr-FR,fr;q=0.9,en;q=0.5' })
  const spanish = await sb.call('lookupChannel', { params: { channel: 'nope' }, locale: 'es-ES,es;q=0.9' })
  const simplified = await sb.call('lookupChannel', { params: { channel: 'nope' }, locale: 'zh-CN' })
  expect(french.body.message).toBe('Canal inconnu : nope')
  expect(spanish.body.message).toBe('Canal desconocido: nope')
  expect(simplified.body.message).toBe('未知渠道：nope')
})

// rules: idem-server
test('a committing call without an Idempotency-Key is refused', async () => {
  const { token } = await sb.login('13700000104')
  const result = await sb.call('buyRewardProduct', {
    token,
    input: { product_id: 'rights_monthly', card_id: 'x', agreements: { reward: true, withhold_agreement: true } },
  })
  expect(result.body.status).toBe(StatusCode.idempotencyKeyMissing)
})

test('a retried rights purchase with the same key records one order and answers the same', async () => {
  const phone = '13700000105'
  const { token } = await sb.login(phone)
  const { card } = await throughCard(sb, token, phone)
  const key = randomUUID()
  const input = {
    product_id: 'rights_monthly',
    card_id: card.card_id,
    agreements: { reward: true, withhold_agreement: true },
  }
  const first = await sb.call('buyRewardProduct', { token, input, idempotencyKey: key })
  const retry = await sb.call('buyRewardProduct', { token, input, idempotencyKey: key })
  expect(first.body.status).toBe(0)
  expect(retry.body).toEqual(first.body)
  const orders = sb.db.prepare('SELECT COUNT(*) AS n FROM reward_orders WHERE user_id = (SELECT id FROM users WHERE phone = ?)').get(phone) as { n: number }
  expect(orders.n).toBe(1)

  const changed = await sb.call('buyRewardProduct', {
    token,
    input: { ...input, product_id: 'rights_yearly' },
    idempotencyKey: key,
  })
  expect(changed.body.status).toBe(StatusCode.idempotencyConflict)

  const another = await sb.call('buyRewardProduct', { token, input, idempotencyKey: randomUUID() })
  expect(another.body.status).not.toBe(0)
})

test('a retried loan application with the same key creates one loan', async () => {
  const phone = '13800000006'
  const { token } = await sb.login(phone)
  await bindLender(sb, token, phone, 'lender_chenxing')
  const key = randomUUID()
  const input = {
    lender_id: 'lender_chenxing',
    amount: 3_000_000,
    term: 12,
    purpose: 'education',
    agreements: { loan: true, contract: true, third_party: true },
  }
  const first = await sb.call('applyLoan', { token, input, idempotencyKey: key })
  const retry = await sb.call('applyLoan', { token, input, idempotencyKey: key })
  expect(first.body.status).toBe(0)
  expect(retry.body).toEqual(first.body)
  const status = await sb.ok('getLoanUserStatus', { token })
  expect(status.loans).toHaveLength(1)
})
