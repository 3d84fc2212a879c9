import { defaultLocale, type Locale } from '../src/contract/locales'

/*
 * The sandbox's own messages (the `message` of a refusal), in the five locales of the page. The
 * page shows `message` as a toast (docs/product-rules.md#errors), so it must be in the borrower's language; codes
 * in `data` stay language-free for the page's own copy.
 */

export type { Locale } from '../src/contract/locales'

/** The best supported locale for an `Accept-Language` header (or a `lang` query value). */
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return defaultLocale
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const locale = localeOfTag(tag)
    if (locale) return locale
  }
  return defaultLocale
}

function localeOfTag(tag: string): Locale | null {
  if (tag.startsWith('zh')) {
    // Traditional script by explicit script subtag, else by the regions that write it.
    if (/-hant\b/.test(tag) || /-(tw|hk|mo)\b/.test(tag)) return 'zh-Hant'
    return 'zh-Hans'
  }
  const base = tag.split('-')[0]
  if (base === 'en' || base === 'fr' || base === 'es') return base
  return null
}

type Table = Record<Locale, string>

const messages = {
  ok: { 'zh-Hans': '成功', 'zh-Hant': '成功', en: 'OK', fr: 'OK', es: 'OK' },
  invalidRequest: {
    'zh-Hans': '请求参数有误：{detail}',
    'zh-Hant': '請求參數有誤：{detail}',
    en: 'The request is not valid: {detail}',
    fr: 'La requête n’est pas valide : {detail}',
    es: 'La solicitud no es válida: {detail}',
  },
  fieldRule: {
    'zh-Hans': '「{field}」填写有误，请检查后重新提交',
    'zh-Hant': '「{field}」填寫有誤，請檢查後重新提交',
    en: '“{field}” is not valid; please check it and send again',
    fr: '« {field} » n’est pas valide ; vérifiez-le et envoyez à nouveau',
    es: '«{field}» no es válido; revíselo y envíe de nuevo',
  },
  badSignature: {
    'zh-Hans': '请求签名无效',
    'zh-Hant': '請求簽名無效',
    en: 'The request signature is missing or wrong',
    fr: 'La signature de la requête est absente ou incorrecte',
    es: 'La firma de la solicitud falta o es incorrecta',
  },
  staleTimestamp: {
    'zh-Hans': '设备时间与服务器相差过大，请校准后重试',
    'zh-Hant': '裝置時間與伺服器相差過大，請校準後重試',
    en: 'Your device clock is too far from the server clock; please retry',
    fr: 'L’horloge de l’appareil est trop éloignée de celle du serveur ; réessayez',
    es: 'El reloj del dispositivo está demasiado lejos del del servidor; reintente',
  },
  unauthorized: {
    'zh-Hans': '登录已失效，请重新登录',
    'zh-Hant': '登入已失效，請重新登入',
    en: 'Your session has ended; please log in again',
    fr: 'Votre session a expiré ; reconnectez-vous',
    es: 'Su sesión ha caducado; inicie sesión de nuevo',
  },
  stepOutOfOrder: {
    'zh-Hans': '请先完成当前步骤',
    'zh-Hant': '請先完成目前步驟',
    en: 'Please finish the current step first',
    fr: 'Terminez d’abord l’étape en cours',
    es: 'Termine primero el paso actual',
  },
  idempotencyConflict: {
    'zh-Hans': '该请求编号已用于另一笔不同的提交',
    'zh-Hant': '該請求編號已用於另一筆不同的提交',
    en: 'This Idempotency-Key was already used for a different request',
    fr: 'Cette Idempotency-Key a déjà servi pour une autre requête',
    es: 'Esta Idempotency-Key ya se usó para otra solicitud',
  },
  idempotencyKeyMissing: {
    'zh-Hans': '缺少 Idempotency-Key 请求头',
    'zh-Hant': '缺少 Idempotency-Key 請求標頭',
    en: 'This call needs an Idempotency-Key header',
    fr: 'Cet appel exige un en-tête Idempotency-Key',
    es: 'Esta llamada necesita una cabecera Idempotency-Key',
  },
  notFound: {
    'zh-Hans': '未找到',
    'zh-Hant': '未找到',
    en: 'Not found',
    fr: 'Introuvable',
    es: 'No encontrado',
  },
  channelUnknown: {
    'zh-Hans': '未知渠道：{channel}',
    'zh-Hant': '未知渠道：{channel}',
    en: 'Unknown channel: {channel}',
    fr: 'Canal inconnu : {channel}',
    es: 'Canal desconocido: {channel}',
  },
  smsCodeInvalid: {
    'zh-Hans': '验证码错误或已过期',
    'zh-Hant': '驗證碼錯誤或已過期',
    en: 'The verification code is wrong or has expired',
    fr: 'Le code de vérification est incorrect ou expiré',
    es: 'El código de verificación es incorrecto o ha caducado',
  },
  smsCodeWrong: {
    'zh-Hans': '验证码错误，还可以再试 {left} 次',
    'zh-Hant': '驗證碼錯誤，還可以再試 {left} 次',
    en: 'The verification code is wrong; {left} tries left',
    fr: 'Le code de vérification est incorrect ; encore {left} essais',
    es: 'El código de verificación es incorrecto; quedan {left} intentos',
  },
  smsCodeSpent: {
    'zh-Hans': '验证码已错误 {max} 次，已失效，请重新获取验证码',
    'zh-Hant': '驗證碼已錯誤 {max} 次，已失效，請重新取得驗證碼',
    en: 'Wrong code {max} times: this code no longer works. Request a new code',
    fr: 'Code incorrect {max} fois : ce code ne fonctionne plus. Demandez un nouveau code',
    es: 'Código incorrecto {max} veces: este código ya no sirve. Solicite un código nuevo',
  },
  repaymentRefused: {
    'zh-Hans': '银行卡余额不足，扣款被拒绝，请充值后再试或更换银行卡',
    'zh-Hant': '銀行卡餘額不足，扣款被拒絕，請儲值後再試或更換銀行卡',
    en: 'The bank refused the payment: not enough money on the card. Top it up and try again, or use another card',
    fr: 'La banque a refusé le paiement : solde insuffisant. Approvisionnez la carte et réessayez, ou utilisez une autre carte',
    es: 'El banco rechazó el pago: saldo insuficiente. Recargue la tarjeta y vuelva a intentarlo, o use otra tarjeta',
  },
  paymentFailedFunds: {
    'zh-Hans': '扣款失败：银行卡余额不足。本期仍待还款，请充值后重新还款',
    'zh-Hant': '扣款失敗：銀行卡餘額不足。本期仍待還款，請儲值後重新還款',
    en: 'The payment failed: not enough money on the card. These periods are still due; top up and repay again',
    fr: 'Le paiement a échoué : solde insuffisant. Ces échéances restent dues ; approvisionnez la carte et remboursez à nouveau',
    es: 'El pago falló: saldo insuficiente. Estos plazos siguen pendientes; recargue la tarjeta y vuelva a pagar',
  },
  paymentCardDeclined: {
    'zh-Hans': '银行卡扣款被拒绝，未扣费。请稍后重试或更换银行卡',
    'zh-Hant': '銀行卡扣款被拒絕，未扣費。請稍後重試或更換銀行卡',
    en: 'The card was declined and nothing was charged. Try again later or use another card',
    fr: 'La carte a été refusée et rien n’a été débité. Réessayez plus tard ou utilisez une autre carte',
    es: 'La tarjeta fue rechazada y no se cobró nada. Inténtelo más tarde o use otra tarjeta',
  },
  smsTooSoon: {
    'zh-Hans': '发送太频繁，请 {seconds} 秒后再试',
    'zh-Hant': '傳送太頻繁，請 {seconds} 秒後再試',
    en: 'Too many codes; try again in {seconds} s',
    fr: 'Trop de codes ; réessayez dans {seconds} s',
    es: 'Demasiados códigos; inténtelo en {seconds} s',
  },
  creditCardRefused: {
    'zh-Hans': '暂不支持信用卡，请使用借记卡',
    'zh-Hant': '暫不支援信用卡，請使用簽帳金融卡',
    en: 'Credit cards are not accepted; please use a debit card',
    fr: 'Les cartes de crédit ne sont pas acceptées ; utilisez une carte de débit',
    es: 'No se aceptan tarjetas de crédito; use una tarjeta de débito',
  },
  bankUnknown: {
    'zh-Hans': '暂不支持该银行的卡',
    'zh-Hant': '暫不支援該銀行的卡',
    en: 'Cards from this bank are not supported',
    fr: 'Les cartes de cette banque ne sont pas acceptées',
    es: 'No se aceptan tarjetas de este banco',
  },
  cardNotBound: {
    'zh-Hans': '请先绑定本人借记卡',
    'zh-Hant': '請先綁定本人簽帳金融卡',
    en: 'Please bind your debit card first',
    fr: 'Liez d’abord votre carte de débit',
    es: 'Vincule primero su tarjeta de débito',
  },
  lenderNotMatched: {
    'zh-Hans': '该机构暂不可选',
    'zh-Hant': '該機構暫不可選',
    en: 'This lender is not available to you',
    fr: 'Ce prêteur ne vous est pas proposé',
    es: 'Este prestamista no está disponible para usted',
  },
  lenderCardNotBound: {
    'zh-Hans': '请先完成该机构的银行卡签约',
    'zh-Hant': '請先完成該機構的銀行卡簽約',
    en: 'Please confirm your card with this lender first',
    fr: 'Confirmez d’abord votre carte auprès de ce prêteur',
    es: 'Confirme primero su tarjeta con este prestamista',
  },
  overLimit: {
    'zh-Hans': '借款金额超过可用额度',
    'zh-Hant': '借款金額超過可用額度',
    en: 'The amount is above your credit limit',
    fr: 'Le montant dépasse votre plafond',
    es: 'El importe supera su límite de crédito',
  },
  repayNothingChosen: {
    'zh-Hans': '请至少选择一期再还款',
    'zh-Hant': '請至少選擇一期再還款',
    en: 'Choose at least one period to repay',
    fr: 'Choisissez au moins une échéance à rembourser',
    es: 'Elija al menos una cuota para pagar',
  },
  repayUnknownPeriod: {
    'zh-Hans': '第 {period} 期不存在，请重新选择',
    'zh-Hant': '第 {period} 期不存在，請重新選擇',
    en: 'Period {period} does not exist; please choose again',
    fr: 'L’échéance {period} n’existe pas ; choisissez à nouveau',
    es: 'La cuota {period} no existe; elija de nuevo',
  },
  repayDuplicatePeriod: {
    'zh-Hans': '第 {period} 期选择了两次，请重新选择',
    'zh-Hant': '第 {period} 期選擇了兩次，請重新選擇',
    en: 'Period {period} was chosen twice; please choose again',
    fr: 'L’échéance {period} a été choisie deux fois ; choisissez à nouveau',
    es: 'La cuota {period} se eligió dos veces; elija de nuevo',
  },
  repayAlreadyPaid: {
    'zh-Hans': '第 {period} 期已还清，请重新选择',
    'zh-Hant': '第 {period} 期已還清，請重新選擇',
    en: 'Period {period} is already repaid; please choose again',
    fr: 'L’échéance {period} est déjà remboursée ; choisissez à nouveau',
    es: 'La cuota {period} ya está pagada; elija de nuevo',
  },
  repayNotInOrder: {
    'zh-Hans': '需从最早的一期开始还款，请先还第 {period} 期',
    'zh-Hant': '需從最早的一期開始還款，請先還第 {period} 期',
    en: 'Periods are repaid oldest first: repay period {period} first',
    fr: 'Les échéances se remboursent de la plus ancienne à la plus récente : remboursez d’abord l’échéance {period}',
    es: 'Las cuotas se pagan de la más antigua a la más reciente: pague primero la cuota {period}',
  },
  loanDisbursing: {
    'zh-Hans': '借款正在放款中，到账后即可还款',
    'zh-Hant': '借款正在撥款中，到帳後即可還款',
    en: 'The loan is still being paid out; you can repay once it has arrived',
    fr: 'Le prêt est en cours de versement ; vous pourrez rembourser une fois les fonds reçus',
    es: 'El préstamo aún se está desembolsando; podrá pagar cuando haya llegado',
  },
  repayProcessing: {
    'zh-Hans': '上一笔还款正在处理中，请等处理结果出来后再还款',
    'zh-Hant': '上一筆還款正在處理中，請等處理結果出來後再還款',
    en: 'An earlier payment is still being processed; wait for its result before paying again',
    fr: 'Un paiement précédent est encore en cours de traitement ; attendez son résultat avant de payer à nouveau',
    es: 'Un pago anterior aún se está procesando; espere su resultado antes de volver a pagar',
  },
  amountChanged: {
    'zh-Hans': '应还金额已变化，请刷新后重试',
    'zh-Hant': '應還金額已變化，請重新整理後重試',
    en: 'The amount due has changed; please refresh and retry',
    fr: 'Le montant dû a changé ; actualisez puis réessayez',
    es: 'El importe debido ha cambiado; actualice y reintente',
  },
  alreadyOwned: {
    'zh-Hans': '您已拥有权益卡',
    'zh-Hant': '您已擁有權益卡',
    en: 'You already own the rights card',
    fr: 'Vous possédez déjà la carte d’avantages',
    es: 'Ya tiene la tarjeta de beneficios',
  },
  loginCodeInvalid: {
    'zh-Hans': '验证码错误（沙箱验证码为 123456）',
    'zh-Hant': '驗證碼錯誤（沙盒驗證碼為 123456）',
    en: 'Wrong code (the sandbox code is 123456)',
    fr: 'Code incorrect (le code du bac à sable est 123456)',
    es: 'Código incorrecto (el código del sandbox es 123456)',
  },
  contractNotSigned: {
    'zh-Hans': '还没有已签署的借款合同可以保存',
    'zh-Hant': '還沒有已簽署的借款合約可以儲存',
    en: 'There is no signed loan contract to save yet',
    fr: 'Il n’y a pas encore de contrat de prêt signé à enregistrer',
    es: 'Todavía no hay un contrato de préstamo firmado que guardar',
  },
  contractLinkGone: {
    'zh-Hans': '这个下载链接已失效或已使用过。请回到花钱，再点一次“保存合同”。',
    'zh-Hant': '這個下載連結已失效或已使用過。請回到花錢，再點一次「儲存合約」。',
    en: 'This download link has expired or was already used. Go back to 花钱 and tap “Save contract” again.',
    fr: 'Ce lien de téléchargement a expiré ou a déjà servi. Revenez dans 花钱 et touchez « Enregistrer le contrat » à nouveau.',
    es: 'Este enlace de descarga ha caducado o ya se usó. Vuelva a 花钱 y toque «Guardar contrato» otra vez.',
  },
  internal: {
    'zh-Hans': '服务器开小差了，请稍后再试',
    'zh-Hant': '伺服器暫時無法處理，請稍後再試',
    en: 'Something went wrong on the server; please try later',
    fr: 'Erreur du serveur ; réessayez plus tard',
    es: 'Error del servidor; inténtelo más tarde',
  },
} satisfies Record<string, Table>

