import { expect, test } from 'vitest'
import { eventForLocation, routeForState } from '../../machines/routes'
import { baseScript, loanUser, start } from '../support/test-kit'

// rules: flow-router-projection, flow-back-not-substate
test('the URL follows the machine: home replaces the entry page, a form step is pushed', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'asset' })
  const run = start(script)
  expect(routeForState(run.actor.getSnapshot())).toBeNull()
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(routeForState(run.actor.getSnapshot())).toEqual({ path: '/pages/home/index', history: 'replace' })
  run.actor.send({ type: 'home.continue' })
  expect(routeForState(run.actor.getSnapshot())).toEqual({ path: '/pages/assetInfo/index', history: 'push' })
})

// rules: flow-agreement-keys
test('an agreement opens with its key and title and Back returns to the form', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'basic' })
  script.getAgreement = () => ({ key: 'privacy', title: 'Privacy', version: '1', content_html: '<p>…</p>', updated_at: '' })
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  run.actor.send({ type: 'form.change', step: 'basic', patch: { address: '科技园路 1 号' } })
  const event = eventForLocation('/pages/privacy/index', { key: 'privacy', title: 'Privacy' })
  expect(event).toEqual({ type: 'xstate.route', to: '#privacy', query: { key: 'privacy', title: 'Privacy' } })
  if (event) run.actor.send(event)
  const open = await run.until((s) => s.matches({ session: { overlay: { privacy: 'ready' } } }))
  expect(routeForState(open)).toEqual({ path: '/pages/privacy/index', query: { key: 'privacy', title: 'Privacy' }, history: 'push' })
  const back = eventForLocation('/pages/basicInfo/index')
  if (back) run.actor.send(back)
  const returned = run.actor.getSnapshot()
  expect(returned.context.screen).toBe('basicInfo')
  expect(returned.context.drafts.basic.address).toBe('科技园路 1 号')
  expect(routeForState(returned)?.path).toBe('/pages/basicInfo/index')
})

// rules: flow-routes
test('unknown paths and the login page are not events; the alias of the entry page is', () => {
  expect(eventForLocation('/nowhere')).toBeNull()
  expect(eventForLocation('/pages/login/index')).toBeNull()
  expect(eventForLocation('/pages/loanDemand/index')).toEqual({ type: 'xstate.route', to: '#loanDemand' })
})

// rules: flow-router-projection
test('a refused location leaves the machine where it was, so the adapter rewrites the URL', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'demand' })
  script.trialLoan = ({ input }) => ({ amount: input.amount, term: 12, apr: 0.12, monthly_payment: 1, total_interest: 1, total_fee: 0, total_repayment: 1, schedule: [] })
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  const event = eventForLocation('/pages/loanPlan/index')
  if (event) run.actor.send(event)
  expect(routeForState(run.actor.getSnapshot())).toEqual({ path: '/', history: 'push' })
})
