import { createMachine } from 'xstate'
import type { AnyStateMachine } from 'xstate'
import { beforeAll, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { coverageOf, uncoveredTransitions } from './engine/coverage'
import { instrument } from './engine/instrument'
import { cachedPaths } from './engine/path-cache'
import { generatePaths } from './engine/paths'
import type { PathSet } from './engine/model-path'
import { replayAll } from './engine/replay'

/** Each test generates paths (seconds of CPU each): no test may fail because the machine is busy. */
const generous = { timeout: 600_000 }

type Config = { states: Record<string, { on?: Record<string, unknown> } & Record<string, unknown>> } & Record<string, unknown>

/** The app's machine with a change to its definition, as an engineer might make it. */
function changedMachine(change: (config: Config) => Config): AnyStateMachine {
  const config = appMachine.config as unknown as Config
  return createMachine(change(config) as never, appMachine.implementations as never) as unknown as AnyStateMachine
}

// The same seed giving the same paths is the golden check's (machine-paths.test.ts); another seed
// reaching as much on other paths is `npm run paths -- --seed 7`'s, as it generates the whole set again.

/*
 * One machine changed three ways, as an engineer might leave it, generated once: a state nothing
 * leads to, a transition whose guard always says no, and an event the model has no sample for.
 */
let changed: { set: PathSet; seen: Awaited<ReturnType<typeof replayAll>>['seen'] }

beforeAll(async () => {
  const machine = changedMachine((config) => {
    const login = config.states.login ?? {}
    return {
      ...config,
      states: {
        ...config.states,
        orphan: { description: 'Nothing leads here.' },
        login: { ...login, on: { ...login.on, 'nav.home': { target: '#home', guard: () => false }, 'host.resumed': {} } },
      },
    }
  })
  // Kept on disk like the other sets: generating it is most of this file's 20 CPU-seconds.
  const set = cachedPaths('tests/model/model-generation.test.ts', { machine: 'changed three ways' }, () => generatePaths({ machine }))
  const { seen } = await replayAll(instrument(machine), [...set.statePaths, ...set.edgePaths])
  changed = { set, seen }
}, generous.timeout)

test('a state added to the machine with no way to reach it fails machine-level coverage', () => {
  expect(changed.set.unreached.states).toEqual(['app.orphan'])
  expect(coverageOf('machine', changed.set.targets, changed.seen).states.missing).toEqual(['app.orphan'])
})

test('a transition that no event can take fails machine-level coverage', () => {
  // The event without a sample is never sent either, so its transition is uncovered beside the dead one.
  expect(uncoveredTransitions(coverageOf('machine', changed.set.targets, changed.seen))).toEqual(['login | nav.home | 0', 'login | host.resumed | 0'])
})

test('an event the machine accepts but the model has no sample for is reported as a model gap', () => {
  expect(changed.set.missing).toEqual(['event sample for host.resumed'])
})
