import type { AnyActorRef, AnyStateMachine, EventObject } from 'xstate'
import type { Seen } from './coverage'
import { activeNodes, evaluateGuard, inventoryOf, microstepOf } from '../../../src/app/machine-definition'

/*
 * Coverage of a machine that runs with its REAL actors (the React level: the app's own services
 * answer over HTTP). Unlike instrument(), nothing is answered here; a private copy of the machine
 * only reports what its guards answered, and an inspection observer on the running actor records
 * which transitions it took and which states were active.
 */

export interface Observed<M extends AnyStateMachine> {
  machine: M
  seen: { states: Set<string>; transitions: Set<string>; guardOutcomes: Set<string> } & Seen
  /** Invoke id → src, to read which actors a snapshot waits on (expectationOf). */
  invokeSrc: Map<string, string>
  /** Starts recording on a running actor of `machine`; returns a stop function. */
  attach(actor: AnyActorRef): () => void
  /** Records the states active in the actor's snapshot now (what it started in, or rests in). */
  note(actor: AnyActorRef): void
}

export function observe<M extends AnyStateMachine>(machine: M): Observed<M> {
  // provide() builds new state nodes, so wrapping guards never touches the machine passed in.
  const copy = machine.provide({}) as M
  const { inventory, keyOf } = inventoryOf(copy)
  const seen = { states: new Set<string>(), transitions: new Set<string>(), guardOutcomes: new Set<string>() }
  const guarded = new Set(inventory.transitions.filter((t) => t.guarded).map((t) => t.key))
  for (const [t, key] of keyOf) {
    if (t.guard === undefined) continue
    const original = t.guard
    const routeTo = key.includes(' | route→') ? `#${t.target?.[0]?.id ?? ''}` : null
    t.guard = (args: { context: unknown; event: EventObject }) => {
      const outcome = evaluateGuard(copy, original, args)
      // As instrument(): a route guard counts only for the route the event asks for.
      if (guarded.has(key) && (routeTo === null || (args.event as { to?: unknown }).to === routeTo)) seen.guardOutcomes.add(`${key} = ${outcome}`)
      return outcome
    }
  }
  const note = (actor: AnyActorRef) => {
    for (const node of activeNodes(actor.getSnapshot())) if (node.parent !== undefined && node.type !== 'history') seen.states.add(node.id)
  }
  return {
    machine: copy,
    seen,
    invokeSrc: inventory.invokeSrc,
    note,
    attach: (actor) => {
      note(actor)
      const subscription = actor.system.inspect((event) => {
        const step = event.actorRef === actor ? microstepOf(event) : null
        if (step === null) return
        for (const t of step.transitions) {
          const key = keyOf.get(t)
          if (key !== undefined) seen.transitions.add(key)
        }
        for (const node of step.nodes) if (node.parent !== undefined && node.type !== 'history') seen.states.add(node.id)
      })
      return () => subscription.unsubscribe()
    },
  }
}
