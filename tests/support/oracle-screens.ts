import type { Page } from 'playwright-core'
import { lenderCatalogue } from '../../server/content/agreements'
import { rightsProduct } from '../../server/handlers/rewards'
import { lenders as lenderPricing, referenceApr, supermarketProducts } from '../../server/lenders'
import type { Locale } from '../../src/i18n/locale'
import {
  loanStatusOf,
  offersFor,
  planOf,
  stepOf,
  trialOf,
  withinOffer,
  type LoanRecord,
  type PlanPeriod,
  type Records,
  type SchedulePeriod,
} from './oracle-records'

/*
 * The oracle's eyes: every figure a screen shows, read from the rendered page as text and parsed
 * back into numbers here (money in fen, an APR as a fraction, months, calendar days), then compared
 * with what the sandbox's rows say (oracle-records.ts). Nothing here formats a figure the way the
 * page does, nor reads the page's answers: a figure shown wrong, missing, or in another locale's
 * conventions is a difference naming the screen and the figure.
 */

export type Translate = (key: string, values?: Record<string, unknown>) => string

/** What a figure should be. */
type Want =
  | { money: number }
  | { apr: number }
  | { months: number }
  | { date: string }
  | { text: string }
  | { numbers: number[] }
  | { absent: true }

interface Check {
  figure: string
  shown: string | null | undefined
  want: Want
}

interface ShownRow {
  head: string
  date: string | null
  status: string | null
  amount: string | null
  parts: string[]
}

/** A screen as the borrower reads it: its figures by the words next to them. */
export interface ShownScreen {
  screen: string | null
  busy: boolean
  facts: { section: string | null; label: string; value: string }[]
  tables: { caption: string; rows: ShownRow[]; total: ShownRow | null }[]
  cards: { title: string; subtitle: string | null; figureLabel: string | null; figure: string | null }[]
  choices: { label: string; parts: string[] }[]
  sections: { title: string | null; badge: string | null }[]
  summaries: string[]
  outcome: string | null
  /** Text fields and selects by their label: the amount and term a price is for. */
  fields: { label: string; value: string }[]
  /** Other lenders' products after a rejection: the name and its line of figures. */
  products: { name: string; detail: string }[]
}

/** The figures on screen: read in the page, as text, by the elements that hold them. */
export async function readScreen(page: Page): Promise<ShownScreen> {
  // A folded schedule is unfolded first, as a borrower checking the figures would.
  for (const summary of await page.locator('main details:not([open]) > summary').all()) await summary.click()
  return page.evaluate(() => {
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim()
    const main = document.querySelector('main[data-screen]')
    if (main === null) return { screen: null, busy: true, facts: [], tables: [], cards: [], choices: [], sections: [], summaries: [], outcome: null, fields: [], products: [] }
    const row = (tr: Element) => {
      const th = tr.querySelector('th')
      return {
        head: (th?.childNodes[0]?.textContent ?? '').trim(),
        date: th?.querySelector('.ui-table__sub') ? text(th.querySelector('.ui-table__sub')) : null,
        status: th?.querySelector('.ui-table__status') ? text(th.querySelector('.ui-table__status')) : null,
        amount: tr.querySelector('.ui-table__amount') ? text(tr.querySelector('.ui-table__amount')) : null,
        parts: [...tr.querySelectorAll('.ui-table__part')].map(text),
      }
    }
    return {
      screen: main.getAttribute('data-screen'),
      busy: main.getAttribute('aria-busy') === 'true',
      facts: [...main.querySelectorAll('dt')].map((dt) => ({
        section: dt.closest('section')?.querySelector(':scope > h2')?.textContent?.trim() ?? null,
        label: text(dt),
        value: text(dt.nextElementSibling),
      })),
      tables: [...main.querySelectorAll('table')].map((table) => ({
        caption: text(table.querySelector('caption')),
        rows: [...table.querySelectorAll('tbody tr')].map(row),
        total: table.querySelector('tfoot tr') ? row(table.querySelector('tfoot tr')!) : null,
      })),
      cards: [...main.querySelectorAll('section.ui-entrance')].map((card) => {
        const figure = card.querySelector('.ui-entrance__figure')
        const label = figure?.querySelector('.ui-entrance__figure-label') ?? null
        return {
          title: text(card.querySelector('h2')),
          subtitle: card.querySelector('.ui-card__subtitle') ? (card.querySelector('.ui-card__subtitle') as HTMLElement).innerText.trim() : null,
          figureLabel: label ? text(label) : null,
          figure: figure ? text(figure).slice(text(label).length).trim() : null,
        }
      }),
      choices: [...main.querySelectorAll('.repay-choice')].map((choice) => ({
        label: text(choice.querySelector('label')),
        parts: [...choice.querySelectorAll('.repay-choice__part')].map(text),
      })),
      sections: [...main.querySelectorAll('section.card')].map((section) => ({
        title: section.querySelector(':scope > h2') ? text(section.querySelector(':scope > h2')) : null,
        badge: section.querySelector(':scope > .badge') ? text(section.querySelector(':scope > .badge')) : null,
      })),
      summaries: [...main.querySelectorAll('details > summary')].map(text),
      outcome: main.querySelector('[data-testid="repayment-outcome"]') ? text(main.querySelector('[data-testid="repayment-outcome"]')) : null,
      products: [...main.querySelectorAll('ul.list > li')].map((item) => ({ name: text(item.querySelector('strong')), detail: text(item.querySelector('p')) })),
      fields: [...main.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input.ui-field__control, select')].map((field) => ({ label: text(field.labels?.[0]), value: field.value })),
    }
  })
}

// Parsers of what the borrower reads, per docs/product-rules.md#money-format: CNY as `¥` in
// zh-Hans and `CN¥` in English, digits grouped by thousands, two decimals.
const moneyPattern: Record<'zh-Hans' | 'en', RegExp> = { 'zh-Hans': /^¥(\d{1,3}(?:,\d{3})*)\.(\d\d)$/, en: /^CN¥(\d{1,3}(?:,\d{3})*)\.(\d\d)$/ }
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function parseMoney(shown: string, locale: OracleLocale): number | null {
  const match = moneyPattern[locale].exec(shown)
  return match ? Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]) : null
}

