import type { Words } from '../../machines/flow-kit'
import { callWords, delayWords, eventWords, guardWords, machineWords, pollKindWords, stepWords } from './machine-words'
import en from '../../locales/en.json' with { type: 'json' }
import es from '../../locales/es.json' with { type: 'json' }
import fr from '../../locales/fr.json' with { type: 'json' }
import zhHans from '../../locales/zh-Hans.json' with { type: 'json' }
import zhHant from '../../locales/zh-Hant.json' with { type: 'json' }

/*
 * The machine read aloud for a product reviewer: a state by its screen's title (the borrower's own
 * words, from locales/, in every locale) and the step inside it, an event as its button says it, a
 * guard as a sentence. The words come from the machine (its states' `meta.words`) and from
^ * machine-words.ts; rules and events are written in English and Simplified Chinese, so the other
 * locales read them in English (`wordsLanguage` says which). Works in the page and in node (the
 * diff command), from the live machine's graph or from a committed description.
 */

export const locales = { en, es, fr, 'zh-Hans': zhHans, 'zh-Hant': zhHant } as const
export type Locale = keyof typeof locales
export type WordsLanguage = keyof Words

/** The language the machine's words are read in for a locale: its own, or English. */
export function wordsLanguage(locale: string): WordsLanguage {
  return locale === 'zh-Hans' ? 'zh-Hans' : 'en'
}

/** The locale's own name, as its speakers write it (the locale list shows these, not codes). */
export function localeName(locale: string): string {
  const names: Record<string, string> = { en: 'English', es: 'Español', fr: 'Français', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' }
  return names[locale] ?? locale
}

const isLocale = (locale: string): locale is Locale => locale in locales

/** A screen's title as the borrower sees it in that locale (the page's own route titles). */
export function screenTitle(screen: string, locale: string): string {
  const routes = (isLocale(locale) ? locales[locale] : en).routes as Record<string, string>
  return routes[screen] ?? (en.routes as Record<string, string>)[screen] ?? screen
}

/** A state as the speaker needs it: the chart's graph and the committed description both give these. */
export interface SpokenState {
  id: string
  path: string
  parent: string | null
  screen?: string
  words?: Words
  /** The calls it invokes (the graph gives `{ src }`, the description the names). */
  invokes?: readonly (string | { src: string })[]
}

const keyOf = (state: SpokenState) => state.path.slice(state.path.lastIndexOf('.') + 1)

/** `{name}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

type GuardTree = { op: 'and' | 'or' | 'not'; parts: GuardTree[] } | { guard: string; params: Record<string, string> } | { raw: string }

/** A guard as the machine description writes it (`and(a, not(b))`, `pollCapReached(kind: "credit")`) read back into a tree. */
export function parseGuard(text: string): GuardTree {
  let at = 0
  const expr = (): GuardTree => {
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(at))?.[0]
    if (name === undefined) {
      const rest = text.slice(at)
      at = text.length
      return { raw: rest }
    }
    at += name.length
    if (text[at] !== '(') return { guard: name, params: {} }
    at += 1
    if (name === 'and' || name === 'or' || name === 'not') {
      const parts: GuardTree[] = []
      while (at < text.length && text[at] !== ')') {
        parts.push(expr())
        if (text.startsWith(', ', at)) at += 2
        else if (text[at] !== ')') break
      }
      at += 1
      return { op: name, parts }
    }
    let depth = 1
    const start = at
    while (at < text.length && depth > 0) {
      if (text[at] === '(') depth += 1
      if (text[at] === ')') depth -= 1
      at += 1
    }
    const params: Record<string, string> = {}
    for (const m of text.slice(start, at - 1).matchAll(/(\w+): ("(?:[^"\\]|\\.)*"|[^,]+)/g)) {
      const [, key = '', value = ''] = m
      params[key] = value.startsWith('"') ? (JSON.parse(value) as string) : value
    }
    return { guard: name, params }
  }
  const tree = expr()
  return at < text.length ? { raw: text } : tree
}

/** "a, b and c" in English, "a、b且c" in Chinese. */
function joined(parts: string[], lang: WordsLanguage, last: { en: string; 'zh-Hans': string }): string {
  if (parts.length <= 1) return parts.join('')
  const head = parts.slice(0, -1)
  return lang === 'zh-Hans' ? `${head.join('、')}${last['zh-Hans']}${parts.at(-1)}` : `${head.join(', ')} ${last.en} ${parts.at(-1)}`
}

