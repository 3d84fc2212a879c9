import fc from 'fast-check'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { AnyMachineSnapshot } from 'xstate'
import type { AppEvent } from '../app.machine'
import { appMachine } from '../app.machine'
import type { ApiFailure, AppInput, LoanStep, LoanSummary, LoanTerm, LoanUserStatus, PlanPeriod, PortName, RepayPlan } from '../ports'
import { loanSteps } from '../ports'
import type { StoredSnapshot } from '../persistence'
import { serializeSnapshot } from '../persistence'
import type { FailureKind } from './fixtures'
import { clockStartMs, draftOnScreen, eventSamples, failureOf, failuresOf, fixtures, formSamples, routeQueries, startSamples } from './fixtures'

/*
 * Seeded random walks over the real machine (docs/product-rules.md#screens-and-flow): every
 * invoked call is a real actor held open until the walk answers it, so several calls can be
 * pending at once and be answered in any order, with the borrower's, the host's and the
 * network's events in between. A walk is a list of small integers read against what can happen in
 * the state reached, so fast-check can shrink a failing walk to a shorter one that still fails,
 * and the same list replays the same walk.
 *
 * The server's data is generated per walk (a `WorldData`): the loan's amount, APR and term, how
 * many periods are paid, whether one is overdue, the server's step, the channel's login rule, the
 * host's locale. The answers that carry money are built from it by `planOf` / `trialOf`; the
 * properties (properties.ts) recompute what must hold from the same data, never from the machine.
 */

export interface WorldData {
  loginRequired: boolean
  token: boolean
  /** The host's locale; absent, the spec's default applies. */
  locale: 'zh-Hans' | 'zh-Hant' | 'en' | 'fr' | 'es' | null
  deepLink: null | { path: string; query?: Record<string, string> }
  serverStep: LoanStep
  /** Where the random part starts: at boot, or once home is up and the borrower tapped Repay or Continue. */
  begin: 'boot' | 'repay' | 'continue'
  loan: { amount: number; apr: number; term: LoanTerm; paid: number; overdue: boolean }
}

const terms: readonly LoanTerm[] = [3, 6, 9, 12, 24, 36]

const deepLinks = [
  null,
  { path: '/pages/privacy/index', query: { key: 'user' } },
  { path: '/pages/repayPlan/index' },
  { path: '/pages/repayment/index' },
  { path: '/pages/match/index' },
  { path: '/pages/home/index' },
  { path: '/pages/basicInfo/index' },
] as const

/** Server data drawn from the contract's ranges: amounts in fen, whole hundreds of yuan; APR 3.6–36%. */
export const worldArbitrary: fc.Arbitrary<WorldData> = fc
  .record({
    loginRequired: fc.boolean(),
    token: fc.boolean(),
    locale: fc.constantFrom(null, 'zh-Hans', 'zh-Hant', 'en', 'fr', 'es' as const),
    deepLink: fc.constantFrom(...deepLinks),
    begin: fc.constantFrom('boot' as const, 'repay' as const, 'continue' as const),
    // Half the borrowers have a loan to repay: the repayment rules need one.
    serverStep: fc.oneof(fc.constantFrom(...loanSteps), fc.constantFrom('repaying' as const, 'overdue' as const)),
    amount: fc.integer({ min: 10, max: 2_000 }).map((hundreds) => hundreds * 10_000),
    apr: fc.integer({ min: 36, max: 360 }).map((permille) => permille / 1000),
    term: fc.constantFrom(...terms),
    paidShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
    overdue: fc.boolean(),
  })
  .map(({ amount, apr, term, paidShare, overdue, deepLink, ...rest }) => ({
    ...rest,
    deepLink: deepLink === null ? null : { ...deepLink },
    loan: { amount, apr, term, paid: Math.floor(paidShare * term), overdue },
  }))

// ---- the server's answers, built from the world ----

/**
 * Equal installments (docs/product-rules.md#money-amortization): principal·r(1+r)^n/((1+r)^n−1),
 * r = APR/12, each period's interest on the balance, rounded to the fen; the last period takes
 * what is left of the principal, so the principals sum to the amount exactly.
 */
