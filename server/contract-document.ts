import createDOMPurify, { type Config, type DOMPurify } from 'dompurify'
import { createRequire } from 'node:module'
import { formatApr, formatDate, formatMoney, formatMonths } from '../src/contract/format'
import type { Locale } from './messages'

/*
 * The signed contract as a document the borrower keeps (docs/decisions/012-the-signed-contract-is-a-download-the-host-opens.md):
 * one self-contained HTML file, no script, no outside resource, readable on a phone at 320 px with
 * large text and printable. Figures are formatted as the page formats them (src/contract/format.ts);
 * the lender's contract text is server HTML and goes through DOMPurify like every server text
 * (docs/product-rules.md#contract-keep).
 */

export interface ContractPeriod {
  period: number
  due_date: string
  principal: number
  interest: number
  fee: number
}

export interface ContractDocumentInput {
  locale: Locale
  borrowerName: string
  lenderName: string
  /** Fen. */
  amount: number
  apr: number
  term: number
  /** When the borrower signed (applied), ms since the epoch. */
  signedAt: number
  loanId: string
  schedule: readonly ContractPeriod[]
  contract: { title: string; version: string; content_html: string }
}

interface Labels {
  lang: string
  facts: string
  borrower: string
  lender: string
  amount: string
  apr: string
  term: string
  signedOn: string
  contractNo: string
  version: string
  schedule: string
  period: string
  dueDate: string
  principal: string
  interest: string
  total: string
  sum: string
  text: string
  footer: (name: string, date: string) => string
}

const labels: Record<Locale, Labels> = {
  'zh-Hans': {
    lang: 'zh-CN',
    facts: '借款信息',
    borrower: '借款人',
    lender: '出借人',
    amount: '借款金额',
    apr: '年化利率（单利）',
    term: '借款期限',
    signedOn: '签署日期',
    contractNo: '合同编号',
    version: '合同版本',
    schedule: '还款计划',
    period: '期数',
    dueDate: '还款日',
    principal: '本金',
    interest: '利息',
    total: '应还金额',
    sum: '合计',
    text: '合同条款',
    footer: (name, date) => `本合同由借款人${name}于${date}在“花钱”以电子方式签署。`,
  },
  'zh-Hant': {
    lang: 'zh-TW',
    facts: '借款資訊',
    borrower: '借款人',
    lender: '出借人',
    amount: '借款金額',
    apr: '年化利率（單利）',
    term: '借款期限',
    signedOn: '簽署日期',
    contractNo: '合約編號',
    version: '合約版本',
    schedule: '還款計畫',
    period: '期數',
    dueDate: '還款日',
    principal: '本金',
    interest: '利息',
    total: '應還金額',
    sum: '合計',
    text: '合約條款',
    footer: (name, date) => `本合約由借款人${name}於${date}在「花錢」以電子方式簽署。`,
  },
  en: {
    lang: 'en',
    facts: 'The loan',
    borrower: 'Borrower',
    lender: 'Lender',
    amount: 'Amount',
    apr: 'APR (simple interest)',
    term: 'Term',
    signedOn: 'Signed on',
    contractNo: 'Contract number',
    version: 'Contract version',
    schedule: 'Repayment schedule',
    period: 'Period',
    dueDate: 'Due date',
    principal: 'Principal',
    interest: 'Interest',
    total: 'Amount due',
    sum: 'Total',
    text: 'Terms of the contract',
    footer: (name, date) => `Signed electronically by ${name} on 花钱 on ${date}.`,
  },
  fr: {
    lang: 'fr',
    facts: 'Le prêt',
    borrower: 'Emprunteur',
    lender: 'Prêteur',
    amount: 'Montant',
    apr: 'TAEG (intérêts simples)',
    term: 'Durée',
    signedOn: 'Signé le',
    contractNo: 'Numéro du contrat',
    version: 'Version du contrat',
    schedule: 'Échéancier',
    period: 'Échéance',
    dueDate: 'Date',
    principal: 'Capital',
    interest: 'Intérêts',
    total: 'Montant dû',
    sum: 'Total',
    text: 'Conditions du contrat',
    footer: (name, date) => `Signé électroniquement par ${name} sur 花钱 le ${date}.`,
  },
  es: {
    lang: 'es',
    facts: 'El préstamo',
    borrower: 'Prestatario',
    lender: 'Prestamista',
    amount: 'Importe',
    apr: 'TAE (interés simple)',
    term: 'Plazo',
    signedOn: 'Firmado el',
    contractNo: 'Número de contrato',
    version: 'Versión del contrato',
    schedule: 'Calendario de pagos',
    period: 'Cuota',
    dueDate: 'Vencimiento',
    principal: 'Capital',
    interest: 'Intereses',
    total: 'Importe a pagar',
    sum: 'Total',
    text: 'Condiciones del contrato',
    footer: (name, date) => `Firmado electrónicamente por ${name} en 花钱 el ${date}.`,
  },
}

/** China Standard Time: the sandbox's calendar (server/store.ts), so the signing date is the borrower's day. */
const signingZone = 'Asia/Shanghai'

// The document needs text, tables, lists and links; everything that could run, load or cover
// something is dropped. Links stay followable in the browser that opens the saved file.
const purifyConfig: Config = {
  USE_PROFILES: { html: true },
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#)/i,
  ALLOW_DATA_ATTR: false,
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'template', 'img', 'svg', 'math', 'video', 'audio'],
  FORBID_ATTR: ['style', 'srcset', 'target', 'ping', 'id', 'name'],
}

