import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import type { Expectation, StepAction } from '../../machines/model/explore'
import { namePath } from '../../machines/model/path-names'
import type { ModelPath } from '../../machines/model/paths'

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
