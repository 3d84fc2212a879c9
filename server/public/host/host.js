// @ts-check
// The host simulator: plays the native app that embeds the 花钱 page in a WebView. It logs in a
// sandbox persona, hands the page its bridge payload (in the iframe URL and by postMessage) and
// answers the page's commands. Plain ES module, no build step, same origin as the page.

import { byId } from '../shared/dom.js'

/**
 * @typedef {{ province_id: string, province_name: string, city_id: string, city_name: string, district_id: string, district_name: string }} Location
 * @typedef {{ phone: string, key: string, name: string, description: string }} Persona
 * @typedef {{ user_id: string, phone: string, nick_name: string }} User
 * @typedef {{ token: string, user: User, persona: unknown }} Session
 * @typedef {{ key: string, label: string, options?: string[], inputmode?: string }} DeviceField
 * @typedef {{ phone: string, locale: string, loggedOut: boolean, device: Record<string, string> }} HostState
 * @typedef {{ phone?: unknown, code?: unknown, purpose?: unknown, sent_at?: unknown }} SmsItem
 */

const storageKey = 'huaqian.host.v1'
const defaultPhone = '13800000001'
const loginCode = '123456'
const locales = [
  { code: 'zh-Hans', label: '简体' },
  { code: 'zh-Hant', label: '繁體' },
  { code: 'en', label: 'EN' },
  { code: 'fr', label: 'FR' },
  { code: 'es', label: 'ES' },
]
/** @type {Record<string, Location>} */
const locations = {
  shenzhen: { province_id: '440000', province_name: '广东省', city_id: '440300', city_name: '深圳市', district_id: '440305', district_name: '南山区' },
  beijing: { province_id: '110000', province_name: '北京市', city_id: '110100', city_name: '市辖区', district_id: '110105', district_name: '朝阳区' },
  shanghai: { province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '市辖区', district_id: '310115', district_name: '浦东新区' },
}
/** @type {DeviceField[]} */
const deviceFields = [
  { key: 'deviceId', label: 'deviceId' },
  { key: 'model', label: 'model' },
  { key: 'brand', label: 'brand' },
  { key: 'osName', label: 'osName' },
  { key: 'oaid', label: 'oaid' },
  { key: 'imei', label: 'imei' },
  { key: 'platform', label: 'platform', options: ['App', 'H5', 'Weixin', 'unknown'] },
  { key: 'channelCode', label: 'channelCode' },
  { key: 'appCode', label: 'appCode' },
  { key: 'location', label: 'location', options: Object.keys(locations) },
  { key: 'lat', label: 'gps lat', inputmode: 'decimal' },
  { key: 'lng', label: 'gps lng', inputmode: 'decimal' },
]


let frame = byId('frame', HTMLIFrameElement)
const state = loadState()
/** The logged-in session, or null. @type {Session | null} */
let session = null
/** @type {Persona[]} */
let personas = []
let smsTimer = 0
let seenSms = new Set()

// ---------- persistence ----------

/** @returns {HostState} */
function loadState() {
  const fallback = {
    phone: defaultPhone,
    locale: 'zh-Hans',
    loggedOut: false,
    device: {
      deviceId: `sim-${randomHex(12)}`,
      model: 'Pixel 8',
      brand: 'Google',
      osName: 'Android 14',
      oaid: '',
      imei: '',
      platform: 'App',
      channelCode: 'app-test',
      appCode: '10002',
      location: 'shenzhen',
      lat: '22.5431',
      lng: '113.9298',
    },
  }
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null')
    if (!saved || typeof saved !== 'object') return fallback
    return { ...fallback, ...saved, device: { ...fallback.device, ...(saved.device ?? {}) } }
  } catch {
    return fallback
  }
}

function saveState() {
  localStorage.setItem(storageKey, JSON.stringify(state))
}

/** @param {number} length */
function randomHex(length) {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, length)
}

// ---------- sandbox calls ----------

/** Sandbox answers use the API envelope; anything else is reported as an error. */
/**
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<any>} the envelope's data: the host reads it field by field, defensively
 */
async function sandbox(path, init) {
  const response = await fetch(path, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': state.locale, ...(init?.headers ?? {}) },
  })
  let body = null
  try {
    body = await response.json()
  } catch {
    throw new Error(`${path}: HTTP ${response.status}, not JSON`)
  }
  if (body && typeof body === 'object' && 'status' in body && 'data' in body) {
    if (body.status !== 0) throw new Error(body.message || `${path}: status ${body.status}`)
    return body.data
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
  return body
}

