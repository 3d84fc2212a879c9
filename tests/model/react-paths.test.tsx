// @vitest-environment jsdom
import { act, cleanup, render, screen as view, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { EventObject } from 'xstate'
import type { Expectation } from '../../machines/model/explore'
import { expectationOf } from '../../machines/model/explore'
import { startSamples } from '../../machines/model/fixtures'
import { observe } from '../../machines/model/observe'
import type { ModelPath } from '../../machines/model/paths'
import { generatePaths } from '../../machines/model/paths'
import { screenStatePaths, screenStates } from '../../machines/model/screen-paths'
import { screenForPath, type ScreenName } from '../../machines/screens'
import { startAppActor, type AppActor } from '../../src/app/app-actor'
import { App } from '../../src/app/app'
import type { AppConfig } from '../../src/app/config'
import { createServices } from '../../src/app/services'
import { encodeBridgeParameter } from '../../src/bridge/payload'
import type { CallName } from '../../src/contract/calls'
import { sandboxSigningKey } from '../../src/contract/signature'
import { initI18n } from '../../src/i18n/init-i18n'
import { startFakeApi, type FakeApi } from './support/fake-api'
import { writeLevelReport, type StepCounts } from './support/level-report'
import { clickName, hashOf, nameOf, userActionFor } from './support/user-steps'

/*
 * Model paths at the React level (issue #6, part 2b): the real app (services, actor, pages) in
 * jsdom, the network a real HTTP server that answers each call the way the path says. Each event
 * is performed the way a borrower would where the screen has a control for it; after every step
 * the machine's state, the URL and the screen shown must be what the path expects.
 * The subset: one shortest path per screen state (machines/model/screen-paths.ts).
 */

const set = generatePaths({ seed: 1 })
const { paths } = screenStatePaths(set)
const screenStateIds = screenStates().map((s) => s.id)
const seen = { states: new Set<string>(), transitions: new Set<string>(), guardOutcomes: new Set<string>() }
const counts: StepCounts = { ui: 0, url: 0, direct: 0, network: 0 }
const passed: string[] = []
const fallbacks = new Set<string>()
let api: FakeApi
let i18n: I18n
const started = Date.now()

beforeAll(async () => {
  api = await startFakeApi()
  i18n = await initI18n('en')
})

afterAll(async () => {
  await api?.close()
})

function screenOf(expect: Expectation): ScreenName | null {
  return expect.route === null ? null : screenForPath(expect.route.path)
}

/** The page URL a host opens for a start sample: channel in the query, token as the bridge payload. */
function startUrl(path: ModelPath): string {
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) throw new Error(`no start ${path.start}`)
  const query = new URLSearchParams({ channel: sample.input.bridge.channel ?? 'app-test' })
  if (sample.input.bridge.token) query.set('bridge', encodeBridgeParameter({ token: sample.input.bridge.token }))
  const link = sample.input.initialDeepLink
  return `/?${query.toString()}${link ? `#${link.path}` : ''}`
}

async function shows(actor: AppActor, invokeSrc: Map<string, string>, expected: Expectation, label: string): Promise<void> {
  await waitFor(
    () => {
      const actual = expectationOf(actor.getSnapshot(), invokeSrc)
      expect({ step: label, ...actual }).toEqual({ step: label, ...expected })
      const hash = hashOf(expected.route)
      if (hash !== null) expect(decodeURIComponent(window.location.hash)).toBe(decodeURIComponent(hash))
      const screen = screenOf(expected)
      const main = document.querySelector('main[data-screen]')
      expect(main?.getAttribute('data-screen') ?? null, `${label}: the screen shown`).toBe(screen)
    },
    { timeout: 5_000 },
  )
}

