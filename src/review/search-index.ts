import type { MachineGraph } from './machine-graph'
import { locales, localeName, screenTitle } from './plain-words'
import { matchesWords } from './word-search'

/*
 * What a reviewer types to find a screen: its title or what it says, in any of the borrower's
 * locales ("还款", "SMS code"), the words of a rule or an event ("agreement"), or a code name.
 * Every state and transition of the machine is an entry; each text it can be found by has a weight,
 * so a screen whose title matches comes before one whose body does, and both before a rule.
 */

/**
 * Which screen states show each section of the borrower's texts (locales/*.json `screens.*`, and
 * the agreements' names): the page's components read these sections, named after the screens.
 */
const sectionScreens: Record<string, readonly string[]> = {
  home: ['home'],
  login: ['login', 'reauth'],
  demand: ['loanDemand'],
  trial: ['loanDemand', 'lendConfirm'],
  face: ['facialIdentification'],
  basic: ['basicInfo'],
  asset: ['assetInfo'],
  contact: ['contact'],
  card: ['bankCard'],
  sms: ['bankCard', 'lendConfirm'],
  review: ['review'],
  result: ['result'],
  match: ['match'],
  lend: ['lendConfirm'],
  plan: ['loanPlan', 'repayPlan'],
  repay: ['repayment', 'repayDetail'],
  pay: ['paymentConfirm', 'repaymentResult'],
  rights: ['rights'],
  webview: ['webview'],
}
const agreementScreens = ['privacy', 'thirdProtocol', 'bankCard', 'lendConfirm', 'rights']

const weight = { title: 100, onScreen: 60, purpose: 50, rule: 40, event: 35, code: 20 } as const
export type Found = keyof typeof weight

interface Text {
  text: string
  found: Found
  locale?: string
}

export interface Entry {
  /** The state the result opens (a transition opens its source). */
  state: string
  /** What the result says: the state's words, or the transition's sentence. */
  label: string
  kind: 'screen' | 'state' | 'rule'
  texts: Text[]
}

export interface Hit {
  entry: Entry
  score: number
  /** The text it was found by, and where: shown under the result. */
  by: Text
}

/** Every string a locale section holds, nested ones included, placeholders dropped. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/\{\{[^}]*\}\}/g, ' ')]
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

export function searchIndex(graph: MachineGraph): Entry[] {
  const onScreen = new Map<string, Text[]>()
  const add = (id: string, texts: Text[]) => onScreen.set(id, [...(onScreen.get(id) ?? []), ...texts])
  for (const [locale, messages] of Object.entries(locales)) {
    for (const [section, ids] of Object.entries(sectionScreens)) {
      const texts = strings((messages.screens as Record<string, unknown>)[section]).map((text) => ({ text, found: 'onScreen' as const, locale }))
      for (const id of ids) add(id, texts)
    }
    const agreements = strings(messages.agreements).map((text) => ({ text, found: 'onScreen' as const, locale }))
    for (const id of agreementScreens) add(id, agreements)
  }
  const entries: Entry[] = graph.states.map((s) => ({
    state: s.id,
    label: s.said.full,
    kind: s.screen !== undefined ? 'screen' : 'state',
    texts: [
      { text: s.said.full, found: s.screen !== undefined ? 'title' : 'purpose' },
      ...(s.screen !== undefined && s.key === s.screen ? Object.keys(locales).map((locale) => ({ text: screenTitle(s.screen ?? '', locale), found: 'title' as const, locale })) : []),
      ...Object.entries(s.words ?? {}).map(([locale, text]) => ({ text, found: 'purpose' as const, locale })),
      ...(onScreen.get(s.id) ?? []),
      { text: s.id, found: 'code' },
      { text: s.path, found: 'code' },
    ],
  }))
  for (const t of graph.transitions) {
    entries.push({
      state: t.source,
      label: t.said.sentence,
      kind: 'rule',
      texts: [
        { text: t.said.event, found: 'event' },
        ...(t.said.guard !== undefined ? [{ text: t.said.guard, found: 'rule' as const }] : []),
        { text: t.said.code, found: 'code' },
      ],
    })
  }
  return entries
}

const han = /[\u3400-\u9fff]/

function matches(query: string, text: string): boolean {
  // Chinese is not split into words: a query in it is found anywhere in the text.
  if (han.test(query)) return text.includes(query.trim())
  return matchesWords(query, text)
}

/** The entries a query finds, best first: a title before what a screen says, before a rule, before a code name. */
export function find(entries: readonly Entry[], query: string, limit = 20): Hit[] {
  const q = query.trim()
  if (q === '') return []
  const hits: Hit[] = []
  for (const entry of entries) {
    let best: Hit | null = null
    for (const by of entry.texts) {
      if (!matches(q, by.text)) continue
      // A whole-word or starting match counts a little more than one inside a longer text.
      const score = weight[by.found] + (by.text.toLowerCase().startsWith(q.toLowerCase()) ? 5 : 0) + (entry.kind === 'screen' ? 3 : 0)
      if (best === null || score > best.score) best = { entry, score, by }
    }
    if (best) hits.push(best)
  }
  return hits.sort((a, b) => b.score - a.score || a.entry.label.length - b.entry.label.length).slice(0, limit)
}

/** Where a hit was found, in a few words: "title (简体中文)", "on screen (English): …". */
export function foundBy(hit: Hit): string {
  const where = { title: 'title', onScreen: 'on screen', purpose: 'purpose', rule: 'rule', event: 'event', code: 'code name' }[hit.by.found]
  const locale = hit.by.locale ? ` (${localeName(hit.by.locale)})` : ''
  const text = hit.by.text.length > 60 ? `${hit.by.text.slice(0, 59)}…` : hit.by.text
  return hit.by.found === 'title' && hit.by.text === hit.entry.label ? `${where}${locale}` : `${where}${locale}: ${text}`
}