let purifier: DOMPurify | null = null
// jsdom takes over a second to load and only a contract download needs it: loaded then, the sandbox
// (and every test that starts one) starts without it.
const requireOnDemand = createRequire(import.meta.url)

/** The lender's contract HTML, safe to place in the document. */
export function sanitizeContractHtml(html: string): string {
  // One jsdom window for the process: building one costs tens of milliseconds.
  if (purifier === null) {
    const { JSDOM } = requireOnDemand('jsdom') as typeof import('jsdom')
    purifier = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis)
  }
  return purifier.sanitize(html, { ...purifyConfig, RETURN_TRUSTED_TYPE: false })
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char)
}

/** The ASCII file name the download is saved under. */
export function contractFileName(loanId: string): string {
  return `huaqian-contract-${loanId.replace(/[^A-Za-z0-9_-]/g, '')}.html`
}

/** The whole document, as text. */
export function contractDocument(input: ContractDocumentInput): string {
  const l = labels[input.locale]
  const money = (fen: number) => formatMoney(fen, input.locale)
  const signedOn = formatDate(new Date(input.signedAt).toISOString(), input.locale, { timeZone: signingZone })
  const facts: [string, string][] = [
    [l.borrower, input.borrowerName],
    [l.lender, input.lenderName],
    [l.amount, money(input.amount)],
    [l.apr, formatApr(input.apr, input.locale)],
    [l.term, formatMonths(input.term, input.locale)],
    [l.signedOn, signedOn],
    [l.contractNo, input.loanId],
    [l.version, input.contract.version],
  ]
  const totalOf = (p: ContractPeriod) => p.principal + p.interest + p.fee
  const sum = (pick: (p: ContractPeriod) => number) => input.schedule.reduce((acc, p) => acc + pick(p), 0)
  const cell = (label: string, value: string, numeric = false) =>
    `<td data-label="${escapeHtml(label)}"${numeric ? ' class="num"' : ''}>${escapeHtml(value)}</td>`
  const rows = input.schedule
    .map(
      (p) =>
        `<tr>${cell(l.period, String(p.period))}${cell(l.dueDate, formatDate(p.due_date, input.locale))}${cell(l.principal, money(p.principal), true)}${cell(l.interest, money(p.interest), true)}${cell(l.total, money(totalOf(p)), true)}</tr>`,
    )
    .join('\n')
  const totals = `<tr class="sum">${cell(l.period, l.sum)}${cell(l.dueDate, '')}${cell(l.principal, money(sum((p) => p.principal)), true)}${cell(l.interest, money(sum((p) => p.interest)), true)}${cell(l.total, money(sum(totalOf)), true)}</tr>`
  const title = escapeHtml(input.contract.title)
  return `<!doctype html>
<html lang="${l.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>${title}</title>
<style>
  :root { color: #111; background: #fff; }
  body { margin: 0 auto; max-width: 48rem; padding: 16px; font: 18px/1.6 system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; overflow-wrap: anywhere; }
  h1 { font-size: 1.5em; line-height: 1.3; margin: 0 0 0.75em; }
  h2 { font-size: 1.25em; line-height: 1.3; margin: 1.5em 0 0.5em; border-bottom: 2px solid #111; padding-bottom: 0.2em; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35em 1em; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #555; padding: 0.35em 0.5em; text-align: left; vertical-align: top; }
  th { background: #eee; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  tr.sum td { font-weight: 700; }
  .text { margin-top: 0.5em; }
  .text h1, .text h2, .text h3 { font-size: 1.1em; border: 0; }
  footer { margin-top: 2em; font-size: 0.9em; color: #333; }
  /* A narrow phone: the schedule's rows stack, each figure on its own line with its label. */
  @media (max-width: 36rem) {
    dl { grid-template-columns: 1fr; gap: 0 0; }
    dd { margin-bottom: 0.5em; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    table, tbody, tr, td { display: block; width: auto; }
    tr { border: 1px solid #555; margin-bottom: 0.75em; }
    td { border: 0; border-bottom: 1px solid #ccc; display: flex; justify-content: space-between; gap: 1em; text-align: right; }
    td:last-child { border-bottom: 0; }
    td::before { content: attr(data-label); font-weight: 600; text-align: left; }
    td:empty { display: none; }
  }
  @media print {
    body { max-width: none; padding: 0; font-size: 11pt; }
    h2 { break-after: avoid; }
    tr { break-inside: avoid; }
    thead { display: table-header-group; }
  }
</style>
</head>
<body>
<h1>${title}</h1>
<section aria-labelledby="facts">
<h2 id="facts">${escapeHtml(l.facts)}</h2>
<dl>
${facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>
</section>
<section aria-labelledby="schedule">
<h2 id="schedule">${escapeHtml(l.schedule)}</h2>
<table>
<thead><tr><th scope="col">${escapeHtml(l.period)}</th><th scope="col">${escapeHtml(l.dueDate)}</th><th scope="col">${escapeHtml(l.principal)}</th><th scope="col">${escapeHtml(l.interest)}</th><th scope="col">${escapeHtml(l.total)}</th></tr></thead>
<tbody>
${rows}
${totals}
</tbody>
</table>
</section>
<section aria-labelledby="text">
<h2 id="text">${escapeHtml(l.text)}</h2>
<div class="text">${sanitizeContractHtml(input.contract.content_html)}</div>
</section>
<footer>${escapeHtml(l.footer(input.borrowerName, signedOn))}</footer>
</body>
</html>
`
}
