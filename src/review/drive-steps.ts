import { $, h } from './dom'
import { pageWord } from './page-words'
import { afterOff } from './drive-check'
import { page, type Drive } from './page-state'
import { pathTitle, pathWords, screensWalked, stepLines } from './path-names'
import type { ModelPath } from './review-data'
import { matchesWords } from './word-search'

/*
 * The drive's picker (the paths, filtered by screen, state or event, the longest first), its tally
 * and its steps as a list: each step's move and where it leads, its mark (✓, ✗ with where the
 * page went, ⧗ while the page is awaited) and what the drive did or needs for it.
 */

let filter = ''

export function driveSteps(drive: Drive, onPick: (at: number) => void): HTMLOListElement {
  const path = drive.path
  return h(
    'ol',
    { class: 'steps', start: '0' },
    ...stepLines(path).map(({ text, code }, i) => {
      const result = drive.results[i]
      const waiting = drive.awaiting === i
      return h(
        'li',
        { class: [i === drive.at ? 'current' : '', result ?? '', waiting ? 'waiting' : ''].join(' ').trim(), title: code, ...(i === drive.at ? { 'aria-current': 'step' } : {}) },
        // The mark leads, so it stays beside its step when a long step wraps.
        h('span', { class: `mark ${result ?? (waiting ? 'wait' : 'none')}` }, result === 'ok' ? '✓ ' : result === 'off' ? '✗ ' : waiting ? '⧗ ' : ''),
        h('button', { type: 'button', class: 'link', onclick: () => onPick(i) }, text),
        result === 'off' ? h('span', { class: 'mark off' }, ` ${drive.seen[i] ?? 'the page is elsewhere'}`) : null,
        result === 'off' && i === drive.at ? h('span', { class: 'drive-next' }, ` ${afterOff}`) : null,
        drive.notes[i] !== undefined && result !== 'off' ? h('span', { class: 'drive-note' }, ` — ${drive.notes[i]}`) : null,
      )
    }),
  )
}

export function tally(drive: Drive): string {
  const marks = drive.results.slice(1)
  const ok = marks.filter((r) => r === 'ok').length
  const off = marks.filter((r) => r === 'off').length
  return `${ok} ✓ · ${off} ✗ · ${drive.path.steps.length - ok - off} not yet, of ${drive.path.steps.length} steps`
}

export function picker(all: ModelPath[], startDrive: (path: ModelPath) => void): HTMLElement[] {
  const input = h('input', { type: 'search', id: 'drive-filter', value: filter, placeholder: pageWord('pathsFilter'), 'aria-label': 'Filter the paths' }) as HTMLInputElement
  input.addEventListener('input', () => {
    filter = input.value
    const select = $<HTMLSelectElement>('drive-path')
    select.replaceChildren(...options(all))
  })
  const select = h('select', { id: 'drive-path', 'aria-label': 'Generated path', onchange: (e: Event) => {
      // The first entry is the prompt, not a path: nothing to start.
      const chosen = all.find((p) => p.id === (e.target as HTMLSelectElement).value)
      if (chosen) startDrive(chosen)
    } }, ...options(all))
  return [h('label', {}, `${pageWord('findPaths')} `, input), h('label', {}, `${pageWord('path')} `, select)]
}

function options(all: ModelPath[]): HTMLOptionElement[] {
  const shown = filter ? all.filter((p) => matchesWords(filter, pathWords(p))) : all
  // The longest first: the whole-funnel walk leads.
  const sorted = [...shown].sort((a, b) => screensOf(b) - screensOf(a) || a.steps.length - b.steps.length)
  return [
    h('option', { value: '' }, `${pageWord('chooseOf', { n: shown.length })}${filter ? ` (${all.length})` : ''}`),
    ...sorted.map((p) => h('option', { value: p.id, selected: page.drive?.path.id === p.id }, pathTitle(p))),
  ]
}

const screensOf = (p: ModelPath) => new Set(screensWalked(p)).size

