import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import { clockStartMs, fixtures, startSamples } from '../model/engine/fixtures'
import { instrument } from '../model/engine/instrument'
import { seedPaths } from '../model/engine/path-cache'
import type { ModelPath } from '../model/engine/model-path'

/*
 * The real application machine driven along the model's own paths (tests/model/engine), with every
 * invoked call a fake the test answers: how the machine-level reliability families reach a call.
 * Runs must not overlap (the instrumented model's controller is shared).
 */

export const model = instrument(appMachine)
const set = seedPaths(1)
const paths = [...set.statePaths, ...set.edgePaths]
export const invokedSources = new Set(model.inventory.invokeSrc.values())

type FixtureTable = Record<string, Record<string, (args: unknown) => unknown>>

/** The shortest path prefix that leaves the machine waiting on `src`. */
export function prefixTo(src: string): ModelPath | null {
  let best: ModelPath | null = null
  for (const path of paths) {
    const atStart = path.startExpect.invoking.includes(src)
    const at = atStart ? -1 : path.steps.findIndex((step) => step.expect.invoking.includes(src))
    if (!atStart && at === -1) continue
    const candidate = { ...path, steps: path.steps.slice(0, at + 1) }
    if (best === null || candidate.steps.length < best.steps.length) best = candidate
  }
  return best
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export interface Pending {
  src: string
  input: unknown
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

export function firstFixture(src: string, input: unknown): unknown {
  return Object.values((fixtures as unknown as FixtureTable)[src] ?? {})[0]?.(input)
}

export interface Driven {
  actor: ReturnType<typeof createActor<typeof model.machine>>
  snapshot: () => AnyMachineSnapshot
  pending: Pending[]
  /** Every call the machine started, in order. */
  invoked: string[]
  stop: () => void
}

/** Starts the machine and plays `path` up to its end; the caller answers what is still pending. */
export async function drive(path: ModelPath): Promise<Driven> {
  const pending: Pending[] = []
  const invoked: string[] = []
  const clock = new SimulatedClock()
  const sample = startSamples.find((s) => s.name === path.start)
  model.controller.current = {
    invoke: (src, input, signal) =>
      new Promise((resolve, reject) => {
        const entry: Pending = { src, input, resolve, reject }
        pending.push(entry)
        invoked.push(src)
        signal.addEventListener('abort', () => {
          const index = pending.indexOf(entry)
          if (index >= 0) pending.splice(index, 1)
        })
      }),
  }
  let ids = 0
  const actor = createActor(model.machine, { input: { now: () => clockStartMs + clock.now(), makeId: () => `run-${++ids}`, ...sample?.input }, clock })
  const stop = () => {
    actor.stop()
    model.controller.current = null
  }
  actor.start()
  await settle()
  for (const step of path.steps) {
    const action = step.do
    if (action.kind === 'event') actor.send(action.event as Parameters<typeof actor.send>[0])
    else if (action.kind === 'wait') clock.increment(action.ms)
    else if (action.kind === 'delay') {
      const impl = (model.machine.implementations.delays as Record<string, unknown>)[action.delay]
      const context = actor.getSnapshot().context
      clock.increment(typeof impl === 'number' ? impl : typeof impl === 'function' ? (impl as (a: unknown) => number)({ context, event: { type: 'model.delay' } }) : Number(action.delay))
    } else {
      const entry = [...pending].reverse().find((p) => p.src === action.src)
      if (!entry) {
        stop()
        throw new Error(`${step.label}: the machine is not waiting on ${action.src}`)
      }
      if (action.outcome === 'error') entry.reject({ kind: action.error, ...(action.error === 'refused' ? { status: 1008 } : {}) })
      else entry.resolve((fixtures as unknown as FixtureTable)[action.src]?.[action.fixture]?.(entry.input))
    }
    await settle()
  }
  return { actor, snapshot: () => actor.getSnapshot() as AnyMachineSnapshot, pending, invoked, stop }
}
