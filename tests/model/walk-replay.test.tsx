// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { SimulatedClock, type StateValue } from 'xstate'
import type { ScreenFrame } from '../../machines/model/properties'
import type { Trace, TraceStep } from '../../machines/model/walk'
import { runWalk, walkAt } from '../../machines/model/walk'
import { App } from '../../src/app/app'
import { startAppActor } from '../../src/app/app-actor'
import { createServices } from '../../src/app/services'
import { initI18n } from '../../src/i18n/init-i18n'
import { TranslationProvider } from '../../src/i18n/translation'
import { startFakeApi, type FakeApi } from './support/fake-api'
import { config, perform, reader, settle } from './support/react-driver'
import { pageOf } from './support/verify'
import { actionOf, frameOf, printReport, snapshotsBefore, startAddress, wantedWalk as wanted, type ReplayReport } from './support/walk-steps'

/*
 * One random walk (machines/model/walk.ts) replayed through the React app: the walk is run on the
 * machine first (the reference), then each of its steps is taken on the rendered page the way a
 * borrower, the host or the network does it (a click, a host post, an answer the fake API releases),
 * and the app's machine must reach the state the reference reached. The first step where it does
 * not is where the levels diverge. A step this level cannot take (the web view reloaded, a 60 s
 * timeout) is reported as not replayable here, and the replay stops there. What each step is in the
 * borrower's, host's or network's hands is support/walk-steps.ts, shared with the browser level.
 *
 * `npm run walks -- --replay <seed> --path <path> --level react` runs it on one walk (WALK_REPLAY).
 */

let api: FakeApi
let i18n: I18n

beforeAll(async () => {
  api = await startFakeApi()
  i18n = await initI18n('en')
})

afterAll(async () => {
  await api?.close()
})

const t = (key: string, values?: Record<string, unknown>): string => (i18n.t as (k: string, v?: object) => string)(key, values)

async function replayInReact(trace: Trace, frames: ScreenFrame[]): Promise<ReplayReport> {
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
  // The app's machine where the reference's is, and the page the table names for it rendered.
  const same = async (expected: unknown): Promise<boolean> => {
    const page = pageOf(expected as StateValue)
    try {
      await waitFor(
        async () => {
          expect(actor.getSnapshot().value).toEqual(expected)
          if (page !== undefined) expect(await reader.page()).toBe(page)
        },
        { timeout: 10_000 },
      )
      return true
    } catch {
      return false
    }
  }
  const saw = async (step: TraceStep | null) => frames.push(frameOf(step, actor.getSnapshot().value, await reader.page()))
  try {
    if (!(await same(trace.start.snapshot.value))) return { lines: [`✗ start: ${JSON.stringify(actor.getSnapshot().value)}`], diverged: -1, notReplayable: null }
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
      await settle()
      if (!(await same(step.snapshot.value))) {
        return { lines: [...lines, `✗ ${index}. ${step.label}: the machine is in ${JSON.stringify(step.snapshot.value)}, the page in ${JSON.stringify(actor.getSnapshot().value)}`], diverged: index, notReplayable: null }
      }
      await saw(step)
      lines.push(`✓ ${index}. ${step.label} → ${JSON.stringify(step.snapshot.value)}`)
    }
    return { lines, diverged: null, notReplayable: null }
  } finally {
    cleanup()
    actor.stop()
    await api.reset()
  }
}

test('the walk replays through the React app step by step', { timeout: 600_000 }, async () => {
  const walk = await walkAt(wanted!.seed, wanted!.path)
  const trace = await runWalk(walk.world, walk.steps)
  const frames: ScreenFrame[] = []
  const report = await replayInReact(trace, frames)
  const broken = printReport('React', wanted!.seed, report, frames)
  expect(report.diverged).toBeNull()
  expect(broken).toEqual([])
})
