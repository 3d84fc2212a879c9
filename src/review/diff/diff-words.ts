import type { DescribedTransition } from '../../../tests/model/engine/machine-description'
import type { MachineDiff, TransitionChange } from '../../../tests/model/engine/machine-diff'
import { guardSentence, parseGuard, speaker, wordsLanguage, type Speaker, type SpokenState } from '../plain-words'

/*
 * What changed in the machine, each change said as a reviewer at a lender would say it ("Bank
 * card: Send code now also requires that the withhold agreement is ticked"), with the code names it
 * stands for and what it marks on the map and the chart. The reviewer page and `npm run
 * review:diff` print the same list. Generated paths that walk differently follow from these
 * changes; they are listed only when asked for.
 */

export type ChangeKind = 'added' | 'removed' | 'changed' | 'retargeted' | 'guard' | 'actions' | 'path'

export interface Change {
  kind: ChangeKind
  /** The change in words. */
  text: string
  /** The code names it stands for (a details line, a hover). */
  code: string
  /** The state it opens and marks; for a transition, its key too. */
  state: string
  transition?: string
}

const phrases = {
  en: {
    alsoNeeds: '{event} now also requires that {rule}',
    noLongerNeeds: '{event} no longer requires that {rule}',
    nowNeeds: '{event} now requires that {rule}',
    needsNothing: '{event} no longer has a condition (it required that {rule})',
    needsOther: '{event} now requires that {rule} (it required that {was})',
    added: 'new: {event} → {to}',
    addedIf: 'new: {event}, if {rule} → {to}',
    removed: '{event} → {to} is gone',
    retargeted: '{event} now leads to {to} (it led to {was})',
    actions: '{event} now does other things on the way',
    stateAdded: 'a new step: {state}',
    stateRemoved: 'the step {state} is gone',
    calls: 'now calls: {to} (it called: {was})',
    field: '{field} changed',
    nothing: 'nothing',
    path: 'a generated path walks differently: {title}',
  },
  'zh-Hans': {
    alsoNeeds: '{event}现在还要求：{rule}',
    noLongerNeeds: '{event}不再要求：{rule}',
    nowNeeds: '{event}现在要求：{rule}',
    needsNothing: '{event}不再有条件（原要求：{rule}）',
    needsOther: '{event}现在要求：{rule}（原要求：{was}）',
    added: '新增：{event} → {to}',
    addedIf: '新增：{event}，条件：{rule} → {to}',
    removed: '{event} → {to} 已删除',
    retargeted: '{event}现在去往{to}（原去往{was}）',
    actions: '{event}途中所做的事情变了',
    stateAdded: '新增步骤：{state}',
    stateRemoved: '步骤已删除：{state}',
    calls: '现在调用：{to}（原调用：{was}）',
    field: '{field}已更改',
    nothing: '无',
    path: '一条生成路径走法不同：{title}',
  },
} as const
type Phrase = keyof (typeof phrases)['en']

/** The parts of an `and(…)` guard (or the guard itself), as the description writes them. */
function conjuncts(guard: string | null | undefined): string[] {
  if (guard === null || guard === undefined) return []
  const tree = parseGuard(guard)
  if (!('op' in tree) || tree.op !== 'and') return [guard]
  // Each part written back as its own guard text, so it reads on its own.
  const inner = guard.slice(guard.indexOf('(') + 1, -1)
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < inner.length; i += 1) {
    if (inner[i] === '(') depth += 1
    if (inner[i] === ')') depth -= 1
    if (depth === 0 && inner.startsWith(', ', i)) {
      parts.push(inner.slice(start, i))
      start = i + 2
    }
  }
  parts.push(inner.slice(start))
  return parts
}

/** The screen a state belongs to, by its title: a change is said from the screen the reviewer knows. */
const screenPart = (said: string) => said.split(' · ')[0] ?? said

