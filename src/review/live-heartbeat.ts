/*
 * The reviewer page's heartbeat in localStorage: the one thing every page of the product reads
 * at start (a module of its own, so the borrower's first bundle carries nothing else of the
 * live channel).
 */

export const heartbeatKey = 'huaqian.review.heartbeat'
/** The reviewer beats every 2 s; a page trusts a beat up to this old. */
export const heartbeatFreshMs = 6_000
export const heartbeatEveryMs = 2_000