/** An APR as hundredths of a percent (10.8% is 1080), so it compares exactly. */
function parseApr(shown: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?%$/.exec(shown)
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null
}

function parseMonths(shown: string, locale: OracleLocale): number | null {
  const match = (locale === 'en' ? /^(\d+) months?$/ : /^(\d+)个月$/).exec(shown)
  return match ? Number(match[1]) : null
}

function parseDate(shown: string, locale: OracleLocale): string | null {
  const iso = (y: string, m: number, d: string) => `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}`
  if (locale === 'en') {
    const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(shown)
    return match && monthNames.includes(match[1]!) ? iso(match[3]!, monthNames.indexOf(match[1]!) + 1, match[2]!) : null
  }
  const match = /^(\d{4})年(\d{1,2})月(\d{1,2})日$/.exec(shown)
  return match ? iso(match[1]!, Number(match[2]), match[3]!) : null
}

export type OracleLocale = Extract<Locale, 'zh-Hans' | 'en'>

/** The rows as a person reads them in a difference: fen as yuan, an APR as a percent. */
function describe(want: Want): string {
  if ('money' in want) return `${(want.money / 100).toFixed(2)} CNY`
  if ('apr' in want) return `${(want.apr * 100).toFixed(2)}%`
  if ('months' in want) return `${want.months} months`
  if ('date' in want) return want.date
  if ('text' in want) return `"${want.text}"`
  if ('numbers' in want) return want.numbers.join(', ')
  return 'nothing shown'
}

function differs(check: Check, locale: OracleLocale): boolean {
  const { shown, want } = check
  if ('absent' in want) return shown !== null && shown !== undefined
  if (shown === null || shown === undefined) return true
  if ('money' in want) return parseMoney(shown, locale) !== want.money
  if ('apr' in want) return parseApr(shown) !== Math.round(want.apr * 10_000)
  if ('months' in want) return parseMonths(shown, locale) !== want.months
  if ('date' in want) return parseDate(shown, locale) !== want.date
  if ('text' in want) return shown !== want.text
  // Digits grouped by thousands (an amount as typed) are one number; "3, 6" are two.
  const numbers = (shown.replace(/(\d),(\d{3})/g, '$1$2').match(/\d+/g) ?? []).map(Number)
  return JSON.stringify(numbers) !== JSON.stringify(want.numbers)
}

/**
 * The values a sentence of the locale file holds, where `key`'s template puts them; null when the
 * sentence is not that template's.
 */
