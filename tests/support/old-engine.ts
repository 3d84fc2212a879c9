import { createRequire } from 'node:module'
import path from 'node:path'
import browserslist from 'browserslist'

/*
 * The APIs the matrix's oldest engines lack, derived from package.json's browserslist and MDN's compatibility
 * data (the data eslint-plugin-compat reads): every JavaScript built-in and every web API, with its members,
 * that the oldest Chrome or the oldest iOS WKWebView of the list does not have unflagged and unprefixed.
 * A browser test removes them all from Chromium before any script of the page runs.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')

interface Support {
  version_added: string | boolean | null
  version_removed?: string | boolean | null
  prefix?: string
  alternative_name?: string
  flags?: unknown[]
  partial_implementation?: boolean
}
export interface Feature {
  __compat?: { support: Record<string, Support | Support[] | undefined> }
  [member: string]: Feature | Feature['__compat']
}

/** MDN's browser names for the browserslist families a WebView of the matrix reports as. */
const families: Record<string, string> = { chrome: 'chrome', and_chr: 'chrome_android', android: 'webview_android', ios_saf: 'safari_ios', safari: 'safari' }

/** The oldest version of each engine the browserslist names, as MDN names the browser. */
export function oldestEngines(): Record<string, number> {
  const oldest: Record<string, number> = {}
  for (const entry of browserslist(undefined, { path: repoRoot })) {
    const [family, range] = entry.split(' ')
    const browser = families[family]
    if (browser === undefined) throw new Error(`old-engine: no MDN name for the browserslist family ${family}`)
    const version = parseFloat(range)
    oldest[browser] = Math.min(oldest[browser] ?? Infinity, version)
  }
  return oldest
}

function addedIn(version: Support['version_added']): number {
  if (version === true) return 0
  if (typeof version !== 'string' || version === 'preview') return Infinity
  return parseFloat(version.replace('≤', ''))
}

/**
 * Whether an engine of `oldest` lacks the feature. `partial`: support MDN calls partial counts, until the version
 * whose full support replaced it (a CSS property that works with a caveat, such as an outline square at the corners).
 */
export function lacking(feature: Feature, oldest: Record<string, number>, { partial = false } = {}): boolean {
  const support = feature.__compat?.support
  if (support === undefined) return false
  const stillThere = (entry: Support, version: number) =>
    !entry.version_removed || (partial && entry.partial_implementation === true && typeof entry.version_removed === 'string' && addedIn(entry.version_removed) > version)
  return Object.entries(oldest).some(([browser, version]) => {
    const entries = [support[browser] ?? []].flat()
    return !entries.some(
      (entry) => !entry.prefix && !entry.alternative_name && !entry.flags && (partial || !entry.partial_implementation) && stillThere(entry, version) && addedIn(entry.version_added) <= version,
    )
  })
}

/**
 * `['Array.at', 'Intl.ListFormat', 'String.replaceAll', 'structuredClone', …]`: each global the oldest
 * engines lack, and each member (`Owner.member`, static or on the prototype) of one they have. Options and
 * behaviours (MDN's `Owner.member.detail` entries) are not APIs a page can lose; the Intl tests cover those.
 */
export function apisTheOldestEnginesLack(): string[] {
  const data = createRequire(import.meta.url)('@mdn/browser-compat-data') as { javascript: { builtins: Record<string, Feature> }; api: Record<string, Feature> }
  const oldest = oldestEngines()
  const lacks: string[] = []
  for (const tree of [data.javascript.builtins, data.api]) {
    for (const [owner, feature] of Object.entries(tree)) {
      if (lacking(feature, oldest)) {
        lacks.push(owner)
        continue
      }
      for (const [member, sub] of Object.entries(feature)) {
        if (member === '__compat' || member === owner || member.startsWith('@@') || member.includes('_')) continue
        if (lacking(sub as Feature, oldest)) lacks.push(`${owner}.${member}`)
      }
    }
  }
  return lacks
}

/**
 * Runs in the page before its scripts (Playwright's init script): deletes each API the running engine has, and
 * answers which it deleted. A member goes from the owner's prototype if it is there, else from the owner.
 */
export function removeApis(apis: string[]): string[] {
  const global = globalThis as unknown as Record<string, unknown>
  const ownerOf = (name: string): Record<string, unknown> | undefined => {
    if (name === 'TypedArray') return Object.getPrototypeOf(Int8Array) as Record<string, unknown>
    // Window's own attributes (visualViewport, …) live on the global object itself.
    if (name === 'Window') return global
    return global[name] as Record<string, unknown> | undefined
  }
  const removed: string[] = []
  const remove = (target: object | undefined, key: string, name: string) => {
    if (target === undefined || target === null || !Object.prototype.hasOwnProperty.call(target, key)) return false
    if (!Reflect.deleteProperty(target, key)) return false
    removed.push(name)
    return true
  }
  for (const api of apis) {
    const [owner, member] = api.split('.') as [string, string | undefined]
    if (member === undefined) {
      remove(global, owner, api)
      continue
    }
    const target = ownerOf(owner)
    if (target === undefined) continue
    const prototype = (target as { prototype?: object }).prototype
    if (!remove(prototype, member, api)) remove(target, member, api)
  }
  return removed
}

/**
 * The init script that removes `apis` and logs `removed ["…", …]`. A loader that keeps functions' names (tsx)
 * wraps them in a `__name` helper the page does not have: a stand-in comes first.
 */
export function removeApisScript(apis: string[]): string {
  return `var __name = (f) => f; console.info('removed ' + JSON.stringify((${removeApis.toString()})(${JSON.stringify(apis)})))`
}
