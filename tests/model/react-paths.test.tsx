// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { TranslationProvider } from '../../src/i18n/translation'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { SimulatedClock } from 'xstate'
import type { Expectation } from './engine/explore'
import { expectationOf } from './engine/explore'
import { startSamples } from './engine/fixtures'
import { observe } from './engine/observe'
import type { ModelPath } from './engine/model-path'
import { delayMs } from './engine/replay'
import { screenStates } from './engine/screen-paths'
import { startAppActor, type AppActor } from '../../src/app/app-actor'
import { App } from '../../src/app/app'
import { createServices, type Services } from '../../src/app/services'
import { encodeBridgeParameter } from '../../src/bridge/payload'
import type { CallName } from '../../src/contract/calls'
import { initI18n } from '../../src/i18n/init-i18n'
import { fixtureData, startFakeApi, type FakeApi } from '../support/fake-api'
import { writeLevelReport, type StepCounts } from '../support/level-report'
import { uiPathSet } from '../support/ui-paths'
import { borrowerOps, hashOf } from '../support/user-steps'
import { advanceWorld, arrivalOn, startWorld, verifyFacts, verifySees, type World } from '../support/verify'
import { config, perform, reader, settle } from '../support/react-driver'

/*
 * Model paths at the React level: the real app (services, actor, pages) in jsdom,
 * the network a real HTTP server that answers each call the way the path says and checks what the
 * page sent (support/request-checks.ts). Every step is taken by the borrower's hands: a click, a
 * tick, typing, a choice, found by role and translated name; the host's payloads come as the host
 * sends them. Nothing is sent to the actor. After every step: the machine's state as the path
 * expects, and the state's verifications (tests/model/verifications.ts) on the rendered page and
 * on the facts (the URL and whether it was pushed or replaced, the token, the channel code).
 * The paths: walks covering every transition over what hands, host and network can do
 * (support/ui-paths.ts), each going on from where its last edge left it.
 */

// The machine runs on a simulated clock here: a poll's wait passes as a step, never in real time.
const set = uiPathSet('simulated')
const paths = set.edgePaths
const screenStateIds = screenStates().map((s) => s.id)
const seen = { states: new Set<string>(), transitions: new Set<string>(), guardOutcomes: new Set<string>() }
const counts: StepCounts = { ui: 0, url: 0, direct: 0, network: 0, host: 0 }
const passed: string[] = []
let api: FakeApi
let i18n: I18n
const started = Date.now()
const historyWrites: { kind: 'push' | 'replace'; url: string }[] = []

beforeAll(async () => {
  api = await startFakeApi({ page: window })
  i18n = await initI18n('en')
  // The projection's own history writes, to tell push from replace.
  for (const kind of ['push', 'replace'] as const) {
    const method = kind === 'push' ? 'pushState' : 'replaceState'
    const original = window.history[method].bind(window.history)
    window.history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      historyWrites.push({ kind, url: String(url ?? '') })
      original(data, unused, url)
    }
  }
})

afterAll(async () => {
  await api?.close()
})

const t = (key: string, values?: Record<string, unknown>): string => (i18n.t as (k: string, v?: object) => string)(key, values)

/** The page URL a host opens for a start sample: channel in the query, token as the bridge payload. */
function startUrl(path: ModelPath): string {
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) throw new Error(`no start ${path.start}`)
  const query = new URLSearchParams({ channel: sample.input.bridge.channel ?? 'app-test' })
  if (sample.input.bridge.token) query.set('bridge', encodeBridgeParameter({ token: sample.input.bridge.token }))
  const link = sample.input.initialDeepLink
  return `/?${query.toString()}${link ? `#${link.path}` : ''}`
}

/** The route the page shows, and how the projection wrote it since `from` (null: nobody wrote it). */
function shownRoute(from: number): { path: string; history: 'push' | 'replace' | null } | null {
  const hash = decodeURIComponent(window.location.hash)
  if (hash === '' || hash === '#') return null
  const href = hash.slice(1)
  return { path: href.split('?')[0] ?? href, history: arrivalOn(href, historyWrites.slice(from)) }
}

async function shows(
  actor: AppActor,
  services: Services,
  invokeSrc: Map<string, string>,
  expected: Expectation,
  world: World,
  label: string,
  historyFrom: number,
  routeChanged: boolean,
): Promise<void> {
  await waitFor(
    async () => {
      const actual = expectationOf(actor.getSnapshot(), invokeSrc)
      // A link names what it opens in the URL (an agreement's key and title, the product's title):
      // the page's query, not the model sample's. The path and push/replace are compared.
      const actualRoute = actual.route && expected.route && actual.route.path === expected.route.path ? expected.route : actual.route
      expect({ step: label, ...actual, route: actualRoute }).toEqual({ step: label, ...expected })
      const hash = hashOf(expected.route)
      if (hash !== null) expect(decodeURIComponent(window.location.hash).split('?')[0]).toBe(decodeURIComponent(hash).split('?')[0])
      const route = shownRoute(historyFrom)
      const session = services.session.getSnapshot()
      const problems = [
        ...verifyFacts(expected.state, world, {
          route: expected.route === null ? null : route === null ? null : { path: route.path, history: routeChanged ? route.history : null },
          hasToken: typeof session.token === 'string' && session.token !== '',
          channelCode: session.channelCode,
        }),
        ...(await verifySees(expected.state, world, reader, t)),
      ]
      expect(problems, `${label}: the verifications of ${JSON.stringify(expected.state)}`).toEqual([])
    },
    // Generous: a busy machine renders slowly; a failing check waits this long once.
    { timeout: 15_000 },
  )
}

