import type { InspectionEvent } from 'xstate'
import { heartbeatFreshMs, heartbeatKey } from '../review/live-heartbeat'

/*
 * Reports the machine to a reviewer page, only when one is listening: a fresh heartbeat in
 * localStorage at start, or one written later by a reviewer page opened afterwards (the storage
 * event tells every other page of the origin). Until then nothing is loaded and no channel is
 * opened: the page keeps only its latest snapshot, so the inspector it loads then reports at once.
 */
export function reviewerInspect(win: Window): ((event: InspectionEvent) => void) | undefined {
  let beat: string | null = null
  try {
    beat = win.localStorage.getItem(heartbeatKey)
  } catch {
    return undefined
  }
  const early: InspectionEvent[] = []
  let latest: InspectionEvent | undefined
  let state: 'idle' | 'loading' | 'connected' = 'idle'
  let forward: ((event: InspectionEvent) => void) | undefined
  const connect = () => {
    if (state !== 'idle') return
    state = 'loading'
    if (latest) early.unshift(latest)
    void import('./reviewer-inspector').then(({ connectReviewer }) => {
      forward = connectReviewer(win)
      state = 'connected'
      for (const event of early.splice(0)) forward(event)
    })
  }
  if (beat !== null && Date.now() - Number(beat) < heartbeatFreshMs) connect()
  else {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== heartbeatKey || e.newValue === null) return
      win.removeEventListener('storage', onStorage)
      connect()
    }
    win.addEventListener('storage', onStorage)
  }
  return (event) => {
    if (forward) return forward(event)
    if (state === 'loading') return void early.push(event)
    if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) latest = event
  }
}
