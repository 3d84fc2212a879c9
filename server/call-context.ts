import type * as z from 'zod/mini'
import type { CallName, Calls } from '../src/contract/calls'
import { StatusCode } from '../src/contract/envelope'
import type { Db } from './db'
import type { Locale } from './messages'
import { Refusal } from './refusal'
import type { User } from './store'

/** Every call the server routes; the init config is a static file answer, not a handler. */
export type RoutedCall = Exclude<CallName, 'initConfig'>

export interface CallContext<Name extends RoutedCall> {
  db: Db
  /** The bearer's user; always set for calls with `auth: true`. */
  user: User | null
  params: z.output<Calls[Name]['params']>
  input: z.output<Calls[Name]['input']>
  now: number
  locale: Locale
  /** This server's origin as the client reached it, for URLs it hands out. */
  origin: string
  header: (name: string) => string | undefined
}

/** Synchronous on purpose: better-sqlite3 is synchronous, so a whole call runs in one transaction. */
export type Handler<Name extends RoutedCall> = (ctx: CallContext<Name>) => z.input<Calls[Name]['data']>

/** The type forces one handler per call of the contract: a call cannot be forgotten. */
export type Handlers = { [Name in RoutedCall]: Handler<Name> }

export function signedIn(ctx: { user: User | null }): User {
  // Unreachable for auth calls (the pipeline answers 401 first); a guard for type narrowing.
  if (!ctx.user) throw new Refusal(StatusCode.invalidRequest, 'unauthorized')
  return ctx.user
}
