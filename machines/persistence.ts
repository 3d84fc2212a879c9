import type { AnyActorRef } from 'xstate'
import type { AppContext } from './app.machine'

/*
 * The machine's snapshot, persisted (docs/product-rules.md#nothing-lost-snapshot).
 *
 * - `serializeSnapshot(actor.getPersistedSnapshot())` gives two strings: `local` for
 *   localStorage and `session` for sessionStorage. ID numbers, card numbers and SMS codes
 *   (in drafts and in the inputs of invoked requests) go only to `session`.
 * - `restoreSnapshot({ local, session }, { version, migrate, runtime })` gives the snapshot to
 *   pass to `createActor(machine, { snapshot })`, or null to start fresh. An older version is
 *   handed to `migrate` (null drops it). The clock and id maker (`runtime`) are functions, so
 *   they are not stored: the new page passes its own.
 * - Invoked requests that were running start again on restore, which is why committing calls
 *   carry the idempotency key kept in the drafts. One whose input lost a session-only value (a
 *   new web view: sessionStorage is gone) is not sent again blank: it is restored as failed with
 *   `{ kind: 'interrupted' }`; call `reportInterruptedRequests(actor)` after starting the actor.
 * - Delayed events (poll backoff) are not restored: send `{ type: 'poll.now' }` after starting a
 *   restored actor.
 */

export const snapshotVersion = 3

/** The storage keys the page's snapshots are kept under begin with this (then the version and the borrower). */
export const snapshotKeyPrefix = 'huaqian.app.'

export interface StoredSnapshot {
  local: string
  session: string
}

export interface VersionedSnapshot {
  version: number
  snapshot: PersistedShape
}

/** The JSON shape of `getPersistedSnapshot()` that this module relies on. */
export interface PersistedShape {
  value: unknown
  context: Record<string, unknown>
  children: Record<string, unknown>
  [key: string]: unknown
}

export interface RestoreOptions {
  version: number
  migrate?: (stored: { version: number; snapshot: unknown }) => PersistedShape | null
  runtime: AppContext['runtime']
}

/** Keys whose string values are sensitive (docs/product-rules.md#nothing-lost), wherever a draft or request input holds them. */
const sensitiveKeys = new Set(['id_number', 'card_number', 'code'])

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a value (an invoked request's input) holds something kept for the session only. */
export function carriesSessionSecret(value: unknown): boolean {
  const secrets: Record<string, string> = {}
  split(value, ['input'], true, secrets)
  return Object.keys(secrets).length > 0
}

/**
 * Copies `value`, blanking sensitive strings under drafts or inputs (`guarded`) and collecting them
 * by path. It runs on every snapshot, before the step's next screen is drawn, so `path` is one array
 * extended and shortened in place, copied only for a secret.
 */
function split(value: unknown, path: string[], guarded: boolean, secrets: Record<string, string>): Json {
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      path.push(String(index))
      const copy = split(item, path, guarded, secrets)
      path.pop()
      return copy
    })
  }
  if (isRecord(value)) {
    const out: { [key: string]: Json } = {}
    for (const key of Object.keys(value)) {
      const item = value[key]
      if (typeof item === 'function' || item === undefined) continue
      if (guarded && sensitiveKeys.has(key) && typeof item === 'string' && item !== '') {
        secrets[JSON.stringify([...path, key])] = item
        out[key] = ''
        continue
      }
      path.push(key)
      out[key] = split(item, path, guarded || key === 'drafts' || key === 'input', secrets)
      path.pop()
    }
    return out
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return null
}

/**
 * Where `split` would have left a blank: a sensitive key holding ''. Stands in for `sealed` in a
 * copy stored before `sealed` was: a running request's blank value there can only be one it lost,
 * as no form lets its call go out with that field empty.
 */
function blanksOf(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => blanksOf(item, [...path, String(i)], found))
  if (isRecord(value)) {
    const guarded = path.includes('drafts') || path.includes('input')
    for (const [key, item] of Object.entries(value)) {
      if (guarded && sensitiveKeys.has(key) && item === '') found.push(JSON.stringify([...path, key]))
      else blanksOf(item, [...path, key], found)
    }
  }
  return found
}

