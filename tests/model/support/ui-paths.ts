import type { AnyMachineSnapshot } from 'xstate'
import type { StepAction } from '../../../machines/model/explore'
import type { NodeView } from '../../../machines/model/instrument'
import type { PathSet } from '../../../machines/model/paths'
import { generatePaths } from '../../../machines/model/paths'
import { borrowerOps } from './user-steps'

/*
 * The paths the rendering levels walk: generated over what a borrower's hands (user-steps.ts), the
 * host and the network can do. Left out: typed URLs other than the start's deep link, timers and
 * time passing (the page's clock is real), and request timeouts (60 s each).
 */

export function performable(snapshot: AnyMachineSnapshot, action: StepAction): boolean {
  switch (action.kind) {
    case 'actor':
      return action.outcome === 'done' || action.error !== 'timeout'
    case 'event':
      return borrowerOps(action.event, snapshot) !== null
    case 'delay':
    case 'wait':
      return false
  }
}

/**
 * A state whose timer runs (a poll's wait) moves on by itself in real time, maybe before a check
 * reads it: the rendering levels stop short of those (the machine level fires timers on purpose).
 */
export function atRest(snapshot: AnyMachineSnapshot): boolean {
  return !(snapshot as unknown as { _nodes: NodeView[] })._nodes.some((node) => node.after.length > 0)
}

let cached: PathSet | null = null

export function uiPathSet(): PathSet {
  cached ??= generatePaths({ seed: 1, allow: performable, allowState: atRest })
  return cached
}
