import { isDeepStrictEqual } from 'node:util'
import { createActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import * as z from 'zod/mini'
import type { Drafts, DraftStep } from '../../machines/app.machine'
import type { StepAction } from '../model/engine/explore'
import type { FailureKind, StartSample } from '../model/engine/fixtures'
import { restoreSnapshot, serializeSnapshot, snapshotVersion } from '../../machines/persistence'
import { resumeRestored, takenMidBoot } from '../../machines/resume'
import { routeForState, screenForState, type AppSnapshot } from '../../machines/routes'
import { isOverlay, screenOfRoute } from '../../machines/screens'
import { calls, type CallName } from '../../src/contract/calls'
import type { LoanTerm } from '../../src/contract/entities'
import { IdempotencyLedger } from './request-checks'

/*
 * Machine-level verifications beyond the route and the session facts, all
 * compared with what the path did (what the borrower typed and chose, what the network answered),
 * never with the machine's own reading of it:
 *
 * - what the page would send: each call the machine makes, as it is answered, by the contract's
 *   schemas (src/contract/calls.ts), the Idempotency-Key rule (docs/product-rules.md#idempotency) and the values the
 *   borrower typed, chose or was answered (the demand, the sections, the SMS request, the lender,
 *   the periods, the card, the product, the order);
 * - what the screen shows: after an answer, the machine holds it (the screen reads it from there);
 * - the drafts: what was typed is kept, through failures and re-login (docs/product-rules.md#nothing-lost); what was not
 *   typed is blank, and no agreement is ever ticked but by the borrower (docs/product-rules.md#field-rules);
 * - a reload after every step (docs/product-rules.md#nothing-lost): the persisted snapshot restores the same state and
 *   context, resumes as the page and a host's reload resume it on the same screen with a wait polling at once,
 *   keeps ID, card numbers and SMS codes out of localStorage, and a killed web view (no sessionStorage) gets
 *   them back blank, a call that was out with one of them failed as interrupted; a snapshot of another version
 *   starts fresh.
 */

type Typed = { [K in DraftStep]?: Partial<Drafts[K]> }

export interface MachineWorld {
  /** What the borrower typed, ticked and chose on each form, merged in order. */
  typed: Typed
  /** The last successful answer of each call. */
  answers: Record<string, unknown>
  /** The lender the borrower chose on the match screen. */
  lender: string | null
  /** The periods the borrower chose to repay, once the choice was one the plan allows. */
  periods: number[]
  /** The loan whose plan the periods were chosen on. */
  periodsOf: string | null
  /** Chosen periods a plan read again showed paid, since the borrower last chose. */
  paidMeanwhile: number[]
  /** The loan the borrower picked on the repayment screen (two open loans). */
  repayLoan: string | null
  /** The query of the last page opened over a screen. */
  overlayQuery: Record<string, string> | null
  /** The demand the server remembers (a resumed session prefills it). */
  serverDemand: { amount: number; term: number; purpose: string } | null
  /** The borrower owns the rights card: an answer said so, or an order was paid. */
  rightsOwned: boolean
  /** The user id the server named; another one later means another person on the phone. */
  borrower: string | null
}

/** A page opened by a deep link with a query was opened with that query (an agreement's key). */
export function startMachineWorld(start?: StartSample): MachineWorld {
  const overlayQuery = start?.input.initialDeepLink?.query ?? null
  return { typed: {}, answers: {}, lender: null, periods: [], periodsOf: null, paidMeanwhile: [], repayLoan: null, overlayQuery, serverDemand: null, rightsOwned: false, borrower: null }
}

interface PlanAnswer {
  loan: { loan_id: string; status: string }
  periods: { period: number; status: string }[]
}

/** A choice of periods the shown plan allows: unpaid periods it lists, oldest first (docs/product-rules.md#flow-periods-in-order). */
function payable(plan: PlanAnswer | undefined, periods: number[]): boolean {
  if (plan === undefined || plan.loan.status === 'disbursing') return periods.length === 0
  const unpaid = plan.periods.filter((p) => p.status !== 'paid').map((p) => p.period)
  return periods.every((p) => unpaid.includes(p)) && periods.every((p) => unpaid.filter((u) => u < p).every((u) => periods.includes(u)))
}

/** The chosen periods a plan shows paid. */
function paidOf(plan: PlanAnswer, chosen: number[]): number[] {
  return chosen.filter((n) => plan.periods.some((p) => p.period === n && p.status === 'paid'))
}

/**
 * `refused`: the machine could not take the event in the state it was sent in. The page disables a
 * control the machine refuses (the amount and term once the lender's code is out), so nothing was typed.
 */
export function advanceMachineWorld(world: MachineWorld, action: StepAction, output: unknown, src: string | undefined, refused = false): MachineWorld {
  if (action.kind === 'event') {
    const event = action.event as { type: string; step?: DraftStep; patch?: object; lender_id?: string; periods?: number[]; loan_id?: string; query?: Record<string, string>; to?: string }
    switch (event.type) {
      case 'form.change': {
        if (refused) return world
        const step = event.step as DraftStep
        return { ...world, typed: { ...world.typed, [step]: { ...world.typed[step], ...event.patch } } }
      }
      case 'match.select': {
        const lender = event.lender_id ?? null
        const offer = offerOf(world, lender)
        if (offer === null) return world
        // docs/product-rules.md#flow-lender-offer: what the borrower chose stays, within this lender's offer.
        const chosen = world.typed.lendConfirm ?? {}
        const within = {
          ...chosen,
          ...(chosen.amount == null ? {} : { amount: Math.min(chosen.amount, offer.limit) }),
          ...(chosen.term == null ? {} : { term: termWithin(chosen.term, offer.terms) }),
        }
        if (lender === world.lender || world.lender === null) return { ...world, lender, typed: { ...world.typed, lendConfirm: within } }
        // Agreements accepted and a code typed were for the first lender's contract and card: another lender asks
        // again (docs/product-rules.md#field-agreements-unticked); the amount and term chosen stay.
        const { agreements: _accepted, code: _code, ...kept } = within
        return { ...world, lender, typed: { ...world.typed, lendConfirm: kept } }
      }
      case 'repay.select': {
        const plan = world.answers.getRepayPlan as PlanAnswer | undefined
        if (!payable(plan, event.periods ?? [])) return world
        return { ...world, periods: [...(event.periods ?? [])].sort((a, b) => a - b), periodsOf: plan?.loan.loan_id ?? null, paidMeanwhile: [] }
      }
      case 'repay.loan':
        return { ...world, repayLoan: event.loan_id ?? null, periods: [], paidMeanwhile: [] }
      case 'overlay.open':
        return { ...world, overlayQuery: event.query ?? {} }
      case 'xstate.route': {
        // A page opened over a screen by its address shows that address's query, none if it has none.
        const page = screenOfRoute(event.to ?? '')
        return page !== null && isOverlay(page) ? { ...world, overlayQuery: event.query ?? {} } : world
      }
      default:
        return world
    }
  }
  if (action.kind !== 'actor' || action.outcome !== 'done' || src === undefined) return world
  const answers = { ...world.answers, [src]: output }
  const answer = output as Record<string, unknown>
  const owns = answer.owned === true || answer.rights_owned === true || get(answer, 'order', 'status') === 'paid'
  const next = { ...world, answers, rightsOwned: world.rightsOwned || owns }
  switch (src) {
    case 'showUser': {
      const named = String(answer.user_id)
      // docs/product-rules.md#security-per-borrower: another borrower's token starts from nothing of the first.
      if (world.borrower !== null && world.borrower !== named) return { ...startMachineWorld(), borrower: named }
      return { ...next, borrower: named }
    }
    case 'getLoanUserStatus':
    case 'updateLoanUser':
    case 'saveContacts': {
      const demand = answer.demand as MachineWorld['serverDemand']
      return { ...next, serverDemand: demand ?? world.serverDemand }
    }
    case 'getBiometricResult': {
      if (answer.status !== 'passed') return next
      // Identification fills the name and ID number the borrower has not typed (docs/product-rules.md#screens-and-flow).
      const basic = world.typed.basic ?? {}
      const filled = { real_name: basic.real_name || String(answer.real_name ?? ''), id_number: basic.id_number || String(answer.id_number ?? '') }
      return { ...next, typed: { ...world.typed, basic: { ...basic, ...filled } } }
    }
    // A bound card spends its SMS code (one code, one binding).
    case 'confirmCard':
      return { ...next, typed: { ...world.typed, bankCard: { ...world.typed.bankCard, code: '' } } }
    case 'confirmLenderCard':
      return { ...next, typed: { ...world.typed, lendConfirm: { ...world.typed.lendConfirm, code: '' } } }
    // docs/product-rules.md#flow-periods-in-order: the loan's plan read again may show chosen periods paid
    // meanwhile; the choice keeps what it still owes, while that is still the oldest unpaid, else nothing.
    case 'getRepayPlan': {
      const plan = answer as unknown as PlanAnswer
      if (plan.loan.loan_id !== world.periodsOf) return next
      const owed = world.periods.filter((n) => plan.periods.some((p) => p.period === n && p.status !== 'paid'))
      return { ...next, periods: payable(plan, owed) ? owed : [], paidMeanwhile: [...world.paidMeanwhile, ...paidOf(plan, world.periods)] }
    }
    // A payment made clears the choice (the next payment is chosen anew).
    case 'submitRepayment':
      return { ...next, periods: [] }
    default:
      return next
  }
}

// ---- what the page would send ----

/**
 * docs/product-rules.md#flow-lender-offer: the limit and terms of a listed lender that offers this borrower
 * something, as the sandbox listed it; null for one that is not listed or lists no limit or no term.
 */
function offerOf(world: MachineWorld, lenderId: string | null): { limit: number; terms: LoanTerm[] } | null {
  const listed = get<{ lender_id: string; credit_limit: number; terms: LoanTerm[] }[] | undefined>(world.answers.listMatches, 'items') ?? []
  const lender = listed.find((l) => l.lender_id === lenderId)
  return lender === undefined || lender.credit_limit <= 0 || lender.terms.length === 0 ? null : { limit: lender.credit_limit, terms: lender.terms }
}

/**
 * The term asked for if offered, else the longest offered below it, else the shortest offered: written from the
 * rule apart from the machine's own `termOffered`, so a fault there shows here.
 */
function termWithin(term: LoanTerm, offered: LoanTerm[]): LoanTerm {
  if (offered.includes(term)) return term
  const shorter = offered.filter((t) => t < term)
  return shorter.length > 0 ? shorter.reduce((a, b) => (a > b ? a : b)) : offered.reduce((a, b) => (a < b ? a : b))
}

/** The amount and term the chosen lender is asked for: the confirmation's, else the demand's within the offer. */
function lenderPrice(world: MachineWorld): { amount: unknown; term?: unknown } {
  const demand = demandOf(world)
  const typed = world.typed.lendConfirm ?? {}
  const offer = offerOf(world, world.lender)
  const amount = typed.amount ?? (offer === null || typeof demand.amount !== 'number' ? demand.amount : Math.min(demand.amount, offer.limit)) ?? get(world.answers.trialLoan, 'amount')
  const term = typed.term ?? (offer === null || typeof demand.term !== 'number' ? demand.term : termWithin(demand.term as LoanTerm, offer.terms))
  return term === undefined ? { amount } : { amount, term }
}

const terms = [3, 6, 9, 12, 24, 36]

/** docs/product-rules.md#field-amount-term: 1,000–200,000 CNY in steps of 100 (fen), terms 3–36 months. */
function priceProblems(what: string, amount: unknown, term: unknown): string[] {
  const problems: string[] = []
  if (typeof amount !== 'number' || amount < 100_000 || amount > 20_000_000 || amount % 10_000 !== 0) problems.push(`${what}: amount ${String(amount)} is outside 1,000–200,000 CNY in steps of 100`)
  if (!terms.includes(term as number)) problems.push(`${what}: term ${String(term)} is not one of ${terms.join(', ')}`)
  return problems
}

function differs(what: string, sent: Record<string, unknown>, expected: Record<string, unknown>): string[] {
  return Object.entries(expected)
    .filter(([key, value]) => !isDeepStrictEqual(sent[key], value))
    .map(([key, value]) => `${what}: ${key} is ${JSON.stringify(sent[key])}, the borrower's is ${JSON.stringify(value)}`)
}

/** The demand as the borrower left it: typed, else what the server remembers. */
function demandOf(world: MachineWorld): { amount: unknown; term: unknown; purpose: unknown } {
  const typed = world.typed.demand ?? {}
  return {
    amount: typed.amount ?? world.serverDemand?.amount,
    term: typed.term ?? world.serverDemand?.term,
    purpose: 'purpose' in typed ? typed.purpose : (world.serverDemand?.purpose ?? null),
  }
}

const get = <T>(value: unknown, ...keys: string[]): T => keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | null | undefined)?.[k], value) as T