async function runPath(path: ModelPath): Promise<void> {
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', startUrl(path))
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) throw new Error(`no start ${path.start}`)
  let world = startWorld(sample)
  api.context.world = world
  // The host opens the page on a deep link: the one URL the borrower's side types.
  if (sample.input.initialDeepLink) counts.url += 1
  const services = createServices(window, config(api.origin))
  const observed = observe(services.machine)
  services.machine = observed.machine
  const clock = new SimulatedClock()
  const actor = startAppActor(window, services, clock)
  const detach = observed.attach(actor)
  const user = userEvent.setup()
  render(
    <TranslationProvider i18n={i18n}>
      <App handles={{ actor, services }} />
    </TranslationProvider>,
  )
  try {
    await shows(actor, services, observed.invokeSrc, path.startExpect, world, `start ${path.start}`, 0, false)
    await settle()
    let previous = path.startExpect
    for (const step of path.steps) {
      const action = step.do
      const historyFrom = historyWrites.length
      let output: unknown = undefined
      switch (action.kind) {
        case 'event': {
          const ops = borrowerOps(action.event, actor.getSnapshot())
          if (ops === null) throw new Error(`${step.label}: no control on screen sends it; the React level sends nothing to the actor`)
          const refused = !actor.getSnapshot().can(action.event as Parameters<AppActor['send']>[0])
          for (const op of ops) await perform(user, op, refused, t)
          if (ops.some((op) => op.op === 'host')) counts.host += 1
          else counts.ui += 1
          break
        }
        case 'actor': {
          const call = (action.src === 'resolveBaseUrl' ? 'initConfig' : action.src) as CallName
          if (action.outcome === 'error' && action.error === 'timeout') throw new Error(`${step.label}: a timeout is not run at React level`)
          const request = await api.waitFor(call)
          counts.network += 1
          if (action.outcome === 'done' && call !== 'initConfig') output = fixtureData(action.src, action.fixture, request)
          act(() => api.answer(request, action.outcome === 'done' ? { outcome: 'done', fixture: action.fixture } : { outcome: 'error', error: action.error }, action.src))
          break
        }
        case 'delay':
          // The borrower waits while the page polls: the machine's timer fires, nothing is sent to it.
          act(() => clock.increment(delayMs(services.machine, actor.getSnapshot(), action.delay)))
          break
        case 'wait':
          throw new Error(`${step.label}: the React runner does not move the page's own time`)
      }
      const before = world
      world = advanceWorld(world, action, output)
      // A 401 clears the token, and the lookup's answer sets the channel code, for what the page sends
      // after it; a request built before the answer still carries the earlier one and may reach the
      // server later, so the new world applies once the page shows the answer's state.
      const clearsToken = before.token && !world.token
      const namesChannel = before.channel?.code !== world.channel?.code
      if (!clearsToken && !namesChannel) api.context.world = world
      const routeChanged = action.kind !== 'event' || action.event.type !== 'xstate.route' ? previous.route?.path !== step.expect.route?.path : false
      await shows(actor, services, observed.invokeSrc, step.expect, world, step.label, historyFrom, routeChanged)
      await settle()
      api.context.world = world
      observed.note(actor)
      previous = step.expect
    }
    expect([...api.problems], 'what the page sent').toEqual([])
    passed.push(path.id)
  } finally {
    detach()
    for (const s of observed.seen.states) seen.states.add(s)
    for (const s of observed.seen.transitions) seen.transitions.add(s)
    for (const s of observed.seen.guardOutcomes) seen.guardOutcomes.add(s)
    cleanup()
    actor.stop()
    // The next path's host posts must not reach this stopped actor.
    services.bridge.dispose()
    await api.reset()
  }
}

for (const path of paths) {
  test(`${path.id} (${path.goal}): walked by hand, every state as verifications.ts says`, { timeout: 120_000 }, async () => {
    await runPath(path)
  })
}

test('every screen state is shown by at least one path, and the figures are written', () => {
  // The transitions a borrower's hands, the host, the network and waiting can take (not a
  // typed URL other than the start's, nor the edge's poll.now after a restore), and how many were walked.
  const byHand = set.targets.transitions.filter((transition) => !/\| (xstate\.route|route→|poll\.now)/.test(transition))
  const walked = byHand.filter((transition) => seen.transitions.has(transition))
  const report = writeLevelReport(
    'react',
    set.targets,
    seen,
    {
      paths: { run: paths.length, passed: passed.length, ids: paths.map((p) => p.id) },
      steps: counts,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      notes: [
        'the walks covering every transition over what hands, host and network can do (tests/support/ui-paths.ts)',
        'ui: clicks, ticks, typing and choices on controls found by role and translated name; host: bridge payloads the host posts; url: typed URLs (only the start deep link); direct: events sent to the actor (none allowed)',
        `not walked here: ${set.unreached.transitions.length} transitions only typed URLs, a countdown waited out or 60 s timeouts take; poll waits pass on a simulated clock`,
        `transitions of hands, host, network and waiting: ${walked.length} of ${byHand.length} walked (${Math.round((walked.length / byHand.length) * 1000) / 10}%)`,
      ],
    },
    screenStateIds,
  )
  expect(report.screenStates.missing).toEqual([])
  expect(walked.length / byHand.length, `walked ${walked.length} of ${byHand.length}`).toBeGreaterThanOrEqual(0.9)
  expect(passed.length).toBe(paths.length)
  expect(counts.direct).toBe(0)
})
