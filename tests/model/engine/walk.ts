import fc from 'fast-check'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { AnyMachineSnapshot } from 'xstate'
import type { AppEvent } from '../../../machines/app.machine'
import { appMachine } from '../../../machines/app.machine'
import type { ApiFailure, AppInput, LoanStep, LoanSummary, LoanTerm, LoanUserStatus, PlanPeriod, PortName, RepayPlan } from '../../../machines/ports'
import { loanSteps } from '../../../src/contract/loan-steps'
import type { StoredSnapshot } from '../../../machines/persistence'
import { restoreSnapshot, serializeSnapshot, snapshotVersion } from '../../../machines/persistence'
import { resumeRestored, takenMidBoot } from '../../../machines/resume'
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
  begin: 'boot' | 'repay' | 'pay' | 'continue'
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
    begin: fc.constantFrom('boot' as const, 'repay' as const, 'pay' as const, 'continue' as const),
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
    // A walk that begins at Repay has a loan to repay.
    serverStep: (rest.begin === 'repay' || rest.begin === 'pay') && rest.serverStep !== 'overdue' ? ('repaying' as const) : rest.serverStep,
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

const commitCalls: ReadonlySet<PortName> = new Set<PortName>(['confirmCard', 'confirmLenderCard', 'applyLoan', 'submitRepayment', 'buyRewardProduct'])

const moneyCalls: ReadonlySet<PortName> = new Set<PortName>(['getRepayPlan', 'trialRepayment', 'trialLoan'])

