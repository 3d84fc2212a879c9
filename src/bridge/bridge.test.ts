import { expect, test } from 'vitest'
import { createBridge } from './bridge'
import { detectPlatform, type BridgeWindow } from './host'
import { encodeBridgeParameter, type BridgePayload } from './payload'

interface Posted {
  message: unknown
  targetOrigin?: string
}

// The compiler checks that a real browser window fits what the bridge asks of it.
const realWindowFits: Window extends BridgeWindow ? true : false = true

class FakeWindow implements BridgeWindow {
  location: { origin: string; search: string; hash: string }
  parent: unknown
  private events = new EventTarget()
  constructor(options: { origin?: string; search?: string; hash?: string; framed?: Posted[] } = {}) {
    this.location = {
      origin: options.origin ?? 'https://page.huaqian.example',
      search: options.search ?? '',
      hash: options.hash ?? '',
    }
    const framed = options.framed
    this.parent = framed
      ? {
          postMessage(message: unknown, targetOrigin?: string) {
            if (targetOrigin === undefined || targetOrigin === '*') throw new Error('wildcard post')
            framed.push({ message, targetOrigin })
          },
        }
      : this
  }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.events.addEventListener(type, listener as EventListener)
  }
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
    this.events.removeEventListener(type, listener as EventListener)
  }
  receive(data: unknown, origin: string): void {
    this.events.dispatchEvent(new MessageEvent('message', { data, origin }))
  }
}

const hostOrigin = 'https://host.partner.example'

test('a real browser window can be handed to the bridge', () => {
  expect(realWindowFits).toBe(true)
})

// rules: bridge-sources
test('a payload set as a global before load is the initial payload', () => {
  const win = new FakeWindow()
  Object.assign(win, { __HUAQIAN_BRIDGE__: { token: 'from-global', channelCode: 'H5' } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.initial).toEqual({ token: 'from-global', channelCode: 'H5' })
  expect(bridge.initialSource).toBe('global')
})

// rules: bridge-sources
test('a host that sets the global and puts a payload in the URL too is read from the global', () => {
  const win = new FakeWindow({ search: '?token=from-url&channelCode=URL' })
  Object.assign(win, { __HUAQIAN_BRIDGE__: { token: 'from-global', channelCode: 'H5' } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.initial).toEqual({ token: 'from-global', channelCode: 'H5' })
  expect(bridge.initialSource).toBe('global')
})

// rules: bridge-sources
test('a payload in the URL query is read, as parameters or as bridge=', () => {
  const plain = createBridge({ window: new FakeWindow({ search: '?token=q1&deviceId=d1' }), allowedOrigins: [] })
  expect(plain.initial).toEqual({ token: 'q1', deviceId: 'd1' })
  expect(plain.initialSource).toBe('query')
  const encoded = encodeBridgeParameter({ token: 'q2', loanExcess: 2 })
  const packed = createBridge({ window: new FakeWindow({ hash: `#/?bridge=${encoded}` }), allowedOrigins: [] })
  expect(packed.initial).toEqual({ token: 'q2', loanExcess: 2 })
})

// rules: bridge-token-required
test('URL parameters without a token change nothing', () => {
  const bridge = createBridge({
    window: new FakeWindow({ search: '?channelCode=H5&baseUrl=https://evil.example' }),
    allowedOrigins: [],
  })
  expect(bridge.initial).toBeNull()
})

// rules: bridge-sources, bridge-message-origin
test('a message from an allowed origin delivers a new payload', () => {
  const win = new FakeWindow()
  const heard: [BridgePayload, string][] = []
  createBridge({ window: win, allowedOrigins: [hostOrigin], onPayload: (payload, origin) => heard.push([payload, origin]) })
  win.receive({ type: 'huaqian.bridge', payload: { token: 'after-login' } }, hostOrigin)
  win.receive(JSON.stringify({ type: 'huaqian.bridge', payload: { token: 'as-text' } }), win.location.origin)
  expect(heard).toEqual([
    [{ token: 'after-login' }, hostOrigin],
    [{ token: 'as-text' }, win.location.origin],
  ])
})

// rules: bridge-message-origin
test('messages from foreign origins, of other types or without a token are ignored', () => {
  const win = new FakeWindow()
  const heard: BridgePayload[] = []
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin], onPayload: (payload) => heard.push(payload) })
  win.receive({ type: 'huaqian.bridge', payload: { token: 'evil' } }, 'https://evil.example')
  win.receive({ type: 'huaqian.bridge', payload: { token: 'evil' } }, `${hostOrigin}.evil.example`)
  win.receive({ type: 'huaqian.bridge', payload: { token: 'evil' } }, 'null')
  win.receive({ type: 'other', payload: { token: 'x' } }, hostOrigin)
  win.receive({ type: 'huaqian.bridge', payload: { channelCode: 'H5' } }, hostOrigin)
  expect(heard).toEqual([])
  bridge.dispose()
  win.receive({ type: 'huaqian.bridge', payload: { token: 'late' } }, hostOrigin)
  expect(heard).toEqual([])
})

