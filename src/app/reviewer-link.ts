import type { InspectionEvent } from 'xstate'
import { heartbeatFreshMs, heartbeatKey } from '../review/live-heartbeat'

/*
 * Reports the machine to a reviewer page, only when one is listening: a fresh heartbeat in
 * localStorage at start, or one a reviewer page opened later writes (the storage event reaches
 * every other page of the origin). Until then nothing is loaded and no channel is opened; the page
 * keeps only its latest snapshot, so the inspector it then loads reports where it is at once.
 */
export function reviewerInspect(win: Window): ((event: InspectionEvent) => void) | undefined {
  let forward: ((event: InspectionEvent) => void) | undefined
  let latest: InspectionEvent | undefined
  let early: InspectionEvent[] | undefined
  const connect = () => {
    if (early) return
    early = latest ? [latest] : []
    void import('./reviewer-inspector').then(({ connectReviewer }) => {
      forward = connectReviewer(win)
      for (const event of early!.splice(0)) forward(event)
    })
  }
  try {
    if (Date.now() - Number(win.localStorage.getItem(heartbeatKey) ?? 0) < heartbeatFreshMs) connect()
  } catch {
    return undefined
  }
  win.addEventListener('storage', (e) => e.key === heartbeatKey && e.newValue !== null && connect())
  return (event) => {
    if (forward) forward(event)
    else if (early) early.push(event)
    else if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) latest = event
  }
}
