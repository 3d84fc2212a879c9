import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import type { Expectation, StepAction } from './engine/explore'
import { initialContext } from '../../machines/context'
import { startSamples } from './engine/fixtures'
import { namePath } from './engine/path-names'
import { seedPaths } from './engine/path-cache'
import type { ModelPath } from './engine/model-path'

/*
 * A path is named by who walks it (the first loan status it is given), the screens it goes through
 * in order and, when an answer fails on the way, which; its tags list its screens, states and events.
 */

const at = (state: Expectation['state'], screen: string | null): Expectation => ({
  state,
  route: null,
  invoking: [],
  context: { screen, step: null, errorCode: null, errorStatus: null, overlay: null, pollAttempt: 0 },
})
const step = (label: string, action: StepAction, expect: Expectation) => ({ label, do: action, expect })
const home = { session: { screens: { home: 'ready' } } }
const demand = { session: { screens: { loanDemand: 'editing' } } }

function pathOf(...steps: ModelPath['steps']): ModelPath {
  return { id: 'edge-1', kind: 'transition', goal: 'x', start: 'fresh', startExpect: at({ boot: 'resolvingBaseUrl' }, null), steps }
}

test('a path is named by its borrower and its screens, and tagged for the picker', () => {
  const named = namePath(
    appMachine,
    pathOf(
      step('getLoanUserStatus.done:atDemand', { kind: 'actor', src: 'getLoanUserStatus', outcome: 'done', fixture: 'atDemand' }, at(home, 'home')),
      step('home.continue', { kind: 'event', event: { type: 'home.continue' } }, at(demand, 'loanDemand')),
      step('form.submit', { kind: 'event', event: { type: 'form.submit' } }, at(demand, 'loanDemand')),
    ),
  )
  expect(named.name).toBe('new borrower: home → loan demand')
  expect(named.title).toBe('new borrower: home → loan demand, 3 steps')
  expect(named.tags.screens).toEqual(['home', 'loanDemand'])
  expect(named.tags.events).toEqual(['form.submit', 'getLoanUserStatus.done', 'home.continue'])
  expect(named.tags.states).toContain('app.session.screens.loanDemand.editing')
  expect(named.tags.states).toContain('app.boot.resolvingBaseUrl')
})

test('a failed answer on the way is in the name; a long walk keeps its two first and three last screens', () => {
  const screens = ['home', 'loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard']
  const named = namePath(
    appMachine,
    pathOf(
      step('getLoanUserStatus.done:repaying', { kind: 'actor', src: 'getLoanUserStatus', outcome: 'done', fixture: 'repaying' }, at(home, 'home')),
      ...screens.slice(1).map((screen) => step('form.submit', { kind: 'event', event: { type: 'form.submit' } }, at(demand, screen))),
      step('trialLoan.error:network', { kind: 'actor', src: 'trialLoan', outcome: 'error', error: 'network' }, at(demand, 'bankCard')),
    ),
  )
  expect(named.name).toBe('repaying borrower: home → loan demand → … → asset info → contact → bank card (trialLoan fails: network)')
})

// The walk of the paths file, as `npm run paths` and the reviewer page's Drive take it (generated once per change).
test('the whole-funnel walk starts as a host opens the page and acts as a live page lets a borrower', { timeout: 120_000 }, () => {
  const walk = seedPaths(1).funnelPaths[0]
  if (walk === undefined) throw new Error('no whole-funnel walk from the host start')
  // The host opens `/?bridge=…#/`: a token and the entry page. The start the walk takes must boot the same.
  const sample = startSamples.find((s) => s.name === walk.start)
  const hostOpening = { bridge: { channel: 'app-test', token: 'tok' } }
  const comparable = (input: object) => {
    const { runtime: _runtime, ...rest } = initialContext({ input: { now: () => 0, makeId: () => 'id', ...input } as never })
    return rest
  }
  expect(comparable(sample?.input ?? {})).toEqual(comparable(hostOpening))
  // The screens in the funnel's order, then the loan repaid.
  const screens = [walk.startExpect, ...walk.steps.map((s) => s.expect)].map((e) => e.context.screen).filter((s, i, all) => s !== null && s !== all[i - 1])
  const order = ['home', 'loanDemand', 'facialIdentification', 'basicInfo', 'assetInfo', 'contact', 'bankCard', 'review', 'result', 'match', 'lendConfirm', 'loanPlan', 'repayment', 'repaymentResult']
  let passed = 0
  for (const screen of screens) if (screen === order[passed]) passed += 1
  expect(order.slice(0, passed)).toEqual(order)
  expect(screens.at(-1)).toBe('repaymentResult')
  // A live page answers its calls before the borrower can act: no event while one is in flight.
  const before = [walk.startExpect, ...walk.steps.map((s) => s.expect)]
  const eventsDuringCalls = walk.steps.flatMap((s, i) => (s.do.kind === 'event' && before[i]!.invoking.length > 0 ? [`${i + 1} ${s.label} during ${before[i]!.invoking.join(', ')}`] : []))
  expect(eventsDuringCalls).toEqual([])
  // Each SMS code is typed after the answer that sent it: the borrower reads it from the message.
  const index = (label: string) => walk.steps.findIndex((s) => s.label === label)
  expect(index('form.change(bankCard:code)')).toBeGreaterThan(index('sendCardCode.done:sent'))
  expect(index('form.change(lendConfirm:code)')).toBeGreaterThan(index('sendLenderCardCode.done:sent'))
  expect(index('sendCardCode.done:sent')).toBeGreaterThan(-1)
  expect(index('sendLenderCardCode.done:sent')).toBeGreaterThan(-1)
})
