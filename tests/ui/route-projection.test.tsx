// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import { HashRouter } from 'react-router-dom'
import { loanUser, settle, start, type Script, baseScript } from '../support/test-kit'
import type { LoanUserStatus } from '../../machines/ports'
import { AppHandlesContext, type AppHandles } from '../../src/app/app-context'
import type { AppActor } from '../../src/app/app-actor'
import { RouteProjection } from '../../src/app/route-projection'
import type { Services } from '../../src/app/services'

/*
 * The router mirrors the machine. When the machine moves twice before the router reports the
 * first move's URL (home is entered, and the resume answer arrives while its URL is still on the
 * way), the late URL is the page's own doing, not the borrower pressing Back: the borrower must
 * land where the server says they are, not be sent back home.
 */

const realPushState = window.history.pushState.bind(window.history)
const realReplaceState = window.history.replaceState.bind(window.history)

afterEach(() => {
  // Unmounted here, not left mounted into jsdom's teardown: one run of this file failed with a render
  // after teardown ("window is not defined"), most likely from a tree left mounted.
  cleanup()
  window.history.pushState = realPushState
  window.history.replaceState = realReplaceState
  window.location.hash = ''
})

/** The projection alone over the machine of `run`, with whatever else the test mounts beside it. */
function project(run: ReturnType<typeof start>, beside: ReactNode = null): void {
  const handles = { actor: run.actor as unknown as AppActor, services: {} as Services } satisfies AppHandles
  render(
    <AppHandlesContext value={handles}>
      <HashRouter>
        <RouteProjection />
        {beside}
      </HashRouter>
    </AppHandlesContext>,
  )
}

// rules: flow-deep-link-clamp
test('a deep link resumed while home is still being shown lands on its step, not back home', async () => {
  window.location.hash = '#/pages/basicInfo/index'
  let answer: ((status: LoanUserStatus) => void) | undefined
  let asked = 0
  const script: Script = {
    ...baseScript(),
    getLoanUserStatus: () =>
      new Promise<LoanUserStatus>((resolve) => {
        asked += 1
        answer = resolve
      }),
  }
  // The resume answer comes in the instant the router is asked for home's URL.
  const answerOnHome = (real: History['pushState']) => (...args: Parameters<History['pushState']>) => {
    real(...args)
    if (String(args[2]).includes('/pages/home/index')) answer?.(loanUser({ step: 'basic' }))
  }
  window.history.pushState = answerOnHome(realPushState)
  window.history.replaceState = answerOnHome(realReplaceState)
  const run = start(script, { input: { initialDeepLink: { path: '/pages/basicInfo/index', query: {} } } })
  project(run)
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  // With a token the status is asked beside boot's channel lookup, and boot waits for it: home is not
  // shown before it answers, so here it answers while boot still waits.
  if (asked > 0 && !run.actor.getSnapshot().matches('session')) answer?.(loanUser({ step: 'basic' }))
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  expect(run.actor.getSnapshot().matches({ session: { screens: 'basicInfo' } })).toBe(true)
  expect(window.location.hash).toBe('#/pages/basicInfo/index')
})

test('an agreement opened at boot stays open when the machine reaches it between the router\'s render and its effects', async () => {
  // The boot address is the agreement; by the time React first renders, the machine is home.
  window.location.hash = '#/pages/privacy/index?key=terms'
  const run = start(baseScript())
  await run.until((snapshot) => snapshot.matches({ session: { screens: { home: 'ready' } } }))
  // Under load the machine follows the link after the commit that rendered home's route and before
  // that commit's effects run: the projection must act on where the machine is, not on that render.
  function FollowsTheLinkAfterCommit() {
    useLayoutEffect(() => {
      run.actor.send({ type: 'xstate.route', to: '#privacy', query: { key: 'terms' } })
    }, [])
    return null
  }
  project(run, <FollowsTheLinkAfterCommit />)
  for (let i = 0; i < 5; i++) await act(() => settle())
  expect(run.actor.getSnapshot().matches({ session: { overlay: 'privacy' } })).toBe(true)
  expect(window.location.hash).toBe('#/pages/privacy/index?key=terms')
})

test('the entry address at mount is the boot address, not a move of the borrower: home is not left for loan demand', async () => {
  // The host opens `/` (loan demand's path in the spec's route table); boot has gone home before React's first render.
  window.history.replaceState(null, '', '/')
  const run = start(baseScript())
  await run.until((snapshot) => snapshot.matches({ session: { screens: { home: 'ready' } } }))
  const visited: string[] = []
  run.actor.subscribe((snapshot) => visited.push(JSON.stringify(snapshot.value)))
  project(run)
  for (let i = 0; i < 5; i++) await act(() => settle())
  expect(visited.filter((value) => value.includes('loanDemand')), 'states visited').toEqual([])
  expect(run.callsOf('trialLoan'), 'a loan trial the borrower never asked for').toEqual([])
  expect(window.location.hash).toBe('#/pages/home/index')
})
