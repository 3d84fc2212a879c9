// The host simulator: plays the native app that embeds the 花钱 page in a WebView. It logs in a
// sandbox persona, hands the page its bridge payload (in the iframe URL and by postMessage) and
// answers the page's commands. Plain ES module, no build step, same origin as the page.

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
const locations = {
  shenzhen: { province_id: '440000', province_name: '广东省', city_id: '440300', city_name: '深圳市', district_id: '440305', district_name: '南山区' },
  beijing: { province_id: '110000', province_name: '北京市', city_id: '110100', city_name: '市辖区', district_id: '110105', district_name: '朝阳区' },
  shanghai: { province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '市辖区', district_id: '310115', district_name: '浦东新区' },
}
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

const $ = (id) => {
  const el = document.getElementById(id)
  if (!el) throw new Error(`#${id} missing`)
  return el
}

let frame = $('frame')
const state = loadState()
/** The logged-in session: { token, user: { user_id, phone, nick_name }, persona } or null. */
let session = null
let personas = []
let smsTimer = 0
let seenSms = new Set()

// ---------- persistence ----------

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

function randomHex(length) {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, length)
}

// ---------- sandbox calls ----------

/** Sandbox answers use the API envelope; anything else is reported as an error. */
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
    personas = items.map((p) => ({
      phone: String(p.phone),
      key: String(p.key ?? p.persona ?? ''),
      name: String(p.nick_name ?? p.name ?? p.real_name ?? p.phone),
      description: String(p.description ?? ''),
    }))
  } catch (error) {
    personas = []
    log('host', 'Could not load personas', String(error.message ?? error))
  }
  renderPersonaOptions()
}

async function login(phone, code) {
  const data = await sandbox('/sandbox/login', { method: 'POST', body: JSON.stringify({ phone, code }) })
  session = { token: data.token, user: data.user, persona: data.persona ?? null }
  state.phone = phone
  state.loggedOut = false
  saveState()
  renderSession()
  restartSmsPolling()
  log('host', `Logged in ${maskPhone(phone)}`, session.persona ? `persona: ${personaLabel(session.persona)}` : '')
  return session
}

function logout() {
  session = null
  state.loggedOut = true
  saveState()
  renderSession()
  restartSmsPolling()
  log('host', 'Logged out; the page reloads without a token')
  loadFrame()
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
  const next = frame.cloneNode(false)
  next.addEventListener('load', onFrameLoad)
  next.src = url
  frame.replaceWith(next)
  frame = next
  log('out', 'Loaded the page', session ? `token ${shortToken(session.token)}, lang ${state.locale}` : `no token, lang ${state.locale}`)
}

