/*
 * The live channel between a running page of the product and the reviewer page (same origin).
 * The reviewer keeps a heartbeat in localStorage; a page that finds it fresh when it starts
 * loads its inspector and talks on a BroadcastChannel. A page that finds none pays nothing.
 */

export { heartbeatEveryMs, heartbeatFreshMs, heartbeatKey } from './live-heartbeat'
export const liveChannelName = 'huaqian.review.live'

/** A transition a page took, as the machine's definition places it (source, event, index). */
export interface TakenTransition {
  source: string
  event: string
  index: number
}

export interface PageReport {
  kind: 'snapshot'
  pageId: string
  /** The route part of the address (path and hash): the query may carry the bridge token. */
  location: string
  framed: boolean
  lang: string
  value: unknown
  status: string
  event: string
  transitions: TakenTransition[]
  at: number
  /** The lenders the page lists, in its order, once the match screen has them: a drive picks among them. */
  lenders?: string[]
}

export type LiveMessage =
  | PageReport
  | { kind: 'hello' }
  | { kind: 'bye'; pageId: string }
  | { kind: 'drive'; pageId: string; event: { type: string; [key: string]: unknown } }
