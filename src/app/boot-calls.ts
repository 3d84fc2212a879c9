import { resolveBaseUrl } from '../api/base-url'
import { sendEarly, type EarlyRequests } from '../api/early-requests'
import { fetchAnswer, type WireAnswer } from '../api/fetch-answer'
import { defaultScreen, fillPath, joinUrl, osFrom, wireRequest, type WireRequest } from '../api/request-shape'
import type { BridgePayload } from '../bridge/payload'
import { callRoutes } from '../contract/call-routes'
import type { InitConfig } from '../contract/calls'
import { pageLocale } from '../i18n/page-locale'
import type { SessionState } from '../session/session'
import type { AppConfig } from './config'

/*
 * Boot's calls, sent by the entry as soon as it runs. With a token in the payload the page was
 * opened with, boot looks the channel up beside home's three calls (docs/product-rules.md#boot-login-gate),
 * and those four need only the session and the base URL, both known here. Sent by the machine,
 * they would leave only once the machine and the request layer have arrived, a round trip later;
 * sent from here they are answered while those and React are still on the wire. The
 * machine still runs each call as its invoked actor: the request layer takes each answer for the
 * very request it would have sent (src/api/early-requests.ts), and sends any other itself.
 */

/** The calls boot makes beside the channel lookup with a token in hand (`homeCallsBesideBoot`, machines/home.flow.ts). */
export const homeCallNames = ['showUser', 'getLoanUserStatus', 'showRewardProduct'] as const

export interface BootCalls {
  /** The init config's answer when boot has to ask for it; taken once, as the request layer takes a call's. */
  takeInitConfig(): Promise<WireAnswer> | null
  /** Boot's calls, once the base URL is known. */
  requests: Promise<EarlyRequests | null>
}

/** Boot's calls as the request layer would send them now, for this session and base URL. */
export function bootRequests(state: SessionState, baseUrl: string, facts: { signingKey: string; appVersion: string; locale: string; now: number }): WireRequest[] {
  const names = ['lookupChannel', ...homeCallNames] as const
  return names.map((name) => {
    const route = callRoutes[name]
    const path = fillPath(name, route.path, { channel: state.channelCode || state.channel })
    return wireRequest(route.method, joinUrl(baseUrl, path), state, {
      timestamp: Math.floor(facts.now / 1000),
      fields: {},
      signingKey: facts.signingKey,
      os: osFrom(state),
      screen: defaultScreen(),
      appVersion: facts.appVersion,
      locale: facts.locale,
    })
  })
}

/**
 * Sends boot's calls when the page was opened with a token, else nothing (boot then asks the host,
 * or goes to login, and which calls follow is the machine's to say).
 */
export function sendBootCalls(win: Window, config: AppConfig, state: SessionState, payload: BridgePayload | null, timeoutMs: number): BootCalls | null {
  if (!state.token) return null
  let initConfig: Promise<WireAnswer> | null = null
  const loadInitConfig = (): Promise<InitConfig> => {
    initConfig = fetchAnswer({ method: 'GET', url: config.initConfigUrl, headers: {} }, timeoutMs)
    // What the init config holds is checked by the request layer's own reading of it; here it only
    // has to name a base URL, or no call is sent early.
    return initConfig.then(({ data }) => (data as { data: InitConfig }).data)
  }
  const requests = resolveBaseUrl({
    bridgeBaseUrl: payload?.baseUrl ?? null,
    loadInitConfig,
    allowedOrigins: config.apiOrigins,
    allowLoopback: config.allowLoopback,
    production: config.production,
  }).then(
    ({ baseUrl }) => {
      const locale = pageLocale(win, state.locale)
      return sendEarly(bootRequests(state, baseUrl, { signingKey: config.signingKey, appVersion: config.appVersion, locale, now: Date.now() }), timeoutMs)
    },
    () => null,
  )
  return {
    takeInitConfig() {
      const taken = initConfig
      initConfig = null
      return taken
    },
    requests,
  }
}
