import type { InspectionEvent } from 'xstate'
import { heartbeatFreshMs, heartbeatKey } from '../review/live-heartbeat'

/*
 * Reports the machine to a reviewer page (issue #10), only when one is listening: a fresh
 * heartbeat in localStorage at start. Otherwise nothing is loaded and no listener is added; the
 * inspector itself is a chunk of its own, imported only then.
 */
export function reviewerInspect(win: Window): ((event: InspectionEvent) => void) | undefined {
  let beat: string | null = null
  try {
    beat = win.localStorage.getItem(heartbeatKey)
  } catch {
    return undefined
  }
  if (beat === null || !(Date.now() - Number(beat) < heartbeatFreshMs)) return undefined
  const early: InspectionEvent[] = []
  let forward: ((event: InspectionEvent) => void) | undefined
  void import('./reviewer-inspector').then(({ connectReviewer }) => {
    forward = connectReviewer(win)
    for (const event of early.splice(0)) forward(event)
  })
  return (event) => (forward ? forward(event) : early.push(event))
}
