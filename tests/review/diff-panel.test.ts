// @vitest-environment jsdom
import { expect, test } from 'vitest'
import { createMachine, not } from 'xstate'
import { describeMachine } from '../model/engine/machine-description'
import { diffMachines } from '../model/engine/machine-diff'
import { diffHighlights, renderDiffPanel } from '../../src/review/diff/diff-panel'

/*
 * The reviewer's "what changed" list: a machine and its copy with one guard inverted and one state
 * added show those two entries and nothing else, each naming what the chart marks.
 */

const guards = { ready: () => true }
const before = createMachine(
  { id: 'm', initial: 'a', states: { a: { on: { go: { guard: 'ready', target: 'b' } } }, b: {} } },
  { guards },
)
const after = createMachine(
  { id: 'm', initial: 'a', states: { a: { on: { go: { guard: not('ready'), target: 'b' } } }, b: {}, c: {} } },
  { guards },
)
const diff = diffMachines({ base: { label: 'main', description: describeMachine(before) }, head: { label: 'branch', description: describeMachine(after) } })

test('the list shows the state added and the guard changed, and nothing else', () => {
  const container = document.createElement('div')
  renderDiffPanel(container, diff)
  const groups = [...container.querySelectorAll('.diff-group')].map((g) => ({
    title: g.querySelector('h3')?.textContent,
    items: [...g.querySelectorAll(':scope > ul > li')].map((li) => li.textContent),
  }))
  expect(groups).toEqual([
    { title: 'States added (1)', items: ['m.c'] },
    { title: 'Guards changed (1)', items: ['m.a: go was ready, now not(ready)'] },
  ])
  expect(container.querySelector('.diff-sides')?.textContent).toBe('main → branch: 2 changes in behaviour')
})

test('the chart marks exactly the changed state and transition, and an entry opens what it names', () => {
  const { states, transitions } = diffHighlights(diff)
  expect([...states]).toEqual([['m.c', 'added']])
  expect([...transitions]).toEqual([['m.a | go | 0', ['guard']]])

  const opened: string[] = []
  const container = document.createElement('div')
  renderDiffPanel(container, diff, { onState: (id) => opened.push(`state ${id}`), onTransition: (key, source) => opened.push(`transition ${key} from ${source}`) })
  for (const button of container.querySelectorAll('button')) button.click()
  expect(opened).toEqual(['state m.c', 'transition m.a | go | 0 from m.a'])
})

test('no change says so', () => {
  const container = document.createElement('div')
  renderDiffPanel(container, diffMachines({ base: { label: 'a', description: describeMachine(before) }, head: { label: 'b', description: describeMachine(before) } }))
  expect(container.querySelector('.diff-sides')?.textContent).toBe('a → b: no change in behaviour')
  expect(container.querySelectorAll('.diff-group')).toHaveLength(0)
})
