import { fromPromise } from 'xstate'
import type { AnyStateMachine } from 'xstate'
import { evaluateGuard, inventoryOf, type GuardArgs, type Inventory, type TransitionView } from '../../../src/app/machine-definition'

/*
 * A private copy of the app's machine for the model: each guarded transition reports what its
 * guard answered, and each invoked actor is answered by whoever drives the copy (the explorer, or
 * a runner following a path). The model itself is read from the machine's definition
 * (src/app/machine-definition.ts), so it cannot drift from the app's machine.
 */

/** Receives what an instrumented machine did: guard answers, per transition key. */
export interface Recorder {
  guard(key: string, outcome: boolean): void
}

/** Whoever answers the instrumented machine's invoked actors. */
export interface ActorController {
  invoke(src: string, input: unknown, signal: AbortSignal): Promise<unknown>
}

export interface Instrumented {
  machine: AnyStateMachine
  inventory: Inventory
  keyOf: Map<TransitionView, string>
  /** The unwrapped guard of each guarded transition, to read context without recording. */
  originalGuard: Map<TransitionView, unknown>
  recorder: { current: Recorder | null }
  controller: { current: ActorController | null }
}

/**
 * A private copy of the machine (`provide` builds new state nodes, so the app's machine is never
 * touched) whose actors are answered by `controller.current` and whose guards report to
 * `recorder.current`. Route guards report only for the route the event asks for: "route to #x
 * was refused" is the outcome worth covering, not "this was not a route to #x".
 */
export function instrument(machine: AnyStateMachine): Instrumented {
  const recorder: Instrumented['recorder'] = { current: null }
  const controller: Instrumented['controller'] = { current: null }
  const names = Object.keys(machine.implementations.actors)
  const actors: Record<string, unknown> = {}
  for (const name of names) {
    actors[name] = fromPromise<unknown, unknown>(({ input, signal }) => {
      const current = controller.current
      if (current === null) return new Promise<unknown>(() => {})
      return current.invoke(name, input, signal)
    })
  }
  const copy = machine.provide({ actors: actors as never }) as AnyStateMachine
  const { inventory, keyOf } = inventoryOf(copy)
  const originalGuard = new Map<TransitionView, unknown>()
  const guardedKeys = new Set(inventory.transitions.filter((t) => t.guarded).map((t) => t.key))
  for (const [t, key] of keyOf) {
    if (t.guard === undefined) continue
    const reports = guardedKeys.has(key)
    const original = t.guard
    originalGuard.set(t, original)
    const routeTo = key.includes(' | route→') ? `#${t.target?.[0]?.id ?? ''}` : null
    t.guard = (args: GuardArgs) => {
      const outcome = evaluateGuard(copy, original, args)
      if (reports && (routeTo === null || (args.event as { to?: unknown }).to === routeTo)) recorder.current?.guard(key, outcome)
      return outcome
    }
  }
  return { machine: copy, inventory, keyOf, originalGuard, recorder, controller }
}