export function amortize(amount: number, apr: number, term: number): { principal: number; interest: number }[] {
  const r = apr / 12
  const installment = Math.round((amount * r * (1 + r) ** term) / ((1 + r) ** term - 1))
  const rows: { principal: number; interest: number }[] = []
  let balance = amount
  for (let n = 1; n <= term; n++) {
    const interest = Math.round(balance * r)
    const principal = n === term ? balance : installment - interest
    rows.push({ principal, interest })
    balance -= principal
  }
  return rows
}

function dueDate(period: number): string {
  const month = new Date(Date.UTC(2025, 1 + (period - 1), 2))
  return month.toISOString().slice(0, 10)
}

export function loanOf(world: WorldData): LoanSummary {
  const rows = amortize(world.loan.amount, world.loan.apr, world.loan.term)
  const next = rows[world.loan.paid]
  const outstanding = rows.slice(world.loan.paid).reduce((sum, row) => sum + row.principal, 0)
  return {
    loan_id: 'loan-1',
    lender_id: 'lender-a',
    lender_name: 'Lender A',
    amount: world.loan.amount,
    term: world.loan.term,
    apr: world.loan.apr,
    status: world.loan.overdue ? 'overdue' : 'repaying',
    created_at: '2025-01-01T00:00:00+08:00',
    disbursed_at: '2025-01-02T00:00:00+08:00',
    next_due_date: dueDate(world.loan.paid + 1),
    next_due_amount: next ? next.principal + next.interest : null,
    outstanding_principal: outstanding,
    periods_paid: world.loan.paid,
  }
}

export function planOf(world: WorldData): RepayPlan {
  const rows = amortize(world.loan.amount, world.loan.apr, world.loan.term)
  const periods: PlanPeriod[] = rows.map((row, index) => {
    const period = index + 1
    const paid = period <= world.loan.paid
    const first = period === world.loan.paid + 1
    const penalty = first && world.loan.overdue ? Math.round((row.principal + row.interest) * 0.0005 * 3) : 0
    return {
      period,
      due_date: dueDate(period),
      principal: row.principal,
      interest: row.interest,
      fee: 0,
      penalty,
      amount: row.principal + row.interest + penalty,
      status: paid ? 'paid' : first ? (world.loan.overdue ? 'overdue' : 'due') : 'upcoming',
      paid_at: paid ? `${dueDate(period)}T10:00:00+08:00` : null,
    }
  })
  const sum = (pick: (p: PlanPeriod) => number, only = (_: PlanPeriod) => true) => periods.filter(only).reduce((s, p) => s + pick(p), 0)
  return {
    loan: loanOf(world),
    periods,
    totals: {
      principal: sum((p) => p.principal),
      interest: sum((p) => p.interest),
      fee: 0,
      penalty: sum((p) => p.penalty),
      amount: sum((p) => p.amount),
      paid: sum((p) => p.amount, (p) => p.status === 'paid'),
      outstanding: sum((p) => p.amount, (p) => p.status !== 'paid'),
    },
  }
}

function statusOf(world: WorldData, step: LoanStep): LoanUserStatus {
  const hasLoan = step === 'applied' || step === 'repaying' || step === 'overdue'
  const loan = loanOf(world)
  return {
    id: 'lu-1',
    step,
    demand: step === 'demand' ? null : { amount: world.loan.amount, term: world.loan.term, purpose: 'shopping' },
    loan: hasLoan ? loan : null,
    loans: hasLoan ? [loan] : [],
    last_repayment: null,
    rights_owned: false,
  }
}

const moneyCalls: ReadonlySet<PortName> = new Set<PortName>(['getRepayPlan', 'trialRepayment', 'trialLoan'])

