import { fieldLimits, locationKeys, platforms, type RefusableField } from './payload.js'

/*
 * What each field of a payload takes, as the host is told when it sent something else (the `payloadRefused`
 * command and the console). Loaded only when the page refuses something: no first load carries the text.
 */

const id = `text or an integer, at most ${fieldLimits.id} characters`
const text = `text, at most ${fieldLimits.text} characters`

export const fieldExpectations: Record<RefusableField, string> = {
  payload: `an object or its JSON text, at most ${fieldLimits.jsonText} characters of JSON`,
  token: `non-empty text, at most ${fieldLimits.token} characters`,
  channelCode: id,
  deviceId: id,
  userId: id,
  appCode: id,
  oaid: text,
  imei: text,
  model: text,
  brand: text,
  osName: text,
  // The same words for a baseUrl of the wrong kind and one the allowlist refuses (docs/product-rules.md#security-base-url).
  baseUrl: `an https URL, at most ${fieldLimits.baseUrl} characters, without user info, query or fragment, whose origin is on the build's VITE_API_ORIGINS`,
  gps: '{ lat, lng }: numbers within ±90 and ±180',
  location: `{ ${locationKeys.join(', ')} }: ids or text`,
  userInfo: '{ phone, nick_name }',
  platform: platforms.join(', '),
  loanExcess: 'a number',
  locale: 'a BCP 47 tag such as zh-Hans',
  elderMode: 'true or false',
  fontScale: 'a number from 1 to 2',
}
