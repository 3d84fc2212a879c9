import type { AnyActorRef, AnyMachineSnapshot } from 'xstate'
import type { AppEvent } from './context'
import { reportInterruptedRequests } from './persistence'
import { eventForLocation, screenForState } from './routes'
import type { AppSnapshot } from './routes'
import { screenForPath } from './screens'

/**
 * A snapshot taken mid-boot holds nothing worth resuming (docs/product-rules.md#nothing-lost-snapshot): boot
 * runs again with the load's own address. One can be written while boot's calls are out beside the lookup,
 * once the server has named the borrower.
 */
export function takenMidBoot(snapshot: { value: unknown }): boolean {
  const { value } = snapshot
  return value === 'boot' || (typeof value === 'object' && value !== null && 'boot' in value)
}

/**
 * What a load does once the machine runs again from a restored snapshot
 * (docs/product-rules.md#nothing-lost-snapshot). The page's edge and the model's reload both call
 * it, so an order explored at machine level resumes exactly as the page does.
 */
export function resumeRestored(
  actor: { send(event: AppEvent): void; getSnapshot(): AnyMachineSnapshot },
  load: { token: string | null; sameToken?: boolean; deepLink: { path: string; query: Record<string, string> } | null },
): void {
  // The token lives in memory only; the host hands it again on every load.
  // The state's own token goes on where it was; another is first checked against its borrower.
  if (load.token) actor.send(load.sameToken === false ? { type: 'bridge.payload', token: load.token } : { type: 'bridge.payload', token: load.token, resumes: true })
  reportInterruptedRequests(actor as unknown as AnyActorRef)
  // Timers are not restored: a restored wait (review, liveness, order, repayment) polls now.
  actor.send({ type: 'poll.now' })
  // A host may open a WebView that ran the page before at a deep link: the restored snapshot is
  // on the screen of that earlier visit, the address asks for another. The link is asked for as
  // a typed URL is, so the machine lands where the server allows (docs/product-rules.md#flow-deep-link-clamp);
  // a reload's address is the restored screen's own and asks for nothing.
  const linked = load.deepLink === null ? null : screenForPath(load.deepLink.path)
  if (load.deepLink !== null && linked !== null && linked !== screenForState(actor.getSnapshot() as unknown as AppSnapshot)) {
    const event = eventForLocation(load.deepLink.path, load.deepLink.query)
    if (event !== null) actor.send(event)
  }
}