/** Answers computed from the world (the rest come from the named fixtures). */
const generated: { [Name in PortName]?: (world: WorldData, args: never) => unknown } = {
  // As the sandbox answers: the channel asked about is its own code.
  lookupChannel: (world, { params }: { params: { channel: string } }) => ({ channel_code: params.channel, is_login_required: world.loginRequired ? 0 : 1 }),
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

/**
 * The walk fast-check generates at a seed and path (a run's index, then each shrink's): the same
 * value a failing `npm run walks` reports, drawn alone so every level replays exactly that walk.
 */
export async function walkAt(seed: number, path: string): Promise<{ world: WorldData; steps: WalkChoice[] }> {
  let found: { world: WorldData; steps: WalkChoice[] } | null = null
  await fc.check(
    fc.asyncProperty(walkArbitrary(), async (walk) => {
      found = walk
      return true
    }),
    { seed, path, numRuns: 1 },
  )
  if (found === null) throw new Error(`no walk at seed ${seed} path ${path}`)
  return found
}

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
  /** The address the host reopened the page at, on a step that reopened it. */
  reopened?: { path: string; query?: Record<string, string> }
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
  run: () => Promise<TraceStep>
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

/** One way a call can be answered: done with a variant (the world's own answer or a named fixture), or failed. */
export interface Outcome {
  name: string
  kind: 'done' | FailureKind | 'serverError'
}

/** Every way `call` can be answered: the world's answer (where there is one), each named fixture, each failure. */
export function outcomesOf(call: { src: PortName; input: unknown }): Outcome[] {
  const named = Object.keys((fixtures as unknown as Record<string, Record<string, unknown>>)[call.src] ?? {})
  return [
    ...(generated[call.src] ? [{ name: 'generated', kind: 'done' as const }] : []),
    ...named.map((name) => ({ name, kind: 'done' as const })),
    // Every way a call fails, and a gateway's 5xx (a refusal whose outcome is unknown: asking again can succeed).
    ...[...failuresOf(call.input), 'serverError' as const].map((kind) => ({ name: kind, kind })),
  ]
}

/** The outcome a random walk's `how` picks for a call (weighted towards success). */
function outcomeOfChoice(call: Pending, how: number): Outcome {
  const all = outcomesOf(call)
  const done = all.filter((o) => o.kind === 'done')
  const failures = all.filter((o) => o.kind !== 'done')
  // Five in six answers succeed, so walks get somewhere; the rest fail each way a call can. A
  // commit fails one time in two: what survives its failure and its retry is what matters most.
  if (how % 12 < (commitCalls.has(call.src) ? 6 : 10)) {
    const pick = Math.floor(how / 12)
    // The world's own answer where there is one: always for money (a plan or a price from another
    // loan would contradict the world), half the time for the rest (the named fixtures move the
    // server's step on).
    const own = generated[call.src] !== undefined
    return own && (moneyCalls.has(call.src) || pick % 2 === 0) ? done[0]! : done[pick % done.length]!
  }
  return failures[Math.floor(how / 12) % failures.length]!
}

/**
 * A walk under way: the real machine with every call held open. The random walk below and the
 * order explorer (orders.ts) drive it; each move is recorded as a step of its trace.
 */
export interface WalkSession {
  trace: Trace
  snapshot(): AnyMachineSnapshot
  /** Calls sent and not yet answered or cancelled, oldest first. */
  pending(): Pending[]
  answer(call: Pending, outcome: Outcome): Promise<TraceStep>
  send(event: AppEvent, label?: string): Promise<TraceStep>
  /** Time passes (a poll's wait, a countdown). */
  wait(ms?: number): Promise<TraceStep>
  /**
   * The web view reloads (or the host opens it again, at `address`): the machine is stopped and a new
   * one starts from what the device kept, resumed as the page resumes it.
   */
  reload(address?: { path: string; query?: Record<string, string> }): Promise<TraceStep>
  stop(): void
}

/** Where a running walk's calls go: each is held open until the walk answers it. */
type HoldCall = (src: PortName, input: unknown, signal: AbortSignal) => Promise<unknown>
const walkOfSystem = new WeakMap<object, HoldCall>()
const withHeldCalls = new WeakMap<typeof appMachine, typeof appMachine>()

/**
 * The machine with every call held by the walk that made it. Providing implementations builds a new
 * machine, state nodes and all, which costs more than most walks: it is built once per machine, and
 * each call finds its walk by the actor system it runs in.
 */
function holdingCalls(machine: typeof appMachine): typeof appMachine {
  let held = withHeldCalls.get(machine)
  if (held === undefined) {
    const actors: Record<string, unknown> = {}
    for (const src of Object.keys(machine.implementations.actors) as PortName[]) {
      actors[src] = fromPromise<unknown, unknown>(({ input, signal, system }) => {
        const hold = walkOfSystem.get(system)
        if (hold === undefined) throw new Error(`${src} was called outside a walk`)
        return hold(src, input, signal)
      })
    }
    held = machine.provide({ actors: actors as never })
    withHeldCalls.set(machine, held)
  }
  return held
}

export async function openWalk(world: WorldData, options: WalkOptions = {}): Promise<WalkSession> {
  const pending: Pending[] = []
  let seq = 0
  let callLog: { src: PortName; input: unknown }[] = []
  const hold: HoldCall = (src, input, signal) => {
    callLog.push({ src, input })
    return new Promise((resolve, reject) => {
      const entry: Pending = { seq: ++seq, src, input, resolve, reject }
      pending.push(entry)
      signal.addEventListener('abort', () => {
        const at = pending.indexOf(entry)
        if (at !== -1) pending.splice(at, 1)
      })
    })
  }
  const walked = holdingCalls(options.machine ?? appMachine)
  let clock = new SimulatedClock()
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
  let emitted: TraceStep['emitted'] = []
  // The token the host handed last (at load or by a payload): a reload is handed it again.
  let token: string | null = world.token ? 'tok' : null
  const begin = (snapshot?: unknown, address?: { path: string; query?: Record<string, string> }) => {
    // Booting again at a new address: that address is the deep link.
    const { initialDeepLink: _, ...rest } = input
    const started = address ? { ...rest, initialDeepLink: address } : input
    const actor = createActor(walked, { input: started, clock, ...(snapshot ? { snapshot: snapshot as never } : {}) })
    walkOfSystem.set(actor.system, hold)
    actor.on('*', (event) => emitted.push(event as TraceStep['emitted'][number]))
    actor.start()
    return actor
  }
  let actor = begin()
  await settle()
  const trace: Trace = { world, input, start: { snapshot: actor.getSnapshot(), calls: callLog }, steps: [] }

  const record = async (run: () => Promise<Omit<TraceStep, 'snapshot' | 'stored' | 'calls' | 'emitted'>>): Promise<TraceStep> => {
    callLog = []
    emitted = []
    const done = await run()
    await settle()
    const step: TraceStep = { ...done, snapshot: actor.getSnapshot(), stored: serializeSnapshot(actor.getPersistedSnapshot()), calls: callLog, emitted }
    trace.steps.push(step)
    return step
  }

  return {
    trace,
    snapshot: () => actor.getSnapshot(),
    pending: () => [...pending].sort((a, b) => a.seq - b.seq),
    answer: (call, outcome) =>
      record(async () => {
        const at = pending.indexOf(call)
        if (at !== -1) pending.splice(at, 1)
        if (outcome.kind === 'done') {
          const own = generated[call.src]
          const output =
            outcome.name === 'generated' && own
              ? (own as (w: WorldData, a: unknown) => unknown)(world, call.input)
              : (fixtures as unknown as Record<string, Record<string, (a: unknown) => unknown>>)[call.src]![outcome.name]!(call.input)
          call.resolve(output)
          return { label: `${call.src}.done:${outcome.name}`, event: null, answered: { src: call.src, input: call.input, outcome: 'done', output } }
        }
        const failure: ApiFailure = outcome.kind === 'serverError' ? { kind: 'refused', status: 502 } : failureOf(outcome.kind)
        call.reject(failure)
        return { label: `${call.src}.error:${outcome.kind}`, event: null, answered: { src: call.src, input: call.input, outcome: outcome.kind } }
      }),
    send: (event, label = event.type) =>
      record(async () => {
        if (event.type === 'bridge.payload' && typeof event.token === 'string' && event.token !== '') token = event.token
        actor.send(event)
        return { label, event, answered: null }
      }),
    wait: (ms = 61_000) =>
      record(async () => {
        clockMs.value += ms
        clock.increment(ms)
        return { label: `wait:${Math.round(ms / 1000)}s`, event: null, answered: null }
      }),
    reload: (address) =>
      record(async () => {
        const stored = serializeSnapshot(actor.getPersistedSnapshot())
        actor.stop()
        // What was in flight is gone with the page; the restored machine asks again.
        pending.length = 0
        clock = new SimulatedClock()
        const restored = restoreSnapshot(stored, { version: snapshotVersion, runtime: { now: input.now, makeId: input.makeId } })
        // As the page does: a snapshot taken mid-boot boots again.
        const resumable = restored !== null && !takenMidBoot(restored) && restored.status === 'active'
        actor = begin(resumable ? restored : undefined, address)
        if (resumable) resumeRestored(actor, { token, deepLink: address ? { path: address.path, query: address.query ?? {} } : null })
        const label = address ? `reopen:${address.path}` : 'reload'
        return { label, event: null, answered: null, ...(address ? { reopened: address } : {}) }
      }),
    stop: () => actor.stop(),
  }
}

/** Runs one walk and returns its trace; the walk stops early when nothing can happen. */
export async function runWalk(world: WorldData, steps: readonly WalkChoice[], options: WalkOptions = {}): Promise<Trace> {
  const session = await openWalk(world, options)
  const move = (label: string, run: () => Promise<TraceStep>): Move => ({ label, run })
  const answer = (call: Pending, how: number) => session.answer(call, outcomeOfChoice(call, how))

  // A walk may begin past boot: every call answered with the world's data until home, then the
  // borrower's first tap (repay or continue), so a budget of steps reaches the deep screens.
  // A walk that begins at Pay goes on to the payment's confirmation: the first unpaid period, Next, Next.
  if (world.begin !== 'boot') {
    for (let i = 0; i < 24; i++) {
      const snapshot = session.snapshot()
      const at = (screen: string, sub: string) => snapshot.matches({ session: { screens: { [screen]: sub } } })
      const forward: AppEvent | null = at('home', 'ready')
        ? world.begin === 'continue' ? { type: 'home.continue' } : { type: 'home.repay' }
        : world.begin !== 'pay'
          ? null
          : at('repayment', 'ready') && (snapshot.context as { drafts: { repayment: { periods: number[] } } }).drafts.repayment.periods.length === 0
            ? { type: 'repay.select', periods: [world.loan.paid + 1] }
            : at('repayment', 'ready') || at('repayDetail', 'ready')
              ? { type: 'form.submit' }
              : null
      if (forward !== null) {
        if (!snapshot.can(forward)) break
        await session.send(forward)
        if (world.begin !== 'pay') break
        continue
      }
      if (at('paymentConfirm', 'ready')) break
      const call = session.pending()[0]
      if (call === undefined) break
      await answer(call, 0)
    }
  }

  for (const choice of steps) {
    const snapshot = session.snapshot()
    if (snapshot.status !== 'active') break
    const moves: Move[] = []
    // Weighted: a pending call is answered as often as all the events together are sent (answers
    // are what move a walk forward), and a screen's own events more often than the global ones.
    // A period's checkbox is always there to tick: the machine, not the screen, refuses a wrong choice.
    const choosing = snapshot.matches({ session: { screens: { repayment: 'ready' } } })
    const events = eventsFor(snapshot).filter((candidate) => snapshot.can(candidate.event) || (choosing && candidate.event.type === 'repay.select'))
    const screenEvents = events.filter((candidate) => !globalEvents.has(candidate.event.type))
    for (const call of session.pending()) {
      const answering = move(call.src, () => answer(call, choice.how))
      for (let i = 0; i < Math.max(2, screenEvents.length); i++) moves.push(answering)
    }
    const sending = (candidate: { label: string; event: AppEvent }) => move(candidate.label, () => session.send(candidate.event, candidate.label))
    // Next (form.submit) is what the borrower came for: weighted up, so walks reach the commits.
    for (const candidate of screenEvents) for (let i = candidate.event.type === 'form.submit' ? 4 : 1; i > 0; i--) moves.push(sending(candidate))
    // One step in five may be the host's or the borrower's global move (a link, a payload, an
    // agreement), or the web view reloading.
    if (choice.move % 5 === 0 || moves.length === 0) {
      for (const candidate of events) moves.push(sending(candidate))
      moves.push(move('reload', () => session.reload()))
    }
    moves.push(move('time', () => session.wait(61_000)))
    await moves[choice.move % moves.length]!.run()
  }
  session.stop()
  return session.trace
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