async function fetchPersonas() {
  try {
    const data = await sandbox('/sandbox/personas')
    const items = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : []
    personas = items.map((/** @type {Record<string, unknown>} */ p) => ({
      phone: String(p.phone),
      key: String(p.key ?? p.persona ?? ''),
      name: String(p.nick_name ?? p.name ?? p.real_name ?? p.phone),
      description: String(p.description ?? ''),
    }))
  } catch (error) {
    personas = []
    log('host', 'Could not load personas', error instanceof Error ? error.message : String(error))
  }
  renderPersonaOptions()
}

/**
 * @param {string} phone
 * @param {string} code
 */
async function login(phone, code) {
  const data = await sandbox('/sandbox/login', { method: 'POST', body: JSON.stringify({ phone, code }) })
  /** @type {Session} */
  const next = { token: data.token, user: data.user, persona: data.persona ?? null }
  session = next
  state.phone = phone
  state.loggedOut = false
  saveState()
  renderSession()
  restartSmsPolling()
  log('host', `Logged in ${maskPhone(phone)}`, next.persona ? `persona: ${personaLabel(next.persona)}` : '')
  return next
}

function logout() {
  session = null
  state.loggedOut = true
  saveState()
  renderSession()
  restartSmsPolling()
  // The contract's logout: the page forgets the borrower, asks for a payload (answered with none) and shows login.
  frame.contentWindow?.postMessage({ type: 'huaqian.logout' }, location.origin)
  log('out', 'Logged out', 'huaqian.logout: the page forgets the borrower')
}

// ---------- the bridge ----------

function payload() {
  const d = state.device
  const gps = { lat: Number(d.lat), lng: Number(d.lng) }
  return {
    channelCode: d.channelCode,
    deviceId: d.deviceId,
    gps: Number.isFinite(gps.lat) && Number.isFinite(gps.lng) ? gps : undefined,
    location: locations[d.location] ?? locations.shenzhen,
    oaid: d.oaid,
    imei: d.imei,
    platform: d.platform,
    token: session?.token ?? '',
    userId: session?.user?.user_id ?? '',
    userInfo: session ? { phone: session.user.phone, nick_name: session.user.nick_name } : undefined,
    appCode: d.appCode,
    model: d.model,
    brand: d.brand,
    osName: d.osName,
    locale: state.locale,
  }
}

/** base64url of the UTF-8 JSON, as the page decodes it from `bridge=`. */
/** @param {unknown} value */
function encodePayload(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

// The payload goes in the page's own query, before the hash: the hash is the page's route and
// changes as the borrower moves, while the query survives a reload of the web view.
function frameUrl() {
  const query = new URLSearchParams({ bridge: encodePayload(payload()), lang: state.locale })
  return `/?${query.toString()}#/`
}

function loadFrame(url = frameUrl()) {
  hideOverlays()
  // A fresh iframe element: assigning a URL that differs only after '#' would be a same-document
  // navigation, and the page would never re-read its bridge query.
  const next = /** @type {HTMLIFrameElement} */ (frame.cloneNode(false))
  next.addEventListener('load', onFrameLoad)
  next.src = url
  frame.replaceWith(next)
  frame = next
  log('out', 'Loaded the page', session ? `token ${shortToken(session.token)}, lang ${state.locale}` : `no token, lang ${state.locale}`)
}

/** @param {string} reason */
function sendPayload(reason) {
  if (!frame.contentWindow) return
  // No borrower is `payload: null`: it answers requestPayload, and the page goes on without a token.
  const data = session ? payload() : null
  frame.contentWindow.postMessage({ type: 'huaqian.bridge', payload: data }, location.origin)
  log('out', `Sent payload (${reason})`, data ? `token ${shortToken(data.token)}` : 'payload: null, no borrower')
}

function onFrameLoad() {
  // The URL already carried the payload; a message as well covers pages that listen only for one.
  let origin = ''
  try {
    origin = new URL(frame.src).origin
  } catch {
    return
  }
  if (origin === location.origin) sendPayload('page loaded')
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return
  const data = event.data
  if (!data || typeof data !== 'object' || data.type !== 'huaqian.command') return
  handleCommand(data)
})

