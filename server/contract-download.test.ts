import { JSDOM } from 'jsdom'
import { expect, test } from 'vitest'
import { StatusCode } from '../src/contract/envelope'
import { sandboxForSuite } from '../tests/support/test-client'
import { contractHtml } from './content/agreements'
import { contractDocument } from './contract-document'

/*
 * "Save contract" over HTTP: the ticket is a signed, authenticated call; its URL serves the signed
 * contract once, for minutes, without the bearer token. The figures are checked against the
 * persona's loan priced here by the rule (docs/product-rules.md#money-amortization) and formatted
 * with Intl directly, not by the server's code.
 */

const sb = sandboxForSuite()

// The repaying persona (server/personas.ts, server/credit.ts): 12,000 CNY over 6 months at 11.88%,
// lent a month before the suite's clock (2026-03-10 in China), so period k is due 2026-(2+k)-10.
const repaying = { phone: '13800000004', name: '刘洋', amount: 1_200_000, term: 6, apr: 0.1188 }

function expectedSchedule() {
  const r = repaying.apr / 12
  const growth = (1 + r) ** repaying.term
  const payment = Math.round((repaying.amount * r * growth) / (growth - 1))
  let remaining = repaying.amount
  return Array.from({ length: repaying.term }, (_, index) => {
    const interest = Math.round(remaining * r)
    const principal = index === repaying.term - 1 ? remaining : payment - interest
    remaining -= principal
    const due = `2026-${String(3 + index).padStart(2, '0')}-10`
    return { period: index + 1, due, principal, interest, total: principal + interest }
  })
}

const yuan = (fen: number, tag: string) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'CNY' }).format(fen / 100)
const day = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))

async function ticketFor(phone: string, locale = 'zh-Hans') {
  const { token } = await sb.login(phone)
  const ticket = await sb.ok('requestContractDownload', { token, locale })
  return { token, ticket }
}

async function download(url: string) {
  const response = await fetch(url)
  return { response, text: await response.text() }
}

test('the ticket is an authenticated call: without a bearer token it is HTTP 401', async () => {
  const result = await sb.call('requestContractDownload', {})
  expect(result.http).toBe(401)
})

test('a borrower without a signed loan is refused with the catalogue message, in their language', async () => {
  const { token } = await sb.login('13800000001')
  const zh = await sb.call('requestContractDownload', { token })
  expect(zh.body).toMatchObject({ status: StatusCode.notFound, message: '还没有已签署的借款合同可以保存' })
  const en = await sb.call('requestContractDownload', { token, locale: 'en' })
  expect(en.body.message).toBe('There is no signed loan contract to save yet')
})

test("another borrower's loan is refused like no loan", async () => {
  const { token: owner } = await sb.login('13800000005')
  const status = await sb.ok('getLoanUserStatus', { token: owner })
  const loanId = status.loan?.loan_id
  expect(loanId).toMatch(/^loan/)
  const { token } = await sb.login('13800000004')
  const result = await sb.call('requestContractDownload', { token, input: { loan_id: loanId } })
  expect(result.body.status).toBe(StatusCode.notFound)
})

