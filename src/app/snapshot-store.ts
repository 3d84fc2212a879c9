import Hex from 'crypto-js/enc-hex'
import sha256 from 'crypto-js/sha256'
import { snapshotKeyPrefix, snapshotVersion, type StoredSnapshot } from '../../machines/persistence'

/*
 * Where the machine's snapshot is kept on the device (docs/product-rules.md#nothing-lost-snapshot,
 * docs/product-rules.md#security-per-borrower). A borrower's state is kept under the user id the
 * server reported for their token, never under a field of the host's payload; a logged-out page's
 * state under one shared key, which never holds a borrower's.
 *
 * At start the server has not spoken yet. The page resumes the borrower whose state was written
 * last, never without a token: with the very token that state was written with (a reload) it goes
 * on at once; with another (a host that logs in afresh on every open) the machine first asks whose
 * token it is, and returns to the screen only for the same borrower.
 */

const prefix = `${snapshotKeyPrefix}v${snapshotVersion}`
const guestKey = `${prefix}.guest`
const lastKey = `${prefix}.last`
const borrowerKey = (borrowerId: string) => `${prefix}.borrower.${borrowerId}`

export type RawSnapshot = { local: string | null; session: string | null }

/** Whose state is on the page, and with what token. */
export interface Owner {
  /** The user id the server reported for this state (it outlives a 401). */
  borrowerId: string | null
  /** The server named the borrower for the token now held (not yet, right after a new token). */
  named: boolean
  token: string | null
}

let lastDigest: { token: string; digest: string } | null = null

/** A one-way digest: the device learns which token wrote a snapshot, never the token. */
function digestOf(token: string): string {
  // Asked on every save, and the token changes only at a login: one SHA-256 a token, not one a step.
  if (lastDigest?.token !== token) lastDigest = { token, digest: sha256(token).toString(Hex) }
  return lastDigest.digest
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key)
    else storage().setItem(key, value)
  } catch {
    // A full or disabled storage loses the draft copy, never the page.
  }
}

export interface SnapshotStore {
  /** The snapshot to resume at start: see above. */
  atStart(token: string | null, hostUserId?: string | null): { raw: RawSnapshot; sameToken: boolean } | null
  /** The snapshot a borrower left, once the server named them. */
  of(borrowerId: string): RawSnapshot
  save(owner: Owner, stored: StoredSnapshot): void
}

export function snapshotStore(win: Window): SnapshotStore {
  const local = () => win.localStorage
  const session = () => win.sessionStorage
  const rawAt = (key: string): RawSnapshot => ({ local: read(local, key), session: read(session, key) })

  function lastBorrower(token: string): { borrowerId: string; sameToken: boolean } | null {
    try {
      const last: unknown = JSON.parse(read(local, lastKey) ?? 'null')
      if (typeof last !== 'object' || last === null) return null
      const { borrowerId, token: digest } = last as Record<string, unknown>
      return typeof borrowerId === 'string' ? { borrowerId, sameToken: digest === digestOf(token) } : null
    } catch {
      return null
    }
  }

  return {
    atStart(token, hostUserId) {
      if (token === null) return { raw: rawAt(guestKey), sameToken: true }
      const last = lastBorrower(token)
      // A host that says another borrower logged in is believed enough not to resume: a hint, never a key.
      if (last === null || (!last.sameToken && hostUserId != null && hostUserId !== last.borrowerId)) return null
      return { raw: rawAt(borrowerKey(last.borrowerId)), sameToken: last.sameToken }
    },
    of: (borrowerId) => rawAt(borrowerKey(borrowerId)),
    save(owner, stored) {
      if (owner.borrowerId === null) {
        // A token the server has not named yet: nothing of a borrower may go under the shared key.
        if (owner.token !== null) return
        write(local, guestKey, stored.local)
        write(session, guestKey, stored.session)
        return
      }
      write(local, borrowerKey(owner.borrowerId), stored.local)
      write(session, borrowerKey(owner.borrowerId), stored.session)
      if (owner.named && owner.token !== null) {
        write(local, lastKey, JSON.stringify({ borrowerId: owner.borrowerId, token: digestOf(owner.token) }))
        // What a logged-out visitor left is no one's once a borrower is here.
        write(local, guestKey, null)
        write(session, guestKey, null)
      }
    },
  }
}
