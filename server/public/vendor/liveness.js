// The simulated face-liveness vendor. The borrower's choice is reported to the sandbox server
// (as a real vendor reports server to server); the page then reads the result from the API. This
// page never passes a result back in the URL, and nothing in its own query decides an outcome.

const texts = {
  'zh-Hans': {
    vendor: '信脸核验（沙盒）',
    title: '人脸核验',
    lead: '请将手机举至与眼睛平齐，保持面部在框内。',
    instruction: '请缓慢眨眼',
    sandboxNote: '沙盒环境：请选择核验服务商返回的结果。',
    pass: '核验通过',
    fail: '核验失败',
    cancel: '取消',
    footer: '人脸图像仅用于与公安身份信息库比对，不会被保存。',
    sending: '正在提交结果…',
    returning: '正在返回…',
    finished: '本次核验已结束。',
    expired: '本次核验已过期，请返回重新发起。',
    missing: '缺少核验会话编号（session_id），无法核验。',
    notFound: '找不到该核验会话，请返回重新发起。',
    failed: '提交失败，请检查网络后重试。',
    back: '返回',
  },
  'zh-Hant': {
    vendor: '信臉核驗（沙盒）',
    title: '人臉核驗',
    lead: '請將手機舉至與眼睛平齊，保持臉部在框內。',
    instruction: '請緩慢眨眼',
    sandboxNote: '沙盒環境：請選擇核驗服務商回傳的結果。',
    pass: '核驗通過',
    fail: '核驗失敗',
    cancel: '取消',
    footer: '人臉影像僅用於與公安身分資料庫比對，不會被保存。',
    sending: '正在提交結果…',
    returning: '正在返回…',
    finished: '本次核驗已結束。',
    expired: '本次核驗已過期，請返回重新發起。',
    missing: '缺少核驗會話編號（session_id），無法核驗。',
    notFound: '找不到該核驗會話，請返回重新發起。',
    failed: '提交失敗，請檢查網路後重試。',
    back: '返回',
  },
  en: {
    vendor: 'FaceTrust (sandbox)',
    title: 'Face verification',
    lead: 'Hold the phone at eye level and keep your face inside the frame.',
    instruction: 'Blink slowly',
    sandboxNote: 'Sandbox: choose the outcome the vendor reports.',
    pass: 'Pass',
    fail: 'Fail',
    cancel: 'Cancel',
    footer: 'Images are compared with the public security identity database and are not stored.',
    sending: 'Sending the result…',
    returning: 'Returning…',
    finished: 'This check has already finished.',
    expired: 'This check has expired. Go back and start again.',
    missing: 'The verification session (session_id) is missing.',
    notFound: 'This verification session does not exist. Go back and start again.',
    failed: 'Could not send the result. Check the network and try again.',
    back: 'Back',
  },
  fr: {
    vendor: 'FaceTrust (bac à sable)',
    title: 'Vérification faciale',
    lead: 'Tenez le téléphone à hauteur des yeux et gardez le visage dans le cadre.',
    instruction: 'Clignez lentement des yeux',
    sandboxNote: 'Bac à sable : choisissez le résultat renvoyé par le prestataire.',
    pass: 'Réussite',
    fail: 'Échec',
    cancel: 'Annuler',
    footer: 'Les images sont comparées à la base d’identité de la sécurité publique et ne sont pas conservées.',
    sending: 'Envoi du résultat…',
    returning: 'Retour en cours…',
    finished: 'Cette vérification est déjà terminée.',
    expired: 'Cette vérification a expiré. Revenez en arrière et recommencez.',
    missing: 'La session de vérification (session_id) est absente.',
    notFound: 'Cette session de vérification n’existe pas. Revenez en arrière et recommencez.',
    failed: 'Impossible d’envoyer le résultat. Vérifiez le réseau et réessayez.',
    back: 'Retour',
  },
  es: {
    vendor: 'FaceTrust (entorno de pruebas)',
    title: 'Verificación facial',
    lead: 'Sostenga el teléfono a la altura de los ojos y mantenga la cara dentro del marco.',
    instruction: 'Parpadee despacio',
    sandboxNote: 'Entorno de pruebas: elija el resultado que devuelve el proveedor.',
    pass: 'Superada',
    fail: 'No superada',
    cancel: 'Cancelar',
    footer: 'Las imágenes se comparan con la base de identidad de la seguridad pública y no se guardan.',
    sending: 'Enviando el resultado…',
    returning: 'Volviendo…',
    finished: 'Esta verificación ya ha terminado.',
    expired: 'Esta verificación ha caducado. Vuelva e inténtelo de nuevo.',
    missing: 'Falta la sesión de verificación (session_id).',
    notFound: 'Esta sesión de verificación no existe. Vuelva e inténtelo de nuevo.',
    failed: 'No se pudo enviar el resultado. Compruebe la red e inténtelo de nuevo.',
    back: 'Volver',
  },
}

