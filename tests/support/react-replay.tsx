import { act, cleanup, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterAll, beforeAll, expect } from 'vitest'
import { SimulatedClock, type AnyMachineSnapshot, type StateValue } from 'xstate'
import type { AppContext } from '../../machines/context'
import type { ScreenFrame } from '../model/engine/properties'
import type { Trace, TraceStep } from '../model/engine/walk'
import { App } from '../../src/app/app'
import { startAppActor } from '../../src/app/app-actor'
import { createServices } from '../../src/app/services'
import { TranslationProvider } from '../../src/i18n/translation'
import { initI18n } from '../../src/i18n/init-i18n'
import { startFakeApi, type FakeApi } from './fake-api'
import { config, perform, reader, settle } from './react-driver'
import { advanceWorld, pageOf, verifySees, type Translate, type World } from './verify'
import { actionOf, frameOf, snapshotsBefore, startAddress, type ReplayReport } from './walk-steps'

/*
 * A machine-level trace (a random walk, or one order at a state with concurrent work) replayed
 * through the React app: the trace is the reference, and each of its steps is taken on the rendered
 * page the way a borrower, the host or the network does it (a click, a host post, an answer the fake
 * API releases); the app's machine must reach the state the reference reached. The first step where
 * it does not is where the levels diverge. A step this level cannot take (the web view reloaded, a
 * 60 s timeout) is reported as not replayable here, and the replay stops there.
 *
 * With `verify`, the state's verifications (tests/model/verifications.ts) must also hold on the
 * rendered page after every step, against the world the trace made: the token the host gave, the
 * channel the network answered, the last failure the network caused.
 */

/** What the verifications compare with after a step: the runner's world, never the machine's reading of it. */
function worldAfter(world: World, step: TraceStep): World {
  const answered = step.answered
  if (answered === null) return step.event === null ? world : advanceWorld(world, { kind: 'event', event: step.event })
  // A gateway's 502 has no catalogue sentence of its own in the table: an alert, and a Retry, is what it must show.
  if (answered.outcome === 'serverError') return { ...world, lastFailure: null }
  // The init config is a plain file, not an envelope: a refusal's envelope there is an answer it cannot read.
  const failure = answered.src === 'resolveBaseUrl' && answered.outcome === 'refused' ? 'invalidResponse' : answered.outcome
  return failure === 'done'
    ? advanceWorld(world, { kind: 'actor', src: answered.src, outcome: 'done', fixture: step.label }, answered.output)
    : advanceWorld(world, { kind: 'actor', src: answered.src, outcome: 'error', error: failure })
}

export interface ReactReplay {
  api: FakeApi
  i18n: I18n
  /** Check the state's verifications on the page after every step. */
  verify?: boolean
}

/** The fake API and the translations a replaying file's tests share: opened before them, closed after. */
export function replayForSuite(): ReactReplay {
  const harness = {} as ReactReplay
  beforeAll(async () => {
    harness.api = await startFakeApi({ page: window })
    harness.i18n = await initI18n('en')
  })
  afterAll(async () => {
    await harness.api?.close()
  })
  return harness
}

export async function replayInReact(trace: Trace, frames: ScreenFrame[], { api, i18n, verify = false }: ReactReplay): Promise<ReplayReport> {
  const t: Translate = (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values)
  localStorage.clear()
  sessionStorage.clear()
  const address = startAddress(trace.world)
  window.history.replaceState(null, '', `/?${new URLSearchParams(address.query).toString()}${address.hash}`)
  await api.reset()
  const services = createServices(window, config(api.origin))
  const clock = new SimulatedClock()
  const actor = startAppActor(window, services, clock)
  const user = userEvent.setup()
  render(
    <TranslationProvider i18n={i18n}>
      <App handles={{ actor, services }} />
    </TranslationProvider>,
  )
  const lines: string[] = []
  let world: World = { token: trace.world.token, channel: null, lastFailure: null }
  // The app's machine where the reference's is, the page the table names for it rendered, and with
  // `verify` what the state must show on it.
  const same = async (reference: AnyMachineSnapshot): Promise<string[] | null> => {
    const expected = reference.value as StateValue
    const page = pageOf(expected)
    let problems: string[] = []
    try {
      await waitFor(
        async () => {
          expect(actor.getSnapshot().value).toEqual(expected)
          // Whether a token is held gates login: a host payload the page did not pass on shows here first.
          expect(actor.getSnapshot().context.hasToken).toBe((reference.context as AppContext).hasToken)
          if (page !== undefined) expect(await reader.page()).toBe(page)
          problems = verify ? await verifySees(expected, world, reader, t) : []
          expect(problems).toEqual([])
        },
        { timeout: 10_000 },
      )
      return []
    } catch {
      return problems.length > 0 ? problems : null
    }
  }
  const saw = async (step: TraceStep | null) => frames.push(frameOf(step, actor.getSnapshot().value, await reader.page()))
  const holding = (snapshot: AnyMachineSnapshot) => `${JSON.stringify(snapshot.value)} ${(snapshot.context as AppContext).hasToken ? 'with' : 'without'} a token`
  const diverged = (index: number, label: string, reference: AnyMachineSnapshot, problems: string[] | null): ReplayReport => ({
    lines: [
      ...lines,
      problems === null
        ? `✗ ${label}: the machine is in ${holding(reference)}, the page in ${holding(actor.getSnapshot())}`
        : `✗ ${label}: the page breaks the verifications of ${JSON.stringify(reference.value)}: ${problems.join('; ')}`,
    ],
    diverged: index,
    notReplayable: null,
  })
  try {
    const atStart = await same(trace.start.snapshot)
    if (atStart === null || atStart.length > 0) return diverged(-1, 'start', trace.start.snapshot, atStart)
    lines.push('✓ start')
    await saw(null)
    const before = snapshotsBefore(trace)
    for (const [index, step] of trace.steps.entries()) {
      const action = actionOf(step, before[index]!)
      switch (action.kind) {
        case 'answer': {
          const request = await api.waitFor(action.call, 15_000)
          act(() => api.answer(request, action.answer, action.src))
          break
        }
        case 'ops':
          for (const op of action.ops) await perform(user, op, action.refused, t)
          break
        case 'url':
          // The borrower types the address: the hash router hears it, the projection asks the machine.
          act(() => {
            window.location.hash = action.hash
          })
          break
        case 'wait':
          act(() => clock.increment(action.ms))
          break
        case 'reload':
          return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (jsdom does not reload the page)`], diverged: null, notReplayable: index }
        case 'none':
          return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (${action.why})`], diverged: null, notReplayable: index }
      }
      world = worldAfter(world, step)
      await settle()
      const problems = await same(step.snapshot)
      if (problems === null || problems.length > 0) return diverged(index, `${index}. ${step.label}`, step.snapshot, problems)
      await saw(step)
      lines.push(`✓ ${index}. ${step.label} → ${JSON.stringify(step.snapshot.value)}`)
    }
    return { lines, diverged: null, notReplayable: null }
  } finally {
    cleanup()
    actor.stop()
    // The next replay's host posts must not reach this stopped actor.
    services.bridge.dispose()
    await api.reset()
  }
}