// The reviewer page's drive, on this origin, starts on a borrower of its own: it asks the host to
// log that borrower in and open the page from home, as a tester would by hand, and hears when it did.
const reviewChannel = new BroadcastChannel('huaqian.sandbox.host')
reviewChannel.onmessage = async (/** @type {MessageEvent} */ event) => {
  const data = event.data
  if (!data || data.kind !== 'login' || typeof data.phone !== 'string') return
  log('in', 'drive', `The reviewer page's drive asks for its new borrower ${maskPhone(data.phone)}`)
  try {
    await login(data.phone, loginCode)
    loadFrame()
    reviewChannel.postMessage({ kind: 'loggedIn', phone: data.phone })
  } catch (error) {
    reviewChannel.postMessage({ kind: 'loginFailed', phone: data.phone, reason: error instanceof Error ? error.message : String(error) })
  }
}

/** @param {{ command?: unknown, url?: unknown, reason?: unknown, field?: unknown, expected?: unknown }} message */
function handleCommand({ command, url, reason, field, expected }) {
  switch (command) {
    case 'payloadRefused':
      log('in', 'payloadRefused', `${String(field)}: expected ${String(expected)}`)
      break
    case 'ready':
      log('in', 'ready', 'The page runs: its first screen is live')
      break
    case 'loadFailed':
      log('in', 'loadFailed', reason === 'timeout' ? 'The page has not started yet; it tells the borrower to reload (it may still start)' : 'The page failed to load; it tells the borrower to reload')
      break
    case 'login':
      log('in', 'login', 'The page asks the host to log in')
      openLoginSheet()
      break
    case 'goHome':
      log('in', 'goHome', 'The host shows its home screen')
      showOverlay('overlay-home')
      break
    case 'openUrl':
      openUrl(url)
      break
    case 'requestPayload':
      log('in', 'requestPayload', 'The page has no payload (reloaded): the host sends it')
      sendPayload('asked by the page')
      break
    case 'close':
      log('in', 'close', 'The host closes the web view')
      frame.src = 'about:blank'
      showOverlay('overlay-closed')
      break
    default:
      log('in', String(command), 'Unknown command: ignored')
  }
}

/** @param {unknown} url */
function openUrl(url) {
  let target = null
  try {
    target = new URL(String(url ?? ''), location.href)
  } catch {
    log('in', 'openUrl', `Not a URL: ${String(url)}`)
    return
  }
  if (target.origin === location.origin) {
    log('in', 'openUrl', `${target.href} (same origin: opened in the frame)`)
    frame.src = target.href
  } else {
    // A real host would open its own browser; the simulator only shows where it would go.
    log('in', 'openUrl', `${target.href} (other origin: not opened)`)
  }
}

// ---------- overlays ----------

const overlays = ['overlay-busy', 'overlay-home', 'overlay-closed', 'overlay-login']

/** @param {string} id */
function showOverlay(id) {
  for (const other of overlays) byId(other).hidden = other !== id
}

function hideOverlays() {
  for (const id of overlays) byId(id).hidden = true
}

function openLoginSheet() {
  byId('sheet-phone', HTMLInputElement).value = state.phone || defaultPhone
  byId('sheet-code', HTMLInputElement).value = loginCode
  byId('sheet-persona', HTMLSelectElement).value = personas.some((p) => p.phone === state.phone) ? state.phone : ''
  byId('sheet-error').hidden = true
  showOverlay('overlay-login')
  byId('sheet-phone', HTMLInputElement).focus()
}

byId('sheet-persona', HTMLSelectElement).addEventListener('change', () => {
  const phone = byId('sheet-persona', HTMLSelectElement).value
  if (phone) byId('sheet-phone', HTMLInputElement).value = phone
})

byId('sheet-login').addEventListener('submit', async (e) => {
  e.preventDefault()
  try {
    await login(byId('sheet-phone', HTMLInputElement).value.trim(), byId('sheet-code', HTMLInputElement).value.trim())
    byId('overlay-login').hidden = true
    sendPayload('after login')
  } catch (error) {
    showError('sheet-error', error)
  }
})

byId('sheet-cancel').addEventListener('click', () => {
  byId('overlay-login').hidden = true
  log('host', 'Login cancelled; the page keeps waiting')
})

byId('reopen-from-home').addEventListener('click', () => loadFrame())
byId('reopen-from-closed').addEventListener('click', () => loadFrame())
byId('reload-frame').addEventListener('click', () => loadFrame())
byId('resend-payload').addEventListener('click', () => sendPayload('by hand'))

// ---------- session panel ----------

function renderPersonaOptions() {
  for (const select of [byId('persona', HTMLSelectElement), byId('sheet-persona', HTMLSelectElement)]) {
    select.replaceChildren(new Option('Custom number', ''))
    for (const p of personas) select.append(new Option(`${p.name} · ${p.phone}${p.key ? ` (${p.key})` : ''}`, p.phone))
  }
  syncPersonaSelect()
}

