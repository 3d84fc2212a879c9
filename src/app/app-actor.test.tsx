// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest'
import { waitFor } from 'xstate'
import { baseScript, loanUser, providedMachine, type Call } from '../../tests/support/test-kit'
import { createSession } from '../session/session'
import { startAppActor } from './app-actor'
import { randomBytes } from './page-session'
import type { Services } from './services'

/*
 * What the device keeps is kept per borrower: two borrowers on one phone (one WebView, one
 * localStorage) each find their own drafts, never the other's.
 */

function servicesOf(phone: string, script: Partial<ReturnType<typeof baseScript>> = {}): Services {
  const session = createSession({
    randomBytes,
    initial: { token: `token-${phone}`, userInfo: { phone, nick_name: phone }, channel: 'app-test' },
  })
  const calls: Call[] = []
  const present: Partial<Services> = {
    session,
    machine: providedMachine(
      {
        ...baseScript(),
        // The server names the borrower by the token: each phone is its own user.
        showUser: () => ({ user_id: `u-${phone}`, phone, nick_name: phone, identity_id: null }),
        getLoanUserStatus: () => loanUser({ step: 'demand' }),
        ...script,
      },
      calls,
    ),
    bridge: { initial: null, send: () => {} } as unknown as Services['bridge'],
    onPayload: () => () => {},
    setBaseUrl: () => {},
    keepChannelCode: () => {},
  }
  return present as Services
}

async function openAs(phone: string) {
  const actor = startAppActor(window, servicesOf(phone))
  await waitFor(actor, (s) => s.context.screen === 'home' && !s.hasTag('busy'), { timeout: 5_000 })
  return actor
}

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

// rules: security-per-borrower
test('a second borrower on the same phone finds none of the first one\'s drafts, and the first finds them again', async () => {
  const first = await openAs('13800000001')
  first.send({ type: 'form.change', step: 'basic', patch: { real_name: '王小明', address: '北京市朝阳区建国路 88 号' } })
  expect(first.getSnapshot().context.drafts.basic).toMatchObject({ real_name: '王小明' })
  first.stop()

  const second = await openAs('13900000002')
  expect(second.getSnapshot().context.drafts.basic).not.toMatchObject({ real_name: '王小明' })
  expect(JSON.stringify(second.getSnapshot().context.drafts)).not.toContain('建国路')
  second.stop()

  const again = await openAs('13800000001')
  expect(again.getSnapshot().context.drafts.basic).toMatchObject({ real_name: '王小明', address: '北京市朝阳区建国路 88 号' })
  again.stop()
})

// rules: nothing-lost-snapshot, flow-deep-link-clamp
test('a page closed mid-boot, once the server named the borrower beside the lookup, boots again when reopened and follows its link', async () => {
  // The lookup never answers in the first web view: the borrower is named, the state saved, boot not done.
  const first = startAppActor(window, servicesOf('13800000001', { lookupChannel: () => new Promise(() => {}) }))
  await waitFor(first, (s) => s.context.borrowerId === 'u-13800000001', { timeout: 5_000 })
  expect(first.getSnapshot().matches('boot')).toBe(true)
  first.stop()

  window.history.replaceState(null, '', '/#/pages/privacy/index?key=user')
  const again = startAppActor(window, servicesOf('13800000001'))
  expect(again.getSnapshot().context.pendingDeepLink).toEqual({ screen: 'privacy', query: { key: 'user' } })
  await waitFor(again, (s) => s.matches({ session: { overlay: 'privacy' } }), { timeout: 5_000 })
  again.stop()
})
