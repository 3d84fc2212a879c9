import type { HttpBindings } from '@hono/node-server'
import type { Hono } from 'hono'

/**
 * The sandbox's Hono app and its environment (Node's request bindings), in a file of their own so
 * app.ts and the routes it mounts (sandbox-routes.ts) both use them without importing each other.
 */
export type SandboxEnv = { Bindings: HttpBindings }
export type SandboxApp = Hono<SandboxEnv>