async function perform(actor: AppActor, event: EventObject, screen: ScreenName | null): Promise<void> {
  const action = userActionFor(event, screen)
  const t = (key: string, values?: Record<string, unknown>): string => (i18n.t as (k: string, v?: object) => string)(key, values)
  const user = userEvent.setup()
  switch (action.kind) {
    case 'url':
      counts.url += 1
      act(() => {
        window.location.hash = action.hash
      })
      return
    case 'click': {
      const control = await findControl(action.role, clickName(t, action))
      if (control === null) break
      counts.ui += 1
      await user.click(control)
      return
    }
    case 'check': {
      const boxes = await Promise.all(action.names.map((name) => findControl('checkbox', nameOf(t, name))))
      if (boxes.some((box) => box === null)) break
      for (const box of boxes) if (box !== null && !(box as HTMLInputElement).checked) await user.click(box)
      counts.ui += 1
      return
    }
    case 'direct':
      counts.direct += 1
      act(() => actor.send(event as Parameters<AppActor['send']>[0]))
      return
  }
  // The screen has a control for this event, but not now: the path's answers left it off (no loan
  // to pick, say). The event still goes to the machine, counted apart so the figures stay honest.
  counts.direct += 1
  fallbacks.add(`${event.type} on ${screen ?? 'boot'}: no enabled control shown`)
  act(() => actor.send(event as Parameters<AppActor['send']>[0]))
}

/** An enabled control by role and name, or null when the screen does not offer it within a second. */
async function findControl(role: 'button' | 'checkbox', name: RegExp | string): Promise<HTMLElement | null> {
  try {
    return await waitFor(
      () => {
        const control = view.getByRole(role, { name })
        if ((control as HTMLButtonElement).disabled) throw new Error(`${String(name)} is disabled`)
        return control
      },
      { timeout: 1_000 },
    )
  } catch {
    return null
  }
}

/** Lets React finish the effects of the last change (the URL projection), as a borrower's pause would. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

const config = (origin: string): AppConfig => ({
  signingKey: sandboxSigningKey,
  initConfigUrl: `${origin}/config/init.json`,
  apiOrigins: [],
  hostOrigins: [window.location.origin],
  allowLoopback: true,
  production: false,
  appVersion: 'model-test',
})

async function runPath(path: ModelPath): Promise<void> {
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', startUrl(path))
  const services = createServices(window, config(api.origin))
  const observed = observe(services.machine)
  services.machine = observed.machine
  const actor = startAppActor(window, services)
  const detach = observed.attach(actor)
  render(
    <I18nextProvider i18n={i18n}>
      <App handles={{ actor, services }} />
    </I18nextProvider>,
  )
  try {
    await shows(actor, observed.invokeSrc, path.startExpect, `start ${path.start}`)
    await settle()
    let on = screenOf(path.startExpect)
    for (const step of path.steps) {
      const action = step.do
      switch (action.kind) {
        case 'event':
          await perform(actor, action.event, on)
          break
        case 'actor': {
          const call = (action.src === 'resolveBaseUrl' ? 'initConfig' : action.src) as CallName
          if (action.outcome === 'error' && action.error === 'timeout') throw new Error(`${step.label}: a timeout is not run at React level`)
          const request = await api.waitFor(call)
          counts.network += 1
          act(() => api.answer(request, action.outcome === 'done' ? { outcome: 'done', fixture: action.fixture } : { outcome: 'error', error: action.error }, action.src))
          break
        }
        case 'delay':
        case 'wait':
          throw new Error(`${step.label}: the React runner does not move time; pick a path without delays`)
      }
      await shows(actor, observed.invokeSrc, step.expect, step.label)
      await settle()
      observed.note(actor)
      on = screenOf(step.expect) ?? on
    }
    passed.push(path.id)
  } finally {
    detach()
    for (const s of observed.seen.states) seen.states.add(s)
    for (const s of observed.seen.transitions) seen.transitions.add(s)
    for (const s of observed.seen.guardOutcomes) seen.guardOutcomes.add(s)
    cleanup()
    actor.stop()
    api.reset()
  }
}

for (const path of paths) {
  test(`${path.id} (${path.goal}): the borrower sees the screen the path expects after every step`, { timeout: 30_000 }, async () => {
    await runPath(path)
  })
}

test('every screen state is shown by at least one path, and the figures are written', () => {
  const report = writeLevelReport(
    'react',
    set.targets,
    seen,
    {
      paths: { run: paths.length, passed: passed.length, ids: paths.map((p) => p.id) },
      steps: counts,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      notes: [
        'one shortest path per screen state (machines/model/screen-paths.ts)',
        'ui: clicks and typing on a control found by role and name; url: route events as a hash change; direct: sent to the actor, no control on that screen',
        ...[...fallbacks].map((f) => `sent directly: ${f}`),
      ],
    },
    screenStateIds,
  )
  expect(report.screenStates.missing).toEqual([])
  expect(passed.length).toBe(paths.length)
})
