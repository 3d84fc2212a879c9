import { snapshotKeyPrefix } from '../../machines/persistence'

/*
 * The host logged its borrower out (`huaqian.logout`). What the page holds of a borrower is in memory (the token,
 * the machine's context, the answers it fetched) and in the machine's snapshots in storage (their drafts, the screen
 * they were on). The snapshots go, every one: the phone may be handed to someone else, and the host has said
 * nobody is logged in. A fresh load at the entry route then holds nothing of anyone. It has no payload, so it asks
 * a native or framed host for one (`requestPayload`); answered with `payload: null`, or not at all, it shows login
 * and sends `login`. Loaded only when a logout comes.
 */

function forgetSnapshots(storage: () => Storage): void {
  try {
    const store = storage()
    const keys: string[] = []
    for (let index = 0; index < store.length; index += 1) keys.push(store.key(index) ?? '')
    for (const key of keys) if (key.startsWith(snapshotKeyPrefix)) store.removeItem(key)
  } catch {
    // Storage disabled: nothing of the borrower was kept there.
  }
}

export function reloadLoggedOut(win: Window): void {
  forgetSnapshots(() => win.localStorage)
  forgetSnapshots(() => win.sessionStorage)
  // The entry route, the query kept (its `lang`); the token parameters left the address at intake.
  win.history.replaceState(null, '', `${win.location.pathname}${win.location.search}`)
  win.location.reload()
}
