import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { Snapshot } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import type { ApiFailure, AppInput, BankCard, LoanSummary, LoanUserStatus, PortArgs, PortData, PortName, RepayPlan } from '../../machines/ports'

/*
 * Fakes for machine tests: every actor is provided the same way the app edge provides the real
 * ones (`appMachine.provide({ actors })`), answering from a script and recording each call.
 */

export type Script = { [Name in PortName]?: (args: PortArgs<Name>) => PortData<Name> | Promise<PortData<Name>> }

export interface Call {
  name: string
  args: unknown
}

export function fail(failure: ApiFailure): never {
  throw failure
}

export function loanUser(patch: Partial<LoanUserStatus> = {}): LoanUserStatus {
  return {
    id: 'lu-1',
    step: 'demand',
    demand: null,
    loan: null,
    loans: [],
    last_repayment: null,
    rights_owned: false,
    ...patch,
  }
}

/** A loan being repaid, paid out in January 2025; tests patch what they need. */
export function repayingLoan(patch: Partial<LoanSummary> = {}): LoanSummary {
  return {
    loan_id: 'loan-9',
    lender_id: 'lender-a',
    lender_name: 'Lender A',
    amount: 600_000,
    term: 6,
    apr: 0.1,
    status: 'repaying',
    created_at: '2025-01-01T00:00:00+08:00',
    disbursed_at: '2025-01-02T00:00:00+08:00',
    next_due_date: '2025-02-02',
    next_due_amount: 102_929,
    outstanding_principal: 600_000,
    periods_paid: 0,
    ...patch,
  }
}

/**
 * A plan of equal periods for `loan`, the first due and the rest upcoming; tests patch what they
 * need. Totals are the principal only: no test here reads interest from them.
 */
export function equalPeriodsPlan(loan: LoanSummary, count: number, principal: number): RepayPlan {
  const amount = principal + 2_929
  return {
    loan,
    periods: Array.from({ length: count }, (_, index) => ({
      period: index + 1,
      due_date: `2025-0${index + 2}-02`,
      principal,
      interest: 2_929,
      fee: 0,
      penalty: 0,
      amount,
      status: index === 0 ? ('due' as const) : ('upcoming' as const),
      paid_at: null,
    })),
    totals: { principal: count * principal, interest: 0, fee: 0, penalty: 0, amount: count * principal, paid: 0, outstanding: count * principal },
  }
}

/** The borrower's bound debit card. */
export const debitCard: BankCard = { card_id: 'card-1', bank_name: 'ICBC', bank_code: 'ICBC', last4: '0000', card_type: 'debit', reserved_phone_masked: '138****0000' }

/** Answers that make the happy boot path work; tests override what they exercise. */
export function baseScript(): Script {
  return {
    resolveBaseUrl: () => ({ baseUrl: 'https://sandbox.test' }),
    // As the sandbox answers: a channel's code is its own name.
    lookupChannel: ({ params }) => ({ channel_code: params.channel, is_login_required: 0 }),
    showUser: () => ({ user_id: 'u-1', phone: '13800000000', nick_name: 'Li', identity_id: null }),
    getLoanUserStatus: () => loanUser(),
    showRewardProduct: () => ({ product: null, owned: false, order: null }),
  }
}

export function providedMachine(script: Script, calls: Call[]) {
  const names = Object.keys(appMachine.implementations.actors) as PortName[]
  const actors: Record<string, ReturnType<typeof fromPromise<unknown, unknown>>> = {}
  for (const name of names) {
    actors[name] = fromPromise<unknown, unknown>(async ({ input }) => {
      calls.push({ name, args: input })
      const answer = (script as Record<string, ((args: unknown) => unknown) | undefined>)[name]
      if (answer === undefined) throw new Error(`test script has no answer for ${name}`)
      return answer(input)
    })
  }
  return appMachine.provide({ actors: actors as never })
}

export function makeInput(patch: Partial<AppInput> = {}): AppInput & { clockMs: { value: number } } {
  const clockMs = { value: Date.UTC(2025, 0, 1) }
  let id = 0
  return {
    now: () => clockMs.value,
    makeId: () => `id-${++id}`,
    bridge: { channel: 'app-test', token: 'tok' },
    clockMs,
    ...patch,
  }
}

export function start(
  script: Script,
  options: { input?: Partial<AppInput>; snapshot?: Snapshot<unknown> } = {},
) {
  const calls: Call[] = []
  const clock = new SimulatedClock()
  const input = makeInput(options.input)
  const machine = providedMachine(script, calls)
  const actor = createActor(machine, {
    input,
    clock,
    ...(options.snapshot ? { snapshot: options.snapshot } : {}),
  })
  const emitted: unknown[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) =>
    waitFor(actor, predicate, { timeout: 2_000 })
  const callsOf = (name: PortName) => calls.filter((c) => c.name === name)
  return { actor, calls, callsOf, clock, input, emitted, until }
}

/** Lets pending promise reactions (actor answers) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}
