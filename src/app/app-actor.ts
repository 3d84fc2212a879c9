import { createActor, type ActorOptions, type ActorRefFrom, type AnyActorLogic } from 'xstate'
import type { appMachine } from '../../machines/app.machine'
import { restoreSnapshot, serializeSnapshot, snapshotKeyPrefix, snapshotVersion } from '../../machines/persistence'
import { resumeRestored } from '../../machines/resume'
import type { AppInput } from '../../machines/ports'
import { randomId } from '../session/session'
import { reviewerInspect } from './reviewer-link'
import { randomBytes, type Services } from './services'

export type AppActor = ActorRefFrom<typeof appMachine>

/*
 * The running machine, restored from the device when the borrower was here before
 * (docs/product-rules.md#nothing-lost-snapshot): the persisted snapshot lands them on the same screen with their
 * drafts; sensitive fields come back from sessionStorage only. Snapshots are kept per borrower, so a shared phone
 * never shows one borrower another's drafts.
 */

function storageKey(services: Services): string {
  const { userId, userInfo } = services.session.getSnapshot()
  return `${snapshotKeyPrefix}v${snapshotVersion}.${userId ?? userInfo?.phone ?? 'guest'}`
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value)
  } catch {
    // A full or disabled storage loses the draft copy, never the page.
  }
}

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

  const key = storageKey(services)
  const local = () => win.localStorage
  const session = () => win.sessionStorage
  const restored = restoreSnapshot(
    { local: read(local, key), session: read(session, key) },
    { version: snapshotVersion, runtime },
  )
  // A snapshot taken mid-boot holds nothing worth resuming: boot again.
  const resumable = restored !== null && (restored as { value: unknown }).value !== 'boot' && restored.status === 'active'
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
  services.onPayload((payload) => actor.send({ type: 'bridge.payload', token: payload.token }))

  let lastChannel: string | null = null
  actor.subscribe((snapshot) => {
    services.setBaseUrl(snapshot.context.baseUrl)
    // The channel code the lookup answered is the one every later call carries (docs/product-rules.md#boot-and-login).
    if (snapshot.context.channelCode && snapshot.context.channelCode !== lastChannel) {
      lastChannel = snapshot.context.channelCode
      services.session.update({ channelCode: lastChannel })
    }
    const stored = serializeSnapshot(actor.getPersistedSnapshot())
    write(local, key, stored.local)
    write(session, key, stored.session)
  })

  actor.start()
  if (resumable) {
    services.setBaseUrl(actor.getSnapshot().context.baseUrl)
    resumeRestored(actor, { token: state.token ?? null, deepLink: deepLink.path === '/' ? null : deepLink })
  }
  return actor
}

