import type { AnyMachineSnapshot } from 'xstate'
import type { Drafts } from '../../../machines/app.machine'
import type { PortName, RepayPlan } from '../../../machines/ports'
import { restoreSnapshot, snapshotVersion } from '../../../machines/persistence'
import type { Trace, TraceStep, WorldData } from './walk'
import { planOf } from './walk'

/*
 * Temporal properties of the product, each checked over every step of every walk (walk.ts) and of
 * every generated path replayed as a walk. Each names the rules of docs/product-rules.md it holds.
 * What a property expects is worked out from the walk's world (the server data it was given) and
 * the rules, never read back from the machine's own context: "the k earliest unpaid periods" is
 * computed from the world's plan, the trial's total from the plan's amounts.
 */

export interface Property {
  id: string
  rules: string[]
  says: string
  /** The problems found in a trace; empty when it holds. */
  check(trace: Trace): string[]
}

interface Ctx {
  screen: string | null
  hasToken: boolean
  trial: { apr: number } | null
  credit: { apr: number | null } | null
  repayPlan: RepayPlan | null
  repayTrial: { total: number; periods: number[] } | null
  repayment: { amount: number | null; periods: number[] } | null
  drafts: Drafts
  pendingDeepLink: unknown
  loanUser: unknown
  channelCode: string | null
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as Ctx

/** Every snapshot of a trace with the step that led to it (null for the start). */
function* frames(trace: Trace): Generator<{ before: AnyMachineSnapshot; step: TraceStep; index: number }> {
  let before = trace.start.snapshot
  for (const [index, step] of trace.steps.entries()) {
    yield { before, step, index }
    before = step.snapshot
  }
}

/** All calls in order, each with the index of the step that sent it (-1: at start). */
function callsOf(trace: Trace): { src: PortName; input: unknown; at: number }[] {
  return [...trace.start.calls.map((c) => ({ ...c, at: -1 })), ...trace.steps.flatMap((s, at) => s.calls.map((c) => ({ ...c, at })))]
}

const committing: ReadonlySet<PortName> = new Set<PortName>(['confirmCard', 'confirmLenderCard', 'applyLoan', 'submitRepayment', 'buyRewardProduct'])

function keyOf(input: unknown): string | undefined {
  return (input as { idempotencyKey?: string } | undefined)?.idempotencyKey
}

/** The keys the drafts hold for commits under way. */
function keysOf(drafts: Drafts): Record<string, string | null> {
  return {
    bankCard: drafts.bankCard.idempotencyKey,
    lenderBind: drafts.lendConfirm.bindKey,
    apply: drafts.lendConfirm.applyKey,
    pay: drafts.repayment.payKey,
    buy: drafts.rights.buyKey,
  }
}

/** What the borrower typed: every draft field except the keys, which the machine owns. */
function typed(drafts: Drafts): unknown {
  const copy = JSON.parse(JSON.stringify(drafts)) as Record<string, Record<string, unknown>>
  delete copy.bankCard!.idempotencyKey
  delete copy.lendConfirm!.bindKey
  delete copy.lendConfirm!.applyKey
  delete copy.repayment!.payKey
  delete copy.rights!.buyKey
  return copy
}

/** `[path, value]` for every leaf; an array is one leaf (its JSON), so a chosen list is compared whole. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.length === 0 ? [[prefix, null]] : [[prefix, JSON.stringify(value)]]
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}${prefix ? '.' : ''}${k}`))
  return [[prefix, value]]
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The earliest unpaid periods of the world's plan, in order (the rule, computed here). */
export function earliestUnpaid(world: WorldData, count: number): number[] {
  const out: number[] = []
  for (let period = world.loan.paid + 1; period <= world.loan.term && out.length < count; period++) out.push(period)
  return out
}

/** Whether the machine holds the world's own plan (not a named fixture's). */
function holdsWorldPlan(snapshot: AnyMachineSnapshot, world: WorldData): boolean {
  const plan = ctx(snapshot).repayPlan
  return plan !== null && plan.periods.length === world.loan.term && plan.loan.apr === world.loan.apr
}

/**
 * What every level sees of a walk, step by step: the screen shown, whether the page waits for a new
 * token, whether it boots. At machine level these are the machine's snapshots (screenFramesOf); a
 * rendered level reads them off the page (the page's own report of its machine, its
 * `data-screen`), so a property written over frames is checked at every level the walk replays at.
 */
export interface ScreenFrame {
  /** The step that led here; null for the start. */
  step: Pick<TraceStep, 'label' | 'event' | 'answered'> | null
  screen: string | null
  waitingLogin: boolean
  booting: boolean
}

export function screenFramesOf(trace: Trace): ScreenFrame[] {
  const frame = (snapshot: AnyMachineSnapshot, step: TraceStep | null): ScreenFrame => ({
    step,
    screen: ctx(snapshot).screen,
    waitingLogin: snapshot.matches('reauth'),
    booting: snapshot.matches('boot'),
  })
  return [frame(trace.start.snapshot, null), ...trace.steps.map((step) => frame(step.snapshot, step))]
}

/** After a 401 outside boot and a new token, the screen shown is the one shown before the 401. */
function reloginReturns(frames: readonly ScreenFrame[]): string[] {
  const out: string[] = []
  let was: string | null | undefined
  for (let at = 1; at < frames.length; at++) {
    const [before, now] = [frames[at - 1]!, frames[at]!]
    if (now.step?.answered?.outcome === 'unauthorized' && was === undefined && !before.booting) was = before.screen
    if (was !== undefined && before.waitingLogin && !now.waitingLogin) {
      if (now.screen !== was) out.push(`step ${at - 1}: after re-login on ${now.screen}, was on ${was}`)
      was = undefined
    }
  }
  return out
}

interface ScreenProperty extends Omit<Property, 'check'> {
  check(frames: readonly ScreenFrame[]): string[]
}

const relogin: ScreenProperty = {
  id: 'relogin-returns',
  rules: ['flow-relogin-returns'],
  says: 'After a 401 and a new token, the borrower is back on the screen they were on.',
  check: reloginReturns,
}

/** The properties a rendered level checks over the frames it saw; each is a machine-level property too. */
export const screenProperties: readonly ScreenProperty[] = [relogin]

/** The frames' problems, each prefixed as problemsOf prefixes a property's. */
export function screenProblemsOf(frames: readonly ScreenFrame[]): string[] {
  return screenProperties.flatMap((p) => p.check(frames).map((problem) => `${p.id} [${p.rules.join(', ')}]: ${problem}`))
}

/** What a step's answer from `src` carried, when the call was answered with success; else null. */
function answered<Input, Output>(step: Pick<TraceStep, 'answered'> | null, src: PortName): { input: Input; output: Output } | null {
  const answer = step?.answered
  return answer?.src === src && answer.outcome === 'done' ? { input: answer.input as Input, output: answer.output as Output } : null
}

const isFailure = (step: TraceStep) => step.answered !== null && step.answered.outcome !== 'done'
const isFinalRefusal = (step: TraceStep) => step.answered?.outcome === 'refused'

/** The server's steps between a credit decision and the settlement of the loan it led to. */
const afterDecision: ReadonlySet<string> = new Set(['approved', 'rejected', 'applied', 'repaying', 'overdue'])

export const properties: Property[] = [
  {
    id: 'apr-before-commit',
    rules: ['flow-apr-before-commit', 'money-apr-shown'],
    says: 'No loan is applied for before the borrower was shown a price with its APR.',
    check(trace) {
      const out: string[] = []
      let shown = false
      for (const { before, step, index } of frames(trace)) {
        const c = ctx(before)
        if ((c.trial !== null && typeof c.trial.apr === 'number') || (c.credit?.apr ?? null) !== null) shown = true
        for (const call of step.calls) if (call.src === 'applyLoan' && !shown) out.push(`step ${index}: applyLoan with no APR shown before`)
      }
      return out
    },
  },
  {
    id: 'commit-carries-key',
    rules: ['idem-key-on-commit'],
    says: 'Every committing call carries a non-empty idempotency key.',
    check(trace) {
      return callsOf(trace)
        .filter((c) => committing.has(c.src) && !(typeof keyOf(c.input) === 'string' && keyOf(c.input) !== ''))
        .map((c) => `step ${c.at}: ${c.src} without a key`)
    },
  },
  {
    id: 'retry-reuses-key',
    rules: ['idem-key-reuse'],
    says: 'After a commit fails without a final answer (lost, late, unreadable, 5xx), every later attempt of the same commit (the same call with the same content) carries the same key, whatever the borrower did in between.',
    check(trace) {
      const out: string[] = []
      const payload = (src: PortName, input: unknown) => {
        const { idempotencyKey: _key, ...rest } = (input ?? {}) as { idempotencyKey?: string }
        return `${src} ${JSON.stringify(rest)}`
      }
      const open = new Map<string, { key: string | undefined; at: number }>()
      for (const { step, index } of frames(trace)) {
        const a = step.answered
        if (a !== null && committing.has(a.src)) {
          const id = payload(a.src, a.input)
          if (['network', 'timeout', 'invalidResponse', 'serverError'].includes(a.outcome)) open.set(id, { key: keyOf(a.input), at: index })
          // A final answer spends the key: the next attempt is a new commit.
          else for (const known of [...open.keys()]) if (known.startsWith(`${a.src} `)) open.delete(known)
        }
        for (const call of step.calls) {
          const failed = open.get(payload(call.src, call.input))
          if (failed !== undefined && keyOf(call.input) !== failed.key) {
            out.push(`step ${index}: ${call.src} sent again under ${keyOf(call.input)}, not ${failed.key} (its answer was lost at step ${failed.at})`)
          }
        }
      }
      return out
    },
  },
  {
    id: 'failure-keeps-keys',
    rules: ['nothing-lost-failure', 'idem-key-reuse'],
    says: 'A failed call that is not a final refusal leaves every idempotency key in the drafts as it was.',
    check(trace) {
      const out: string[] = []
      for (const { before, step, index } of frames(trace)) {
        if (!isFailure(step) || isFinalRefusal(step)) continue
        const was = keysOf(ctx(before).drafts)
        const now = keysOf(ctx(step.snapshot).drafts)
        for (const name of Object.keys(was)) {
          if (was[name] !== null && now[name] !== was[name]) out.push(`step ${index} (${step.label}): key ${name} ${was[name]} → ${now[name]}`)
        }
      }
      return out
    },
  },
  {
    id: 'failure-keeps-drafts',
    rules: ['nothing-lost-failure', 'nothing-lost-drafts'],
    says: 'A failed call leaves what the borrower typed and chose (drafts, chosen periods) as it was.',
    check(trace) {
      const out: string[] = []
      for (const { before, step, index } of frames(trace)) {
        if (!isFailure(step)) continue
        // Lost: something that held a value before the failure holds another after it (a screen the
        // answer led to may fill in what was empty, such as the loan to repay).
        const now = new Map(leaves(typed(ctx(step.snapshot).drafts)))
        for (const [path, value] of leaves(typed(ctx(before).drafts))) {
          if (value === null || value === '' || value === false) continue
          if (now.get(path) !== value) out.push(`step ${index} (${step.label}): ${path} was ${JSON.stringify(value)}, now ${JSON.stringify(now.get(path))}`)
        }
      }
      return out
    },
  },
  {
    id: 'reload-keeps-drafts',
    rules: ['nothing-lost-snapshot'],
    says: 'What the device keeps after every step restores every draft as it was (the same tab: session copy included).',
    check(trace) {
      const out: string[] = []
      for (const { step, index } of frames(trace)) {
        const restored = restoreSnapshot(step.stored, { version: snapshotVersion, runtime: { now: () => 0, makeId: () => 'x' } })
        const drafts = (restored?.context as { drafts?: Drafts } | undefined)?.drafts
        if (drafts === undefined || !same(drafts, ctx(step.snapshot).drafts)) out.push(`step ${index} (${step.label}): drafts not restored as they were`)
      }
      return out
    },
  },
  {
    id: 'unauthorized-reauth',
    rules: ['error-401', 'bridge-token-required'],
    says: 'A 401 drops the token and leads to the login wait; no call goes out until the host hands a new token.',
    check(trace) {
      const out: string[] = []
      let waiting = false
      for (const { before, step, index } of frames(trace)) {
        if (waiting && step.calls.length > 0 && !ctx(step.snapshot).hasToken) out.push(`step ${index}: ${step.calls.map((c) => c.src).join(',')} sent without a token`)
        // Boot's calls need no token: a 401 there is a boot failure, retried as one.
        if (step.answered?.outcome === 'unauthorized' && !before.matches('boot')) {
          waiting = true
          if (!step.snapshot.matches('reauth')) out.push(`step ${index}: a 401 left the machine in ${JSON.stringify(step.snapshot.value)}, not the login wait`)
          if (ctx(step.snapshot).hasToken) out.push(`step ${index}: the token survived a 401`)
        }
        if (ctx(step.snapshot).hasToken) waiting = false
      }
      return out
    },
  },
  { ...relogin, check: (trace) => relogin.check(screenFramesOf(trace)) },
  {
    id: 'agreements-unticked',
    rules: ['field-agreements-unticked'],
    says: 'No agreement is ticked unless the borrower ticked it: nothing but a form edit turns one on.',
    check(trace) {
      const out: string[] = []
      const ticks = (d: Drafts) => ({
        demand: d.demand.agreements,
        lendConfirm: d.lendConfirm.agreements,
        face: { face: d.face.face_consent, sensitive: d.face.sensitive_consent },
        withhold: d.bankCard.withhold_agreement,
        rights: { reward: d.rights.reward, withhold: d.rights.withhold_agreement },
      })
      const flatten = (value: unknown, prefix = ''): [string, unknown][] =>
        typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => flatten(v, `${prefix}${k}.`)) : [[prefix, value]]
      const start = flatten(ticks(ctx(trace.start.snapshot).drafts)).filter(([, v]) => v === true)
      if (start.length > 0) out.push(`pre-ticked at start: ${start.map(([k]) => k).join(', ')}`)
      for (const { before, step, index } of frames(trace)) {
        if (step.event?.type === 'form.change') continue
        const was = new Map(flatten(ticks(ctx(before).drafts)))
        for (const [k, v] of flatten(ticks(ctx(step.snapshot).drafts))) if (v === true && was.get(k) !== true) out.push(`step ${index} (${step.label}): ${k} ticked without the borrower`)
      }
      return out
    },
  },
  {
    id: 'periods-oldest-first',
    rules: ['flow-periods-in-order'],
    says: 'The chosen periods are always the earliest unpaid ones of the plan, in order; a valid choice is accepted, any other refused.',
    check(trace) {
      const out: string[] = []
      for (const { before, step, index } of frames(trace)) {
        const chosen = ctx(step.snapshot).drafts.repayment.periods
        if (holdsWorldPlan(step.snapshot, trace.world) && chosen.length > 0 && !same(chosen, earliestUnpaid(trace.world, chosen.length))) {
          out.push(`step ${index}: periods ${chosen.join(',')} chosen; the earliest unpaid are ${earliestUnpaid(trace.world, chosen.length).join(',')}`)
        }
        const e = step.event
        if (e?.type === 'repay.select' && before.matches({ session: { screens: { repayment: 'ready' } } }) && holdsWorldPlan(before, trace.world)) {
          const valid = same(e.periods, earliestUnpaid(trace.world, e.periods.length)) && before.context.repayPlan.loan.status !== 'disbursing'
          const taken = same(ctx(step.snapshot).drafts.repayment.periods, e.periods)
          if (valid && !taken) out.push(`step ${index}: the oldest-first choice ${e.periods.join(',')} was refused`)
        }
      }
      for (const call of callsOf(trace)) {
        if (call.src !== 'trialRepayment' && call.src !== 'submitRepayment') continue
        const periods = String((call.input as { input: { periods: string } }).input.periods).split(',').map(Number)
        const first = periods[0]
        if (first !== undefined && first > trace.world.loan.paid && !same(periods, earliestUnpaid(trace.world, periods.length))) {
          out.push(`step ${call.at}: ${call.src} for periods ${periods.join(',')}`)
        }
      }
      return out
    },
  },
  {
    id: 'repay-amount',
    rules: ['money-fen', 'money-penalty'],
    says: 'A repayment is for the sum of the chosen periods\' amounts on the plan, worked out from the plan, no more, no less.',
    check(trace) {
      const out: string[] = []
      const plan = planOf(trace.world)
      for (const { step, index } of frames(trace)) {
        const output = answered<unknown, { total: number; periods: number[] }>(step, 'trialRepayment')?.output
        if (output === undefined) continue
        if (!same(output.periods, earliestUnpaid(trace.world, output.periods.length)) || output.periods[0] === undefined || output.periods[0] <= trace.world.loan.paid) continue
        const expected = output.periods.reduce((sum, n) => sum + plan.periods[n - 1]!.amount, 0)
        const held = ctx(step.snapshot).repayTrial
        if (held !== null && held.total !== expected) out.push(`step ${index}: repay trial total ${held.total}, the periods add up to ${expected}`)
      }
      for (const { step, index } of frames(trace)) {
        const r = ctx(step.snapshot).repayment
        if (answered(step, 'submitRepayment') !== null && r !== null && r.periods[0] !== undefined && r.periods[0] > trace.world.loan.paid) {
          const expected = r.periods.reduce((sum, n) => sum + plan.periods[n - 1]!.amount, 0)
          if (r.amount !== expected && r.amount !== null && holdsWorldPlan(step.snapshot, trace.world)) out.push(`step ${index}: paid ${r.amount}, the periods add up to ${expected}`)
        }
      }
      return out
    },
  },
  {
    id: 'spec-defaults',
    rules: ['boot-defaults'],
    says: 'Where the host sent no locale, what the page reports in its place is the spec\'s default, zh-Hans; the channel looked up is the one the host named.',
    check(trace) {
      const out: string[] = []
      for (const call of callsOf(trace)) {
        if (call.src === 'reportDevice') {
          const locale = (call.input as { input: { locale?: string; device?: { locale?: string } } }).input
          const sent = locale.device?.locale ?? locale.locale
          const expected = trace.world.locale ?? 'zh-Hans'
          if (sent !== undefined && sent !== expected) out.push(`step ${call.at}: reportDevice says locale ${sent}, expected ${expected}`)
        }
        if (call.src === 'lookupChannel') {
          const channel = (call.input as { params: { channel: string } }).params.channel
          if (channel !== 'app-test') out.push(`step ${call.at}: channel ${channel} looked up, the host named app-test`)
        }
      }
      return out
    },
  },
  {
    id: 'boot-gating',
    rules: ['boot-channel-lookup', 'boot-login-gate'],
    says: "Nothing of the session is asked before the channel lookup answered, except home's three calls with a token in hand, nor, where the channel needs login, before a token; home never rests on answers taken beside a lookup that answered another channel code.",
    check(trace) {
      const out: string[] = []
      const bootCalls = new Set<PortName>(['resolveBaseUrl', 'lookupChannel'])
      const homeCalls = new Set<PortName>(['showUser', 'getLoanUserStatus', 'showRewardProduct'])
      let channel = false
      // docs/product-rules.md#boot-and-login: is_login_required 1 means login is NOT required.
      let loginRequired = false
      let token = trace.world.token
      let askedBeside = false
      let mustAskAgain = false
      const seen = [{ calls: trace.start.calls, step: null as TraceStep | null, at: -1 }, ...trace.steps.map((s, at) => ({ calls: s.calls, step: s, at }))]
      for (const { calls, step, at } of seen) {
        const lookup = answered<{ params: { channel: string } }, { channel_code: string; is_login_required: number }>(step, 'lookupChannel')
        if (lookup !== null) {
          channel = true
          loginRequired = lookup.output.is_login_required !== 1
          if (askedBeside && lookup.output.channel_code !== lookup.input.params.channel) mustAskAgain = true
        }
        if (step?.event?.type === 'bridge.payload' && typeof step.event.token === 'string' && step.event.token !== '') token = true
        for (const call of calls) {
          if (bootCalls.has(call.src)) continue
          if (!channel && token && homeCalls.has(call.src)) askedBeside = true
          else if (!channel) out.push(`step ${at}: ${call.src} before the channel was looked up`)
          else if (loginRequired && !token) out.push(`step ${at}: ${call.src} before login on a channel that needs it`)
          if (channel && call.src === 'getLoanUserStatus') mustAskAgain = false
        }
        if (mustAskAgain && step?.snapshot.matches({ session: { screens: { home: 'ready' } } }))
          out.push(`step ${at}: home at rest on answers taken beside a lookup that answered another channel code`)
      }
      return out
    },
  },
  {
    id: 'deep-link-followed',
    rules: ['flow-deep-link-clamp'],
    says: 'A deep link given at boot is followed once home knows the borrower\'s step: home is never at rest with a link still pending, and an agreement link opens that agreement.',
    check(trace) {
      const out: string[] = []
      let followed = false
      for (const { before, step, index } of frames(trace)) {
        const s = step.snapshot
        if (s.matches({ session: { screens: { home: 'ready' } } }) && ctx(s).pendingDeepLink !== null) out.push(`step ${index}: home at rest with a deep link pending`)
        // Home's loading ended by its last answer (an event in between may take the borrower elsewhere first),
        // home's own or boot's beside the channel lookup.
        const loading = (snapshot: AnyMachineSnapshot) =>
          snapshot.matches({ session: { screens: { home: 'loading' } } }) || snapshot.matches({ boot: 'lookingUpChannelBesideHome' })
        const left = step.answered !== null && loading(before) && !loading(s) && !s.matches('boot')
        if (!followed && left && !s.matches({ session: { screens: { home: 'failed' } } }) && !s.matches('reauth')) {
          followed = true
          if (trace.world.deepLink?.path === '/pages/privacy/index' && !s.matches({ session: { overlay: 'privacy' } })) {
            out.push(`step ${index}: the agreement link ended on ${JSON.stringify(s.value)}`)
          }
        }
      }
      return out
    },
  },
  {
    id: 'rights-before-decision',
    rules: ['flow-rights-before-decision'],
    says: 'From a credit decision until its loan is settled, no state takes the rights card, unless the borrower already owns one.',
    check(trace) {
      const out: string[] = []
      // Where the server says the borrower is, from its own answers: a decision made, or a loan not yet settled.
      let decided = false
      let owned = false
      for (const { step, index } of frames(trace)) {
        const status = answered<unknown, { step: string; rights_owned: boolean }>(step, 'getLoanUserStatus')?.output
        if (status !== undefined) {
          decided = afterDecision.has(status.step)
          owned ||= status.rights_owned
        }
        owned ||= answered<unknown, { owned: boolean }>(step, 'showRewardProduct')?.output.owned ?? false
        if (answered(step, 'buyRewardProduct') !== null) owned = true
        // An order that was pending when the sheet opened, paid while it was polled.
        owned ||= answered<unknown, { order: { status: string } }>(step, 'getRewardOrder')?.output.order.status === 'paid'
        const decision = answered<unknown, { status: string }>(step, 'getCreditDecision')?.output.status
        // The server's latest word: a decision still under review is none yet.
        if (decision !== undefined) decided = decision === 'approved' || decision === 'rejected'
        if (decided && !owned && step.snapshot.can({ type: 'rights.open' })) {
          out.push(`step ${index}: ${JSON.stringify(step.snapshot.value)} offers the rights card after the credit decision`)
        }
      }
      return out
    },
  },
  {
    id: 'applied-as-priced',
    rules: ['flow-apr-before-commit', 'flow-lender-offer'],
    says: 'A loan is applied for at the amount and term the chosen lender last priced, and at a term that lender offers.',
    check(trace) {
      const out: string[] = []
      let priced: { amount: number; term: number; lender_id?: string } | null = null
      let offers: { lender_id: string; terms: number[]; credit_limit: number }[] = []
      for (const { step, index } of frames(trace)) {
        offers = answered<unknown, { items: typeof offers }>(step, 'listMatches')?.output.items ?? offers
        const asked = answered<{ input: { amount: number; term: number; lender_id?: string } }, unknown>(step, 'trialLoan')?.input.input
        if (asked?.lender_id !== undefined) priced = asked
        for (const call of step.calls) {
          if (call.src !== 'applyLoan') continue
          const applied = (call.input as { input: { amount: number; term: number; lender_id: string } }).input
          if (priced === null || priced.lender_id !== applied.lender_id || priced.amount !== applied.amount || priced.term !== applied.term) {
            out.push(`step ${index}: applyLoan ${applied.amount} over ${applied.term} months, last priced ${JSON.stringify(priced)}`)
          }
          const offer = offers.find((o) => o.lender_id === applied.lender_id)
          if (offer !== undefined && (!offer.terms.includes(applied.term) || applied.amount > offer.credit_limit)) {
            out.push(`step ${index}: applyLoan ${applied.amount} over ${applied.term} months, outside ${applied.lender_id}'s offer`)
          }
        }
      }
      return out
    },
  },
  {
    id: 'token-never-stored',
    rules: ['security-token', 'nothing-lost-sensitive'],
    says: 'The bearer token is never in what the device keeps: no value stored, locally or for the session, is a token the host handed.',
    check(trace) {
      const handed = new Set<string>()
      if (typeof trace.input.bridge.token === 'string' && trace.input.bridge.token !== '') handed.add(trace.input.bridge.token)
      const out: string[] = []
      for (const { step, index } of frames(trace)) {
        if (step.event?.type === 'bridge.payload' && typeof step.event.token === 'string' && step.event.token !== '') handed.add(step.event.token)
        for (const [where, text] of [['locally', step.stored.local], ['for the session', step.stored.session]] as const) {
          const found = storedStrings(text).filter((value) => handed.has(value))
          if (found.length > 0) out.push(`step ${index} (${step.label}): the token is kept ${where}`)
        }
      }
      return out
    },
  },
  {
    id: 'one-screen-history',
    rules: ['flow-back-not-substate', 'idem-single-submit'],
    says: 'Back (step.back) never sends a committing call.',
    check(trace) {
      const out: string[] = []
      for (const { step, index } of frames(trace)) {
        if (step.event?.type === 'step.back') for (const c of step.calls) if (committing.has(c.src)) out.push(`step ${index}: step.back sent ${c.src}`)
      }
      return out
    },
  },
]

/** Every string value in what the device keeps (stored JSON text), at any depth. */
function storedStrings(text: string): string[] {
  const out: string[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk)
  }
  try {
    walk(JSON.parse(text))
  } catch {
    out.push(text)
  }
  return out
}

/** Every property's problems for a trace, each prefixed with the property and its rules. */
export function problemsOf(trace: Trace, only: readonly Property[] = properties): string[] {
  return only.flatMap((p) => p.check(trace).map((problem) => `${p.id} [${p.rules.join(', ')}]: ${problem}`))
}