export type MessageKey = keyof typeof messages
export const messageKeys = Object.keys(messages) as MessageKey[]

/*
 * The fields a field rule can name, in the borrower's words: the API's field names are for
 * engineers. A contact's field is "contact N's phone" and so on.
 */
const fieldLabels = {
  real_name: { 'zh-Hans': '姓名', 'zh-Hant': '姓名', en: 'Full name', fr: 'Nom complet', es: 'Nombre completo' },
  id_number: { 'zh-Hans': '身份证号', 'zh-Hant': '身分證號', en: 'ID card number', fr: 'Numéro de carte d’identité', es: 'Número de documento de identidad' },
  address: { 'zh-Hans': '详细地址', 'zh-Hant': '詳細地址', en: 'Street address', fr: 'Adresse', es: 'Dirección' },
  email: { 'zh-Hans': '电子邮箱', 'zh-Hant': '電子郵箱', en: 'Email', fr: 'E-mail', es: 'Correo electrónico' },
  district_id: { 'zh-Hans': '居住地区', 'zh-Hant': '居住地區', en: 'Where you live', fr: 'Lieu de résidence', es: 'Lugar de residencia' },
  card_number: { 'zh-Hans': '借记卡号', 'zh-Hant': '金融卡號', en: 'Debit card number', fr: 'Numéro de carte de débit', es: 'Número de tarjeta de débito' },
  reserved_phone: { 'zh-Hans': '银行预留手机号', 'zh-Hant': '銀行預留手機號', en: 'Phone number registered with the bank', fr: 'Numéro enregistré auprès de la banque', es: 'Teléfono registrado en el banco' },
  code: { 'zh-Hans': '验证码', 'zh-Hant': '驗證碼', en: 'Verification code', fr: 'Code de vérification', es: 'Código de verificación' },
  amount: { 'zh-Hans': '借款金额', 'zh-Hant': '借款金額', en: 'Amount', fr: 'Montant', es: 'Importe' },
  term: { 'zh-Hans': '借款期限', 'zh-Hant': '借款期限', en: 'Term', fr: 'Durée', es: 'Plazo' },
  phone: { 'zh-Hans': '手机号', 'zh-Hant': '手機號', en: 'Mobile number', fr: 'Numéro de mobile', es: 'Número de móvil' },
  contacts: { 'zh-Hans': '紧急联系人', 'zh-Hant': '緊急聯絡人', en: 'Contacts', fr: 'Contacts', es: 'Contactos' },
  relation: { 'zh-Hans': '关系', 'zh-Hant': '關係', en: 'Relationship', fr: 'Lien', es: 'Relación' },
  name: { 'zh-Hans': '姓名', 'zh-Hant': '姓名', en: 'Name', fr: 'Nom', es: 'Nombre' },
} satisfies Record<string, Table>