// rules: bridge-commands
test('commands go to the iOS message handler when present', () => {
  const win = new FakeWindow()
  const ios: unknown[] = []
  Object.assign(win, { webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => ios.push(message) } } } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.send({ command: 'goHome' })).toBe('ios')
  expect(ios).toEqual([{ command: 'goHome' }])
})

// rules: bridge-commands
test('commands go to the Android object as JSON text', () => {
  const win = new FakeWindow()
  const android: unknown[] = []
  Object.assign(win, { HuaqianAndroid: { postMessage: (message: unknown) => android.push(message) } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.send({ command: 'openUrl', url: 'https://vendor.example/face' })).toBe('android')
  expect(android).toEqual(['{"command":"openUrl","url":"https://vendor.example/face"}'])
})

// rules: bridge-commands
test('a framed page posts commands to its parent at the payload origin, never to *', () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
  win.receive({ type: 'huaqian.bridge', payload: { token: 't' } }, hostOrigin)
  expect(bridge.send({ command: 'login' })).toBe('parent')
  expect(posted).toEqual([{ message: { type: 'huaqian.command', command: 'login' }, targetOrigin: hostOrigin }])
})

test('before any message, a framed page posts only to its own and allowed origins', () => {
  const posted: Posted[] = []
  const bridge = createBridge({ window: new FakeWindow({ framed: posted }), allowedOrigins: [hostOrigin, 'not an origin'] })
  expect(bridge.send({ command: 'close' })).toBe('parent')
  expect(posted.map((post) => post.targetOrigin)).toEqual(['https://page.huaqian.example', hostOrigin])
})

// rules: bridge-commands
test('before any message, a framed page whose engine names its parent posts to that origin alone, if trusted', () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  Object.assign(win.location, { ancestorOrigins: [hostOrigin] })
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
  expect(bridge.send({ command: 'ready' })).toBe('parent')
  expect(posted).toEqual([{ message: { type: 'huaqian.command', command: 'ready' }, targetOrigin: hostOrigin }])
  // A parent at an origin nobody trusts learns nothing of it: every trusted origin is tried, and the engine drops them.
  const untrusted: Posted[] = []
  const elsewhere = new FakeWindow({ framed: untrusted })
  Object.assign(elsewhere.location, { ancestorOrigins: ['https://evil.example'] })
  createBridge({ window: elsewhere, allowedOrigins: [hostOrigin] }).send({ command: 'ready' })
  expect(untrusted.map((post) => post.targetOrigin)).toEqual(['https://page.huaqian.example', hostOrigin])
})

test('with no host at all a command is recorded and goes nowhere', () => {
  const bridge = createBridge({ window: new FakeWindow(), allowedOrigins: [] })
  expect(bridge.send({ command: 'goHome' })).toBe('none')
  expect(bridge.sent).toEqual([{ command: { command: 'goHome' }, via: 'none' }])
})

// rules: bridge-commands
test('openUrl refuses anything but http and https', () => {
  const win = new FakeWindow()
  const android: unknown[] = []
  Object.assign(win, { HuaqianAndroid: { postMessage: (message: unknown) => android.push(message) } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.send({ command: 'openUrl', url: 'javascript:alert(1)' })).toBe('refused')
  expect(android).toEqual([])
})

test('the platform is App with a native host, Weixin in WeChat, H5 in a plain browser', () => {
  const plain = new FakeWindow()
  const native = new FakeWindow()
  Object.assign(native, { HuaqianAndroid: { postMessage: () => undefined } })
  const chrome = 'Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36'
  expect(detectPlatform(chrome, native)).toBe('App')
  expect(detectPlatform(`${chrome} MicroMessenger/8.0.47`, plain)).toBe('Weixin')
  expect(detectPlatform(chrome, plain)).toBe('H5')
  expect(detectPlatform(chrome, plain, { token: 't', platform: 'App' })).toBe('App')
  expect(detectPlatform(undefined, undefined)).toBe('unknown')
})

class HistoryWindow extends FakeWindow {
  replaced: string[] = []
  history = {
    state: { route: 'kept' } as unknown,
    replaceState: (_data: unknown, _unused: string, url?: string) => {
      if (url !== undefined) this.replaced.push(url)
    },
  }
}

// rules: bridge-token-leaves-url
test('the token leaves the address at intake; the route and other parameters stay', () => {
  const encoded = encodeBridgeParameter({ token: 'secret-token', channelCode: 'H5' })
  const win = new HistoryWindow({ search: `?bridge=${encoded}&lang=en`, hash: '#/pages/basicInfo/index?token=secret-token&x=1' })
  win.location = { ...win.location, pathname: '/app/' } as typeof win.location
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.initial?.token).toBe('secret-token')
  expect(win.replaced).toEqual(['/app/?lang=en#/pages/basicInfo/index?x=1'])
  expect(win.replaced.join()).not.toContain('secret')
})