function syncPersonaSelect() {
  const phone = byId('phone-input', HTMLInputElement).value.trim()
  const match = personas.find((p) => p.phone === phone)
  byId('persona', HTMLSelectElement).value = match ? match.phone : ''
  byId('persona-description').textContent = match ? match.description : 'A number that is not a persona gets a fresh borrower.'
}

byId('persona', HTMLSelectElement).addEventListener('change', () => {
  const phone = byId('persona', HTMLSelectElement).value
  if (phone) byId('phone-input', HTMLInputElement).value = phone
  syncPersonaSelect()
})
byId('phone-input', HTMLInputElement).addEventListener('input', syncPersonaSelect)

byId('session-form').addEventListener('submit', async (e) => {
  e.preventDefault()
  byId('session-error').hidden = true
  try {
    await login(byId('phone-input', HTMLInputElement).value.trim(), byId('code-input', HTMLInputElement).value.trim())
    loadFrame()
  } catch (error) {
    showError('session-error', error)
  }
})

byId('logout').addEventListener('click', logout)

function renderSession() {
  const pill = byId('session-pill')
  const facts = byId('session-facts')
  facts.replaceChildren()
  if (!session) {
    pill.textContent = 'Not logged in'
    pill.className = 'pill pill-muted'
    return
  }
  /** @type {[string, string][]} */
  const rows = [
    ['user_id', session.user.user_id],
    ['persona', session.persona ? personaLabel(session.persona) : '—'],
    ['token', shortToken(session.token)],
  ]
  pill.textContent = `${session.user.nick_name} · ${maskPhone(session.user.phone)}`
  pill.className = 'pill pill-ok'
  for (const [term, value] of rows) {
    const dt = document.createElement('dt')
    dt.textContent = term
    const dd = document.createElement('dd')
    dd.textContent = value
    facts.append(dt, dd)
  }
}

/** @param {unknown} persona */
function personaLabel(persona) {
  if (typeof persona === 'string') return persona
  if (persona && typeof persona === 'object') {
    const { key, name } = /** @type {{ key?: unknown, name?: unknown }} */ (persona)
    return String(key ?? name ?? JSON.stringify(persona))
  }
  return String(persona)
}

/**
 * @param {string} id
 * @param {unknown} error
 */
function showError(id, error) {
  const box = byId(id)
  box.textContent = error instanceof Error ? error.message : String(error)
  box.hidden = false
}

// ---------- locale ----------

function renderLocales() {
  const group = byId('locale-switch')
  group.replaceChildren()
  for (const { code, label } of locales) {
    const button = document.createElement('button')
    button.type = 'button'
    button.role = 'radio'
    button.textContent = label
    button.title = code
    button.setAttribute('aria-checked', String(code === state.locale))
    button.addEventListener('click', () => {
      if (state.locale === code) return
      state.locale = code
      saveState()
      renderLocales()
      log('host', `Locale ${code}`)
      loadFrame()
    })
    group.append(button)
  }
}

// ---------- device ----------

function renderDevice() {
  const form = byId('device-form', HTMLFormElement)
  form.replaceChildren()
  for (const field of deviceFields) {
    const label = document.createElement('label')
    label.className = 'field'
    const caption = document.createElement('span')
    caption.textContent = field.label
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let input
    if (field.options) {
      input = document.createElement('select')
      for (const option of field.options) input.append(new Option(option, option))
    } else {
      input = document.createElement('input')
      input.spellcheck = false
      if (field.inputmode) input.inputMode = field.inputmode
    }
    input.name = field.key
    input.value = state.device[field.key] ?? ''
    label.append(caption, input)
    form.append(label)
  }
}

byId('device-apply').addEventListener('click', () => {
  const form = byId('device-form', HTMLFormElement)
  for (const field of deviceFields) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(field.key))
    state.device[field.key] = input.value.trim()
  }
  saveState()
  log('host', 'Device updated')
  loadFrame()
})

// ---------- SMS inbox ----------

function restartSmsPolling() {
  clearInterval(smsTimer)
  seenSms = new Set()
  byId('sms-list').replaceChildren()
  const phone = session?.user?.phone
  byId('sms-phone').textContent = phone ? maskPhone(phone) : '—'
  if (!phone) {
    renderSmsEmpty('Log in to see the codes the sandbox sends.')
    return
  }
  renderSmsEmpty('No messages yet. Codes the sandbox sends to this number appear here.')
  pollSms()
  smsTimer = window.setInterval(pollSms, 3000)
}