/** The values each call must carry, from the world; a field left out is checked by the schema only. */
function expectedFields(src: string, world: MachineWorld): { params?: Record<string, unknown>; input?: Record<string, unknown>; price?: true } {
  const typed = world.typed
  const a = world.answers
  const statusId = get<string>(a.getLoanUserStatus, 'id')
  const demand = demandOf(world)
  switch (src) {
    case 'lookupChannel':
      return { params: { channel: 'app-test' } }
    case 'trialLoan':
      return world.lender === null
        ? { input: typed.demand?.amount === undefined ? {} : { amount: typed.demand.amount }, price: true }
        : { input: { lender_id: world.lender, ...lenderPrice(world) }, price: true }
    case 'updateLoanUser':
      return { params: { id: statusId } }
    case 'getBiometricResult':
      return { input: { session_id: get(a.startBiometricSession, 'session_id') } }
    case 'saveContacts':
      return { input: { contacts: typed.contact?.contacts, agreements: { form: true } } }
    case 'sendCardCode':
      return { input: { card_number: typed.bankCard?.card_number, reserved_phone: typed.bankCard?.reserved_phone } }
    case 'confirmCard':
      return { input: { request_id: get(a.sendCardCode, 'request_id'), code: typed.bankCard?.code, agreements: { withhold_agreement: true } } }
    case 'getAgreement':
      return { params: { key: world.overlayQuery?.key } }
    case 'getContract':
      return { input: { lender_id: world.overlayQuery?.lender_id ?? world.lender ?? '', kind: world.overlayQuery?.kind === 'contract' ? 'contract' : 'third_party' } }
    case 'sendLenderCardCode':
      return { input: { lender_id: world.lender } }
    case 'confirmLenderCard':
      return { input: { request_id: get(a.sendLenderCardCode, 'request_id'), code: typed.lendConfirm?.code, lender_id: world.lender } }
    case 'applyLoan':
      return {
        input: {
          lender_id: world.lender,
          ...lenderPrice(world),
          purpose: demand.purpose,
          agreements: { loan: true, contract: true, third_party: true },
        },
        price: true,
      }
    case 'trialRepayment':
      return { input: { loan_id: world.repayLoan ?? get(a.getRepayPlan, 'loan', 'loan_id'), periods: world.periods.join(',') } }
    case 'submitRepayment':
      return {
        input: {
          loan_id: world.repayLoan ?? get(a.getRepayPlan, 'loan', 'loan_id'),
          periods: world.periods,
          amount: get(a.trialRepayment, 'total'),
          card_id: get(a.showCard, 'card', 'card_id'),
        },
      }
    case 'getRepayPlan': {
      const loan = world.repayLoan ?? get<string | undefined>(a.applyLoan, 'loan', 'loan_id') ?? get<string | undefined>(a.getLoanUserStatus, 'loan', 'loan_id')
      return loan === undefined ? {} : { input: { loan_id: loan } }
    }
    case 'buyRewardProduct':
      return { input: { product_id: get(a.showRewardProduct, 'product', 'product_id'), card_id: get(a.showCard, 'card', 'card_id'), agreements: { reward: true, withhold_agreement: true } } }
    case 'getRewardOrder':
      return { input: { order_id: get(a.buyRewardProduct, 'order', 'order_id') ?? get(a.showRewardProduct, 'order', 'order_id') } }
    // The host gave no device facts (the model's starts have none): the page's locale, zh-Hans by default (docs/product-rules.md#boot-and-login).
    case 'reportDevice':
      return { input: { locale: 'zh-Hans' } }
    default:
      return {}
  }
}

