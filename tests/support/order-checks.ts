import type { AnyMachineSnapshot } from 'xstate'
import type { StepAction } from '../model/engine/explore'
import type { Trace, TraceStep } from '../model/engine/walk'
import { eventForLocation } from '../../machines/routes'
import type { Drafts } from '../../machines/app.machine'
import { advanceMachineWorld, draftProblems, heldProblems, holdsAnswer, startMachineWorld, type MachineWorld } from './machine-checks'
import { machineFacts } from './machine-verifier'
import { advanceWorld, type World } from './verify'

/*
 * The verification table's facts (tests/model/verifications.ts) over a walk's or an order's trace
 * at machine level: after every step, the route the projection would show, whether a token is held
 * and the channel code stored, against the world the runner made (the token the host gave, the
 * channel the network answered, the last failure), never the machine's own reading of it. With
 * them what only the machine level sees cheaply (machine-checks.ts): each answer held as it came,
 * the facts the screens read, every draft as the borrower typed it.
 */

function actionOf(step: TraceStep): StepAction | null {
  if (step.event !== null) return { kind: 'event', event: step.event }
  const a = step.answered
  if (a === null) return null
  if (a.outcome === 'done') return { kind: 'actor', src: a.src, outcome: 'done', fixture: 'answer' }
  // A gateway's 5xx reaches the machine as a refusal.
  return { kind: 'actor', src: a.src, outcome: 'error', error: a.outcome === 'serverError' ? 'refused' : a.outcome }
}


function heldAt(snapshot: AnyMachineSnapshot, world: MachineWorld): string[] {
  const context = snapshot.context as Record<string, unknown> & { drafts: Drafts }
  return [...heldProblems(context, world), ...draftProblems(context.drafts, world)]
}

/**
 * A page the host reopens at an agreement's link shows that agreement once the borrower is in the
 * session (docs/product-rules.md#flow-deep-link-clamp: an agreement is open to every step), whether
 * the earlier visit's snapshot was restored on another screen or boot ran again and home followed
 * the link. A state that holds navigation (a payment under way) keeps the borrower there.
 */
export function reopenProblems(trace: Trace): string[] {
  const out: string[] = []
  let waiting: { index: number; path: string } | null = null
  trace.steps.forEach((step, index) => {
    if (step.reopened !== undefined) waiting = step.reopened.path === '/pages/privacy/index' ? { index, path: step.reopened.path } : null
    if (waiting === null) return
    const s = step.snapshot
    // Not yet decided: booting, logging in, or home still loading what the clamp needs.
    if (s.matches('boot') || s.matches('login') || s.matches('reauth') || s.matches({ session: { screens: { home: 'loading' } } }) || s.matches({ session: { screens: { home: 'failed' } } })) return
    // A state that holds navigation (a commit in flight) takes no link: the borrower stays, by design.
    const link = eventForLocation(waiting.path, { key: 'privacy' })
    if (!s.matches({ session: { overlay: 'privacy' } }) && link !== null && s.can(link)) out.push(`step ${index} (${step.label}): reopened at ${waiting.path} (step ${waiting.index}), the page shows ${JSON.stringify(s.value)}`)
    waiting = null
  })
  return out
}

export function traceFacts(trace: Trace): string[] {
  let world: World = { token: trace.world.token, channel: null, lastFailure: null }
  // The host hands its last token again on every load (machines/resume.ts), one a 401 cleared too.
  let handed = trace.world.token
  let machineWorld = startMachineWorld({ name: 'walk', describe: '', input: trace.input })
  const out = [...machineFacts(trace.start.snapshot, world), ...heldAt(trace.start.snapshot, machineWorld)].map((p) => `start: ${p}`)
  trace.steps.forEach((step, index) => {
    const action = actionOf(step)
    const before = machineWorld
    if (step.event?.type === 'bridge.payload' && typeof step.event.token === 'string' && step.event.token !== '') handed = true
    if (step.label === 'reload' || step.reopened !== undefined) {
      world = { ...world, token: handed }
      // A load mid-boot resumes nothing (docs/product-rules.md#nothing-lost-snapshot): boot asks everything again.
      const previous = index === 0 ? trace.start.snapshot : trace.steps[index - 1]!.snapshot
      if (previous.matches('boot')) machineWorld = startMachineWorld({ name: 'walk', describe: '', input: { ...trace.input, ...(step.reopened ? { initialDeepLink: step.reopened } : {}) } })
    }
    if (action !== null) {
      const previous = index === 0 ? trace.start.snapshot : trace.steps[index - 1]!.snapshot
      const refused = action.kind === 'event' && !previous.can(action.event)
      world = advanceWorld(world, action, step.answered?.output)
      machineWorld = advanceMachineWorld(machineWorld, action, step.answered?.output, step.answered?.src, refused)
    }
    const answered = step.answered?.outcome === 'done' ? holdsAnswer(step.answered.src, step.answered.output, step.snapshot.context as never, before) : []
    for (const problem of [...machineFacts(step.snapshot, world), ...answered, ...heldAt(step.snapshot, machineWorld)]) out.push(`step ${index} (${step.label}): ${problem}`)
  })
  return [...out, ...reopenProblems(trace)]
}
