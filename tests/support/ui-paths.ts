import type { AnyMachineSnapshot } from 'xstate'
import type { StepAction } from '../model/engine/explore'
import { activeNodes } from '../../src/app/machine-definition'
import type { PathSet } from '../model/engine/model-path'
import { cachedPaths } from '../model/engine/path-cache'
import { generatePaths } from '../model/engine/paths'
import { borrowerOps } from './user-steps'

/*
 * The paths the rendering levels walk: generated over what a borrower's hands (user-steps.ts), the
 * host and the network can do. Left out: typed URLs other than the start's deep link, the borrower
 * waiting out a countdown (the page reads the real time), request timeouts (60 s each), and a call
 * cut off by a closed web view (not an answer a page can be given: tests/browser/borrower.browser.test.ts
 * closes a page for real while a binding is out).
 * A poll's wait passes only where the level runs the machine on a simulated clock (React): in
 * Chromium the clock is real, so those paths stop short of a state whose timer runs. Both levels'
 * edge-covering sets are drawn as walks (paths.ts, `cover: 'walks'`): a rendered step costs far
 * more than a generated one, a fresh page more again, and a walk renders each shared beginning once.
 */

export type PageClock = 'simulated' | 'real'

export function performable(snapshot: AnyMachineSnapshot, action: StepAction, clock: PageClock = 'real'): boolean {
  switch (action.kind) {
    case 'actor':
      return action.outcome === 'done' || (action.error !== 'timeout' && action.error !== 'interrupted')
    case 'event':
      return borrowerOps(action.event, snapshot) !== null
    case 'delay':
      return clock === 'simulated'
    case 'wait':
      return false
  }
}

/**
 * A state whose timer runs (a poll's wait) moves on by itself in real time, maybe before a check
 * reads it: on a real clock the rendering levels stop short of those (the machine level fires timers on purpose).
 */
export function atRest(snapshot: AnyMachineSnapshot): boolean {
  return !activeNodes(snapshot).some((node) => node.after.length > 0)
}

const generated = new Map<PageClock, PathSet>()

export function uiPathSet(clock: PageClock = 'real'): PathSet {
  let set = generated.get(clock)
  if (set === undefined) {
    set = cachedPaths('tests/support/ui-paths.ts', { seed: 1, clock }, () =>
      generatePaths({
        seed: 1,
        allow: (snapshot, action) => performable(snapshot, action, clock),
        ...(clock === 'real' ? { allowState: atRest } : {}),
        cover: 'walks',
      }),
    )
    generated.set(clock, set)
  }
  return set
}