/** The section a step saves: the borrower's fields, as typed (docs/product-rules.md#screens-and-flow; email only when given). */
function sectionProblems(input: Record<string, unknown>, world: MachineWorld): string[] {
  const typed = world.typed
  switch (input.section) {
    case 'demand': {
      const demand = demandOf(world)
      return [
        ...differs('updateLoanUser(demand)', input, { purpose: demand.purpose, agreements: { register: true, user: true, privacy: true, personal_consent: true } }),
        ...(typed.demand?.amount === undefined ? [] : differs('updateLoanUser(demand)', input, { amount: typed.demand.amount })),
        ...priceProblems('updateLoanUser(demand)', input.amount, input.term),
      ]
    }
    case 'basic': {
      const b = typed.basic ?? {}
      const expected: Record<string, unknown> = {
        real_name: b.real_name,
        id_number: b.id_number,
        education: b.education,
        marital_status: b.marital_status,
        province_id: b.province_id,
        city_id: b.city_id,
        district_id: b.district_id,
        address: b.address,
        email: b.email || undefined,
      }
      return differs('updateLoanUser(basic)', input, expected)
    }
    case 'asset':
      return differs('updateLoanUser(asset)', input, { ...typed.asset })
    default:
      return [`updateLoanUser: unknown section ${JSON.stringify(input.section)}`]
  }
}