// rules: bridge-token-leaves-url
test('the token leaves the address even when the payload read is the host global one', () => {
  const encoded = encodeBridgeParameter({ token: 'secret-token', channelCode: 'H5' })
  const win = new HistoryWindow({ search: `?bridge=${encoded}&lang=en`, hash: '#/pages/home/index' })
  Object.assign(win, { __HUAQIAN_BRIDGE__: { token: 'secret-token', channelCode: 'H5' } })
  win.location = { ...win.location, pathname: '/' } as typeof win.location
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.initial?.token).toBe('secret-token')
  expect(win.replaced).toEqual(['/?lang=en#/pages/home/index'])
})

// rules: bridge-request-payload
test('a page without a payload asks its host (requestPayload) and waits for the answer', async () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  const received: string[] = []
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin], onPayload: (payload) => received.push(payload.token) })
  const settled = bridge.payloadSettled(60_000)
  expect(posted.map((post) => post.message)).toContainEqual({ type: 'huaqian.command', command: 'requestPayload' })
  win.receive({ type: 'huaqian.bridge', payload: { token: 'again' } }, hostOrigin)
  await settled
  expect(received).toEqual(['again'])
})

// rules: bridge-request-payload
test('a host that answers requestPayload without a token (logged out) ends the wait; no host means no wait', async () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
  const settled = bridge.payloadSettled(60_000)
  win.receive({ type: 'huaqian.bridge', payload: { token: '' } }, hostOrigin)
  await settled
  await createBridge({ window: new FakeWindow(), allowedOrigins: [] }).payloadSettled(60_000)
})

test('a message from an unknown origin neither delivers a payload nor ends the wait for the host', async () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  const received: string[] = []
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin], onPayload: (payload) => received.push(payload.token) })
  let settled = false
  const waiting = bridge.payloadSettled(200).then(() => (settled = true))
  win.receive({ type: 'huaqian.bridge', payload: { token: 'forged' } }, 'https://evil.example')
  await Promise.resolve()
  expect(settled).toBe(false)
  await waiting
  expect(received).toEqual([])
})

// rules: bridge-request-payload
test('payload: null is the answer of a host with no borrower: it ends the wait and refuses nothing', async () => {
  const posted: Posted[] = []
  const win = new FakeWindow({ framed: posted })
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
  const settled = bridge.payloadSettled(60_000)
  win.receive({ type: 'huaqian.bridge', payload: null }, hostOrigin)
  await settled
  expect(bridge.sent.map((sent) => sent.command.command)).toEqual(['requestPayload'])
})

// rules: bridge-logout
test('a logout from a trusted origin reaches the page; from elsewhere it is ignored', async () => {
  const win = new FakeWindow({ framed: [] })
  const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
  const settled = bridge.payloadSettled(60_000)
  let heard = 0
  bridge.onLogout(() => (heard += 1))
  win.receive({ type: 'huaqian.logout' }, 'https://evil.example')
  expect(heard).toBe(0)
  win.receive({ type: 'huaqian.logout' }, hostOrigin)
  // It answers requestPayload too: there is no borrower to hand over.
  await settled
  expect(heard).toBe(1)
})

// rules: bridge-global-read-once
test('the host global is deleted once read; the payload stays the initial one', () => {
  const win = new FakeWindow()
  Object.assign(win, { __HUAQIAN_BRIDGE__: { token: 'from-global' } })
  const bridge = createBridge({ window: win, allowedOrigins: [] })
  expect(bridge.initial).toEqual({ token: 'from-global' })
  expect('__HUAQIAN_BRIDGE__' in win).toBe(false)
})

// rules: bridge-refusals
test('a field the page does not take is told to the host and to the console, by name, with what it expects', async () => {
  const ios: unknown[] = []
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => errors.push(args.join(' '))
  try {
    const win = new FakeWindow({ search: `?bridge=${encodeBridgeParameter({ token: 't', userId: { id: 7 }, fontScale: 3 })}` })
    Object.assign(win, { webkit: { messageHandlers: { huaqian: { postMessage: (message: unknown) => ios.push(message) } } } })
    const bridge = createBridge({ window: win, allowedOrigins: [hostOrigin] })
    expect(bridge.initial).toEqual({ token: 't' })
    // A message whose object is over the JSON limit is refused whole, as its text would be.
    win.receive({ type: 'huaqian.bridge', payload: { token: 'big', model: 'x', note: 'y'.repeat(1_000_000) } }, hostOrigin)
    await expect.poll(() => ios.length).toBe(3)
  } finally {
    console.error = original
  }
  expect(ios.map((message) => (message as { field: string }).field)).toEqual(['userId', 'fontScale', 'payload'])
  expect(ios[0]).toEqual({ command: 'payloadRefused', field: 'userId', expected: 'text or an integer, at most 128 characters' })
  expect(errors).toEqual([
    'huaqian bridge: userId refused; expected text or an integer, at most 128 characters',
    'huaqian bridge: fontScale refused; expected a number from 1 to 2',
    'huaqian bridge: payload refused; expected an object or its JSON text, at most 1000000 characters of JSON',
  ])
})
