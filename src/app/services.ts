import axios from 'axios'
import { fromPromise } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import type { ApiFailure, CallPortArgs, MachineCall, PortArgs, PortData } from '../../machines/ports'
import { fetchInitConfig, resolveBaseUrl } from '../api/base-url'
import { createApiClient, type ApiClient } from '../api/client'
import { createToastChannel, type ToastChannel } from '../api/toasts'
import { createBridge, detectPlatform, type Bridge } from '../bridge/bridge'
import type { BridgePayload } from '../bridge/payload'
import type { CallData, CallRequest } from '../contract/calls'
import { isAgreementKey } from '../contract/entities'
import { StatusCode } from '../contract/envelope'
import { applyBridgePayload, createSession, type Session } from '../session/session'
import type { AppConfig } from './config'

/*
 * The app's edge: the one place where the framework-free parts meet. It builds the bridge, the
 * session and the request layer from the build configuration, and gives the machine its real
 * actors with `appMachine.provide({ actors })`, exactly as tests give it fakes.
 */

export interface Services {
  config: AppConfig
  bridge: Bridge
  session: Session
  toasts: ToastChannel
  client: ApiClient
  machine: typeof appMachine
  /** The machine's resolved base URL; the request layer reads it on every call. */
  setBaseUrl(url: string | null): void
  /** The code the channel lookup answered (or a resumed snapshot holds): every call carries it, whatever a later payload says. */
  keepChannelCode(code: string): void
  /** Payloads the host pushes after load (a login, a new token). */
  onPayload(listener: (payload: BridgePayload) => void): () => void
}

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length))
}

function safeStorage(pick: () => Storage): Storage | null {
  try {
    return pick()
  } catch {
    // Storage can be disabled in a WebView; the session then lives in memory for the page's life.
    return null
  }
}

function initConfigFailure(error: unknown): ApiFailure {
  const cause = error instanceof Error ? error.cause : undefined
  if (axios.isAxiosError(cause)) return cause.code === 'ECONNABORTED' ? { kind: 'timeout' } : { kind: 'network' }
  return { kind: 'invalidResponse' }
}

export function createServices(win: Window, config: AppConfig): Services {
  const payloadListeners = new Set<(payload: BridgePayload) => void>()
  let channelLookedUp = false
  const keepChannelCode = (code: string) => {
    channelLookedUp = true
    session.update({ channelCode: code })
  }
  const query = new URLSearchParams(win.location.search)
  const session = createSession({
    randomBytes,
    localStore: safeStorage(() => win.localStorage),
    sessionStore: safeStorage(() => win.sessionStorage),
    query,
  })
  const bridge = createBridge({
    window: win,
    allowedOrigins: config.hostOrigins,
    onPayload: (payload) => {
      applyBridgePayload(session, payload, { channelLookedUp })
      for (const listener of payloadListeners) listener(payload)
    },
  })
  if (bridge.initial) applyBridgePayload(session, bridge.initial)
  session.update({ platform: detectPlatform(win.navigator.userAgent, win, bridge.initial ?? undefined) })

  let baseUrl: string | null = null
  const toasts = createToastChannel()
  const client = createApiClient({
    baseUrl: () => baseUrl ?? undefined,
    session,
    signingKey: config.signingKey,
    bridge,
    toasts,
    appVersion: config.appVersion,
    locale: () => win.document.documentElement.lang || 'zh-Hans',
    logger: { error: (message, details) => console.error(message, details) },
  })

  async function send<Name extends MachineCall>(name: Name, request: CallRequest<Name>, signal: AbortSignal) {
    const outcome = await client.call(name, { ...request, signal })
    if (outcome.ok) return outcome.data
    throw outcome.failure satisfies ApiFailure
  }

  function callPort<Name extends Exclude<MachineCall, 'getAgreement'>>(name: Name) {
    return fromPromise<CallData<Name>, CallPortArgs<Name>>(({ input, signal }) => send(name, input, signal))
  }

  const callPorts = [
    'lookupChannel',
    'showUser',
    'getLoanUserStatus',
    'trialLoan',
    'updateLoanUser',
    'startBiometricSession',
    'getBiometricResult',
    'saveContacts',
    'sendCardCode',
    'confirmCard',
    'showCard',
    'reportDevice',
    'getCreditDecision',
    'listSupermarketProducts',
    'listMatches',
    'getContract',
    'sendLenderCardCode',
    'confirmLenderCard',
    'applyLoan',
    'getRepayPlan',
    'trialRepayment',
    'submitRepayment',
    'showRewardProduct',
    'buyRewardProduct',
    'getRewardOrder',
    'requestContractDownload',
  ] as const satisfies readonly Exclude<MachineCall, 'getAgreement'>[]

  const machine = appMachine.provide({
    actors: {
      ...Object.fromEntries(callPorts.map((name) => [name, callPort(name)])),
      resolveBaseUrl: fromPromise<PortData<'resolveBaseUrl'>, PortArgs<'resolveBaseUrl'>>(async ({ input }) => {
        try {
          const resolved = await resolveBaseUrl({
            bridgeBaseUrl: input.bridgeBaseUrl,
            loadInitConfig: () => fetchInitConfig(config.initConfigUrl),
            allowedOrigins: config.apiOrigins,
            allowLoopback: config.allowLoopback,
            production: config.production,
          })
          baseUrl = resolved.baseUrl
          if (resolved.refusedBridgeBaseUrl) bridge.refuse('baseUrl')
          return { baseUrl: resolved.baseUrl }
        } catch (error) {
          throw initConfigFailure(error)
        }
      }),
      // A typed or stale link can ask for any key; one that names no agreement is a "not found"
      // refusal (nothing to retry), as the server would answer, instead of a request the contract
      // refuses to send and the page would call a failure worth retrying.
      getAgreement: fromPromise<PortData<'getAgreement'>, PortArgs<'getAgreement'>>(async ({ input, signal }) => {
        const { key } = input.params
        if (!isAgreementKey(key)) throw { kind: 'refused', status: StatusCode.notFound } satisfies ApiFailure
        return send('getAgreement', { ...input, params: { key } }, signal)
      }),
      // The channel code is stored when the lookup answers (docs/product-rules.md#boot-channel-lookup). Stored here, before the machine
      // moves on: the next state's calls start before any subscriber of the actor hears of it, and
      // would carry the old channel-code header (the model-based tests' request checks caught it).
      lookupChannel: fromPromise<PortData<'lookupChannel'>, PortArgs<'lookupChannel'>>(async ({ input, signal }) => {
        const data = await send('lookupChannel', input, signal)
        keepChannelCode(data.channel_code)
        return data
      }),
      // The machine names the return route relative to the page; the vendor's page needs an absolute
      // URL to come back to. Resolved against the page without its query, so the bridge token in the
      // page URL never travels to the vendor.
      startBiometricSession: fromPromise<PortData<'startBiometricSession'>, PortArgs<'startBiometricSession'>>(
        async ({ input, signal }) => {
          const page = `${win.location.origin}${win.location.pathname}`
          const return_url = new URL(input.input.return_url, page).href
          return send('startBiometricSession', { input: { ...input.input, return_url } }, signal)
        },
      ),
    },
  })

  return {
    config,
    bridge,
    session,
    toasts,
    client,
    machine,
    keepChannelCode,
    setBaseUrl: (url) => {
      baseUrl = url
    },
    onPayload: (listener) => {
      payloadListeners.add(listener)
      return () => payloadListeners.delete(listener)
    },
  }
}