function valuesIn(t: Translate, key: string, names: string[], shown: string | null | undefined): Record<string, string> | null {
  if (shown === null || shown === undefined) return null
  const marks = Object.fromEntries(names.map((name, i) => [name, `\u0001${i}\u0001`]))
  const template = t(key, marks).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = new RegExp(`^${template.replace(/\u0001(\d+)\u0001/g, (_m, i: string) => `(?<${names[Number(i)]!}>.+?)`)}$`)
  return pattern.exec(shown)?.groups ?? null
}

/** What the oracle needs besides the rows: what the test chose on screen. */
export interface WalkChoices {
  /** The amount (fen) and term typed on loan demand. */
  demand?: { amount: number; term: number }
  /** The lender chosen on the match. */
  lenderId?: string
  /** The amount and term typed on loan confirmation; unset, the demand's as the lender's offer keeps them. */
  lend?: { amount: number; term: number }
  /** The periods ticked on the repayment screen. */
  periods?: number[]
}

interface Context {
  shown: ShownScreen
  records: Records
  choices: WalkChoices
  t: Translate
  locale: OracleLocale
}

function fact(shown: ShownScreen, label: string, section?: string): string | null {
  return shown.facts.find((f) => f.label === label && (section === undefined || f.section === section))?.value ?? null
}

/** The loan the repayment screens show: the newest still open, else the newest. */
function currentLoan(records: Records): LoanRecord {
  const loan = records.loans.find((l) => loanStatusOf(l, records) !== 'settled') ?? records.loans[0]
  if (loan === undefined) throw new Error('the borrower has no loan in the sandbox')
  return loan
}

function lenderName(locale: OracleLocale, lenderId: string): string {
  return lenderCatalogue(locale).lenders.find((l) => l.lender_id === lenderId)?.name ?? lenderId
}

function priceChecks({ shown, t }: Context, trial: ReturnType<typeof trialOf>): Check[] {
  const field = (label: string) => shown.fields.find((f) => f.label === label)?.value
  const [aprAt, monthlyAt] = [t('ui.price.apr'), t('ui.price.monthly')].map((label) => shown.facts.findIndex((f) => f.label === label))
  return [
    // money-apr-shown: the APR comes before the other figures of a price.
    { figure: 'APR before the monthly payment', shown: aprAt >= 0 && aprAt < monthlyAt! ? 'yes' : 'no', want: { text: 'yes' } },
    { figure: 'amount', shown: field(t('screens.demand.amount')), want: { numbers: [trial.amount / 100] } },
    { figure: 'term', shown: field(t('screens.demand.term')), want: { numbers: [trial.term] } },
    { figure: 'APR', shown: fact(shown, t('ui.price.apr')), want: { apr: trial.apr } },
    { figure: 'monthly payment', shown: fact(shown, t('ui.price.monthly')), want: { money: trial.monthly } },
    { figure: 'total interest', shown: fact(shown, t('ui.price.totalInterest')), want: { money: trial.interest } },
    { figure: 'total fees', shown: fact(shown, t('ui.price.totalFees')), want: { money: trial.fee } },
    { figure: 'total to repay', shown: fact(shown, t('ui.price.totalRepay')), want: { money: trial.total } },
    { figure: 'number of payments', shown: shown.summaries[0], want: { text: t('screens.trial.schedule', { periods: trial.term }) } },
    ...scheduleChecks(t, shown.tables[0], trial.schedule.map((p) => ({ ...p, amount: p.principal + p.interest + p.fee }))),
  ]
}

/** A schedule table row by row (period, due day, status, amount and its principal and interest), and its total. */
function scheduleChecks(t: Translate, table: ShownScreen['tables'][number] | undefined, periods: (SchedulePeriod & { amount: number; status?: PlanPeriod['status']; penalty?: number })[]): Check[] {
  const checks: Check[] = [{ figure: 'schedule rows', shown: String(table?.rows.length ?? 0), want: { numbers: [periods.length] } }]
  const part = (row: ShownRow | undefined, index: number) => row?.parts[index]?.split(' ').at(-1)
  periods.forEach((p, i) => {
    const row = table?.rows[i]
    const name = `schedule period ${p.period}`
    checks.push(
      { figure: `${name}: name`, shown: row?.head, want: { text: t('ui.schedule.periodOf', { period: p.period }) } },
      { figure: `${name}: due date`, shown: row?.date, want: { date: p.due_date } },
      { figure: `${name}: amount`, shown: row?.amount, want: { money: p.amount } },
      { figure: `${name}: principal`, shown: part(row, 0), want: { money: p.principal } },
      { figure: `${name}: interest`, shown: part(row, 1), want: { money: p.interest } },
    )
    if (p.status !== undefined) checks.push({ figure: `${name}: status`, shown: row?.status, want: { text: t(`enums.periodStatus.${p.status}`) } })
    if (periods.some((q) => (q.penalty ?? 0) !== 0)) checks.push({ figure: `${name}: penalty`, shown: part(row, 2), want: { money: p.penalty ?? 0 } })
  })
  checks.push({ figure: 'schedule total', shown: table?.total?.amount, want: { money: periods.reduce((sum, p) => sum + p.amount, 0) } })
  return checks
}

