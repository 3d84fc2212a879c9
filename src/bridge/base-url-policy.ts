/*
 * Whether a base URL handed in by a host may receive the bearer token. A hostile payload (a
 * crafted link, a compromised frame) must never redirect API calls, so the URL is parsed by the
 * platform's own parser (`new URL`), which also turns unicode look-alike hosts into punycode that
 * cannot equal an ASCII allowlist entry, and its origin must equal an allowed origin exactly.
 */

export interface BaseUrlPolicy {
  /** Exact origins such as `https://api.example.com` (entries are normalised with `new URL`). */
  allowedOrigins: readonly string[]
  /** Development only: any http(s) loopback address is accepted. */
  allowLoopback: boolean
}

/** `new URL(...).origin` of each entry; unparsable entries are dropped. */
export function normaliseOrigins(origins: readonly string[]): string[] {
  const normalised: string[] = []
  for (const origin of origins) {
    try {
      const parsed = new URL(origin)
      if (parsed.origin !== 'null' && !normalised.includes(parsed.origin)) {
        normalised.push(parsed.origin)
      }
    } catch {
      // An unparsable allowlist entry allows nothing.
    }
  }
  return normalised
}

/** 127.0.0.0/8, localhost and [::1], after the URL parser has normalised the host. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

export function isAcceptableBaseUrl(url: unknown, policy: BaseUrlPolicy): boolean {
  if (typeof url !== 'string' || url.trim() === '') return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.username !== '' || parsed.password !== '') return false
  // A base URL is joined with paths; a query or fragment would swallow them.
  if (parsed.search !== '' || parsed.hash !== '') return false
  const loopback = isLoopbackHost(parsed.hostname)
  if (policy.allowLoopback && loopback) {
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  }
  if (parsed.protocol !== 'https:') return false
  return normaliseOrigins(policy.allowedOrigins).includes(parsed.origin)
}