/** Device facts the risk review can read: every fact named, the screen as `width*height` (docs/product-rules.md#request-headers). */
function deviceProblems(input: Record<string, unknown>): string[] {
  const problems = ['device_id', 'model', 'brand', 'os', 'os_name'].filter((key) => typeof input[key] !== 'string' || input[key] === '').map((key) => `reportDevice: ${key} is blank`)
  if (!/^\d+\*\d+$/.test(String(input.screen))) problems.push(`reportDevice: screen ${JSON.stringify(input.screen)} is not width*height`)
  return problems
}

export class RequestChecker {
  private readonly ledger = new IdempotencyLedger()

  /** The problems of a call the machine made, answered now with `outcome`. */
  check(src: string, args: unknown, world: MachineWorld, outcome: 'ok' | FailureKind): string[] {
    // The model's starts carry no bridge baseUrl: the init config decides (docs/product-rules.md#boot-base-url).
    if (src === 'resolveBaseUrl') return differs(src, (args ?? {}) as Record<string, unknown>, { bridgeBaseUrl: null })
    if (!(src in calls)) return [`${src} is not a call of the contract`]
    const call = src as CallName
    const spec = calls[call]
    const { params = {}, input = {}, idempotencyKey } = (args ?? {}) as { params?: Record<string, unknown>; input?: Record<string, unknown>; idempotencyKey?: string }
    const problems: string[] = []
    const p = z.safeParse(spec.params, params)
    if (!p.success) problems.push(`${src}: path parameters break the contract (${p.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`)
    const i = z.safeParse(spec.input, input)
    if (!i.success) problems.push(`${src}: the ${spec.method === 'GET' ? 'query' : 'body'} breaks the contract (${i.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ')})`)
    if (spec.committing && !idempotencyKey) problems.push(`${src} commits without an Idempotency-Key (docs/product-rules.md#idem-key-on-commit)`)
    if (!spec.committing && idempotencyKey !== undefined) problems.push(`${src} commits nothing but carries an Idempotency-Key`)
    const expected = expectedFields(src, world)
    if (expected.params) problems.push(...differs(`${src} path`, params, expected.params))
    if (expected.input) problems.push(...differs(src, input, expected.input))
    if (expected.price) problems.push(...priceProblems(src, input.amount, input.term))
    if (call === 'updateLoanUser') problems.push(...sectionProblems(input, world))
    if (call === 'reportDevice') problems.push(...deviceProblems(input))
    if (call === 'updateLoanUser' && input.id !== params.id) problems.push('updateLoanUser: the body id is not the path id')
    problems.push(
      ...this.ledger
        .check({ call, method: spec.method, path: spec.path, params: params as Record<string, string>, fields: input, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} })
        .map((problem) => `${src}: ${problem}`),
    )
    this.ledger.answered(call, outcome)
    return problems
  }
}