// rules: contract-keep
test('the ticket URL carries no token and serves the signed contract once, as an attachment', async () => {
  const { token, ticket } = await ticketFor(repaying.phone)
  expect(ticket.url).not.toContain(token)
  expect(ticket.url).toMatch(new RegExp(`^${sb.url}/v2/contract-download/[A-Za-z0-9_-]{32}$`))
  expect(Date.parse(ticket.expires_at) - sb.clock.now()).toBe(5 * 60_000)

  const first = await download(ticket.url)
  expect(first.response.status).toBe(200)
  expect(first.response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(first.response.headers.get('content-disposition')).toMatch(/^attachment; filename="huaqian-contract-loan[A-Za-z0-9_-]+\.html"$/)
  expect(first.text).toMatch(/^<!doctype html>/)
  expect(first.text).toContain('<meta charset="utf-8">')

  const second = await download(ticket.url)
  expect(second.response.status).toBe(410)
  expect(second.response.headers.get('content-disposition')).toBeNull()
  expect(second.text).toContain('这个下载链接已失效或已使用过')
  expect(second.text).not.toContain(repaying.name)
})

// rules: contract-keep
test('a ticket is good for five minutes, not a second more', async () => {
  const early = await ticketFor(repaying.phone)
  sb.clock.advance(5 * 60_000)
  expect((await download(early.ticket.url)).response.status).toBe(200)

  const late = await ticketFor(repaying.phone)
  sb.clock.advance(5 * 60_000 + 1_000)
  const gone = await download(late.ticket.url)
  expect(gone.response.status).toBe(410)
  expect(gone.text).not.toContain(repaying.name)
})

test('an unknown ticket is not found', async () => {
  const response = await fetch(`${sb.url}/v2/contract-download/${'A'.repeat(32)}`)
  expect(response.status).toBe(404)
})

// rules: contract-keep
test("the document has the borrower's name, amount, APR, term, signing date and every period, computed here", async () => {
  for (const [locale, tag] of [
    ['zh-Hans', 'zh-CN'],
    ['en', 'en-US'],
  ] as const) {
    const { ticket } = await ticketFor(repaying.phone, locale)
    const { text } = await download(ticket.url)
    const doc = new JSDOM(text).window.document
    expect(doc.documentElement.lang).toBe(locale === 'en' ? 'en' : 'zh-CN')
    const facts = Object.fromEntries(
      [...doc.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    )
    const label = locale === 'en' ? { b: 'Borrower', a: 'Amount', r: 'APR (simple interest)', t: 'Term', s: 'Signed on' } : { b: '借款人', a: '借款金额', r: '年化利率（单利）', t: '借款期限', s: '签署日期' }
    expect(facts[label.b]).toBe(repaying.name)
    expect(facts[label.a]).toBe(yuan(repaying.amount, tag))
    expect(facts[label.r]).toBe(new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(repaying.apr))
    expect(facts[label.t]).toBe(locale === 'en' ? '6 months' : '6个月')
    // Signed the day it was lent, 10:00 in China.
    expect(facts[label.s]).toBe(day('2026-02-10', tag))

    const rows = [...doc.querySelectorAll('tbody tr:not(.sum)')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    const schedule = expectedSchedule()
    expect(rows).toEqual(
      schedule.map((p) => [String(p.period), day(p.due, tag), yuan(p.principal, tag), yuan(p.interest, tag), yuan(p.total, tag)]),
    )
    const sum = [...doc.querySelectorAll('tbody tr.sum td')].map((td) => td.textContent)
    expect(sum.slice(2)).toEqual([
      yuan(repaying.amount, tag),
      yuan(schedule.reduce((acc, p) => acc + p.interest, 0), tag),
      yuan(schedule.reduce((acc, p) => acc + p.total, 0), tag),
    ])
    // The lender's own text follows the figures.
    expect(doc.querySelector('.text')?.textContent).toContain(locale === 'en' ? 'Amount' : '借款本金')
  }
})

// rules: contract-keep
test('script and event handlers in the contract text do not survive into the saved document', () => {
  // The lender's contract text is where hostile HTML would come from: the document the download serves, built from such a text.
  const contract = contractHtml({ kind: 'contract', lenderName: '安心借', amount: repaying.amount, term: repaying.term, apr: repaying.apr, locale: 'en' })
  const hostile =
    '<p id="kept">kept <b>bold</b></p><script>window.stolen = 1</script><img src="x" onerror="window.stolen = 2">' +
    '<a href="javascript:window.stolen = 3">link</a><svg onload="window.stolen = 4"></svg><iframe src="https://evil.test"></iframe>'
  const text = contractDocument({
    locale: 'en',
    borrowerName: repaying.name,
    lenderName: '安心借',
    amount: repaying.amount,
    apr: repaying.apr,
    term: repaying.term,
    signedAt: Date.UTC(2026, 1, 10),
    loanId: 'L1',
    schedule: [{ period: 1, due_date: '2026-03-10', principal: repaying.amount, interest: 0, fee: 0 }],
    contract: { ...contract, content_html: contract.content_html + hostile },
  })
  expect(text).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg/i)
  expect(text).toContain('kept <b>bold</b>')
  // Run as a browser would, scripts on: nothing of the hostile text executes.
  const dom = new JSDOM(text, { runScripts: 'dangerously' })
  expect((dom.window as unknown as { stolen?: number }).stolen).toBeUndefined()
  expect(dom.window.document.querySelectorAll('script, [onerror], [onload]')).toHaveLength(0)
})
