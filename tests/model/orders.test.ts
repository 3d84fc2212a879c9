import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { startSamples } from './engine/fixtures'
import { allNodes, rootOf } from '../../src/app/machine-definition'
import type { ConcurrentState, ExploreOptions } from './engine/orders'
import { concurrentStates, exploreOrders, formatOrders, prefixesOf, runOrder } from './engine/orders'
import type { AppContext } from '../../machines/context'
import { update } from '../../machines/flow-kit'
import type { LoanUserStatus } from '../../machines/ports'
import { traceFacts } from '../support/order-checks'

/*
 * Orders explored at machine level (tests/model/engine/orders.ts): a fast exhaustive subset of the
 * states with concurrent work, every order under a small bound run on the real machine with the
 * temporal properties and the verifications' facts after every step. `npm run paths -- --orders`
 * runs every state under the full bound and writes the table.
 */

/**
 * The states a reopened web view enters (a restore's re-read, a confirmation cut off): what the server
 * holds may have changed while the web view was closed, paid from another device or decided meanwhile.
 */
const reopenedInto = new Set(
  allNodes(rootOf(appMachine)).flatMap((node) =>
    [...node.transitions.values()]
      .flat()
      .filter((t) => t.eventType === 'poll.now' || t.guard === 'wasInterrupted')
      .flatMap((t) => (t.target ?? []).map((target) => target.id)),
  ),
)

/** Boot, home's three calls, a payment, a poll's wait beside the taps, and every state a reopened web view enters. */
const fast = (state: ConcurrentState) =>
  state.id.startsWith('app.boot.') ||
  state.id === 'app.session.screens.home.loading' ||
  state.id === 'app.session.screens.paymentConfirm.paying' ||
  state.id === 'app.session.rights.polling.waiting' ||
  state.nodes.some((node) => reopenedInto.has(node))
const bound = 1_000

/**
 * Boot from the host's plain start and from an agreement link; the full run takes every start. A state
 * whose orders still outnumber the bound at its last reduction (boot's lookup beside home's three calls)
 * runs a seeded draw of them here, every one in the full run.
 */
const fastStarts = new Set(['fresh', 'agreementLink'])

async function explore(options: Partial<ExploreOptions> = {}) {
  return exploreOrders({ bound, sampleSeed: 1, check: traceFacts, only: fast, reach: (state, prefix) => !state.id.startsWith('app.boot.') || fastStarts.has(prefix.start.name), ...options })
}

test('the states with concurrent work come from the machine: every invoking node, home\'s three calls at once, every poll\'s wait', () => {
  const states = concurrentStates()
  const invoking = allNodes(rootOf(appMachine)).filter((n) => n.invoke.length > 0)
  const covered = new Set(states.flatMap((s) => s.nodes))
  for (const node of invoking) if (node.type !== 'parallel') expect(covered.has(node.id), node.id).toBe(true)
  const home = states.find((s) => s.id === 'app.session.screens.home.loading')
  expect(home?.kind).toBe('parallel')
  expect(home?.nodes.map((n) => n.split('.').at(-2))).toEqual(['user', 'status', 'rights'])
  expect(states.filter((s) => s.kind === 'poll').length).toBeGreaterThanOrEqual(5)
  // Every one is reached by an approved path; boot's from every start.
  const reached = prefixesOf(states)
  for (const state of states) expect(reached.some((r) => r.state === state), state.id).toBe(true)
  expect(reached.filter((r) => r.state.id === 'app.boot.resolvingBaseUrl').map((r) => r.prefix.start.name)).toEqual(startSamples.map((s) => s.name))
})

test(`every order under a bound of ${bound} at boot (plain and at an agreement link), home, a payment, a poll and where a reopened web view re-reads holds the properties and the facts at every step`, { timeout: 600_000 }, async () => {
  const { results, unreached } = await explore()
  const table = formatOrders(results, unreached, bound)
  expect(results.filter((r) => r.failed > 0), table).toEqual([])
  const home = results.find((r) => r.id === 'app.session.screens.home.loading')!
  // 3 calls in 6 orders, each done or 401 (2³), with 4 events at each of 4 positions or none (17).
  expect(home.explored).toBe(6 * 8 * 17)
  expect(results.filter((r) => r.id.startsWith('app.boot.')).length).toBe(2 * fastStarts.size)
})

// rules: flow-deep-link-clamp
test('the web view reopened at an agreement link, over a snapshot of home, lands on the agreement', async () => {
  const [home] = prefixesOf(concurrentStates().filter((s) => s.id === 'app.session.screens.home.loading'))
  const run = await runOrder(
    home!.prefix,
    [
      { kind: 'answer', call: 0, src: 'showUser', outcome: { name: 'borrower', kind: 'done' } },
      { kind: 'answer', call: 1, src: 'getLoanUserStatus', outcome: { name: 'generated', kind: 'done' } },
      { kind: 'answer', call: 2, src: 'showRewardProduct', outcome: { name: 'onSale', kind: 'done' } },
      { kind: 'reopen', address: { path: '/pages/privacy/index', query: { key: 'privacy', title: 'x' } } },
    ],
    { check: traceFacts },
  )
  expect(run.problems).toEqual([])
  expect(run.trace.steps.at(-1)!.snapshot.matches({ session: { overlay: 'privacy' } })).toBe(true)
})

test('an ordering fault is caught: home dropping the status when the rights card answered first', { timeout: 600_000 }, async () => {
  // The status is stored as the machine stores it, except when the rights card came first: then dropped.
  const broken = appMachine.provide({
    actions: {
      storeLoanUser: update(({ context }: { context: AppContext }, params: { status: LoanUserStatus }) => {
        if (context.rights.product !== null) return {}
        const demand = context.drafts.demand
        const prefill = params.status.demand !== null && demand.amount === null ? { ...demand, ...params.status.demand } : demand
        return {
          loanUser: params.status,
          rights: { ...context.rights, owned: context.rights.owned || params.status.rights_owned },
          drafts: { ...context.drafts, demand: prefill },
        }
      }),
    } as never,
  })
  const { results } = await explore({ machine: broken, only: (s) => s.id === 'app.session.screens.home.loading', stopAtFailure: true })
  const failure = results[0]!.firstFailure
  expect(failure?.order.indexOf('showRewardProduct.done:onSale')).toBeLessThan(failure?.order.findIndex((l) => l.startsWith('getLoanUserStatus.done')) ?? -1)
  expect(failure?.problems.join('\n')).toMatch(/after getLoanUserStatus answered, the loan-user status should be/)
})