async function pollSms() {
  const phone = session?.user?.phone
  if (!phone) return
  /** @type {SmsItem[]} */
  let items
  try {
    const data = await sandbox(`/sandbox/sms-outbox?phone=${encodeURIComponent(phone)}`)
    items = Array.isArray(data?.items) ? data.items : []
  } catch {
    return
  }
  if (phone !== session?.user?.phone) return
  const list = byId('sms-list')
  if (items.length === 0) return
  const sorted = [...items].sort((a, b) => String(b.sent_at).localeCompare(String(a.sent_at)))
  list.replaceChildren()
  for (const item of sorted.slice(0, 20)) {
    const id = `${item.sent_at}|${item.code}|${item.purpose}`
    const li = document.createElement('li')
    if (seenSms.size > 0 && !seenSms.has(id)) li.className = 'fresh'
    const code = document.createElement('span')
    code.className = 'sms-code'
    code.textContent = String(item.code ?? '')
    const meta = document.createElement('span')
    meta.className = 'sms-meta'
    meta.textContent = `${item.purpose ?? ''} · ${maskPhone(String(item.phone ?? phone))} · ${timeOf(item.sent_at)}`
    li.append(code, meta)
    list.append(li)
  }
  for (const item of items) seenSms.add(`${item.sent_at}|${item.code}|${item.purpose}`)
}

/** @param {string} text */
function renderSmsEmpty(text) {
  const li = document.createElement('li')
  li.className = 'empty'
  li.textContent = text
  byId('sms-list').replaceChildren(li)
}

// ---------- log ----------

/** @type {Record<string, string>} */
const directionLabels = { in: '← page', out: '→ page', host: '• host' }

/**
 * @param {'in' | 'out' | 'host'} direction
 * @param {string} title
 */
function log(direction, title, detail = '') {
  const li = document.createElement('li')
  li.className = `log-${direction}`
  const time = document.createElement('time')
  const now = new Date()
  time.dateTime = now.toISOString()
  time.textContent = clock(now)
  const badge = document.createElement('span')
  badge.className = 'log-badge'
  badge.textContent = directionLabels[direction] ?? direction
  const text = document.createElement('span')
  text.className = 'log-text'
  const strong = document.createElement('strong')
  strong.textContent = title
  text.append(strong)
  if (detail) {
    const small = document.createElement('small')
    small.textContent = detail
    text.append(small)
  }
  li.append(time, badge, text)
  byId('log').prepend(li)
  while (byId('log').children.length > 200) byId('log').lastElementChild?.remove()
}

byId('log-clear').addEventListener('click', () => byId('log').replaceChildren())

/** @param {Date} date */
function clock(date) {
  const pad = (/** @type {number} */ n, w = 2) => String(n).padStart(w, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

/** @param {unknown} value */
function timeOf(value) {
  const date = new Date(/** @type {string | number} */ (value))
  return Number.isNaN(date.getTime()) ? String(value ?? '') : clock(date).slice(0, 8)
}

/** @param {string} phone */
function maskPhone(phone) {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}

/** @param {string} token */
function shortToken(token) {
  return token ? `${token.slice(0, 6)}…${token.slice(-4)}` : '—'
}

// ---------- phone scaling ----------

// The frame stays 375×812 CSS pixels (what the page lays out for); on short windows it is scaled
// down as a whole rather than cropped.
function fitPhone() {
  const phone = byId('phone')
  const scaler = byId('phone-scaler')
  const available = window.innerHeight - scaler.getBoundingClientRect().top - 16
  const scale = Math.min(1, Math.max(0.5, available / phone.offsetHeight))
  phone.style.transform = `scale(${scale})`
  scaler.style.width = `${phone.offsetWidth * scale}px`
  scaler.style.height = `${phone.offsetHeight * scale}px`
}
window.addEventListener('resize', fitPhone)

// ---------- start ----------

async function start() {
  byId('phone-input', HTMLInputElement).value = state.phone || defaultPhone
  renderLocales()
  renderDevice()
  renderSession()
  fitPhone()
  await fetchPersonas()
  restartSmsPolling()
  if (state.loggedOut) {
    log('host', 'Logged out last time: the page opens without a token')
    loadFrame()
    return
  }
  // A newcomer lands inside the product as a logged-in persona, without a single step.
  byId('busy-text').textContent = `Logging in ${maskPhone(state.phone || defaultPhone)}…`
  showOverlay('overlay-busy')
  try {
    await login(state.phone || defaultPhone, loginCode)
  } catch (error) {
    log('host', 'Automatic login failed', error instanceof Error ? error.message : String(error))
  }
  loadFrame()
}

start()