function planChecks(context: Context, withSchedule: boolean): Check[] {
  const { shown, records, t, locale } = context
  const loan = currentLoan(records)
  const plan = planOf(loan, records.today)
  const checks: Check[] = [
    { figure: 'APR', shown: fact(shown, t('screens.trial.apr')), want: { apr: loan.apr } },
    { figure: 'lender', shown: fact(shown, t('screens.plan.lender')), want: { text: lenderName(locale, loan.lender_id) } },
    { figure: 'loan amount', shown: fact(shown, t('screens.plan.loanAmount')), want: { money: loan.amount } },
    { figure: 'term', shown: fact(shown, t('screens.demand.term')), want: { months: loan.term } },
    { figure: 'loan status', shown: fact(shown, t('screens.plan.status')), want: { text: t(`enums.loanStatus.${loanStatusOf(loan, records)}`) } },
    { figure: 'still to repay', shown: fact(shown, t('screens.plan.outstanding')), want: { money: plan.filter((p) => p.status !== 'paid').reduce((sum, p) => sum + p.amount, 0) } },
    { figure: 'repaid', shown: fact(shown, t('screens.plan.paid')), want: { money: plan.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amount, 0) } },
  ]
  return withSchedule ? [...checks, ...scheduleChecks(t, shown.tables[0], plan)] : checks
}

function cardText(records: Records): string | null {
  return records.card === null ? null : `${records.card.bank_name} ···· ${records.card.card_number.slice(-4)}`
}

function chosenPeriods(context: Context): PlanPeriod[] {
  const chosen = context.choices.periods ?? []
  return planOf(currentLoan(context.records), context.records.today).filter((p) => chosen.includes(p.period))
}

const sum = (periods: PlanPeriod[], pick: (p: PlanPeriod) => number) => periods.reduce((total, p) => total + pick(p), 0)