function sendPayload(reason) {
  if (!frame.contentWindow) return
  const data = payload()
  frame.contentWindow.postMessage({ type: 'huaqian.bridge', payload: data }, location.origin)
  log('out', `Sent payload (${reason})`, data.token ? `token ${shortToken(data.token)}` : 'no token: the page ignores it')
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

function handleCommand({ command, url }) {
  switch (command) {
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

function showOverlay(id) {
  for (const other of overlays) $(other).hidden = other !== id
}

function hideOverlays() {
  for (const id of overlays) $(id).hidden = true
}

function openLoginSheet() {
  $('sheet-phone').value = state.phone || defaultPhone
  $('sheet-code').value = loginCode
  $('sheet-persona').value = personas.some((p) => p.phone === state.phone) ? state.phone : ''
  $('sheet-error').hidden = true
  showOverlay('overlay-login')
  $('sheet-phone').focus()
}

$('sheet-persona').addEventListener('change', (e) => {
  if (e.target.value) $('sheet-phone').value = e.target.value
})

$('sheet-login').addEventListener('submit', async (e) => {
  e.preventDefault()
  try {
    await login($('sheet-phone').value.trim(), $('sheet-code').value.trim())
    $('overlay-login').hidden = true
    sendPayload('after login')
  } catch (error) {
    showError('sheet-error', error)
  }
})

$('sheet-cancel').addEventListener('click', () => {
  $('overlay-login').hidden = true
  log('host', 'Login cancelled; the page keeps waiting')
})

$('reopen-from-home').addEventListener('click', () => loadFrame())
$('reopen-from-closed').addEventListener('click', () => loadFrame())
$('reload-frame').addEventListener('click', () => loadFrame())
$('resend-payload').addEventListener('click', () => sendPayload('by hand'))

// ---------- session panel ----------

function renderPersonaOptions() {
  for (const select of [$('persona'), $('sheet-persona')]) {
    select.replaceChildren(new Option('Custom number', ''))
    for (const p of personas) select.append(new Option(`${p.name} · ${p.phone}${p.key ? ` (${p.key})` : ''}`, p.phone))
  }
  syncPersonaSelect()
}

function syncPersonaSelect() {
  const phone = $('phone-input').value.trim()
  const match = personas.find((p) => p.phone === phone)
  $('persona').value = match ? match.phone : ''
  $('persona-description').textContent = match ? match.description : 'A number that is not a persona gets a fresh borrower.'
}

$('persona').addEventListener('change', (e) => {
  if (e.target.value) $('phone-input').value = e.target.value
  syncPersonaSelect()
})
$('phone-input').addEventListener('input', syncPersonaSelect)

$('session-form').addEventListener('submit', async (e) => {
  e.preventDefault()
  $('session-error').hidden = true
  try {
    await login($('phone-input').value.trim(), $('code-input').value.trim())
    loadFrame()
  } catch (error) {
    showError('session-error', error)
  }
})

$('logout').addEventListener('click', logout)

function renderSession() {
  const pill = $('session-pill')
  const facts = $('session-facts')
  facts.replaceChildren()
  if (!session) {
    pill.textContent = 'Not logged in'
    pill.className = 'pill pill-muted'
    return
  }
  pill.textContent = `${session.user.nick_name} · ${maskPhone(session.user.phone)}`
  pill.className = 'pill pill-ok'
  const rows = [
    ['user_id', session.user.user_id],
    ['persona', session.persona ? personaLabel(session.persona) : '—'],
    ['token', shortToken(session.token)],
  ]
  for (const [term, value] of rows) {
    const dt = document.createElement('dt')
    dt.textContent = term
    const dd = document.createElement('dd')
    dd.textContent = value
    facts.append(dt, dd)
  }
}

function personaLabel(persona) {
  if (typeof persona === 'string') return persona
  if (persona && typeof persona === 'object') return String(persona.key ?? persona.name ?? JSON.stringify(persona))
  return String(persona)
}

function showError(id, error) {
  const el = $(id)
  el.textContent = error instanceof Error ? error.message : String(error)
  el.hidden = false
}

// ---------- locale ----------

function renderLocales() {
  const group = $('locale-switch')
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
  const form = $('device-form')
  form.replaceChildren()
  for (const field of deviceFields) {
    const label = document.createElement('label')
    label.className = 'field'
    const caption = document.createElement('span')
    caption.textContent = field.label
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

$('device-apply').addEventListener('click', () => {
  const form = $('device-form')
  for (const field of deviceFields) state.device[field.key] = form.elements[field.key].value.trim()
  saveState()
  log('host', 'Device updated')
  loadFrame()
})

// ---------- SMS inbox ----------

function restartSmsPolling() {
  clearInterval(smsTimer)
  seenSms = new Set()
  $('sms-list').replaceChildren()
  const phone = session?.user?.phone
  $('sms-phone').textContent = phone ? maskPhone(phone) : '—'
  if (!phone) {
    renderSmsEmpty('Log in to see the codes the sandbox sends.')
    return
  }
  renderSmsEmpty('No messages yet. Codes the sandbox sends to this number appear here.')
  pollSms()
  smsTimer = setInterval(pollSms, 3000)
}

async function pollSms() {
  const phone = session?.user?.phone
  if (!phone) return
  let items
  try {
    const data = await sandbox(`/sandbox/sms-outbox?phone=${encodeURIComponent(phone)}`)
    items = Array.isArray(data?.items) ? data.items : []
  } catch {
    return
  }
  if (phone !== session?.user?.phone) return
  const list = $('sms-list')
  if (items.length === 0) return
  const sorted = [...items].sort((a, b) => String(b.sent_at).localeCompare(String(a.sent_at)))
  list.replaceChildren()
  for (const item of sorted.slice(0, 20)) {
    const id = `${item.sent_at}|${item.code}|${item.purpose}`
    const li = document.createElement('li')
    if (seenSms.size > 0 && !seenSms.has(id)) li.className = 'fresh'
    const code = document.createElement('span')
    code.className = 'sms-code'
    code.textContent = item.code
    const meta = document.createElement('span')
    meta.className = 'sms-meta'
    meta.textContent = `${item.purpose ?? ''} · ${maskPhone(String(item.phone ?? phone))} · ${timeOf(item.sent_at)}`
    li.append(code, meta)
    list.append(li)
  }
  for (const item of items) seenSms.add(`${item.sent_at}|${item.code}|${item.purpose}`)
}

function renderSmsEmpty(text) {
  const li = document.createElement('li')
  li.className = 'empty'
  li.textContent = text
  $('sms-list').replaceChildren(li)
}

// ---------- log ----------

const directionLabels = { in: '← page', out: '→ page', host: '• host' }

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
  $('log').prepend(li)
  while ($('log').children.length > 200) $('log').lastElementChild.remove()
}

$('log-clear').addEventListener('click', () => $('log').replaceChildren())

function clock(date) {
  const pad = (n, w = 2) => String(n).padStart(w, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

function timeOf(value) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? String(value ?? '') : clock(date).slice(0, 8)
}

function maskPhone(phone) {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}

function shortToken(token) {
  return token ? `${token.slice(0, 6)}…${token.slice(-4)}` : '—'
}

// ---------- phone scaling ----------

// The frame stays 375×812 CSS pixels (what the page lays out for); on short windows it is scaled
// down as a whole rather than cropped.
function fitPhone() {
  const phone = $('phone')
  const scaler = $('phone-scaler')
  const available = window.innerHeight - scaler.getBoundingClientRect().top - 16
  const scale = Math.min(1, Math.max(0.5, available / phone.offsetHeight))
  phone.style.transform = `scale(${scale})`
  scaler.style.width = `${phone.offsetWidth * scale}px`
  scaler.style.height = `${phone.offsetHeight * scale}px`
}
window.addEventListener('resize', fitPhone)

// ---------- start ----------

async function start() {
  $('phone-input').value = state.phone || defaultPhone
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
  $('busy-text').textContent = `Logging in ${maskPhone(state.phone || defaultPhone)}…`
  showOverlay('overlay-busy')
  try {
    await login(state.phone || defaultPhone, loginCode)
  } catch (error) {
    log('host', 'Automatic login failed', error instanceof Error ? error.message : String(error))
  }
  loadFrame()
}

start()
