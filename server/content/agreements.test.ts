import { expect, test } from 'vitest'
import { agreementKeys } from '../../src/contract/entities'
import { agreementHtml, contractHtml, lenderCatalogue, rewardProductCopy } from './agreements'

const locales = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const
const cjk = /[\u4e00-\u9fff]/

function visibleText(html: string): string {
  return html.replace(/<[^>]+>/g, ' ')
}

test('every agreement reads as a real document in every locale', () => {
  for (const key of agreementKeys) {
    for (const locale of locales) {
      const doc = agreementHtml(key, locale)
      const label = `${key} in ${locale}`
      expect(doc.title.length, label).toBeGreaterThan(3)
      expect(doc.version, label).toMatch(/^\d+\.\d+\.\d+$/)
      expect(doc.updated_at, label).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(doc.content_html, label).toContain(`<h1>${doc.title}</h1>`)
      expect(doc.content_html.match(/<h2>/g)?.length ?? 0, label).toBeGreaterThanOrEqual(4)
      expect(visibleText(doc.content_html).length, label).toBeGreaterThan(400)
    }
  }
})

test('no locale silently serves another locale’s words', () => {
  for (const key of agreementKeys) {
    const texts = locales.map((locale) => agreementHtml(key, locale).content_html)
    expect(new Set(texts).size, key).toBe(locales.length)
    const titles = locales.map((locale) => agreementHtml(key, locale).title)
    expect(new Set(titles).size, key).toBe(locales.length)
    for (const locale of ['en', 'fr', 'es'] as const) {
      expect(cjk.test(visibleText(agreementHtml(key, locale).content_html)), `${key} in ${locale}`).toBe(false)
    }
    // Simplified and traditional share many characters; the traditional text must use its own.
    expect(agreementHtml(key, 'zh-Hant').content_html).toMatch(/[資協權錢條於為與個證]/)
    expect(agreementHtml(key, 'zh-Hans').content_html).not.toMatch(/[資協權錢條於為與個證]/)
  }
})

test('an unknown locale gets simplified Chinese, and regional tags find their language', () => {
  expect(agreementHtml('privacy', 'de')).toEqual(agreementHtml('privacy', 'zh-Hans'))
  expect(agreementHtml('privacy', '')).toEqual(agreementHtml('privacy', 'zh-Hans'))
  expect(agreementHtml('privacy', 'zh-TW')).toEqual(agreementHtml('privacy', 'zh-Hant'))
  expect(agreementHtml('privacy', 'zh-CN')).toEqual(agreementHtml('privacy', 'zh-Hans'))
  expect(agreementHtml('privacy', 'en-US')).toEqual(agreementHtml('privacy', 'en'))
  expect(agreementHtml('privacy', 'fr-FR')).toEqual(agreementHtml('privacy', 'fr'))
})

test('agreement and contract HTML is plain markup with nothing that runs', () => {
  const allowedTag = /^<\/?(h1|h2|p|ol|ul|li|strong)( class="agreement-meta")?>$/
  const docs = [
    ...agreementKeys.flatMap((key) => locales.map((locale) => agreementHtml(key, locale).content_html)),
    ...locales.flatMap((locale) =>
      (['contract', 'third_party'] as const).map(
        (kind) => contractHtml({ kind, lenderName: '晨星消费金融', amount: 1_000_000, term: 12, apr: 0.18, locale }).content_html,
      ),
    ),
    ...locales.map((locale) => rewardProductCopy(locale).detail_html),
  ]
  for (const html of docs) {
    for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(allowedTag)
  }
})

test('a lender name with markup is shown as text, not markup', () => {
  const doc = contractHtml({ kind: 'contract', lenderName: '<b>Bank</b>', amount: 100_000, term: 3, apr: 0.1, locale: 'en' })
  expect(doc.content_html).toContain('&lt;b&gt;Bank&lt;/b&gt;')
  expect(doc.content_html).not.toContain('<b>')
})

test('the loan contract states the amount, term, APR and the repayment figures', () => {
  const en = contractHtml({ kind: 'contract', lenderName: 'Green Grain Bank', amount: 1_000_000, term: 12, apr: 0.12, locale: 'en' })
  expect(en.title).toContain('Green Grain Bank')
  expect(en.content_html).toContain('CN¥10,000.00')
  expect(en.content_html).toContain('12 months')
  expect(en.content_html).toContain('12.00%')
  // 10,000 CNY over 12 months at 12%: 888.49 a month.
  expect(en.content_html).toContain('CN¥888.49')
  const zh = contractHtml({ kind: 'contract', lenderName: '青禾银行', amount: 1_000_000, term: 12, apr: 0.12, locale: 'zh-Hans' })
  expect(zh.content_html).toContain('¥10,000.00')
  expect(zh.content_html).toContain('12.00%')
  const third = contractHtml({ kind: 'third_party', lenderName: '青禾银行', amount: 1_000_000, term: 12, apr: 0.12, locale: 'zh-Hans' })
  expect(third.title).toContain('青禾银行')
  expect(third.title).not.toBe(zh.title)
})

test('the rights card lists its three benefits in every locale', () => {
  for (const locale of locales) {
    const copy = rewardProductCopy(locale)
    expect(copy.benefits.map((b) => b.code)).toEqual(['priority_review', 'approval_85', 'lifestyle'])
    expect(copy.benefits.every((b) => b.title.length > 0 && b.description.length > 0)).toBe(true)
    expect(copy.benefits[1]!.title).toMatch(/85/)
    expect(copy.detail_html).toContain('<h2>')
  }
  expect(rewardProductCopy('en').name).not.toBe(rewardProductCopy('zh-Hans').name)
})

test('the lender catalogue keeps the same ids in every locale and links only to the partner site', () => {
  const reference = lenderCatalogue('zh-Hans')
  expect(reference.lenders.length).toBeGreaterThanOrEqual(3)
  expect(reference.products.length).toBeGreaterThanOrEqual(3)
  for (const locale of locales) {
    const catalogue = lenderCatalogue(locale)
    expect(catalogue.lenders.map((l) => l.lender_id)).toEqual(reference.lenders.map((l) => l.lender_id))
    expect(catalogue.products.map((p) => p.product_id)).toEqual(reference.products.map((p) => p.product_id))
    for (const product of catalogue.products) {
      expect(new URL(product.url).origin).toBe('https://partners.example.com')
      expect(product.tags.length).toBeGreaterThan(0)
    }
    for (const lender of catalogue.lenders) {
      expect(lender.highlights.length).toBeGreaterThan(0)
      expect(lender.logo_url).toMatch(/^data:image\/svg\+xml/)
    }
  }
  expect(lenderCatalogue('en').lenders[0]!.name).not.toBe(reference.lenders[0]!.name)
})

// A consent box names the document its link opens, word for word, in every locale.
test('each agreement has one name: the page’s consent label is the document’s title', async () => {
  for (const locale of locales) {
    const file = (await import(`../../locales/${locale}.json`)) as { default: { agreements: Record<string, string> } }
    for (const key of agreementKeys) {
      expect(file.default.agreements[key], `${key} in ${locale}`).toBe(agreementHtml(key, locale).title)
    }
  }
})