/** A path as `split` keys it, or null for a key that storage mangled. */
function parsePath(pathJson: string): unknown[] | null {
  try {
    const path: unknown = JSON.parse(pathJson)
    return Array.isArray(path) && path.length > 0 ? path : null
  } catch {
    return null
  }
}

function putBack(root: Json, secrets: Record<string, string>): void {
  for (const [pathJson, secret] of Object.entries(secrets)) {
    const path = parsePath(pathJson)
    if (path === null) continue
    let node: unknown = root
    for (const key of path.slice(0, -1)) {
      node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[String(key)] : undefined
    }
    const last = String(path[path.length - 1])
    // Only a blank left by split is refilled: a changed shape (migration) is not overwritten.
    if (isRecord(node) && node[last] === '') node[last] = secret
  }
}

export function serializeSnapshot(persisted: unknown, version = snapshotVersion): StoredSnapshot {
  const secrets: Record<string, string> = {}
  const snapshot = split(persisted, [], false, secrets)
  return {
    // Where the blanks are, never what they held: a restore without the session copy knows what it lost.
    local: JSON.stringify({ version, snapshot, sealed: Object.keys(secrets) }),
    session: JSON.stringify(secrets),
  }
}

/** The running request whose input holds `path`: `children.<id>.snapshot` then `input…`. */
function requestHolding(root: Json, path: unknown[]): Record<string, unknown> | null {
  const at = path.indexOf('input')
  if (at < 3 || path[at - 1] !== 'snapshot' || path[at - 3] !== 'children') return null
  let node: unknown = root
  for (const key of path.slice(0, at)) node = isRecord(node) ? node[String(key)] : undefined
  return isRecord(node) && node.status === 'active' ? node : null
}

/** Requests that lost a session-only value are restored as failed, so they are not sent again blank. */
function interruptRequestsThatLost(root: Json, sealed: unknown, kept: Record<string, string>): void {
  if (!Array.isArray(sealed)) return
  for (const pathJson of sealed) {
    if (typeof pathJson !== 'string' || pathJson in kept) continue
    const path = parsePath(pathJson)
    const request = path === null ? null : requestHolding(root, path)
    if (request === null) continue
    request.status = 'error'
    request.error = { kind: 'interrupted' }
  }
}

function isPersistedShape(value: unknown): value is PersistedShape {
  return isRecord(value) && 'value' in value && isRecord(value.context) && isRecord(value.children)
}

export function restoreSnapshot(
  raw: { local: string | null; session: string | null },
  options: RestoreOptions,
): PersistedShape | null {
  if (raw.local === null) return null
  let stored: unknown
  try {
    stored = JSON.parse(raw.local)
  } catch {
    return null
  }
  if (!isRecord(stored) || typeof stored.version !== 'number') return null
  let snapshot: unknown = stored.snapshot
  if (stored.version !== options.version) {
    snapshot = options.migrate ? options.migrate({ version: stored.version, snapshot }) : null
  }
  if (!isPersistedShape(snapshot)) return null
  let secrets: unknown = {}
  try {
    secrets = raw.session === null ? {} : JSON.parse(raw.session)
  } catch {
    secrets = {}
  }
  const strings: Record<string, string> = {}
  if (isRecord(secrets)) {
    for (const [key, value] of Object.entries(secrets)) if (typeof value === 'string') strings[key] = value
  }
  const sealed = 'sealed' in stored ? stored.sealed : blanksOf(snapshot)
  putBack(snapshot as unknown as Json, strings)
  interruptRequestsThatLost(snapshot as unknown as Json, sealed, strings)
  snapshot.context = { ...snapshot.context, runtime: options.runtime }
  return snapshot
}

/**
 * XState starts only the running children of a restored snapshot, so a request restored as failed
 * would hold its state forever: its parent is told here, as that request's own failure.
 */
export function reportInterruptedRequests(actor: AnyActorRef): void {
  const children = (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children
  for (const [id, child] of Object.entries(children)) {
    const snapshot = child?.getSnapshot() as { status?: string; error?: unknown } | undefined
    if (snapshot?.status !== 'error' || !isRecord(snapshot.error) || snapshot.error.kind !== 'interrupted') continue
    actor.send({ type: `xstate.error.actor.${id}`, error: snapshot.error })
  }
}
