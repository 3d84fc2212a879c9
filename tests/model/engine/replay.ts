import { createActor, SimulatedClock } from 'xstate'
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import type { Expectation, StepAction } from './explore'
import { expectationOf } from './explore'
import { clockStartMs, failureOf, fixtures, startSamples } from './fixtures'
import type { Instrumented } from './instrument'
import { activeNodes, microstepOf } from '../../../src/app/machine-definition'
import type { ModelPath, PathStep } from './model-path'

/**
 * Checks a runner makes after each step besides the path's own expectation: the tests' independent
 * verifications. `output` is what an actor answered on a step that answered one.
 */
export interface StepVerifier {
  start(snapshot: AnyMachineSnapshot): string[] | Promise<string[]>
  /** `call` is the invoked actor the step answered (its input is what the page would send). */
  step(step: PathStep, snapshot: AnyMachineSnapshot, output: unknown, call?: AnsweredCall): string[] | Promise<string[]>
}

/** An invoked actor a step answered: its source and the input the machine gave it. */
export interface AnsweredCall {
  src: string
  input: unknown
}

/*
 * The machine-level runner: each path is run against a real actor of the machine (createActor,
 * the real event queue, real invoked actors and timers on a SimulatedClock). Every invoked actor
 * is a fake that waits until the path says how it answers: done with a named fixture, or an error
 * of the catalogue. After every step the runner compares the state value, the route, the actors
 * being waited on and the key context with what the path expects, and records which states,
 * transitions and guard answers the real actor went through (the machine-level coverage).
 */

export interface ReplaySeen {
  states: Set<string>
  transitions: Set<string>
  guardOutcomes: Set<string>
}

export interface ReplayResult {
  id: string
  ok: boolean
  /** What went wrong, with the step that went wrong, when not ok. */
  failure: string | null
  /** One line per step: `✓ label` or `✗ label`. */
  log: string[]
  seen: ReplaySeen
}

interface Pending {
  src: string
  input: unknown
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

/** Lets the fake actors' promise reactions and the actor's mailbox run to rest. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

function differences(expected: Expectation, actual: Expectation): string[] {
  const out: string[] = []
  for (const field of ['state', 'route', 'invoking', 'context'] as const) {
    const e = JSON.stringify(expected[field])
    const a = JSON.stringify(actual[field])
    if (e !== a) out.push(`${field}: expected ${e}, got ${a}`)
  }
  return out
}

/** How long a named (or numeric) `after` delay of `machine` lasts in this snapshot. */
export function delayMs(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, delay: string): number {
  if (!Number.isNaN(Number(delay))) return Number(delay)
  const impl = (machine.implementations.delays as Record<string, unknown>)[delay]
  if (typeof impl === 'number') return impl
  if (typeof impl !== 'function') throw new Error(`delay ${delay} is not implemented`)
  return (impl as (args: { context: unknown; event: unknown }) => number)({ context: snapshot.context, event: { type: 'model.delay' } })
}

/** Runs one path on a fresh actor. Runs must not overlap: the model's recorder is shared. */
export interface ReplayOptions {
  verifier?: (path: ModelPath) => StepVerifier
  /** How a step's expectation is compared with what the actor shows (default: every field). */
  compare?: (expected: Expectation, actual: Expectation) => string[]
  /** Takes a step the runner's own way (a URL typed into the page); returns false to let the replay send it. */
  perform?: (action: StepAction) => boolean | Promise<boolean>
  /** Called with the actor before it starts (a level that renders it); returns its cleanup. */
  attach?: (actor: AnyActorRef) => () => void
  /** Runs each step's action and what it sets off (React's `act` at a level that renders). */
  within?: (work: () => Promise<void>) => Promise<void>
}

export async function replayPath(model: Instrumented, path: ModelPath, options: ReplayOptions = {}): Promise<ReplayResult> {
  const verify = options.verifier?.(path)
  const compare = options.compare ?? differences
  const seen: ReplaySeen = { states: new Set(), transitions: new Set(), guardOutcomes: new Set() }
  const log: string[] = []
  const pending: Pending[] = []
  const clock = new SimulatedClock()
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) return { id: path.id, ok: false, failure: `no start named ${path.start}`, log, seen }

