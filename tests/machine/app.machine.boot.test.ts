import { expect, test } from 'vitest'
import { baseScript, fail, loanUser, settle, start } from '../support/test-kit'

test('a borrower with a token boots to home and sees the server status there', async () => {
  const run = start(baseScript())
  const snap = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(snap.context.channelCode).toBe('app-test')
  expect(snap.context.bootNext).toBe('home')
  expect(snap.context.loanUser?.step).toBe('demand')
  expect(run.callsOf('lookupChannel')[0]?.args).toEqual({ params: { channel: 'app-test' } })
})

// rules: boot-channel-lookup, boot-login-gate, boot-host-login
test('without a token and with login required the borrower is asked to log in by the host', async () => {
  const run = start(baseScript(), { input: { bridge: { channel: 'app-test' } } })
  const snap = await run.until((s) => s.matches('login'))
  expect(snap.context.loginRequired).toBe(true)
  expect(snap.context.bootNext).toBe('login')
  expect(run.emitted).toContainEqual({ type: 'host.command', command: 'login' })
  expect(run.callsOf('getLoanUserStatus')).toHaveLength(0)

  run.actor.send({ type: 'bridge.payload' })
  expect(run.actor.getSnapshot().matches('login')).toBe(true)
  run.actor.send({ type: 'bridge.payload', token: 'fresh' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: boot-login-gate
test('without a token but with is_login_required 1 the borrower goes straight home', async () => {
  const script = baseScript()
  script.lookupChannel = () => ({ channel_code: 'c-1', is_login_required: 1 })
  const run = start(script, { input: { bridge: { channel: 'partner' } } })
  const snap = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(snap.context.loginRequired).toBe(false)
  expect(snap.context.channelCode).toBe('c-1')
})

// rules: boot-login-gate
test('with a token and is_login_required 1 the borrower also goes home', async () => {
  const script = baseScript()
  script.lookupChannel = () => ({ channel_code: 'c-1', is_login_required: 1 })
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: boot-failure-retry
test('a refused channel lookup shows the refusal and retry boots again', async () => {
  const script = baseScript()
  let refuse = true
  script.lookupChannel = () =>
    refuse ? fail({ kind: 'refused', status: 1007 }) : { channel_code: 'c', is_login_required: 0 }
  const run = start(script)
  const failed = await run.until((s) => s.matches({ boot: 'failed' }))
  expect(failed.context.errorCode).toBe('refused')
  expect(failed.context.errorStatus).toBe(1007)
  refuse = false
  run.actor.send({ type: 'retry' })
  const home = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(home.context.errorCode).toBeNull()
  expect(run.callsOf('resolveBaseUrl')).toHaveLength(2)
})

// rules: boot-failure-retry
test('a network failure during the channel lookup can be retried', async () => {
  const script = baseScript()
  let attempts = 0
  script.lookupChannel = () =>
    ++attempts === 1 ? fail({ kind: 'network' }) : { channel_code: 'c', is_login_required: 0 }
  const run = start(script)
  const failed = await run.until((s) => s.matches({ boot: 'failed' }))
  expect(failed.context.errorCode).toBe('network')
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: boot-resume-server-step
test('home offers to continue the application at the step the server reports', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'asset' })
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  const snap = run.actor.getSnapshot()
  expect(snap.matches({ session: { screens: 'assetInfo' } })).toBe(true)
  expect(snap.context.screen).toBe('assetInfo')
})

// rules: flow-deep-link-clamp
test('a deep link to a later step than the server allows lands on the allowed step', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'basic' })
  const run = start(script, { input: { initialDeepLink: { path: '/pages/bankCard/index' } } })
  const snap = await run.until((s) => s.context.screen === 'basicInfo')
  expect(snap.context.pendingDeepLink).toBeNull()
})

// rules: flow-deep-link-clamp
test('a deep link to an allowed earlier step is followed', async () => {
  const script = baseScript()
  script.getLoanUserStatus = () => loanUser({ step: 'contact' })
  const run = start(script, { input: { initialDeepLink: { path: '/pages/basicInfo/index' } } })
  await run.until((s) => s.context.screen === 'basicInfo')
})

test('home keeps working when the rights card cannot be loaded', async () => {
  const script = baseScript()
  script.showRewardProduct = () => fail({ kind: 'timeout' })
  const run = start(script)
  const snap = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(snap.context.rights.product).toBeNull()
})

test('a failing status load at home shows the error and retries', async () => {
  const script = baseScript()
  let attempts = 0
  script.getLoanUserStatus = () => (++attempts === 1 ? fail({ kind: 'invalidResponse' }) : loanUser())
  const run = start(script)
  const failed = await run.until((s) => s.matches({ session: { screens: { home: 'failed' } } }))
  expect(failed.context.errorCode).toBe('invalidResponse')
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: flow-relogin-returns, security-token
test('a 401 at home waits for a new token and then loads home again', async () => {
  const script = baseScript()
  let attempts = 0
  script.getLoanUserStatus = () => (++attempts === 1 ? fail({ kind: 'unauthorized' }) : loanUser())
  const run = start(script)
  const waiting = await run.until((s) => s.matches('reauth'))
  expect(waiting.context.hasToken).toBe(false)
  expect(waiting.context.user).toBeNull()
  run.actor.send({ type: 'bridge.payload', token: 'again' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(attempts).toBe(2)
})

/** A lookup answered when the test says, so what leaves before its answer can be seen. */
function heldLookup(answer: { channel_code: string; is_login_required: 0 | 1 }) {
  let release = () => {}
  const answered = new Promise<typeof answer>((resolve) => (release = () => resolve(answer)))
  return { lookup: () => answered, release }
}

// rules: boot-login-gate, boot-channel-lookup
test("with a token, home's three calls leave beside the channel lookup and home opens on their answers once it answers", async () => {
  const script = baseScript()
  const held = heldLookup({ channel_code: 'app-test', is_login_required: 0 })
  script.lookupChannel = held.lookup
  const run = start(script)
  await run.until(() => run.callsOf('getLoanUserStatus').length === 1 && run.callsOf('showUser').length === 1 && run.callsOf('showRewardProduct').length === 1)
  await settle()
  // Their answers are in; the lookup's is not: the boot screen stays.
  expect(run.actor.getSnapshot().matches('boot')).toBe(true)
  expect(run.actor.getSnapshot().hasTag('busy')).toBe(true)
  held.release()
  const home = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(home.context.loanUser?.step).toBe('demand')
  expect(home.context.user?.user_id).toBe('u-1')
  expect(run.callsOf('getLoanUserStatus')).toHaveLength(1)
})

// rules: boot-channel-lookup
test("a lookup that names another channel code than the one asked about has home's calls asked again, after it", async () => {
  const script = baseScript()
  script.lookupChannel = () => ({ channel_code: 'c-9', is_login_required: 0 })
  const run = start(script)
  const home = await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(home.context.channelCode).toBe('c-9')
  const lookupAt = run.calls.findIndex((call) => call.name === 'lookupChannel')
  for (const name of ['showUser', 'getLoanUserStatus', 'showRewardProduct'] as const) {
    expect(run.callsOf(name)).toHaveLength(2)
    expect(run.calls.lastIndexOf(run.callsOf(name)[1]!)).toBeGreaterThan(lookupAt)
  }
})

// rules: boot-login-gate
test('without a token nothing of the session is asked before the channel lookup answers', async () => {
  const script = baseScript()
  const held = heldLookup({ channel_code: 'h5-open', is_login_required: 1 })
  script.lookupChannel = held.lookup
  const run = start(script, { input: { bridge: { channel: 'h5-open' } } })
  await run.until(() => run.callsOf('lookupChannel').length === 1)
  await settle()
  expect(run.calls.map((call) => call.name)).toEqual(['resolveBaseUrl', 'lookupChannel'])
  held.release()
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: error-401, flow-relogin-returns
test('a 401 beside the channel lookup waits for the lookup, then for a new token, and home loads with it', async () => {
  const script = baseScript()
  const held = heldLookup({ channel_code: 'app-test', is_login_required: 0 })
  script.lookupChannel = held.lookup
  let attempts = 0
  script.getLoanUserStatus = () => (++attempts === 1 ? fail({ kind: 'unauthorized' }) : loanUser())
  const run = start(script)
  await run.until((s) => !s.context.hasToken)
  await settle()
  expect(run.actor.getSnapshot().matches('boot')).toBe(true)
  held.release()
  await run.until((s) => s.matches('reauth'))
  run.actor.send({ type: 'bridge.payload', token: 'again' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(attempts).toBe(2)
})

// rules: boot-failure-retry
test("a channel lookup that fails beside home's calls shows boot's failure, and Retry boots again", async () => {
  const script = baseScript()
  let attempts = 0
  script.lookupChannel = ({ params }) => (++attempts === 1 ? fail({ kind: 'network' }) : { channel_code: params.channel, is_login_required: 0 })
  const run = start(script)
  const failed = await run.until((s) => s.matches({ boot: 'failed' }))
  expect(failed.context.errorCode).toBe('network')
  run.actor.send({ type: 'retry' })
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
})

// rules: security-per-borrower
test("a new login while home's calls are out beside the lookup has them asked again for it", async () => {
  const script = baseScript()
  const held = heldLookup({ channel_code: 'app-test', is_login_required: 0 })
  script.lookupChannel = held.lookup
  const run = start(script)
  await run.until(() => run.callsOf('getLoanUserStatus').length === 1)
  run.actor.send({ type: 'bridge.payload', token: 'another' })
  held.release()
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  expect(run.callsOf('getLoanUserStatus')).toHaveLength(2)
})