// ---- what the machine holds ----

type Context = Record<string, unknown> & { drafts: Drafts }

/** After an answer, the machine holds it for the screen that shows it. */
export function holdsAnswer(src: string, output: unknown, context: Context, before: MachineWorld): string[] {
  const o = output as Record<string, unknown>
  const expect = (what: string, held: unknown, answered: unknown) =>
    isDeepStrictEqual(held, answered) ? [] : [`after ${src} answered, ${what} should be ${JSON.stringify(answered)}, the machine holds ${JSON.stringify(held)}`]
  switch (src) {
    case 'resolveBaseUrl':
      return expect('the base URL', context.baseUrl, o.baseUrl)
    case 'lookupChannel':
      return expect('loginRequired', context.loginRequired, o.is_login_required !== 1)
    case 'showUser':
      return expect('the user', context.user, o)
    case 'getLoanUserStatus':
    case 'updateLoanUser':
    case 'saveContacts':
      return expect('the loan-user status', context.loanUser, o)
    case 'showRewardProduct':
      return [...expect('the rights product', get(context.rights, 'product'), o.product), ...expect('the rights order', get(context.rights, 'order'), o.order)]
    case 'trialLoan':
      return expect('the trial', context.trial, o)
    case 'startBiometricSession':
      return [...expect('the liveness session', get(context.biometric, 'session_id'), o.session_id), ...expect('the vendor page', get(context.biometric, 'verify_url'), o.verify_url)]
    case 'getBiometricResult': {
      if (o.status === 'failed' || o.status === 'expired') return expect('the liveness outcome', get(context.biometric, 'outcome'), o.status)
      if (o.status !== 'passed') return []
      // Identified: the application is at basic info at least, never moved back (docs/product-rules.md#boot-resume-server-step: the steps' order).
      const steps = ['demand', 'face', 'basic', 'asset', 'contact', 'bank_card', 'review', 'approved', 'rejected', 'applied', 'repaying', 'overdue', 'settled']
      const was = get<string | undefined>(before.answers.getLoanUserStatus, 'step') ?? 'face'
      const wanted = steps.indexOf(was) >= steps.indexOf('basic') ? was : 'basic'
      return [...expect('the application step', get(context.loanUser, 'step'), wanted), ...expect('the liveness outcome', get(context.biometric, 'outcome'), null)]
    }
    case 'sendCardCode':
    case 'sendLenderCardCode': {
      const sms = (src === 'sendCardCode' ? context.cardSms : context.lenderSms) as Record<string, unknown> | null
      const now = (context.runtime as { now: () => number }).now()
      return [
        ...expect('the SMS request', sms?.request_id, o.request_id),
        ...expect('the masked phone', sms?.phone_masked, o.phone_masked),
        // docs/product-rules.md#field-rules: resend after the countdown, a deadline (an instant), so it survives a reload.
        ...expect('the resend deadline', sms?.resendAt, now + Number(o.resend_after) * 1000),
        ...expect('the code\'s expiry', sms?.expiresAt, now + Number(o.expires_in) * 1000),
        ...(src === 'sendCardCode' ? expect('the Luhn warning', context.luhnWarning, o.luhn_warning) : []),
      ]
    }
    case 'confirmCard':
      return [...expect('the bound card', context.card, o.card), ...expect('the loan-user status', context.loanUser, o.status)]
    case 'showCard':
      return expect('the bound card', context.card, o.card)
    case 'getCreditDecision':
      return expect('the credit decision', context.credit, o)
    case 'listSupermarketProducts':
      return expect('the supermarket products', context.supermarket, o.items)
    case 'listMatches':
      return expect('the matches', context.matches, o.items)
    case 'getAgreement':
    case 'getContract':
      return expect('the page text', context.overlayContent, { title: o.title, content_html: o.content_html })
    case 'confirmLenderCard':
      return expect('the lender card bound', context.lenderCardBound, true)
    case 'applyLoan':
      return [...expect('the loan', context.loan, o.loan), ...expect('the loan-user status', context.loanUser, o.status)]
    case 'getRepayPlan': {
      // A plan of the chosen loan showing chosen periods paid: the repayment screen names exactly those.
      const paid = get(o, 'loan', 'loan_id') === before.periodsOf ? paidOf(o as unknown as PlanAnswer, before.periods) : []
      return [...expect('the repay plan', context.repayPlan, o), ...(paid.length > 0 ? expect('the periods paid meanwhile', context.paidMeanwhile, paid) : [])]
    }
    case 'trialRepayment':
      return expect('the repay trial', context.repayTrial, o)
    case 'submitRepayment':
      return [
        ...expect('the repayment', get(context.repayment, 'repayment_id'), o.repayment_id),
        ...expect('the repayment status', get(context.repayment, 'status'), o.status),
        ...expect('the failure reason', get(context.repayment, 'failure_reason'), o.failure_reason),
        // The result screen names what was paid: the trial's total for the periods chosen.
        ...expect('the amount paid', get(context.repayment, 'amount'), get(before.answers.trialRepayment, 'total')),
        ...expect('the periods paid', get(context.repayment, 'periods'), before.periods),
      ]
    case 'buyRewardProduct':
    case 'getRewardOrder':
      return [
        ...expect('the rights order', get(context.rights, 'order'), o.order),
        ...(get(o, 'order', 'status') === 'paid' && context.loanUser !== null ? expect('the status\'s rights card', get(context.loanUser, 'rights_owned'), true) : []),
      ]
    default:
      return []
  }
}

