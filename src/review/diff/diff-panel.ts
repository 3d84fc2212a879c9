import type { DescribedState, DescribedTransition } from '../../../tests/model/engine/machine-description'
import type { GoldenPath, MachineDiff, TransitionChange } from '../../../tests/model/engine/machine-diff'

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
}

type Child = Node | string

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

/**
 * Text a narrow panel may break where a reader would: after each dot of a state path, each `|` of
 * a transition key, each `/` of a route (a `<wbr>` there); nowhere else unless a word is wider
 * than the panel.
 */
function breakable(text: string): Child[] {
  return text.split(/(?<=[./|])/).flatMap((part, i) => (i === 0 ? [part] : [document.createElement('wbr'), part]))
}

const listText = (value: string[] | string | null) => (value === null ? 'none' : Array.isArray(value) ? (value.length === 0 ? '(stays)' : value.join(', ')) : value)

/** The last keys of a state id, enough to find it on the chart: `bankCard.confirming`. */
const shortId = (id: string) => id.split('.').slice(-2).join('.')

function group(title: string, items: HTMLElement[]): HTMLElement | null {
  if (items.length === 0) return null
  return el('section', { class: 'diff-group' }, el('h3', {}, `${title} (${items.length})`), el('ul', {}, ...items))
}

export function renderDiffPanel(container: HTMLElement, diff: MachineDiff, options: DiffPanelOptions = {}): void {
  const stateItem = (s: Pick<DescribedState, 'id' | 'path' | 'screen'>, how: DiffMark, detail = '') => {
    const button = el('button', { type: 'button', 'data-state-id': s.id, 'data-diff': how }, ...breakable(s.path))
    button.addEventListener('click', () => options.onState?.(s.id))
    return el('li', {}, button, ...(s.screen !== undefined ? [` screen ${s.screen}`] : []), ...(detail ? [el('span', { class: 'diff-detail' }, detail)] : []))
  }
  const transitionButton = (key: string, source: string, how: DiffMark, text: string) => {
    const button = el('button', { type: 'button', 'data-transition-key': key, 'data-diff': how }, ...breakable(text))
    button.addEventListener('click', () => options.onTransition?.(key, source))
    return button
  }
  const described = (t: DescribedTransition, how: DiffMark) =>
    el(
      'li',
      {},
      transitionButton(t.key, t.source, how, `${shortId(t.source)}: ${t.key.split(' | ')[1] ?? t.event}`),
      el('span', { class: 'diff-detail' }, ...breakable(` → ${listText(t.targets)}${t.guard !== undefined ? ` [${t.guard}]` : ''}`)),
    )
  const changed = (c: TransitionChange, how: DiffMark) =>
    el(
      'li',
      {},
      transitionButton(c.key, c.source, how, `${shortId(c.source)}: ${c.key.split(' | ')[1] ?? c.event}`),
      el('span', { class: 'diff-detail' }, ...breakable(` was ${listText(c.before)}, now ${listText(c.after)}`)),
    )
  const pathItem = (p: GoldenPath) =>
    el(
      'li',
      {},
      el('details', {}, el('summary', {}, ...breakable(`${p.title}, ${p.steps.length - 1} steps`)), el('ol', { start: '0' }, ...p.steps.map((s) => el('li', {}, ...breakable(s.replace(/^\d+\.\s*/, '')))))),
    )

  const { states, transitions, paths } = diff
  const groups = [
    group('States added', states.added.map((s) => stateItem(s, 'added'))),
    group('States removed', states.removed.map((s) => stateItem(s, 'removed'))),
    group('States changed', states.changed.map((c) => stateItem(c, 'changed', ` ${c.changes.map((f) => `${f.field}: ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; ')}`))),
    group('Transitions added', transitions.added.map((t) => described(t, 'added'))),
    group('Transitions removed', transitions.removed.map((t) => described(t, 'removed'))),
    group('Transitions retargeted', transitions.retargeted.map((c) => changed(c, 'retargeted'))),
    group('Guards changed', transitions.guardChanged.map((c) => changed(c, 'guard'))),
    group('Actions changed', transitions.actionsChanged.map((c) => changed(c, 'actions'))),
    group('Golden paths gained', paths.gained.map(pathItem)),
    group('Golden paths lost', paths.lost.map(pathItem)),
  ].filter((g): g is HTMLElement => g !== null)

  const behaviour = groups.filter((g) => !g.querySelector('details')).reduce((n, g) => n + g.querySelectorAll(':scope > ul > li').length, 0)
  container.replaceChildren(
    el(
      'section',
      { class: 'diff-panel', 'aria-label': 'What changed' },
      el('h2', {}, 'What changed'),
      el('p', { class: 'diff-sides' }, `${diff.base} → ${diff.head}: `, behaviour === 0 ? 'no change in behaviour' : `${behaviour} change${behaviour === 1 ? '' : 's'} in behaviour`),
      ...groups,
    ),
  )
}
