import { fromPromise } from 'xstate'
import { appMachine } from '../../machines/app.machine'
import type { ApiFailure, CallPortArgs, MachineCall, PortArgs, PortData } from '../../machines/ports'
import { resolveBaseUrl } from '../api/base-url'
import { createApiClient, type ApiClient } from '../api/client'
import type { EarlyRequests } from '../api/early-requests'
import { fetchInitConfig, initConfigFailure, initConfigFrom } from '../api/init-config'
import { createToastChannel, type ToastChannel } from '../api/toasts'
import { createBridge, type Bridge } from '../bridge/bridge'
import type { BridgePayload } from '../bridge/payload'
import type { CallData, CallRequest } from '../contract/calls'
import { isAgreementKey } from '../contract/entities'
import { StatusCode } from '../contract/envelope'
import { applyBridgePayload, type Session } from '../session/session'
import type { BootCalls } from './boot-calls'
import type { AppConfig } from './config'
import { pageSession } from './page-session'

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
  /** Boot is over: answers of boot's calls the entry sent and nothing took are dropped, never taken by a later call. */
  endBootCalls(): void
}

export interface StartedSession {
  /** The session the entry started (src/app/page-session.ts); a new one by default. */
  session?: Session
  /** Boot's calls, if the entry sent them already. */
  boot?: BootCalls | null
}

export function createServices(win: Window, config: AppConfig, started: StartedSession = {}): Services {
  const payloadListeners = new Set<(payload: BridgePayload) => void>()
  let channelLookedUp = false
  const keepChannelCode = (code: string) => {
    channelLookedUp = true
    session.update({ channelCode: code })
  }
  const session = started.session ?? pageSession(win).session
  const bridge = createBridge({
    window: win,
    allowedOrigins: config.hostOrigins,
    onPayload: (payload) => {
      applyBridgePayload(session, payload, { channelLookedUp })
      for (const listener of payloadListeners) listener(payload)
    },
  })

  let baseUrl: string | null = null
  const toasts = createToastChannel()
  // Boot's calls the entry sent, until boot is over. A request waits for them only while the entry is still
  // resolving the base URL, which boot's own first call waits for too.
  let early: Promise<EarlyRequests | null> | null = started.boot?.requests ?? null
  const client = createApiClient({
    baseUrl: () => baseUrl ?? undefined,
    session,
    signingKey: config.signingKey,
    bridge,
    toasts,
    appVersion: config.appVersion,
    locale: () => win.document.documentElement.lang || 'zh-Hans',
    early: { take: (request) => early?.then((requests) => requests?.take(request) ?? null) ?? null },
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
            loadInitConfig: () => {
              // The entry's answer when it asked already; if that request failed, the page asks again.
              const asked = started.boot?.takeInitConfig()
              return asked ? asked.then((answer) => initConfigFrom(config.initConfigUrl, answer), () => fetchInitConfig(config.initConfigUrl)) : fetchInitConfig(config.initConfigUrl)
            },
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
    endBootCalls: () => {
      void early?.then((requests) => requests?.close())
      early = null
    },
  }
}