/** Answers computed from the world (the rest come from the named fixtures). */
const generated: { [Name in PortName]?: (world: WorldData, args: never) => unknown } = {
  lookupChannel: (world, { params }: { params: { channel: string } }) => ({ channel_code: `code-${params.channel}`, is_login_required: world.loginRequired ? 0 : 1 }),
  getLoanUserStatus: (world) => statusOf(world, world.serverStep),
  getRepayPlan: (world) => planOf(world),
  trialRepayment: (world, { input }: { input: { periods: string } }) => {
    const chosen = new Set(String(input.periods).split(',').map(Number))
    const periods = planOf(world).periods.filter((p) => chosen.has(p.period))
    const add = (pick: (p: PlanPeriod) => number) => periods.reduce((s, p) => s + pick(p), 0)
    return {
      loan_id: 'loan-1',
      periods: periods.map((p) => p.period),
      principal: add((p) => p.principal),
      interest: add((p) => p.interest),
      fee: 0,
      penalty: add((p) => p.penalty),
      total: add((p) => p.amount),
    }
  },
  trialLoan: (world, { input }: { input: { amount: number; term: LoanTerm } }) => {
    const rows = amortize(input.amount, world.loan.apr, input.term)
    const interest = rows.reduce((s, r) => s + r.interest, 0)
    return {
      amount: input.amount,
      term: input.term,
      apr: world.loan.apr,
      monthly_payment: (rows[0]?.principal ?? 0) + (rows[0]?.interest ?? 0),
      total_interest: interest,
      total_fee: 0,
      total_repayment: input.amount + interest,
      schedule: rows.map((r, i) => ({ period: i + 1, due_date: dueDate(i + 1), principal: r.principal, interest: r.interest, fee: 0, amount: r.principal + r.interest })),
    }
  },
}

// ---- the walk ----

/** One step of a walk: which move of those possible, and how (an answer's variant, a failure kind). */
export interface WalkChoice {
  move: number
  how: number
}

export const walkArbitrary = (maxSteps = 100) =>
  fc.record({
    world: worldArbitrary,
    steps: fc.array(fc.record({ move: fc.nat({ max: 1_000 }), how: fc.nat({ max: 1_000 }) }), { minLength: 1, maxLength: maxSteps, size: 'max' }),
  })

