// Only the two crypto-js modules the signature needs: the page ships the signer, so it stays small.
import hmacSHA256 from 'crypto-js/hmac-sha256'
import Hex from 'crypto-js/enc-hex'

/*
 * The request signature of docs/product-rules.md#request-signature, shared by the page and the sandbox so both sides
 * build the same string. The key ships in the page: the signature proves the request was not
 * altered in transit, never who sent it (the bearer token does that).
 */

/** The sandbox's signing key; a real deployment supplies its own at build time. */
export const sandboxSigningKey = 'sandbox-signing-key'

/** encodeURIComponent leaves `!'()*` alone; RFC 3986 reserves them, and both sides must agree. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** Fields left out of the signature (and, by the request layer, out of a GET query). */
export function isDropped(value: unknown): boolean {
  return value === null || value === undefined || value === ''
}

/**
 * JSON with object keys sorted at every level and no whitespace. Written by hand rather than by
 * rebuilding sorted objects, so a `__proto__` key is serialised like any other key instead of
 * reaching an object's prototype.
 */
export function sortedJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'toJSON' in value) {
    const toJSON = (value as { toJSON: unknown }).toJSON
    if (typeof toJSON === 'function') return sortedJson(toJSON.call(value))
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (isJsonSkipped(item) ? 'null' : sortedJson(item))).join(',')}]`
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const parts = Object.keys(record)
      .sort()
      .filter((key) => !isJsonSkipped(record[key]))
      .map((key) => `${JSON.stringify(key)}:${sortedJson(record[key])}`)
    return `{${parts.join(',')}}`
  }
  // Mirrors JSON.stringify for the leaves (NaN and Infinity become null, like JSON).
  return JSON.stringify(value) ?? 'null'
}

function isJsonSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/** A field's value as signed: text as is, numbers and booleans via String, objects as sorted JSON. */
export function canonicalValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return sortedJson(value)
}

/**
 * `enc(key)=enc(value)` pairs joined by `&`, keys in UTF-16 code-unit order, `null`, `undefined`
 * and `""` dropped (`0`, `false` and `"0"` kept).
 */
export function canonicalFields(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((key) => !isDropped(fields[key]))
    .sort()
    .map((key) => `${encodeRfc3986(key)}=${encodeRfc3986(canonicalValue(fields[key]))}`)
    .join('&')
}

/** `<timestamp in seconds>\n<canonical fields>`. */
export function stringToSign(timestamp: number, fields: Record<string, unknown>): string {
  return `${timestamp}\n${canonicalFields(fields)}`
}

/** Lowercase hex HMAC-SHA256 of the string to sign. */
export function signRequest(timestamp: number, fields: Record<string, unknown>, key: string): string {
  return hmacSHA256(stringToSign(timestamp, fields), key).toString(Hex)
}
