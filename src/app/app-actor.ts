import { createActor, type ActorOptions, type ActorRefFrom, type AnyActorLogic } from 'xstate'
import type { AppContext, appMachine } from '../../machines/app.machine'
import { restoreSnapshot, serializeSnapshot, snapshotVersion } from '../../machines/persistence'
import { resumeRestored, takenMidBoot } from '../../machines/resume'
import type { AppInput } from '../../machines/ports'
import { randomId } from '../session/session'
import { reviewerInspect } from './reviewer-link'
import { randomBytes } from './page-session'
import type { Services } from './services'
import { snapshotStore, type RawSnapshot } from './snapshot-store'

export type AppActor = ActorRefFrom<typeof appMachine>

/*
 * The running machine, restored from the device when the borrower was here before
 * (docs/product-rules.md#nothing-lost-snapshot): the persisted snapshot lands them on the same screen with their
 * drafts; sensitive fields come back from sessionStorage only. Where a snapshot is kept, and which one
 * a page may resume, is ./snapshot-store.ts: per borrower, as the server names them.
 */

/** `#/pages/x/index?a=1` → the route and its query, for a deep link at load. */
export function hashLocation(hash: string): { path: string; query: Record<string, string> } {
  const route = hash.replace(/^#/, '') || '/'
  const [path, search = ''] = route.split('?', 2)
  return { path: path || '/', query: Object.fromEntries(new URLSearchParams(search)) }
}

/**
 * `clock` times the machine's waits (polls, countdowns); the page runs on the real one. A model
 * runner passes XState's SimulatedClock to let a poll's wait pass as a step instead of in real time.
 */
export function startAppActor(win: Window, services: Services, clock?: ActorOptions<AnyActorLogic>['clock']): AppActor {
  const state = services.session.getSnapshot()
  const runtime = { now: () => Date.now(), makeId: () => randomId(randomBytes) }
  const deepLink = hashLocation(win.location.hash)
  const input: AppInput = {
    ...runtime,
    bridge: {
      token: state.token ?? undefined,
      channel: state.channelCode || state.channel,
      baseUrl: services.bridge.initial?.baseUrl,
      loanExcess: state.isLoanExcess,
      locale: state.locale ?? undefined,
    },
    // `/` is the entry page: boot goes home (docs/product-rules.md#boot-and-login). Any other route is a deep link.
    ...(deepLink.path === '/' ? {} : { initialDeepLink: deepLink }),
    device: {
      device_id: state.deviceId,
      model: state.model || 'unknown',
      brand: state.brand || 'unknown',
      os: state.osName || 'h5',
      os_name: state.osName || 'h5',
      screen: `${win.screen.width}*${win.screen.height}`,
      locale: win.document.documentElement.lang,
      ...(state.gps ? { gps: state.gps } : {}),
    },
  }

  const store = snapshotStore(win)
  const restore = (raw: RawSnapshot) => restoreSnapshot(raw, { version: snapshotVersion, runtime })
  const atStart = store.atStart(state.token, state.userId)
  const restored = atStart === null ? null : restore(atStart.raw)
  const resumable =
    restored !== null &&
    !takenMidBoot(restored) &&
    restored.status === 'active' &&
    // Without a token the page never resumes a borrower's state (docs/product-rules.md#security-per-borrower).
    (state.token !== null || (restored.context.borrowerId == null && restored.context.hasToken !== true))
  const inspect = reviewerInspect(win)
  const actor = createActor(services.machine, {
    input,
    ...(clock ? { clock } : {}),
    ...(resumable ? { snapshot: restored as never } : {}),
    ...(inspect ? { inspect } : {}),
  })

  actor.on('host.command', (event) => {
    const via = services.bridge.send(event.command === 'openUrl' ? { command: 'openUrl', url: event.url } : { command: event.command })
    // No host (a plain browser): the page starts the download itself (docs/product-rules.md#contract-keep).
    if (via === 'none' && event.command === 'openUrl') {
      const link = win.document.createElement('a')
      link.href = event.url
      link.download = ''
      link.click()
    }
  })
  let lastToken = state.token
  services.onPayload((payload) => {
    // The same token again changes nothing; a new one is checked against the borrower on the page.
    if (payload.token !== undefined && payload.token === lastToken && actor.getSnapshot().context.hasToken) return
    lastToken = payload.token ?? lastToken
    actor.send({ type: 'bridge.payload', token: payload.token })
  })

  let lastChannel: string | null = null
  let borrowerOnPage = resumable ? ((restored.context.borrowerId as string | null | undefined) ?? null) : null
  actor.subscribe((snapshot) => {
    const { context } = snapshot
    services.setBaseUrl(context.baseUrl)
    // The channel code the lookup answered is the one every later call carries (docs/product-rules.md#boot-and-login).
    if (context.channelCode && context.channelCode !== lastChannel) {
      lastChannel = context.channelCode
      services.keepChannelCode(lastChannel)
    }
    // Named by the server only now (a token that came late, or another borrower's): their own drafts come back.
    const named = context.borrowerId !== null && context.borrowerId !== borrowerOnPage
    const left = named && context.borrowerId !== null ? restore(store.of(context.borrowerId)) : null
    borrowerOnPage = context.borrowerId
    const token = services.session.getSnapshot().token
    store.save({ borrowerId: context.borrowerId, named: context.user !== null, token }, serializeSnapshot(actor.getPersistedSnapshot()))
    if (left !== null) actor.send({ type: 'drafts.restore', drafts: left.context.drafts as AppContext['drafts'] })
  })

  actor.start()
  if (resumable) {
    services.setBaseUrl(actor.getSnapshot().context.baseUrl)
    resumeRestored(actor, { token: state.token ?? null, sameToken: atStart?.sameToken ?? false, deepLink: deepLink.path === '/' ? null : deepLink })
  }
  return actor
}

