import type { AgreementKey } from '../../src/contract/entities'
import { amortize } from '../amortization'
import { agreementsEn } from './agreements-en'
import { agreementsEs } from './agreements-es'
import { agreementsFr } from './agreements-fr'
import { agreementsZhHans } from './agreements-zh-hans'
import { agreementsZhHant } from './agreements-zh-hant'
import {
  lenderIds,
  lenderWords,
  productIds,
  productWords,
  rewardWords,
  type BenefitCode,
  type LenderId,
  type ProductId,
} from './catalogue-text'
import {
  escapeHtml,
  renderDocument,
  resolveLocale,
  type AgreementLocale,
  type ContentLocale,
} from './content-locale'
import { contractTemplates } from './contract-text'

/*
 * The texts the sandbox serves: the ten agreements of docs/product-rules.md#flow-agreement-keys, a lender's contract and
 * third-party protocol with the loan's numbers filled in, the rights card copy and the catalogue
 * of fictional lenders. Clean HTML only (headings, paragraphs, lists), every text escaped.
 */

export { resolveLocale, type ContentLocale }

const agreementLocales: Record<ContentLocale, AgreementLocale> = {
  'zh-Hans': agreementsZhHans,
  'zh-Hant': agreementsZhHant,
  en: agreementsEn,
  fr: agreementsFr,
  es: agreementsEs,
}

/** Versions and dates are per agreement, not per locale: a translation is the same version. */
const agreementVersions: Record<AgreementKey, { version: string; effective: string }> = {
  register: { version: '3.1.0', effective: '2025-01-15' },
  user: { version: '3.2.0', effective: '2025-03-01' },
  privacy: { version: '4.0.2', effective: '2025-06-18' },
  'personal-consent': { version: '2.1.0', effective: '2025-03-01' },
  'sensitive-consent': { version: '2.0.1', effective: '2025-03-01' },
  'face-consent': { version: '1.4.0', effective: '2025-01-15' },
  loan: { version: '2.3.0', effective: '2025-06-18' },
  form: { version: '1.2.0', effective: '2024-11-11' },
  reward: { version: '1.5.0', effective: '2025-05-20' },
  'withhold-agreement': { version: '2.0.0', effective: '2024-11-11' },
}

/** Agreements about personal information end with retention, rights and contact clauses. */
const privacyKeys: ReadonlySet<AgreementKey> = new Set([
  'privacy',
  'personal-consent',
  'sensitive-consent',
  'face-consent',
  'form',
])

export interface AgreementDocument {
  title: string
  version: string
  content_html: string
  updated_at: string
}

/** An agreement in `locale` (unknown locales get zh-Hans, the product default). */
export function agreementHtml(key: AgreementKey, locale: string): AgreementDocument {
  const words = agreementLocales[resolveLocale(locale)]
  const text = words.agreements[key]
  const { version, effective } = agreementVersions[key]
  const tail = privacyKeys.has(key) ? words.privacyTail : words.contractTail
  return {
    title: text.title,
    version,
    content_html: renderDocument({
      title: text.title,
      meta: words.meta(version, effective),
      intro: [text.intro],
      clauses: [...text.clauses, ...tail],
      clauseLabel: words.clauseLabel,
    }),
    updated_at: `${effective}T00:00:00+08:00`,
  }
}

export interface ContractInput {
  kind: 'contract' | 'third_party'
  lenderName: string
  /** Principal in fen. */
  amount: number
  /** Months. */
  term: number
  /** Fraction per year. */
  apr: number
  locale: string
}