export interface Pending {
  seq: number
  src: PortName
  input: unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** What happened at one step, as the properties read it. */
export interface TraceStep {
  label: string
  event: AppEvent | null
  /** The call answered at this step, and how. */
  answered: { src: PortName; input: unknown; outcome: 'done' | FailureKind | 'serverError'; output?: unknown } | null
  snapshot: AnyMachineSnapshot
  /** What the device keeps after this step (persistence.ts), as a reload would read it. */
  stored: StoredSnapshot
  /** Calls that went out during this step (invoked actors started), in order. */
  calls: { src: PortName; input: unknown }[]
  emitted: { type: string; command?: string }[]
}

export interface Trace {
  world: WorldData
  input: AppInput
  start: { snapshot: AnyMachineSnapshot; calls: { src: PortName; input: unknown }[] }
  steps: TraceStep[]
}

/** Lets pending promise reactions (actor answers, their transitions) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

interface Move {
  label: string
  run: (how: number) => Promise<Omit<TraceStep, 'snapshot' | 'stored' | 'calls' | 'emitted'>>
}

/** The periods a borrower can tick on the plan: the k earliest unpaid, or a choice the screen would never make. */
function periodChoices(plan: RepayPlan | null): number[][] {
  if (plan === null) return [[1]]
  const unpaid = plan.periods.filter((p) => p.status !== 'paid').map((p) => p.period)
  // A few lengths, so Next stays likely: one, two, ten (past 9, where text order differs), all.
  const lengths = [...new Set([1, 2, 10, unpaid.length])].filter((k) => k <= unpaid.length && k > 0)
  const choices: number[][] = lengths.map((k) => unpaid.slice(0, k))
  // Out of order (a later one alone), a paid one: the machine must refuse them.
  if (unpaid.length > 1) choices.push([unpaid[unpaid.length - 1]!])
  const paid = plan.periods.find((p) => p.status === 'paid')
  if (paid) choices.push([paid.period])
  return choices
}

export interface WalkOptions {
  /** Machine to walk (default: the application machine). A test may pass a deliberately broken one. */
  machine?: typeof appMachine
}

/** Runs one walk and returns its trace; the walk stops early when nothing can happen. */
export async function runWalk(world: WorldData, steps: readonly WalkChoice[], options: WalkOptions = {}): Promise<Trace> {
  const pending: Pending[] = []
  let seq = 0
  let callLog: { src: PortName; input: unknown }[] = []
  const machine = options.machine ?? appMachine
  const names = Object.keys(machine.implementations.actors) as PortName[]
  const actors: Record<string, unknown> = {}
  for (const src of names) {
    actors[src] = fromPromise<unknown, unknown>(({ input, signal }) => {
      callLog.push({ src, input })
      return new Promise((resolve, reject) => {
        const entry: Pending = { seq: ++seq, src, input, resolve, reject }
        pending.push(entry)
        signal.addEventListener('abort', () => {
          const at = pending.indexOf(entry)
          if (at !== -1) pending.splice(at, 1)
        })
      })
    })
  }
  const clock = new SimulatedClock()
  const clockMs = { value: clockStartMs }
  let ids = 0
  const input: AppInput = {
    now: () => clockMs.value,
    makeId: () => `key-${++ids}`,
    bridge: {
      channel: 'app-test',
      ...(world.token ? { token: 'tok' } : {}),
      ...(world.locale !== null ? { locale: world.locale } : {}),
    },
    ...(world.deepLink ? { initialDeepLink: world.deepLink } : {}),
  }
  const actor = createActor(machine.provide({ actors: actors as never }), { input, clock })
  let emitted: TraceStep['emitted'] = []
  actor.on('*', (event) => emitted.push(event as TraceStep['emitted'][number]))
  actor.start()
  await settle()
  const trace: Trace = { world, input, start: { snapshot: actor.getSnapshot(), calls: callLog }, steps: [] }

  const answer = (call: Pending, how: number): Move['run'] => async () => {
    const at = pending.indexOf(call)
    if (at !== -1) pending.splice(at, 1)
    // Five in six answers succeed, so walks get somewhere; the rest fail each way a call can.
    if (how % 12 < 10) {
      const named = Object.entries((fixtures as unknown as Record<string, Record<string, (a: unknown) => unknown>>)[call.src] ?? {})
      const own = generated[call.src]
      const variants: [string, () => unknown][] = [
        ...(own ? [['generated', () => (own as (w: WorldData, a: unknown) => unknown)(world, call.input)] as [string, () => unknown]] : []),
        ...named.map(([name, fixture]) => [name, () => fixture(call.input)] as [string, () => unknown]),
      ]
      const pick = Math.floor(how / 12)
      // The world's own answer where there is one: always for money (a plan or a price from another
      // loan would contradict the world), half the time for the rest (the named fixtures move the
      // server's step on).
      const [name, make] = own && (moneyCalls.has(call.src) || pick % 2 === 0) ? variants[0]! : variants[pick % variants.length]!
      const output = make()
      call.resolve(output)
      return { label: `${call.src}.done:${name}`, event: null, answered: { src: call.src, input: call.input, outcome: 'done', output } }
    }
    // Every way a call fails, and a gateway's 5xx (a refusal whose outcome is unknown: asking again can succeed).
    const kinds: (FailureKind | 'serverError')[] = [...failuresOf(call.input), 'serverError']
    const kind = kinds[Math.floor(how / 12) % kinds.length]!
    const failure: ApiFailure = kind === 'serverError' ? { kind: 'refused', status: 502 } : failureOf(kind)
    call.reject(failure)
    return { label: `${call.src}.error:${kind}`, event: null, answered: { src: call.src, input: call.input, outcome: kind } }
  }

  const send = (event: AppEvent, label: string): Move => ({
    label,
    run: async () => {
      actor.send(event)
      return { label, event, answered: null }
    },
  })

  const take = async (move: Move, how: number) => {
    callLog = []
    emitted = []
    const done = await move.run(how)
    await settle()
    trace.steps.push({ ...done, snapshot: actor.getSnapshot(), stored: serializeSnapshot(actor.getPersistedSnapshot()), calls: callLog, emitted })
  }

  // A walk may begin past boot: every call answered with the world's data until home, then the
  // borrower's first tap (repay or continue), so a budget of steps reaches the deep screens.
  if (world.begin !== 'boot') {
    for (let i = 0; i < 12; i++) {
      const snapshot = actor.getSnapshot()
      if (snapshot.matches({ session: { screens: { home: 'ready' } } })) {
        const event: AppEvent = world.begin === 'repay' ? { type: 'home.repay' } : { type: 'home.continue' }
        if (snapshot.can(event)) await take(send(event, event.type), 0)
        break
      }
      const call = [...pending].sort((a, b) => a.seq - b.seq)[0]
      if (call === undefined) break
      await take({ label: call.src, run: (how) => answer(call, how)(how) }, 0)
    }
  }

  for (const choice of steps) {
    const snapshot = actor.getSnapshot()
    if (snapshot.status !== 'active') break
    const moves: Move[] = []
    // Weighted: a pending call is answered as often as all the events together are sent (answers
    // are what move a walk forward), and a screen's own events more often than the global ones.
    const events = eventsFor(snapshot).filter((candidate) => snapshot.can(candidate.event))
    const screenEvents = events.filter((candidate) => !globalEvents.has(candidate.event.type))
    const calls = [...pending].sort((a, b) => a.seq - b.seq)
    for (const call of calls) {
      const move = { label: call.src, run: (how: number) => answer(call, how)(how) }
      for (let i = 0; i < Math.max(2, screenEvents.length); i++) moves.push(move)
    }
    for (const candidate of screenEvents) moves.push(send(candidate.event, candidate.label))
    // One step in five may be the host's or the borrower's global move (a link, a payload, an agreement).
    if (choice.move % 5 === 0 || moves.length === 0) for (const candidate of events) moves.push(send(candidate.event, candidate.label))
    moves.push({
      label: 'time',
      run: async () => {
        clockMs.value += 61_000
        clock.increment(61_000)
        return { label: 'wait:61s', event: null, answered: null }
      },
    })
    await take(moves[choice.move % moves.length]!, choice.how)
  }
  actor.stop()
  return trace
}

/** Events the page accepts almost anywhere: sent now and then, not at every step. */
const globalEvents = new Set(['overlay.open', 'nav.home', 'bridge.payload', 'xstate.route', 'login.request', 'poll.now'])

/** The events the borrower, the host and the network could send now, with a label each. */
function eventsFor(snapshot: AnyMachineSnapshot): { label: string; event: AppEvent }[] {
  const out: { label: string; event: AppEvent }[] = []
  const context = snapshot.context as { screen: string | null; repayPlan: RepayPlan | null }
  for (const [type, samples] of Object.entries(eventSamples)) {
    if (type === 'repay.select') continue
    for (const sample of samples) out.push({ label: sample.name ? `${type}(${sample.name})` : type, event: sample.event })
  }
  for (const periods of periodChoices(context.repayPlan)) out.push({ label: `repay.select(${periods.join(',')})`, event: { type: 'repay.select', periods } })
  const draft = draftOnScreen(context.screen, snapshot.matches({ session: 'rights' }))
  for (const sample of draft === null ? [] : formSamples[draft]) out.push({ label: sample.name, event: sample.event })
  for (const screen of ['home', 'repayment', 'repayPlan', 'loanDemand', 'privacy']) {
    const query = routeQueries[screen]
    out.push({ label: `route:#${screen}`, event: (query ? { type: 'xstate.route', to: `#${screen}`, query } : { type: 'xstate.route', to: `#${screen}` }) as AppEvent })
  }
  return out
}

/** A trace as lines a person can read: the start, then each step and the state it reached. */
export function describeTrace(trace: Trace): string {
  const lines = [`start: ${JSON.stringify(trace.world)}`, `  → ${JSON.stringify(trace.start.snapshot.value)}`]
  for (const step of trace.steps) lines.push(`${step.label}`, `  → ${JSON.stringify(step.snapshot.value)}`)
  return lines.join('\n')
}

export const startNames = startSamples.map((s) => s.name)