/** The blank of each field the borrower fills in (docs/product-rules.md#field-rules: nothing pre-ticked, nothing pre-filled). */
export const blanks: { [K in DraftStep]?: Partial<Record<keyof Drafts[K], unknown>> } = {
  demand: { agreements: { register: false, user: false, privacy: false, personal_consent: false } },
  face: { face_consent: false, sensitive_consent: false },
  basic: { real_name: '', id_number: '', education: null, marital_status: null, province_id: '', city_id: '', district_id: '', address: '', email: '' },
  asset: { occupation: null, income_band: null, housing: null, car: null, social_insurance: null, provident_fund: null, credit_card: null },
  contact: { contacts: [{ relation: null, name: '', phone: '' }, { relation: null, name: '', phone: '' }], form: false },
  bankCard: { card_number: '', reserved_phone: '', code: '', withhold_agreement: false },
  lendConfirm: { code: '', agreements: { loan: false, contract: false, third_party: false } },
  rights: { reward: false, withhold_agreement: false },
}

/** Facts the screens read besides the drafts: the rights card owned only once an answer says so; nothing bound or warned before a card is. */
export function heldProblems(context: Record<string, unknown>, world: MachineWorld): string[] {
  const problems: string[] = []
  const owned = get(context.rights, 'owned')
  if (owned !== world.rightsOwned) problems.push(`rights owned is ${String(owned)}, but ${world.rightsOwned ? 'an answer said the borrower owns it' : 'no answer said the borrower owns it'}`)
  if (get(context.loanUser, 'rights_owned') === true && !world.rightsOwned) problems.push('the loan-user status held says the rights card is owned, but no answer said so')
  if (world.answers.confirmLenderCard === undefined && context.lenderCardBound !== false) problems.push('a lender card counts as bound before any binding answered')
  if (world.answers.sendCardCode === undefined && context.luhnWarning !== false) problems.push('a Luhn warning before any card number was checked')
  // The repayment screen's notice names only chosen periods a plan read again showed paid (it is cleared on leaving).
  const paidMeanwhile = context.paidMeanwhile as number[]
  if (paidMeanwhile.some((n) => !world.paidMeanwhile.includes(n))) problems.push(`paid meanwhile ${JSON.stringify(paidMeanwhile)}, but the plans read again showed ${JSON.stringify(world.paidMeanwhile)} of the choice paid`)
  return problems
}

/** Every form field: what the borrower typed (or identification filled in), else blank; the purpose may be the server's. */
export function draftProblems(drafts: Drafts, world: MachineWorld): string[] {
  const problems: string[] = []
  for (const [step, fields] of Object.entries(blanks) as [DraftStep, Record<string, unknown>][]) {
    const typed = (world.typed[step] ?? {}) as Record<string, unknown>
    const held = drafts[step] as unknown as Record<string, unknown>
    for (const [field, blank] of Object.entries(fields)) {
      const wanted = field in typed ? typed[field] : blank
      if (!isDeepStrictEqual(held[field], wanted)) {
        problems.push(
          field in typed
            ? `${step}.${field}: the borrower typed ${JSON.stringify(wanted)}, the draft holds ${JSON.stringify(held[field])} (nothing typed is lost)`
            : `${step}.${field}: never filled in by the borrower, yet it holds ${JSON.stringify(held[field])} (forms open empty, nothing pre-ticked)`,
        )
      }
    }
  }
  const purpose = demandOf(world).purpose
  if (drafts.demand.purpose !== purpose) problems.push(`demand.purpose: should be ${JSON.stringify(purpose)} (typed, else the server's), holds ${JSON.stringify(drafts.demand.purpose)}`)
  if (world.typed.demand?.amount !== undefined && drafts.demand.amount !== world.typed.demand.amount) problems.push(`demand.amount: the borrower typed ${world.typed.demand.amount}, the draft holds ${String(drafts.demand.amount)}`)
  if (!isDeepStrictEqual(drafts.repayment.periods, world.periods)) problems.push(`repayment.periods: the borrower chose ${JSON.stringify(world.periods)}, the draft holds ${JSON.stringify(drafts.repayment.periods)}`)
  if (world.typed.lendConfirm?.amount !== undefined && drafts.lendConfirm.amount !== world.typed.lendConfirm.amount) problems.push(`lendConfirm.amount: the borrower typed ${world.typed.lendConfirm.amount}, the draft holds ${String(drafts.lendConfirm.amount)}`)
  return problems
}

// ---- a reload ----

const sensitive = ['id_number', 'card_number', 'code'] as const

function sensitiveValues(world: MachineWorld): string[] {
  const out: string[] = []
  for (const draft of Object.values(world.typed) as Record<string, unknown>[]) for (const key of sensitive) if (typeof draft[key] === 'string' && draft[key] !== '') out.push(draft[key])
  return out
}