/** A guard as a sentence ("the lender's price is in, the agreements are ticked and the code is typed"). */
export function guardSentence(text: string, locale: string): string {
  const lang = wordsLanguage(locale)
  const say = (tree: GuardTree): string => {
    if ('raw' in tree) return tree.raw
    if ('op' in tree) {
      if (tree.op === 'not') {
        const inner = tree.parts[0]
        const negated = inner && 'guard' in inner ? (guardWords as Record<string, { not?: Words }>)[inner.guard]?.not : undefined
        if (negated) return negated[lang]
        return lang === 'zh-Hans' ? `并非${inner ? say(inner) : ''}` : `not so: ${inner ? say(inner) : ''}`
      }
      return joined(tree.parts.map(say), lang, tree.op === 'and' ? { en: 'and', 'zh-Hans': '且' } : { en: 'or', 'zh-Hans': '或' })
    }
    const words = (guardWords as Record<string, Words>)[tree.guard]
    if (words === undefined) return text
    const values: Record<string, string> = {}
    for (const [key, value] of Object.entries(tree.params)) {
      const kind = (pollKindWords as Record<string, Words>)[value]
      values[key] = key === 'kind' && kind ? kind[lang] : key === 'screen' || key === 'page' ? screenTitle(value, locale) : value
    }
    return fill(words[lang], values)
  }
  return say(parseGuard(text))
}

/** The names a guard text uses (for the "details" line and for search). */
export function guardNames(text: string): string[] {
  const out: string[] = []
  const walk = (tree: GuardTree) => {
    if ('op' in tree) tree.parts.forEach(walk)
    else if ('guard' in tree) out.push(tree.guard)
  }
  walk(parseGuard(text))
  return out
}

/** What a transition needs to be said. */
export interface SpokenTransition {
  event: string
  kind: string
  source: string
}

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export interface Speaker {
  /** A state: its screen's title, and the steps inside it ("Bank card · sending the code"). */
  state(id: string): string
  /** A screen state's purpose, when it has words. */
  purpose(id: string): string | undefined
  /** A transition's event, as a button would say it ("Send code", "Bind the card: answered"). */
  event(t: SpokenTransition): string
  guard(text: string): string
  /** A call the machine makes (an invoked actor). */
  call(src: string): string
  lang: WordsLanguage
}

const reauthWords: Words = { en: 'after the login expired', 'zh-Hans': '登录失效后' }

/** Says states and events of one machine (its states as the graph or the description lists them) in a locale. */
export function speaker(states: readonly SpokenState[], locale: string): Speaker {
  const lang = wordsLanguage(locale)
  const byId = new Map(states.map((s) => [s.id, s]))
  const byPath = new Map(states.map((s) => [s.path, s]))
  const step = (key: string) => (stepWords[key] ?? (key === 'reauth' ? reauthWords : undefined))?.[lang] ?? key
  const call = (src: string) => (callWords as Record<string, Words>)[src]?.[lang] ?? src
  const cache = new Map<string, string>()
  const state = (id: string): string => {
    const s = byId.get(id) ?? byPath.get(id)
    if (s === undefined) return id
    const known = cache.get(s.id)
    if (known !== undefined) return known
    const chain: SpokenState[] = []
    for (let at: SpokenState | undefined = s; at !== undefined; at = at.parent === null ? undefined : byId.get(at.parent)) chain.unshift(at)
    const screenAt = chain.findLastIndex((at) => at.screen !== undefined)
    const parts: string[] = []
    if (screenAt >= 0) {
      const screen = chain[screenAt] as SpokenState
      if (keyOf(screen) === screen.screen) parts.push(screenTitle(screen.screen, locale))
      else {
        // A state showing a screen under another name (the vendor's page inside face verification, re-login).
        const outer = chain.slice(0, screenAt).findLast((at) => at.screen !== undefined)
        parts.push(outer ? state(outer.id) : screenTitle(screen.screen ?? '', locale), step(keyOf(screen)))
      }
      for (const at of chain.slice(screenAt + 1)) parts.push(step(keyOf(at)))
    } else {
      const below = chain.filter((at) => !['app', 'session', 'screens'].includes(keyOf(at)))
      parts.push(...(below.length > 0 ? below : chain.slice(-1)).map((at) => step(keyOf(at))))
      parts[0] = capital(parts[0] ?? '')
    }
    const said = parts.join(' · ')
    cache.set(s.id, said)
    return said
  }
  const event = (t: SpokenTransition): string => {
    if (t.kind === 'route') return machineWords.route[lang]
    const own = (eventWords as Record<string, Words>)[t.event]
    if (own) return own[lang]
    if (t.kind === 'always' || t.event === '') return machineWords.always[lang]
    const after = /^xstate\.after\.(\w+)\./.exec(t.event)
    if (after) return (delayWords as Record<string, Words>)[after[1] ?? '']?.[lang] ?? t.event
    const actor = /^xstate\.(done|error)\.actor\.\d+\.(.+)$/.exec(t.event)
    if (actor) {
      const invoker = byPath.get(actor[2] ?? '') ?? byId.get(t.source)
      const first = invoker?.invokes?.[0]
      const src = typeof first === 'string' ? first : first?.src
      return fill((actor[1] === 'done' ? machineWords.answered : machineWords.callFailed)[lang], { call: capital(src !== undefined ? call(src) : state(t.source)) })
    }
    const done = /^xstate\.done\.state\.(.+)$/.exec(t.event)
    if (done) return fill(machineWords.stateDone[lang], { state: state(done[1] ?? '') })
    return t.event
  }
  return { state, purpose: (id) => byId.get(id)?.words?.[lang], event, guard: (text) => guardSentence(text, locale), call, lang }
}