const contactOf: Table = {
  'zh-Hans': '第 {n} 位联系人的{field}',
  'zh-Hant': '第 {n} 位聯絡人的{field}',
  en: 'contact {n}: {field}',
  fr: 'contact {n} : {field}',
  es: 'contacto {n}: {field}',
}

/** A field as the API names it (`contacts[1].phone`), in the borrower's words. */
export function fieldLabel(field: string, locale: Locale): string {
  const label = (name: string) => (name in fieldLabels ? fieldLabels[name as keyof typeof fieldLabels][locale] : name)
  const contact = /^contacts\[(\d+)\](?:\.(\w+))?$/.exec(field)
  if (contact) {
    const n = Number(contact[1]) + 1
    return contact[2] === undefined
      ? `${label('contacts')} ${n}`
      : contactOf[locale].replace('{n}', String(n)).replace('{field}', label(contact[2]))
  }
  return label(field)
}

/** The message in `locale`, with `{name}` placeholders filled from `vars`. */
export function translate(
  key: MessageKey,
  locale: Locale,
  vars: Record<string, string | number> = {},
): string {
  const template = messages[key][locale]
  // A field name in a message is shown in the borrower's words.
  if (typeof vars['field'] === 'string') vars = { ...vars, field: fieldLabel(vars['field'], locale) }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  )
}