  model.controller.current = {
    invoke: (src, input, signal) =>
      new Promise((resolve, reject) => {
        const entry: Pending = { src, input, resolve, reject }
        pending.push(entry)
        // A cancelled call (the state was left) can no longer be answered.
        signal.addEventListener('abort', () => {
          const index = pending.indexOf(entry)
          if (index >= 0) pending.splice(index, 1)
        })
      }),
  }
  model.recorder.current = { guard: (key, outcome) => seen.guardOutcomes.add(`${key} = ${outcome}`) }
  let ids = 0
  const actor = createActor(model.machine, {
    input: { now: () => clockStartMs + clock.now(), makeId: () => `run-${++ids}`, ...sample.input },
    clock,
    inspect: (event) => {
      const step = microstepOf(event)
      if (step === null) return
      for (const t of step.transitions) {
        const key = model.keyOf.get(t)
        if (key !== undefined) seen.transitions.add(key)
      }
      for (const node of step.nodes) if (node.parent !== undefined) seen.states.add(node.id)
    },
  })
  const detach = options.attach?.(actor)
  const check = async (
    label: string,
    expected: Expectation,
    independent: (snapshot: AnyMachineSnapshot) => string[] | Promise<string[]> = () => [],
  ): Promise<string | null> => {
    const snapshot = actor.getSnapshot()
    for (const node of activeNodes(snapshot)) if (node.parent !== undefined) seen.states.add(node.id)
    if (snapshot.status !== 'active') return `${label}: the machine stopped (${snapshot.status})`
    const problems = [...(await independent(snapshot)), ...compare(expected, expectationOf(snapshot, model.inventory.invokeSrc))]
    return problems.length === 0 ? null : `${label}: ${problems.join('; ')}`
  }
  let failure: string | null = null
  try {
    const within = options.within ?? ((work) => work())
    await within(async () => {
      actor.start()
      await settle()
    })
    failure = await check(`start ${path.start}`, path.startExpect, (snapshot) => verify?.start(snapshot) ?? [])
    log.push(`${failure === null ? '✓' : '✗'} start ${path.start}`)
    for (const step of path.steps) {
      if (failure !== null) break
      const action = step.do
      let output: unknown = undefined
      let call: AnsweredCall | undefined
      await within(async () => {
        switch (action.kind) {
          case 'event':
            if (!(await options.perform?.(action))) actor.send(action.event as Parameters<typeof actor.send>[0])
            break
          case 'wait':
            clock.increment(action.ms)
            break
          case 'delay':
            clock.increment(delayMs(model.machine, actor.getSnapshot(), action.delay))
            break
          case 'actor': {
            const entry = [...pending].reverse().find((p) => p.src === action.src)
            if (entry === undefined) {
              failure = `${step.label}: the machine is not waiting on ${action.src}`
              break
            }
            call = { src: entry.src, input: entry.input }
            if (action.outcome === 'error') entry.reject(failureOf(action.error))
            else {
              const fixture = (fixtures as Record<string, Record<string, (a: unknown) => unknown>>)[action.src]?.[action.fixture]
              if (!fixture) {
                failure = `${step.label}: no fixture ${action.fixture} for ${action.src}`
                break
              }
              output = fixture(entry.input)
              entry.resolve(output)
            }
            break
          }
        }
        if (failure === null) await settle()
      })
      if (failure === null) {
        failure = await check(step.label, step.expect, (snapshot) => verify?.step(step, snapshot, output, call) ?? [])
      }
      log.push(`${failure === null ? '✓' : '✗'} ${step.label}`)
    }
  } catch (error) {
    failure = `threw: ${error instanceof Error ? error.message : String(error)}`
  } finally {
    actor.stop()
    detach?.()
    model.controller.current = null
    model.recorder.current = null
  }
  return { id: path.id, ok: failure === null, failure, log, seen }
}

/** Runs paths one after another and merges what they covered. */
export async function replayAll(
  model: Instrumented,
  paths: readonly ModelPath[],
  options: ReplayOptions = {},
): Promise<{ results: ReplayResult[]; seen: ReplaySeen }> {
  const results: ReplayResult[] = []
  const seen: ReplaySeen = { states: new Set(), transitions: new Set(), guardOutcomes: new Set() }
  for (const path of paths) {
    const result = await replayPath(model, path, options)
    results.push(result)
    for (const s of result.seen.states) seen.states.add(s)
    for (const t of result.seen.transitions) seen.transitions.add(t)
    for (const g of result.seen.guardOutcomes) seen.guardOutcomes.add(g)
  }
  return { results, seen }
}
