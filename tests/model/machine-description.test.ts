import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, createMachine, not, or, type AnyStateMachine } from 'xstate'
import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { descriptionFile, descriptionText, describeMachine } from './engine/machine-description'
import { changeCount, diffGoldenPaths, diffMachines } from './engine/machine-diff'

/*
 * The machine's description is committed beside the golden paths and must match the machine; a
 * diff of two descriptions names exactly what changed in behaviour, nothing more.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')

interface StateConfig {
  states?: Record<string, StateConfig>
  on?: Record<string, unknown>
  [key: string]: unknown
}

/** A copy of a machine config with `change` applied to every state node config (copy on write). */
function mapStates(node: StateConfig, change: (node: StateConfig, keys: string[]) => StateConfig, keys: string[] = []): StateConfig {
  const states = node.states === undefined ? undefined : Object.fromEntries(Object.entries(node.states).map(([k, c]) => [k, mapStates(c, change, [...keys, k])]))
  return change({ ...node, ...(states !== undefined ? { states } : {}) }, keys)
}

function copyOf(machine: AnyStateMachine, change: (node: StateConfig, keys: string[]) => StateConfig): AnyStateMachine {
  return createMachine(mapStates(machine.config as StateConfig, change) as never, machine.implementations as never) as AnyStateMachine
}

test('the committed machine description is the machine’s', () => {
  const committed = readFileSync(path.join(repoRoot, descriptionFile), 'utf8')
  const current = descriptionText(describeMachine(appMachine))
  if (committed !== current) {
    const diff = diffMachines({ base: { label: 'committed', description: JSON.parse(committed) }, head: { label: 'machine', description: JSON.parse(current) } })
    expect.fail(
      `${descriptionFile} differs from the machine (${changeCount(diff)} changes: ${JSON.stringify({ states: diff.states, transitions: diff.transitions }).slice(0, 2_000)}).\n` +
        'If the machine is meant to behave so, run `npm run paths -- --approve` and commit the file.',
    )
  }
})

test('a copy of the machine with one guard inverted and one state added differs by exactly those two changes', () => {
  const changed = copyOf(appMachine, (node, keys) => {
    const at = keys.join('.')
    if (at === 'session.screens.loanDemand.editing') {
      const on = node.on as Record<string, { guard?: unknown }>
      return { ...node, on: { ...on, 'form.submit': { ...on['form.submit'], guard: not('demandReady') } } }
    }
    if (at === 'session.screens.home') return { ...node, states: { ...node.states, holiday: { on: { 'home.continue': '#home' } } } }
    return node
  })
  const diff = diffMachines({ base: { label: 'machine', description: describeMachine(appMachine) }, head: { label: 'copy', description: describeMachine(changed) } })

  expect(diff.states.added.map((s) => s.path)).toEqual(['app.session.screens.home.holiday'])
  expect(diff.transitions.guardChanged.map(({ key, before, after }) => ({ key, before, after }))).toEqual([
    { key: 'app.session.screens.loanDemand.editing | form.submit | 0', before: 'demandReady', after: 'not(demandReady)' },
  ])
  // The new state's own transition is part of the state added, not a change of its own.
  expect(diff.transitions.added.map((t) => t.source)).toEqual(['app.session.screens.home.holiday'])
  expect(changeCount(diff) - diff.transitions.added.length).toBe(2)
})

test('guards read by their structure (and, or, not), whatever the functions are called', () => {
  const machine = createMachine(
    {
      id: 'm',
      initial: 'a',
      states: {
        a: {
          on: {
            go: [
              { guard: and(['ready', not('blocked')]), target: 'b' },
              { guard: or([{ type: 'atLeast', params: { n: 2 } }, 'forced']), target: 'b' },
              { guard: () => true, target: 'b' },
            ],
          },
        },
        b: {},
      },
    },
    { guards: { ready: () => true, blocked: () => false, atLeast: () => true, forced: () => false } },
  )
  expect(describeMachine(machine).transitions.map((t) => t.guard)).toEqual([
    'and(ready, not(blocked))',
    'or(atLeast(n: 2), forced)',
    'inline guard of m.a on go',
  ])
})

test('golden paths are gained and lost by what they walk, not by their renumbered ids', () => {
  const header = '# Model paths\n\n'
  const before = `${header}state-1 [fresh] for a\n   0. start:fresh → a\n\nstate-2 [fresh] for b\n   0. start:fresh → a\n   1. go → b\n`
  const after = `${header}state-1 [fresh] for b\n   0. start:fresh → a\n   1. go → b\n\nstate-2 [fresh] for c\n   0. start:fresh → a\n   1. jump → c\n`
  const diff = diffGoldenPaths(before, after)
  expect(diff.gained.map((p) => `${p.id} ${p.title}`)).toEqual(['state-2 [fresh] for c'])
  expect(diff.lost.map((p) => `${p.id} ${p.title}`)).toEqual(['state-1 [fresh] for a'])
  expect(diff.gained[0]?.steps).toEqual(['0. start:fresh → a', '1. jump → c'])
})