/** The context as JSON, without the page's clock and id maker (functions, never stored). */
const withoutRuntime = (context: Record<string, unknown>): unknown => JSON.parse(JSON.stringify({ ...context, runtime: null }))

type RestoredChildren = Record<string, { snapshot?: { status?: unknown; input?: unknown; error?: unknown } } | undefined>

/** Whether `value` holds one of `lost`, typed session-only values, under a session-only key. */
function holdsLost(value: unknown, lost: readonly string[]): boolean {
  if (Array.isArray(value)) return value.some((item) => holdsLost(item, lost))
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, item]) =>
    (sensitive as readonly string[]).includes(key) && typeof item === 'string' ? lost.includes(item) : holdsLost(item, lost))
}

/**
 * docs/product-rules.md#nothing-lost-interrupted: a call that was out with a session-only value the
 * borrower typed and the reload lost (`lost`: all of them after a killed web view, none in the same tab)
 * comes back failed (`interrupted`), never to be sent again blank; any other call that was out comes
 * back running, to be sent again.
 */
function interruptedProblems(where: string, before: unknown, after: unknown, lost: readonly string[]): string[] {
  const problems: string[] = []
  const was = (before ?? {}) as RestoredChildren
  const is = (after ?? {}) as RestoredChildren
  for (const [id, child] of Object.entries(was)) {
    if (child?.snapshot?.status !== 'active') continue
    const back = is[id]?.snapshot
    const interrupted = back?.status === 'error' && (back.error as { kind?: unknown } | undefined)?.kind === 'interrupted'
    if (holdsLost(child.snapshot.input, lost)) {
      if (!interrupted) problems.push(`reload, ${where}: call ${id}, which carried a session-only value, came back ${String(back?.status)}, not failed as interrupted`)
    } else if (back?.status !== 'active') {
      problems.push(`reload, ${where}: call ${id} came back ${String(back?.status)}, not running to be sent again`)
    }
  }
  return problems
}

/**
 * Persists the snapshot as the page does, and restores it: the same state and context come back,
 * resumed on the same screen as the page and as a host's reload resume it; the typed ID, card numbers
 * and SMS codes are in sessionStorage only, and blank after a killed web view, where a call that was out
 * with one of them comes back interrupted; a snapshot of another version, or unreadable, starts fresh.
 */
