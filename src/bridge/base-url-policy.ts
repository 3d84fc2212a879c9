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

/**
 * The base URL as it will be used: parsed by the platform's URL parser (which drops surrounding
 * spaces and stray tabs or newlines) and rebuilt from its origin and path, without a trailing
 * slash. Null when it cannot be a base URL (the check and the use see one value).
 */
export function normaliseBaseUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  if (parsed.username !== '' || parsed.password !== '') return null
  // A base URL is joined with paths; a query or fragment would swallow them.
  if (parsed.search !== '' || parsed.hash !== '' || url.includes('?') || url.includes('#')) return null
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

/** The normalised base URL when the policy accepts it, else null. */
export function acceptedBaseUrl(url: unknown, policy: BaseUrlPolicy): string | null {
  const normalised = normaliseBaseUrl(url)
  if (normalised === null) return null
  const parsed = new URL(normalised)
  if (policy.allowLoopback && isLoopbackHost(parsed.hostname)) return normalised
  if (parsed.protocol !== 'https:') return null
  return normaliseOrigins(policy.allowedOrigins).includes(parsed.origin) ? normalised : null
}

export function isAcceptableBaseUrl(url: unknown, policy: BaseUrlPolicy): boolean {
  return acceptedBaseUrl(url, policy) !== null
}
