import type { ActorRefLike, InspectionEvent } from 'xstate'
import { indexAmongSiblings, microstepOf, type TransitionView } from './machine-definition'
import { liveChannelName, type LiveMessage, type PageReport, type TakenTransition } from '../review/live-protocol'

/** Where a taken transition sits in its source's definition; XState reports the object itself. */
function taken(t: TransitionView): TakenTransition {
  return { source: t.source.id, event: t.eventType, index: indexAmongSiblings(t) }
}

function pageId(win: Window): string {
  const bytes = new Uint8Array(6)
  win.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Forwards the root actor's snapshots to the reviewer page, and lets the reviewer drive the
 * page (send it an event) while it steps through a generated path.
 */
export function connectReviewer(win: Window): (event: InspectionEvent) => void {
  // eslint-disable-next-line compat/compat -- loaded only once a reviewer page of the same origin, which needs a BroadcastChannel itself, wrote its heartbeat.
  const channel = new BroadcastChannel(liveChannelName)
  const id = pageId(win)
  let root: ActorRefLike | undefined
  let last: PageReport | undefined
  let pending: TakenTransition[] = []
  const post = (message: LiveMessage) => channel.postMessage(message)

  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    const data = message.data
    if (data.kind === 'hello' && last) post({ ...last, transitions: [], at: Date.now() })
    if (data.kind === 'drive' && data.pageId === id) root?.send(data.event)
  }
  win.addEventListener('pagehide', () => post({ kind: 'bye', pageId: id }))
  const where = () => `${win.location.pathname}${win.location.hash}`
  // The router moves the URL after the snapshot that caused it (by history.pushState, which fires
  // no event): look again a moment later and say where the page now is.
  const recheckLocation = () =>
    win.setTimeout(() => {
      if (!last || last.location === where()) return
      last = { ...last, location: where(), transitions: [], at: Date.now() }
      post(last)
    }, 300)

  return (event) => {
    if (event.actorRef.sessionId !== event.rootId) return
    root = event.actorRef
    const step = microstepOf(event)
    if (step !== null) {
      pending.push(...step.transitions.map(taken))
      return
    }
    if (event.type !== '@xstate.snapshot') return
    const snapshot = event.snapshot as { value?: unknown; status?: string; context?: { matches?: { lender_id: string }[] | null } }
    const matches = snapshot.context?.matches
    last = {
      kind: 'snapshot',
      pageId: id,
      location: where(),
      framed: win.parent !== win,
      lang: win.document.documentElement.lang,
      value: snapshot.value,
      status: snapshot.status ?? 'active',
      event: event.event.type,
      transitions: pending,
      at: Date.now(),
      ...(matches ? { lenders: matches.map((m) => m.lender_id) } : {}),
    }
    pending = []
    post(last)
    recheckLocation()
  }
}