const query = new URLSearchParams(location.search)
const locale = pickLocale(query.get('lang') ?? navigator.language)
const t = texts[locale]
const sessionId = query.get('session_id') ?? ''
/** Where to send the borrower back; only ever taken from the server's answer. */
let returnUrl = null
let busy = false

const $ = (id) => document.getElementById(id)

function pickLocale(asked) {
  const lower = String(asked ?? '').toLowerCase().replace(/_/g, '-')
  if (lower === 'zh-hant' || /^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-Hant'
  if (lower.startsWith('zh')) return 'zh-Hans'
  const language = lower.split('-')[0]
  return language === 'en' || language === 'fr' || language === 'es' ? language : 'zh-Hans'
}

function applyTexts() {
  document.documentElement.lang = locale
  document.title = t.title
  for (const el of document.querySelectorAll('[data-text]')) {
    const key = el.getAttribute('data-text')
    if (key && t[key]) el.textContent = t[key]
  }
}

function notice(text, tone = 'info') {
  const el = $('notice')
  el.textContent = text
  el.dataset.tone = tone
  el.hidden = false
}

function setBusy(value) {
  busy = value
  for (const id of ['pass', 'fail', 'cancel']) $(id).disabled = value
}

function showOnlyBack() {
  $('actions').replaceChildren()
  const back = document.createElement('button')
  back.type = 'button'
  back.className = 'button button-pass'
  back.textContent = t.back
  back.addEventListener('click', () => (returnUrl ? go(returnUrl) : history.back()))
  $('actions').append(back)
}

/** Only http(s) URLs are followed, so a stored return URL can never run script here. */
function go(url) {
  let target
  try {
    target = new URL(url, location.href)
  } catch {
    return
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return
  notice(t.returning)
  location.replace(target.href)
}

async function call(method, body) {
  const response = await fetch(`/sandbox/vendor/liveness/${encodeURIComponent(sessionId)}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await response.json()
  return json
}

async function loadSession() {
  try {
    const answer = await call('GET')
    if (answer.status !== 0 || !answer.data) {
      notice(t.notFound, 'error')
      showOnlyBack()
      return
    }
    returnUrl = answer.data.return_url ?? null
    if (answer.data.status === 'expired') {
      notice(t.expired, 'error')
      showOnlyBack()
    } else if (answer.data.status !== 'pending') {
      notice(t.finished)
      showOnlyBack()
    }
  } catch {
    // The choice buttons still work; the POST reports its own failure.
  }
}

async function report(outcome) {
  if (busy) return
  setBusy(true)
  notice(t.sending)
  try {
    const answer = await call('POST', { outcome })
    const url = answer?.data?.return_url
    if (answer.status !== 0 || typeof url !== 'string') throw new Error(answer.message || 'refused')
    go(url)
  } catch {
    notice(t.failed, 'error')
    setBusy(false)
  }
}

applyTexts()
$('pass').addEventListener('click', () => report('passed'))
$('fail').addEventListener('click', () => report('failed'))
$('cancel').addEventListener('click', () => (returnUrl ? go(returnUrl) : history.back()))

// A short sequence of prompts, as real vendors show, so the page feels like a camera flow.
const prompts = { 'zh-Hans': ['请缓慢眨眼', '请向左转头', '请张嘴'], 'zh-Hant': ['請緩慢眨眼', '請向左轉頭', '請張嘴'], en: ['Blink slowly', 'Turn your head left', 'Open your mouth'], fr: ['Clignez lentement des yeux', 'Tournez la tête à gauche', 'Ouvrez la bouche'], es: ['Parpadee despacio', 'Gire la cabeza a la izquierda', 'Abra la boca'] }[locale]
let prompt = 0
setInterval(() => {
  prompt = (prompt + 1) % prompts.length
  $('instruction').textContent = prompts[prompt]
}, 2200)

if (!sessionId) {
  notice(t.missing, 'error')
  showOnlyBack()
} else {
  loadSession()
  listenToDrive()
}

// A reviewer driving a page from /review/ on this origin taps the outcome here for the borrower
// (src/review/drive-sandbox.ts): the same report and return as the buttons. The page opened
// announces itself, so a drive that asked before it loaded asks again.
function listenToDrive() {
  if (typeof BroadcastChannel !== 'function') return
  const channel = new BroadcastChannel('huaqian.sandbox.vendor')
  channel.onmessage = async (message) => {
    const data = message.data
    if (data?.kind !== 'answer' || (data.outcome !== 'passed' && data.outcome !== 'failed') || busy) return
    channel.postMessage({ kind: 'answered', sessionId, outcome: data.outcome })
    await report(data.outcome)
  }
  channel.postMessage({ kind: 'open', sessionId })
}