/** Each screen's figures and what the rows say they are. */
const screens: Record<string, (context: Context) => Check[]> = {
  home: (context) => {
    const { shown, records, t, locale } = context
    const card = (title: string) => shown.cards.find((c) => c.title === title)
    const checks: Check[] = [
      { figure: 'application step', shown: card(t('screens.home.hello', { name: records.user.nick_name }))?.subtitle, want: { text: t('screens.home.stepOf', { step: t(`enums.loanStep.${stepOf(records)}`) }) } },
    ]
    const open = records.loans.filter((loan) => loanStatusOf(loan, records) !== 'settled')
    const loans = card(t('screens.home.loans'))
    if (open.length === 0) return [...checks, { figure: 'loans card', shown: loans?.title, want: { absent: true } }]
    const lines = (loans?.subtitle ?? '').split('\n')
    open.forEach((loan, i) => {
      const line = /^(?<name>.+) (?<amount>\S+) · (?<status>.+)$/.exec(lines[i] ?? '')?.groups
      checks.push(
        { figure: `open loan ${i + 1}: lender`, shown: line?.name, want: { text: lenderName(locale, loan.lender_id) } },
        { figure: `open loan ${i + 1}: amount`, shown: line?.amount, want: { money: loan.amount } },
        { figure: `open loan ${i + 1}: status`, shown: line?.status, want: { text: t(`enums.loanStatus.${loanStatusOf(loan, records)}`) } },
      )
    })
    checks.push({ figure: 'open loans', shown: String(lines.length), want: { numbers: [open.length] } })
    const next = open
      .flatMap((loan) => planOf(loan, records.today).filter((p) => p.status === 'overdue' || p.status === 'due').slice(0, 1))
      .sort((a, b) => a.due_date.localeCompare(b.due_date))[0]
    if (next === undefined) return checks
    checks.push({ figure: 'next amount due', shown: loans?.figure, want: { money: next.amount } })
    if (next.daysLate > 0) {
      const said = valuesIn(t, 'screens.home.overdueLabel', ['date', 'days', 'penalty'], loans?.figureLabel)
      checks.push(
        { figure: 'overdue period due date', shown: said?.date ?? loans?.figureLabel, want: { date: next.due_date } },
        { figure: 'days overdue', shown: said?.days ?? loans?.figureLabel, want: { numbers: [next.daysLate] } },
        { figure: 'late penalty', shown: said?.penalty ?? loans?.figureLabel, want: { money: next.penalty } },
      )
    } else {
      const said = valuesIn(t, 'screens.home.nextDueLabel', ['date'], loans?.figureLabel)
      checks.push({ figure: 'next due date', shown: said?.date ?? loans?.figureLabel, want: { date: next.due_date } })
    }
    const rights = card(t('screens.rights.title'))
    if (rights?.figure !== null && rights?.figure !== undefined) checks.push({ figure: 'rights card price', shown: rights.figure, want: { money: rightsProduct.price } })
    return checks
  },

  loanDemand: (context) => {
    const { records, choices } = context
    if (choices.demand === undefined) throw new Error('the oracle needs the amount and term typed on loan demand')
    const apr = records.loanUser.decision === 'approved' && records.loanUser.apr !== null ? records.loanUser.apr : referenceApr
    return priceChecks(context, trialOf(choices.demand.amount, apr, choices.demand.term, records.today))
  },

  result: ({ shown, records, t, locale }) => {
    if (records.loanUser.decision === 'rejected') {
      const products = supermarketProducts(locale)
      const checks: Check[] = [{ figure: 'products listed', shown: String(shown.products.length), want: { numbers: [products.length] } }]
      products.forEach((product, i) => {
        const item = shown.products[i]
        const line = /^(?<label>.+) (?<aprMin>\S+)–(?<aprMax>\S+) · (?<amountMin>\S+)–(?<amountMax>\S+)$/.exec(item?.detail ?? '')?.groups
        checks.push(
          { figure: `product ${i + 1}`, shown: item?.name, want: { text: product.name } },
          { figure: `${product.name}: lowest APR`, shown: line?.aprMin, want: { apr: product.apr_min } },
          { figure: `${product.name}: highest APR`, shown: line?.aprMax, want: { apr: product.apr_max } },
          { figure: `${product.name}: smallest amount`, shown: line?.amountMin, want: { money: product.amount_min } },
          { figure: `${product.name}: largest amount`, shown: line?.amountMax, want: { money: product.amount_max } },
        )
      })
      return checks
    }
    const terms = [...new Set(lenderPricing.flatMap((l) => l.terms))].sort((a, b) => a - b)
    return [
      { figure: 'APR', shown: fact(shown, t('screens.trial.apr')), want: { apr: records.loanUser.apr ?? Number.NaN } },
      { figure: 'credit limit', shown: fact(shown, t('screens.result.limit')), want: { money: records.loanUser.credit_limit ?? Number.NaN } },
      { figure: 'terms available', shown: fact(shown, t('screens.result.terms')), want: { numbers: terms } },
    ]
  },

  match: ({ shown, records, t, locale }) => {
    const offers = offersFor(records.loanUser.credit_limit ?? 0, records.loanUser.apr ?? 0)
    const titled = shown.sections.filter((s) => s.title !== null)
    const checks: Check[] = [{ figure: 'lenders listed', shown: String(titled.length), want: { numbers: [offers.length] } }]
    offers.forEach((offer, i) => {
      const name = lenderName(locale, offer.lender_id)
      checks.push(
        { figure: `lender ${i + 1} in order`, shown: titled[i]?.title, want: { text: name } },
        { figure: `${name}: APR`, shown: fact(shown, t('screens.trial.apr'), name), want: { apr: offer.apr } },
        { figure: `${name}: credit limit`, shown: fact(shown, t('screens.result.limit'), name), want: { money: offer.credit_limit } },
        { figure: `${name}: terms`, shown: fact(shown, t('screens.result.terms'), name), want: { numbers: offer.terms } },
        { figure: `${name}: lowest-rate mark`, shown: titled[i]?.badge, want: i === 0 ? { text: t('screens.match.recommended') } : { absent: true } },
      )
    })
    return checks
  },

  lendConfirm: (context) => {
    const { shown, records, choices, t } = context
    const offer = offersFor(records.loanUser.credit_limit ?? 0, records.loanUser.apr ?? 0).find((o) => o.lender_id === choices.lenderId)
    if (offer === undefined || records.loanUser.demand_json === null) throw new Error(`the oracle needs a matched lender (${String(choices.lenderId)}) and a recorded demand`)
    const demand = JSON.parse(records.loanUser.demand_json) as { amount: number; term: number }
    const { amount, term } = choices.lend ?? withinOffer(offer, demand.amount, demand.term)
    return [
      ...priceChecks(context, trialOf(amount, offer.apr, term, records.today)),
      { figure: 'card used', shown: fact(shown, t('screens.lend.cardUsed')), want: { text: cardText(records) ?? '—' } },
    ]
  },

  loanPlan: (context) => planChecks(context, true),
  repayPlan: (context) => planChecks(context, true),

  repayment: (context) => {
    const { shown, records, t } = context
    const loan = currentLoan(records)
    const unpaid = loanStatusOf(loan, records) === 'disbursing' ? [] : planOf(loan, records.today).filter((p) => p.status !== 'paid')
    const checks: Check[] = [...planChecks(context, false), { figure: 'periods to choose', shown: String(shown.choices.length), want: { numbers: [unpaid.length] } }]
    unpaid.forEach((p, i) => {
      const choice = shown.choices[i]
      checks.push(
        { figure: `choice ${i + 1}: period`, shown: choice?.label, want: { text: t('ui.schedule.periodOf', { period: p.period }) } },
        { figure: `period ${p.period}: due date`, shown: choice?.parts[0], want: { date: p.due_date } },
        { figure: `period ${p.period}: amount`, shown: choice?.parts[1], want: { money: p.amount } },
        { figure: `period ${p.period}: status`, shown: choice?.parts[2], want: { text: t(`enums.periodStatus.${p.status}`) } },
      )
    })
    return checks
  },

  repayDetail: (context) => {
    const { shown, t } = context
    const chosen = chosenPeriods(context)
    return [
      { figure: 'periods', shown: fact(shown, t('screens.repay.periods')), want: { numbers: chosen.map((p) => p.period) } },
      { figure: 'principal', shown: fact(shown, t('screens.repay.principal')), want: { money: sum(chosen, (p) => p.principal) } },
      { figure: 'interest', shown: fact(shown, t('screens.repay.interest')), want: { money: sum(chosen, (p) => p.interest) } },
      { figure: 'fee', shown: fact(shown, t('screens.repay.fee')), want: { money: sum(chosen, (p) => p.fee) } },
      { figure: 'penalty', shown: fact(shown, t('screens.repay.penalty')), want: { money: sum(chosen, (p) => p.penalty) } },
      { figure: 'total', shown: fact(shown, t('screens.repay.total')), want: { money: sum(chosen, (p) => p.amount) } },
      ...scheduleChecks(t, shown.tables[0], chosen),
    ]
  },

  paymentConfirm: (context) => {
    const { shown, records, t } = context
    return [
      { figure: 'total', shown: fact(shown, t('screens.repay.total')), want: { money: sum(chosenPeriods(context), (p) => p.amount) } },
      { figure: 'card', shown: fact(shown, t('screens.pay.card')), want: { text: cardText(records) ?? t('screens.pay.noCard') } },
    ]
  },

  repaymentResult: ({ shown, records, t }) => {
    const last = records.repayments[0]
    if (last === undefined) throw new Error('the sandbox holds no repayment for the borrower')
    return [
      { figure: 'outcome', shown: shown.outcome, want: { text: t(`enums.repaymentOutcome.${last.status}`) } },
      { figure: 'periods repaid', shown: fact(shown, t('screens.repay.periods')), want: { numbers: JSON.parse(last.periods_json) as number[] } },
      { figure: 'amount repaid', shown: fact(shown, t('screens.repay.total')), want: { money: last.amount } },
    ]
  },
}

export const screensWithFigures = Object.keys(screens)

/** The screen's figures against the rows: how many were compared, and each difference in words. */
export function compareScreen(shown: ShownScreen, records: Records, choices: WalkChoices, t: Translate, locale: OracleLocale): { figures: number; differences: string[] } {
  const screen = shown.screen ?? 'none'
  const expectations = screens[screen]
  if (expectations === undefined) throw new Error(`the oracle knows no figures of the ${screen} screen`)
  const checks = expectations({ shown, records, choices, t, locale })
  return {
    figures: checks.length,
    differences: checks
      .filter((check) => differs(check, locale))
      .map((check) => `${screen} [${locale}] ${check.figure}: shows ${check.shown === null || check.shown === undefined ? 'nothing' : `"${check.shown}"`}, the sandbox's records give ${describe(check.want)}`),
  }
}
