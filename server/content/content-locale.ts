import type { AgreementKey } from '../../src/contract/entities'

/*
 * Shapes shared by the sandbox's texts. Each locale's words live in their own file, so a
 * translator edits one file and the type checker tells them which key they have left out.
 */

export const contentLocales = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const
export type ContentLocale = (typeof contentLocales)[number]

/**
 * The locale the texts are served in. Exact names first, then the language with a region
 * (`en-US`, `zh-CN`, `zh-TW`), and anything else falls back to the product default, zh-Hans.
 */
export function resolveLocale(locale: string | null | undefined): ContentLocale {
  const asked = (locale ?? '').trim()
  const exact = contentLocales.find((l) => l.toLowerCase() === asked.toLowerCase())
  if (exact) return exact
  const lower = asked.toLowerCase().replace(/_/g, '-')
  if (/^zh-(hant|tw|hk|mo)\b/.test(lower)) return 'zh-Hant'
  if (/^zh\b/.test(lower)) return 'zh-Hans'
  const language = lower.split('-')[0]
  if (language === 'en' || language === 'fr' || language === 'es') return language
  return 'zh-Hans'
}

/** A numbered clause: a heading, then paragraphs and/or a list. */
export interface Clause {
  heading: string
  paragraphs?: string[]
  items?: string[]
}

export interface AgreementText {
  title: string
  intro: string
  clauses: Clause[]
}

export interface AgreementLocale {
  /** How a clause is numbered: "第一条" or "1.". */
  clauseLabel: (n: number) => string
  /** The line under the title: version and effective date. */
  meta: (version: string, effectiveDate: string) => string
  agreements: Record<AgreementKey, AgreementText>
  /** Appended to agreements about personal information: retention, rights, contact. */
  privacyTail: Clause[]
  /** Appended to agreements that bind the borrower to a service: disputes, contact. */
  contractTail: Clause[]
}

/** Chinese numerals for clause numbers up to 99 (第十二条). */
export function chineseNumber(n: number): string {
  const digits = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']
  if (n < 10) return digits[n] as string
  const tens = Math.floor(n / 10)
  const ones = n % 10
  return `${tens === 1 ? '' : digits[tens]}十${ones === 0 ? '' : digits[ones]}`
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** The HTML of a titled document made of numbered clauses. Every text is escaped. */
export function renderDocument({
  title,
  meta,
  intro,
  clauses,
  clauseLabel,
}: {
  title: string
  meta: string
  intro: string[]
  clauses: Clause[]
  clauseLabel: (n: number) => string
}): string {
  const parts = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="agreement-meta">${escapeHtml(meta)}</p>`,
    ...intro.map((p) => `<p>${escapeHtml(p)}</p>`),
  ]
  clauses.forEach((clause, index) => {
    parts.push(`<h2>${escapeHtml(clauseLabel(index + 1))} ${escapeHtml(clause.heading)}</h2>`)
    for (const p of clause.paragraphs ?? []) parts.push(`<p>${escapeHtml(p)}</p>`)
    if (clause.items && clause.items.length > 0) {
      parts.push(`<ol>${clause.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`)
    }
  })
  return parts.join('\n')
}
