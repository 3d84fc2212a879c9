import { expect, test } from 'vitest'
import type { PortData } from '../../machines/ports'
import { baseScript, fail, loanUser, settle, start } from '../support/test-kit'

/*
 * Home's three calls do not depend on each other, so they go out together and
 * home's figures wait for the slowest answer, not for the sum of three round trips.
 */

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

test('user, loan status and rights card are all asked before any answers; home is ready after the last', async () => {
  const user = deferred<PortData<'showUser'>>()
  const status = deferred<PortData<'getLoanUserStatus'>>()
  const rights = deferred<PortData<'showRewardProduct'>>()
  const script = baseScript()
  script.showUser = () => user.promise
  script.getLoanUserStatus = () => status.promise
  script.showRewardProduct = () => rights.promise
  const run = start(script)
  await run.until((s) => run.callsOf('showRewardProduct').length > 0 || s.matches({ session: { screens: { home: 'ready' } } }))
  await settle()
  expect(run.callsOf('showUser')).toHaveLength(1)
  expect(run.callsOf('getLoanUserStatus')).toHaveLength(1)
  expect(run.callsOf('showRewardProduct')).toHaveLength(1)
  expect(run.actor.getSnapshot().hasTag('busy')).toBe(true)

  // The rights card answering first fills its figure while the rest is still on the way.
  rights.resolve({ product: { id: 'r-1', name: 'Rights', price: 990, benefits: [] }, owned: false, order: null } as never)
  await settle()
  expect(run.actor.getSnapshot().context.rights.product).not.toBeNull()
  expect(run.actor.getSnapshot().matches({ session: { screens: { home: 'ready' } } })).toBe(false)

  user.resolve({ user_id: 'u-1', phone: '13800000000', nick_name: 'Li', identity_id: null })
  status.resolve(loanUser({ step: 'basic' }))
  const ready = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(ready.context.loanUser?.step).toBe('basic')
  expect(ready.context.user?.nick_name).toBe('Li')
})

test('a failed status shows home.failed even while the others are pending; retry asks all three again', async () => {
  const script = baseScript()
  let refuse = true
  script.getLoanUserStatus = () => (refuse ? fail({ kind: 'network' }) : loanUser())
  script.showRewardProduct = () => new Promise(() => {})
  const run = start(script)
  const failed = await run.until((s) => s.matches({ session: { screens: { home: 'failed' } } }))
  expect(failed.context.errorCode).toBe('network')
  refuse = false
  script.showRewardProduct = () => ({ product: null, owned: false, order: null })
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(run.callsOf('getLoanUserStatus')).toHaveLength(2)
  expect(run.callsOf('showRewardProduct')).toHaveLength(2)
})

test('a 401 from the rights card alone still goes to reauth', async () => {
  const script = baseScript()
  script.showRewardProduct = () => fail({ kind: 'unauthorized' })
  script.getLoanUserStatus = () => new Promise(() => {})
  const run = start(script)
  await run.until((s) => s.matches('reauth'))
})
