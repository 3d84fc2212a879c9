import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import type { Drafts } from '../../machines/app.machine'
import { startSamples } from '../model/engine/fixtures'
import type { ModelPath } from '../model/engine/model-path'
import type { StepVerifier } from '../model/engine/replay'
import { routeForState, type AppSnapshot } from '../../machines/routes'
import { advanceMachineWorld, draftProblems, heldProblems, holdsAnswer, reloadProblems, RequestChecker, routeQueryProblems, startMachineWorld } from './machine-checks'
import { advanceWorld, startWorld, verifyFacts, type World } from './verify'

/**
 * The verification table's facts at machine level: the route the projection would show (path and
 * push/replace), whether the machine holds a token and the channel code, against the world the
 * path made. The screens are checked where they render (React, browser).
 *
 * Given the machine, also what only the machine level sees cheaply (support/machine-checks.ts):
 * each call's request, the answers held, the drafts, and a reload after every step.
 */
/** The verifications' facts of a machine snapshot: its route, whether it holds a token, the channel code. */
export function machineFacts(snapshot: AnyMachineSnapshot, world: World): string[] {
  const route = routeForState(snapshot as unknown as AppSnapshot)
  const context = snapshot.context as { hasToken: boolean; channelCode: string | null }
  return verifyFacts(snapshot.value, world, {
    route: route === null ? null : { path: route.path, history: route.history },
    hasToken: context.hasToken,
    channelCode: context.channelCode,
  })
}

export function machineVerifier(path: ModelPath, machine?: AnyStateMachine): StepVerifier {
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) throw new Error(`no start ${path.start}`)
  let world = startWorld(sample)
  let machineWorld = startMachineWorld(sample)
  const requests = new RequestChecker()
  const facts = (snapshot: AnyMachineSnapshot): string[] => machineFacts(snapshot, world)
  const held = (snapshot: AnyMachineSnapshot): string[] => {
    if (machine === undefined) return []
    const overlayOpen = snapshot.matches({ session: 'overlay' })
    const verifying = snapshot.matches({ session: { screens: { facialIdentification: 'verifying' } } })
    return [
      ...draftProblems((snapshot.context as { drafts: Drafts }).drafts, machineWorld),
      ...heldProblems(snapshot.context as Record<string, unknown>, machineWorld),
      ...routeQueryProblems(routeForState(snapshot as unknown as AppSnapshot), machineWorld, overlayOpen, verifying),
      ...reloadProblems(machine, snapshot, machineWorld),
    ]
  }
  return {
    start: (snapshot) => [...facts(snapshot), ...held(snapshot)],
    step: (step, snapshot, output, call) => {
      const sent =
        machine === undefined || call === undefined || step.do.kind !== 'actor'
          ? []
          : requests.check(call.src, call.input, machineWorld, step.do.outcome === 'done' ? 'ok' : step.do.error)
      const before = machineWorld
      world = advanceWorld(world, step.do, output)
      machineWorld = advanceMachineWorld(machineWorld, step.do, output, call?.src)
      const answered = machine !== undefined && call !== undefined && step.do.kind === 'actor' && step.do.outcome === 'done' ? holdsAnswer(call.src, output, snapshot.context as never, before) : []
      return [...facts(snapshot), ...sent, ...answered, ...held(snapshot)]
    },
  }
}
