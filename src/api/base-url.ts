import axios, { type AxiosAdapter } from 'axios'
import * as z from 'zod/mini'
import { acceptedBaseUrl, normaliseBaseUrl } from '../bridge/base-url-policy'
import { initConfigData } from '../contract/calls'
import { envelope, StatusCode } from '../contract/envelope'

/*
 * Where API calls go (docs/product-rules.md#one-request, docs/product-rules.md#boot-base-url): the bridge's `baseUrl` when it passes the
 * allowlist, else the init config file's URL for this build. The init config file lives on a file
 * host and is fetched before any session exists, so it carries none of the signed headers.
 */

export type InitConfig = z.infer<typeof initConfigData>

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

const initConfigEnvelope = envelope(initConfigData)

/** GETs the init config file at `url` (the contract's `initConfig` call, without headers). */
export async function fetchInitConfig(
  url: string,
  options: { timeoutMs?: number; httpAdapter?: AxiosAdapter | 'xhr' | 'http' | 'fetch'; signal?: AbortSignal } = {},
): Promise<InitConfig> {
  let response
  try {
    response = await axios.get<unknown>(url, {
      timeout: options.timeoutMs ?? 60_000,
      validateStatus: () => true,
      ...(options.httpAdapter ? { adapter: options.httpAdapter } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } catch (error) {
    throw new InitConfigError(`init config ${url} could not be fetched`, { cause: error })
  }
  const body = z.safeParse(initConfigEnvelope, response.data)
  if (response.status !== 200 || !body.success || body.data.status !== StatusCode.ok || !body.data.data) {
    throw new InitConfigError(`init config ${url} answered HTTP ${response.status} without usable URLs`)
  }
  return body.data.data
}
