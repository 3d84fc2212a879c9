import type { MachineDiff } from '../../../tests/model/engine/machine-diff'
import type { SpokenState } from '../plain-words'
import { diffInWords, type Change } from './diff-words'
import { pageWord } from '../page-words'

/** The approved machine is named in the page's language; a commit by itself. */
export const baseName = (base: string) => (base === 'the approved machine' ? pageWord('approvedMachine') : base)

/*
 * The "what changed" list beside the chart (data/machine-diff.json, written by `npm run
 * review:diff`), and which states and transitions the map and chart mark. Every entry names a
 * state id or a transition key as the chart does (the coverage keys), so the page can open it.
 */

/** How a state or transition differs from the base. */
export type DiffMark = 'added' | 'removed' | 'changed' | 'retargeted' | 'guard' | 'actions'

export interface DiffHighlights {
  /** State id → how it changed (removed states are not on the chart; they are listed). */
  states: Map<string, DiffMark>
  /** Transition key → every way it changed. */
  transitions: Map<string, DiffMark[]>
}

export function diffHighlights(diff: MachineDiff): DiffHighlights {
  const states = new Map<string, DiffMark>()
  for (const s of diff.states.added) states.set(s.id, 'added')
  for (const s of diff.states.removed) states.set(s.id, 'removed')
  for (const s of diff.states.changed) states.set(s.id, 'changed')
  const transitions = new Map<string, DiffMark[]>()
  const mark = (key: string, how: DiffMark) => transitions.set(key, [...(transitions.get(key) ?? []), how])
  for (const t of diff.transitions.added) mark(t.key, 'added')
  for (const t of diff.transitions.removed) mark(t.key, 'removed')
  for (const t of diff.transitions.retargeted) mark(t.key, 'retargeted')
  for (const t of diff.transitions.guardChanged) mark(t.key, 'guard')
  for (const t of diff.transitions.actionsChanged) mark(t.key, 'actions')
  return { states, transitions }
}

export interface DiffPanelOptions {
  /** A state entry was chosen: open it on the chart. */
  onState?: (id: string) => void
  /** A transition entry was chosen: open its source on the chart. */
  onTransition?: (key: string, source: string) => void
  /** The locale the list is said in (English by default). */
  locale?: string
  /** The states the changes are named by: the machine's own (with its words), else the diff's. */
  states?: readonly SpokenState[]
}

type Child = Node | string

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

/**
 * Code a narrow panel may break where a reader would: after each dot of a state path, each `|` of
 * a transition key (a `<wbr>` there); nowhere else unless a word is wider than the panel.
 */
function breakable(text: string): Child[] {
  return text.split(/(?<=[./|])/).flatMap((part, i) => (i === 0 ? [part] : [document.createElement('wbr'), part]))
}

const markOf = (change: Change): DiffMark => (change.kind === 'path' ? 'changed' : change.kind)

/**
 * The list: each change in words, a button that opens what it names on the chart (the code names on
 * hover and in its details line); the generated paths that walk differently behind one closed line.
 */
export function renderDiffPanel(container: HTMLElement, diff: MachineDiff, options: DiffPanelOptions = {}): Change[] {
  const states = options.states ?? [...diff.states.added, ...diff.states.removed]
  const all = diffInWords(diff, [...states, ...diff.states.removed], options.locale ?? 'en', { paths: true })
  const changes = all.filter((c) => c.kind !== 'path')
  const paths = all.filter((c) => c.kind === 'path')
  const item = (change: Change) => {
    const button = el('button', { type: 'button', class: 'diff-change', 'data-diff': markOf(change), title: change.code, ...(change.transition ? { 'data-transition-key': change.transition } : { 'data-state-id': change.state }) }, change.text)
    button.addEventListener('click', () => (change.transition ? options.onTransition?.(change.transition, change.state) : options.onState?.(change.state)))
    return el('li', {}, button, el('details', { class: 'diff-code' }, el('summary', {}, pageWord('details')), el('code', {}, ...breakable(change.code))))
  }
  container.replaceChildren(
    el(
      'section',
      { class: 'diff-panel', 'aria-label': 'What changed' },
      el('h2', {}, pageWord('whatChanged')),
      el('p', { class: 'diff-sides' }, pageWord('against', { base: baseName(diff.base) }), changes.length === 0 ? pageWord('noChange') : changes.length === 1 ? pageWord('oneChange') : pageWord('changes', { n: changes.length })),
      ...(changes.length > 0 ? [el('ul', { class: 'diff-list' }, ...changes.map(item))] : []),
      ...(paths.length > 0
        ? [el('details', { class: 'diff-paths' }, el('summary', {}, pageWord('pathsDiffer', { n: paths.length })), el('ul', {}, ...paths.map((p) => el('li', { title: p.code }, p.text))))]
        : []),
    ),
  )
  return changes
}
