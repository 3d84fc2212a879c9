import type { AnyMachineSnapshot } from 'xstate'
import { startSamples } from '../../../machines/model/fixtures'
import type { ModelPath } from '../../../machines/model/paths'
import type { StepVerifier } from '../../../machines/model/replay'
import { routeForState, type AppSnapshot } from '../../../machines/routes'
import { advanceWorld, startWorld, verifyFacts } from './verify'

/**
 * The verification table's facts at machine level: the route the projection would show (path and
 * push/replace), whether the machine holds a token and the channel code, against the world the
 * path made. The screens are checked where they render (React, browser).
 */
export function machineVerifier(path: ModelPath): StepVerifier {
  const sample = startSamples.find((s) => s.name === path.start)
  if (!sample) throw new Error(`no start ${path.start}`)
  let world = startWorld(sample)
  const facts = (snapshot: AnyMachineSnapshot): string[] => {
    const route = routeForState(snapshot as unknown as AppSnapshot)
    const context = snapshot.context as { hasToken: boolean; channelCode: string | null }
    return verifyFacts(snapshot.value, world, {
      route: route === null ? null : { path: route.path, history: route.history },
      hasToken: context.hasToken,
      channelCode: context.channelCode,
    })
  }
  return {
    start: facts,
    step: (step, snapshot, output) => {
      world = advanceWorld(world, step.do, output)
      return facts(snapshot)
    },
  }
}
