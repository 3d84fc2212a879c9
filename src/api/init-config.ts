import axios from 'axios'
import * as z from 'zod/mini'
import { initConfigData, type InitConfig } from '../contract/calls'
import { envelope, StatusCode } from '../contract/envelope'
import { InitConfigError } from './base-url'
import { AnswerTimeout, fetchAdapter } from './fetch-answer'
import { defaultTimeoutMs } from './request-shape'

/*
 * The init config file (docs/product-rules.md#boot-base-url). It lives on a file host and is fetched
 * before any session exists, so it carries none of the signed headers.
 */

const initConfigEnvelope = envelope(initConfigData)

/** The init config in an answer, or InitConfigError when the answer holds none that can be used. */
export function initConfigFrom(url: string, answer: { status: number; data: unknown }): InitConfig {
  const body = z.safeParse(initConfigEnvelope, answer.data)
  if (answer.status !== 200 || !body.success || body.data.status !== StatusCode.ok || !body.data.data) {
    throw new InitConfigError(`init config ${url} answered HTTP ${answer.status} without usable URLs`)
  }
  return body.data.data
}

/** GETs the init config file at `url` (the contract's `initConfig` call, without headers). */
export async function fetchInitConfig(
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<InitConfig> {
  let response
  try {
    response = await axios.get<unknown>(url, {
      timeout: options.timeoutMs ?? defaultTimeoutMs,
      validateStatus: () => true,
      adapter: fetchAdapter,
    })
  } catch (error) {
    throw new InitConfigError(`init config ${url} could not be fetched`, { cause: error })
  }
  return initConfigFrom(url, response)
}

/**
 * What a failed boot's base URL is, as the request layer names failures: an init config that could
 * not be fetched carries its transport's error as the cause; one that came back unusable, none.
 */
export function initConfigFailure(error: unknown): { kind: 'network' | 'timeout' | 'invalidResponse' } {
  const cause = error instanceof Error ? error.cause : undefined
  if (cause === undefined) return { kind: 'invalidResponse' }
  return cause instanceof AnswerTimeout ? { kind: 'timeout' } : { kind: 'network' }
}
