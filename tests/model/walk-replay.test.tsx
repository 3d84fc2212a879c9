// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import fc from 'fast-check'
import type { i18n as I18n } from 'i18next'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { SimulatedClock } from 'xstate'
import type { AppEvent } from '../../machines/context'
import type { Trace, WalkChoice, WorldData } from '../../machines/model/walk'
import { runWalk, walkArbitrary } from '../../machines/model/walk'
import { App } from '../../src/app/app'
import { startAppActor } from '../../src/app/app-actor'
import { createServices } from '../../src/app/services'
import { encodeBridgeParameter } from '../../src/bridge/payload'
import type { CallName } from '../../src/contract/calls'
import { initI18n } from '../../src/i18n/init-i18n'
import { TranslationProvider } from '../../src/i18n/translation'
import { startFakeApi, type FakeApi } from './support/fake-api'
import { config, perform, settle } from './support/react-driver'
import { borrowerOps } from './support/user-steps'

/*
 * One random walk (machines/model/walk.ts) replayed through the React app: the walk is run on the
 * machine first (the reference), then each of its steps is taken on the rendered page the way a
 * borrower, the host or the network does it (a click, a host post, an answer the fake API releases),
 * and the app's machine must reach the state the reference reached. The first step where it does
 * not is where the levels diverge. A step this level cannot take (the web view reloaded) is reported
 * as not replayable here, and the replay stops there.
 *
 * `npm run walks -- --replay <seed> --path <path> --level react` runs it on one walk (WALK_REPLAY).
 */

const wanted = process.env.WALK_REPLAY ? (JSON.parse(process.env.WALK_REPLAY) as { seed: number; path: string }) : null
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

/** The walk fast-check generates at a seed and path: the same value `npm run walks` reports. */
async function walkAt(seed: number, path: string): Promise<{ world: WorldData; steps: WalkChoice[] }> {
  let found: { world: WorldData; steps: WalkChoice[] } | null = null
  await fc.check(
    fc.asyncProperty(walkArbitrary(), async (walk) => {
      found = walk
      return true
    }),
    { seed, path, numRuns: 1 },
  )
  if (found === null) throw new Error(`no walk at seed ${seed} path ${path}`)
  return found
}

function startUrl(world: WorldData): string {
  const query = new URLSearchParams({ channel: 'app-test' })
  if (world.token) query.set('bridge', encodeBridgeParameter({ token: 'tok', ...(world.locale ? { locale: world.locale } : {}) }))
  const link = world.deepLink
  return `/?${query.toString()}${link ? `#${link.path}${link.query ? `?${new URLSearchParams(link.query).toString()}` : ''}` : ''}`
}

export interface ReplayReport {
  lines: string[]
  diverged: number | null
  notReplayable: number | null
}

async function replayInReact(trace: Trace): Promise<ReplayReport> {
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', startUrl(trace.world))
  api.reset()
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
  const same = async (expected: unknown): Promise<boolean> => {
    try {
      await waitFor(() => expect(actor.getSnapshot().value).toEqual(expected), { timeout: 10_000 })
      return true
    } catch {
      return false
    }
  }
  try {
    if (!(await same(trace.start.snapshot.value))) return { lines: [`✗ start: ${JSON.stringify(actor.getSnapshot().value)}`], diverged: -1, notReplayable: null }
    lines.push('✓ start')
    for (const [index, step] of trace.steps.entries()) {
      const a = step.answered
      if (a !== null) {
        if (a.outcome === 'timeout') return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (a 60 s timeout)`], diverged: null, notReplayable: index }
        const call = (a.src === 'resolveBaseUrl' ? 'initConfig' : a.src) as CallName
        const request = await api.waitFor(call, 15_000)
        const kind = step.label.split(':').at(-1) ?? ''
        act(() =>
          api.answer(
            request,
            a.outcome === 'done'
              ? kind === 'generated' || call === 'initConfig'
                ? call === 'initConfig' ? { outcome: 'done', fixture: 'sandbox' } : { outcome: 'data', data: a.output }
                : { outcome: 'done', fixture: kind }
              : a.outcome === 'serverError'
                ? { outcome: 'error', error: 'refused' }
                : { outcome: 'error', error: a.outcome },
            a.src,
          ),
        )
      } else if (step.event !== null) {
        const ops = borrowerOps(step.event as AppEvent, actor.getSnapshot())
        if (ops === null) return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level (no control on screen sends it)`], diverged: null, notReplayable: index }
        const refused = !actor.getSnapshot().can(step.event as never)
        for (const op of ops) await perform(user, op, refused, t)
      } else if (step.label.startsWith('wait:')) {
        act(() => clock.increment(Number(step.label.slice(5, -1)) * 1000))
      } else {
        return { lines: [...lines, `– ${index}. ${step.label}: not replayable at this level`], diverged: null, notReplayable: index }
      }
      await settle()
      if (!(await same(step.snapshot.value))) {
        return { lines: [...lines, `✗ ${index}. ${step.label}: the machine is in ${JSON.stringify(step.snapshot.value)}, the page in ${JSON.stringify(actor.getSnapshot().value)}`], diverged: index, notReplayable: null }
      }
      lines.push(`✓ ${index}. ${step.label} → ${JSON.stringify(step.snapshot.value)}`)
    }
    return { lines, diverged: null, notReplayable: null }
  } finally {
    cleanup()
    actor.stop()
    await new Promise((resolve) => setTimeout(resolve, 50))
    api.reset()
  }
}

test('the walk replays through the React app step by step', { timeout: 600_000 }, async () => {
  const walk = await walkAt(wanted!.seed, wanted!.path)
  const trace = await runWalk(walk.world, walk.steps)
  const report = await replayInReact(trace)
  console.log(`--- React level (seed ${wanted!.seed}) ---\n${report.lines.join('\n')}`)
  if (report.diverged !== null) console.log(`DIVERGES at step ${report.diverged}`)
  if (report.notReplayable !== null) console.log(`stopped at step ${report.notReplayable}: not replayable at this level`)
  expect(report.diverged).toBeNull()
})