/** A lender's loan contract or third-party protocol with the loan's figures written in. */
export function contractHtml(input: ContractInput): { title: string; version: string; content_html: string } {
  const locale = resolveLocale(input.locale)
  const words = agreementLocales[locale]
  // Only the totals are quoted, and they do not depend on the start date.
  const plan = amortize({ principal: input.amount, apr: input.apr, term: input.term, startDate: '2025-01-01' })
  const money = (fen: number) => formatCny(fen, locale)
  const doc = contractTemplates[locale][input.kind]({
    lender: input.lenderName,
    amount: money(input.amount),
    term: input.term,
    apr: formatPercent(input.apr, locale, 2),
    // Chinese lenders quote a daily rate on a 360-day year.
    dailyRate: formatPercent(input.apr / 360, locale, 4),
    monthlyPayment: money(plan.monthlyPayment),
    totalInterest: money(plan.totalInterest),
    totalRepayment: money(plan.totalRepayment),
  })
  const version = input.kind === 'contract' ? '2.0.3' : '1.1.0'
  return {
    title: doc.title,
    version,
    content_html: renderDocument({
      title: doc.title,
      meta: words.meta(version, '2025-03-01'),
      intro: doc.intro,
      clauses: doc.clauses,
      clauseLabel: words.clauseLabel,
    }),
  }
}

export interface RewardProductCopy {
  name: string
  benefits: { code: BenefitCode; title: string; description: string }[]
  detail_html: string
}

export function rewardProductCopy(locale: string): RewardProductCopy {
  const words = rewardWords[resolveLocale(locale)]
  const codes: BenefitCode[] = ['priority_review', 'approval_85', 'lifestyle']
  const detail = [
    `<h1>${escapeHtml(words.name)}</h1>`,
    `<ul>${codes
      .map((code) => `<li><strong>${escapeHtml(words.benefits[code].title)}</strong>: ${escapeHtml(words.benefits[code].description)}</li>`)
      .join('')}</ul>`,
    ...words.detail.map(
      (section) =>
        `<h2>${escapeHtml(section.heading)}</h2><ul>${section.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    ),
  ]
  return {
    name: words.name,
    benefits: codes.map((code) => ({ code, ...words.benefits[code] })),
    detail_html: detail.join('\n'),
  }
}

export interface CatalogueLender {
  lender_id: LenderId
  name: string
  highlights: string[]
  /** A small SVG badge as a data URL, so it shows without any static route. */
  logo_url: string
}

export interface CatalogueProduct {
  product_id: ProductId
  name: string
  tags: string[]
  url: string
  logo_url: string
}

const badgeColours: Record<LenderId | ProductId, string> = {
  lender_chenxing: '#e4572e',
  lender_yuanfan: '#2e86ab',
  lender_qinghe: '#3a9d5d',
  lender_hengchuan: '#8d5fd3',
  prod_sujie: '#f29e4c',
  prod_yifenqi: '#17a2b8',
  prod_xiaoman: '#d1495b',
  prod_anbei: '#00798c',
  prod_tongyue: '#6c757d',
}

/** Fictional lenders (ids stable across locales) and loan-supermarket products. */
export function lenderCatalogue(locale: string): { lenders: CatalogueLender[]; products: CatalogueProduct[] } {
  const resolved = resolveLocale(locale)
  return {
    lenders: lenderIds.map((id) => {
      const words = lenderWords[resolved][id]
      return { lender_id: id, name: words.name, highlights: [...words.highlights], logo_url: badge(words.name, badgeColours[id]) }
    }),
    products: productIds.map((id) => {
      const words = productWords[resolved][id]
      return {
        product_id: id,
        name: words.name,
        tags: [...words.tags],
        url: `https://partners.example.com/products/${id.replace(/^prod_/, '')}?source=huaqian`,
        logo_url: badge(words.name, badgeColours[id]),
      }
    }),
  }
}

function badge(name: string, colour: string): string {
  const initial = escapeHtml(Array.from(name)[0] ?? '?')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    `<text x="32" y="42" font-size="28" font-family="sans-serif" font-weight="600" fill="#fff" text-anchor="middle">${initial}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

function formatCny(fen: number, locale: ContentLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(fen / 100)
}

function formatPercent(fraction: number, locale: ContentLocale, digits: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fraction)
}