export function diffInWords(diff: MachineDiff, states: readonly SpokenState[], locale: string, options: { paths?: boolean } = {}): Change[] {
  const lang = wordsLanguage(locale)
  const say: Speaker = speaker(states, locale)
  const fill = (phrase: Phrase, values: Record<string, string>) => phrases[lang][phrase].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  const rule = (guards: string[]) => guardSentence(guards.length === 1 ? (guards[0] ?? '') : `and(${guards.join(', ')})`, locale)
  const where = (source: string) => screenPart(say.state(source))
  const event = (t: Pick<DescribedTransition, 'event' | 'kind' | 'source'>) => say.event(t)
  const targets = (ids: readonly string[] | string | null) => (Array.isArray(ids) ? (ids.length === 0 ? phrases[lang].nothing : ids.map((id) => say.state(id)).join(', ')) : phrases[lang].nothing)
  const kindOf = (key: string) => diff.transitions.added.find((t) => t.key === key)?.kind ?? diff.transitions.removed.find((t) => t.key === key)?.kind ?? 'event'
  const changeOf = (c: TransitionChange) => ({ event: c.event, kind: kindOf(c.key), source: c.source })

  const colon = lang === 'zh-Hans' ? '：' : ': '
  const changes: Change[] = []
  // Said from its screen; from its step on that screen when the same words would otherwise say two changes.
  const said = new Map<Change, string>()
  const transition = (kind: ChangeKind, c: { key: string; source: string }, text: string, code: string) => {
    const change: Change = { kind, text: `${where(c.source)}${colon}${text}`, code, state: c.source, transition: c.key }
    said.set(change, text)
    changes.push(change)
  }

  for (const c of diff.transitions.guardChanged) {
    const before = conjuncts(c.before as string | null)
    const after = conjuncts(c.after as string | null)
    const gained = after.filter((g) => !before.includes(g))
    const lost = before.filter((g) => !after.includes(g))
    const e = event(changeOf(c))
    const text =
      before.length === 0
        ? fill('nowNeeds', { event: e, rule: rule(after) })
        : after.length === 0
          ? fill('needsNothing', { event: e, rule: rule(before) })
          : lost.length === 0
            ? fill('alsoNeeds', { event: e, rule: rule(gained) })
            : gained.length === 0
              ? fill('noLongerNeeds', { event: e, rule: rule(lost) })
              : fill('needsOther', { event: e, rule: rule(after), was: rule(before) })
    transition('guard', c, text, `${c.key}: guard ${String(c.before ?? 'none')} → ${String(c.after ?? 'none')}`)
  }
  // A new step's own ways out are part of it, and so are a removed one's: listed with the step, not one by one.
  const newSteps = new Set(diff.states.added.map((s) => s.id))
  const goneSteps = new Set(diff.states.removed.map((s) => s.id))
  for (const t of diff.transitions.added.filter((t) => !newSteps.has(t.source))) {
    const text = t.guard !== undefined ? fill('addedIf', { event: event(t), rule: guardSentence(t.guard, locale), to: targets(t.targets) }) : fill('added', { event: event(t), to: targets(t.targets) })
    transition('added', t, text, `${t.key} → ${t.targets.join(', ') || '(in place)'}${t.guard !== undefined ? ` [${t.guard}]` : ''}`)
  }
  for (const t of diff.transitions.removed.filter((t) => !goneSteps.has(t.source))) transition('removed', t, fill('removed', { event: event(t), to: targets(t.targets) }), `${t.key} → ${t.targets.join(', ') || '(in place)'}`)
  for (const c of diff.transitions.retargeted) {
    transition('retargeted', c, fill('retargeted', { event: event(changeOf(c)), to: targets(c.after), was: targets(c.before) }), `${c.key}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
  }
  for (const c of diff.transitions.actionsChanged) {
    transition('actions', c, fill('actions', { event: event(changeOf(c)) }), `${c.key}: actions ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
  }
  for (const s of diff.states.added) changes.push({ kind: 'added', text: fill('stateAdded', { state: say.state(s.id) }), code: `${s.id} (${s.path})`, state: s.id })
  for (const s of diff.states.removed) changes.push({ kind: 'removed', text: fill('stateRemoved', { state: say.state(s.id) }), code: `${s.id} (${s.path})`, state: s.id })
  for (const c of diff.states.changed) {
    const parts = c.changes.map((f) =>
      f.field === 'invokes'
        ? fill('calls', { to: ((f.after as string[] | null) ?? []).map(say.call).join(', ') || phrases[lang].nothing, was: ((f.before as string[] | null) ?? []).map(say.call).join(', ') || phrases[lang].nothing })
        : fill('field', { field: f.field }),
    )
    changes.push({ kind: 'changed', text: `${say.state(c.id)}${colon}${parts.join('; ')}`, code: c.changes.map((f) => `${c.id} ${f.field}: ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; '), state: c.id })
  }
  if (options.paths) {
    for (const p of [...diff.paths.gained, ...diff.paths.lost]) changes.push({ kind: 'path', text: fill('path', { title: p.title }), code: p.steps.join('\n'), state: '' })
  }
  const twice = new Set(changes.filter((change, i) => changes.findIndex((other) => other.text === change.text) !== i).map((change) => change.text))
  for (const change of changes) {
    const text = said.get(change)
    if (text !== undefined && twice.has(change.text)) change.text = `${say.state(change.state)}${colon}${text}`
  }
  return changes
}
