import { acceptedBaseUrl, normaliseBaseUrl } from '../bridge/base-url-policy'
import type { InitConfig } from '../contract/calls'

/*
 * Where API calls go (docs/product-rules.md#one-request, docs/product-rules.md#boot-base-url): the bridge's `baseUrl` when it passes the
 * allowlist, else the init config file's URL for this build. No axios and no zod here: the entry
 * resolves the base URL too, to send boot's calls early (src/app/boot-calls.ts).
 */

export type { InitConfig }

export interface ResolvedBaseUrl {
  baseUrl: string
  source: 'bridge' | 'initConfig'
  /** A bridge baseUrl was offered and refused by the allowlist (worth a log line). */
  refusedBridgeBaseUrl: boolean
}

export interface ResolveBaseUrlOptions {
  bridgeBaseUrl: string | undefined | null
  loadInitConfig: () => Promise<InitConfig>
  allowedOrigins: readonly string[]
  /** Development builds only. */
  allowLoopback: boolean
  /** Production builds use `pro_url`, others `dev_url`. */
  production: boolean
}

export class InitConfigError extends Error {
  override name = 'InitConfigError'
}

/** Rejects with InitConfigError when the init config is needed and cannot be used. */
export async function resolveBaseUrl(options: ResolveBaseUrlOptions): Promise<ResolvedBaseUrl> {
  const offered = options.bridgeBaseUrl ?? undefined
  if (offered !== undefined && offered !== '') {
    const accepted = acceptedBaseUrl(offered, options)
    if (accepted !== null) return { baseUrl: accepted, source: 'bridge', refusedBridgeBaseUrl: false }
  }
  const config = await options.loadInitConfig()
  const chosen = normaliseBaseUrl(options.production ? config.pro_url : config.dev_url)
  if (chosen === null) {
    throw new InitConfigError(`init config ${options.production ? 'pro_url' : 'dev_url'} is not a URL`)
  }
  return {
    baseUrl: chosen,
    source: 'initConfig',
    refusedBridgeBaseUrl: offered !== undefined && offered !== '',
  }
}
