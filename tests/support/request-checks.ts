import * as z from 'zod/mini'
import { calls, type CallName } from '../../src/contract/calls'
import { sandboxSigningKey, signRequest, sortedJson } from '../../src/contract/signature'
import type { FailureKind } from '../model/engine/fixtures'
import type { World } from './verify'

/*
 * What the fake API checks on every request the page sends, from the contract
 * (src/contract/calls.ts), the headers (docs/product-rules.md#request-headers), the signature (docs/product-rules.md#request-signature) and the
 * idempotency rule (docs/product-rules.md#idempotency): a committing call carries an Idempotency-Key, the same key when
 * the borrower retries an action whose outcome is unknown, a new key for a new action.
 */

export interface SentRequest {
  call: CallName
  method: string
  path: string
  params: Record<string, string>
  /** The query (as text) of a GET, the JSON body of a POST/PUT: what the signature covers. */
  fields: Record<string, unknown>
  /** Header names in lower case. */
  headers: Record<string, string>
}

/** The headers on every call, Accept-Language among them (docs/product-rules.md#request-headers). */
const everyCall = ['timestamp', 'signature', 'app-code', 'device-id', 'model', 'brand', 'os', 'screen', 'channel-code', 'oaid', 'imei', 'version', 'os-name', 'accept-language']

/** Failures after which the outcome is unknown, so a retry must reuse the key (docs/product-rules.md#idem-key-reuse). */
const unknownOutcome: readonly FailureKind[] = ['network', 'timeout', 'invalidResponse']

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
}

export function contractProblems(request: SentRequest, world: World): string[] {
  // The init config is a file on a file host (docs/product-rules.md#boot-base-url), not a call of the API: no headers, no signature.
  if (request.call === 'initConfig') return []
  const spec = calls[request.call]
  const problems: string[] = []
  const params = z.safeParse(spec.params, request.params)
  if (!params.success) problems.push(`path parameters break the contract: ${issues(params)}`)
  const input = z.safeParse(spec.input, request.fields)
  if (!input.success) problems.push(`the ${request.method === 'GET' ? 'query' : 'body'} breaks the contract: ${issues(input)}`)
  for (const name of everyCall) if (request.headers[name] === undefined) problems.push(`header ${name} is missing`)
  if (request.headers.screen !== undefined && !/^\d+\*\d+$/.test(request.headers.screen)) problems.push(`header screen is "${request.headers.screen}", not width*height`)
  const timestamp = request.headers.timestamp ?? ''
  if (!/^\d{1,12}$/.test(timestamp)) problems.push(`header timestamp "${timestamp}" is not whole seconds`)
  else if (request.headers.signature !== signRequest(Number(timestamp), request.fields, sandboxSigningKey)) {
    problems.push('the signature does not match the fields and timestamp sent (docs/product-rules.md#request-signature)')
  }
  const auth = request.headers.authorization
  if (world.token && auth === undefined) problems.push('no Authorization header although the borrower holds a token')
  if (!world.token && auth !== undefined) problems.push('an Authorization header without a token (none given, or a 401 cleared it)')
  if (world.channel !== null && request.headers['channel-code'] !== world.channel.code) {
    problems.push(`header channel-code is "${request.headers['channel-code'] ?? ''}", not the code the lookup answered (${world.channel.code})`)
  }
  if (spec.committing && !request.headers['idempotency-key']) problems.push('a committing call without an Idempotency-Key')
  if (!spec.committing && request.headers['idempotency-key'] !== undefined) problems.push('an Idempotency-Key on a call that commits nothing')
  return problems
}

/** The binding each SMS code is sent for. */
const bindingOfCode: Partial<Record<CallName, CallName>> = { sendCardCode: 'confirmCard', sendLenderCardCode: 'confirmLenderCard' }

/** Idempotency across the requests of one path. */
export class IdempotencyLedger {
  private readonly keys = new Map<string, { call: CallName; body: string }>()
  private readonly last = new Map<CallName, { key: string; body: string; outcome: 'ok' | FailureKind }>()

  /**
   * Checks a committing request. After an unknown outcome (network, timeout, unreadable answer)
   * the next request of that call with the same body is the same action again, whether the borrower pressed Retry or
   * the same button (docs/product-rules.md#idem-key-reuse: never a fresh submit after a timeout): it must reuse the key.
   * Another body (other periods chosen) is another action, and the old key would be refused with it.
   * After a success or a refusal it is a new action: a new key.
   */
  check(request: SentRequest): string[] {
    if (!calls[request.call].committing) return []
    const key = request.headers['idempotency-key']
    if (!key) return []
    const problems: string[] = []
    const body = sortedJson({ params: request.params, fields: request.fields })
    const used = this.keys.get(key)
    if (used !== undefined && (used.call !== request.call || used.body !== body)) problems.push(`Idempotency-Key ${key} reused with another request (the server refuses it: 1005)`)
    const previous = this.last.get(request.call)
    if (previous !== undefined) {
      const unknown = (unknownOutcome as readonly string[]).includes(previous.outcome)
      if (unknown && previous.key !== key && previous.body === body) problems.push(`${request.call} again after ${previous.outcome} must reuse Idempotency-Key ${previous.key}, it sent ${key}`)
      if (!unknown && used !== undefined) problems.push(`a new ${request.call} reuses Idempotency-Key ${key} of an earlier action`)
    }
    this.keys.set(key, { call: request.call, body })
    this.last.set(request.call, { key, body, outcome: 'ok' })
    return problems
  }

  /**
   * Records how the last request of a committing call ended. A new SMS code makes the binding it is
   * for another request: a new action, whatever became of the last one (docs/product-rules.md#idem-key-after-refusal, a new key).
   */
  answered(call: CallName, outcome: 'ok' | FailureKind): void {
    const previous = this.last.get(call)
    if (previous !== undefined) this.last.set(call, { ...previous, outcome })
    const binding = bindingOfCode[call]
    if (binding !== undefined && outcome === 'ok') this.last.delete(binding)
  }
}
