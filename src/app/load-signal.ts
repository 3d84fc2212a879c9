/**
 * Dispatched on the document by the entry in the commit that first puts the live page on screen: the load
 * watchdog of the head script (src/app/load-watchdog.ts) stands down at it and tells the host `ready`.
 */
export const pageStartedEvent = 'huaqian:started'