export function reloadProblems(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, world: MachineWorld): string[] {
  const persisted = JSON.parse(JSON.stringify(machine.getPersistedSnapshot(snapshot))) as { value: unknown; context: Record<string, unknown>; children?: unknown }
  const stored = serializeSnapshot(machine.getPersistedSnapshot(snapshot))
  const problems: string[] = []
  for (const secret of sensitiveValues(world)) {
    if (stored.local.includes(secret)) problems.push(`reload: ${secret} is in localStorage (docs/product-rules.md#nothing-lost: sessionStorage only)`)
  }
  const runtime = { now: () => 0, makeId: () => 'restored' }
  const restored = restoreSnapshot(stored, { version: snapshotVersion, runtime })
  if (restored === null) return [...problems, 'reload: the stored snapshot did not restore']
  if (!isDeepStrictEqual(restored.value, persisted.value)) problems.push(`reload: restored in ${JSON.stringify(restored.value)}, not ${JSON.stringify(persisted.value)}`)
  if (restored.context.runtime !== runtime) problems.push('reload: the restored snapshot does not run on the new page\'s clock')
  if (!isDeepStrictEqual(withoutRuntime(restored.context), withoutRuntime(persisted.context))) problems.push('reload: the restored context differs from the one persisted')
  // In the same tab nothing session-only is lost: every call that was out runs again.
  problems.push(...interruptedProblems('same tab', persisted.children, restored.children, []))
  // docs/product-rules.md#nothing-lost-snapshot: the page resumes the restored machine (a wait polls at once, a call
  // that was out is asked again) on the same screen; a snapshot taken mid-boot boots again instead.
  if (!takenMidBoot(restored) && restored.status === 'active') {
    const resumed = createActor(machine, { snapshot: restored as never }).start()
    resumeRestored(resumed, { token: null, deepLink: null })
    const [was, is] = [screenForState(snapshot as unknown as AppSnapshot), screenForState(resumed.getSnapshot() as unknown as AppSnapshot)]
    if (is !== was) problems.push(`reload: resumed on ${String(is)}, not on ${String(was)}`)
    // docs/product-rules.md#nothing-lost-timers: a restored wait's timer is gone, so its poll asks at once.
    if (resumed.getSnapshot().can({ type: 'poll.now' })) problems.push(`reload: resumed still waiting in ${JSON.stringify(resumed.getSnapshot().value)}, its poll not asked at once`)
    resumed.stop()
    // A reload in the host: the address is the one the page last wrote (the screen's own route, which
    // asks for nothing) and the host hands the same token again, with which the state goes on as it was.
    const own = routeForState(snapshot as unknown as AppSnapshot)
    if (own !== null && snapshot.matches('session')) {
      const reloaded = createActor(machine, { snapshot: restoreSnapshot(stored, { version: snapshotVersion, runtime }) as never }).start()
      resumeRestored(reloaded, { token: 'the-same-token', sameToken: true, deepLink: { path: own.path, query: own.query ?? {} } })
      const landed = screenForState(reloaded.getSnapshot() as unknown as AppSnapshot)
      if (landed !== was) problems.push(`reload at its own address with its own token: resumed on ${String(landed)}, not on ${String(was)}`)
      if (reloaded.getSnapshot().context.hasToken !== true) problems.push('reload with its own token: the token handed again was not taken')
      reloaded.stop()
    }
  }
  const killed = restoreSnapshot({ local: stored.local, session: null }, { version: snapshotVersion, runtime })
  const killedText = JSON.stringify(killed?.context ?? null)
  if (killed === null) problems.push('reload: a killed web view (no sessionStorage) did not restore the rest')
  else {
    for (const secret of sensitiveValues(world)) if (killedText.includes(secret)) problems.push(`reload: ${secret} came back without sessionStorage`)
    const drafts = killed.context.drafts as Drafts
    const kept = (world.typed.basic?.real_name ?? '') === '' || drafts.basic.real_name === world.typed.basic?.real_name
    if (!kept) problems.push('reload: a killed web view lost the name typed (only ID, card numbers and codes are session-only)')
    problems.push(...interruptedProblems('killed web view', persisted.children, killed.children, sensitiveValues(world)))
  }
  if (restoreSnapshot(stored, { version: snapshotVersion + 1, runtime }) !== null) problems.push('reload: a snapshot of another version was restored without a migration')
  const migrated = restoreSnapshot(stored, { version: snapshotVersion + 1, runtime, migrate: ({ snapshot: old }) => old as never })
  if (migrated === null || !isDeepStrictEqual(migrated.value, persisted.value)) problems.push('reload: a migration\'s snapshot was not used')
  if (restoreSnapshot({ local: stored.local.slice(0, -1), session: stored.session }, { version: snapshotVersion, runtime }) !== null) problems.push('reload: an unreadable snapshot was restored')
  if (restoreSnapshot({ local: null, session: stored.session }, { version: snapshotVersion, runtime }) !== null) problems.push('reload: nothing stored, yet a snapshot came back')
  const garbled = restoreSnapshot({ local: stored.local, session: '{' }, { version: snapshotVersion, runtime })
  if (garbled === null || !isDeepStrictEqual(garbled.value, persisted.value)) problems.push('reload: an unreadable sessionStorage lost the snapshot (it should only lose the secrets)')
  const unversioned = JSON.stringify({ snapshot: JSON.parse(stored.local).snapshot })
  if (restoreSnapshot({ local: unversioned, session: stored.session }, { version: snapshotVersion, runtime }) !== null) problems.push('reload: a snapshot without a version was restored')
  // Tampered sessionStorage (entries that name no place, or hold no text) restores as if it were empty.
  const secrets = JSON.parse(stored.session) as Record<string, unknown>
  const tampered = JSON.stringify({ ...Object.fromEntries(Object.keys(secrets).map((key) => [key, 7])), '"notAPath"': 'x', '[]': 'x' })
  const forged = restoreSnapshot({ local: stored.local, session: tampered }, { version: snapshotVersion, runtime })
  if (killed !== null && (forged === null || !isDeepStrictEqual(withoutRuntime(forged.context), withoutRuntime(killed.context)))) problems.push('reload: tampered sessionStorage restored something other than blanks')
  // A migration that filled a sensitive field itself keeps its value: sessionStorage only refills blanks.
  const place = Object.keys(secrets)[0]
  if (place !== undefined) {
    const keys = JSON.parse(place) as string[]
    const migrate = ({ snapshot: old }: { snapshot: unknown }) => {
      const copy = structuredClone(old) as Record<string, unknown>
      let node: Record<string, unknown> = copy
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
      node[keys.at(-1)!] = 'migrated'
      return copy as never
    }
    const moved = restoreSnapshot(stored, { version: snapshotVersion + 1, runtime, migrate })
    const value = keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], moved)
    if (value !== 'migrated') problems.push(`reload: a migrated ${keys.join('.')} was overwritten from sessionStorage`)
  }
  return problems
}

// ---- the URL's query ----

/**
 * The query the URL carries (docs/product-rules.md#screens-and-flow): the agreement or page opened over a screen keeps the
 * query it was opened with (privacy: `key`), and the vendor's liveness page is the one the session
 * returned, so a reload or Back reopens the same page.
 */
export function routeQueryProblems(route: { path: string; query?: Record<string, string> } | null, world: MachineWorld, overlayOpen: boolean, verifying: boolean): string[] {
  if (route === null) return []
  if (verifying) {
    const url = get<string | undefined>(world.answers.startBiometricSession, 'verify_url')
    return route.query?.url === url ? [] : [`the vendor's page should be in the URL (url=${String(url)}), the URL has ${JSON.stringify(route.query ?? {})}`]
  }
  if (!overlayOpen) return route.query === undefined ? [] : [`${route.path} carries a query ${JSON.stringify(route.query)} no page asked for`]
  const wanted = world.overlayQuery ?? {}
  const shown = route.query ?? {}
  return isDeepStrictEqual(shown, wanted) ? [] : [`the page opened with ${JSON.stringify(wanted)} shows the URL query ${JSON.stringify(shown)}`]
}
