import { createMachine } from 'xstate'
import type { AnyStateMachine } from 'xstate'
import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { coverageOf, uncoveredTransitions } from '../../machines/model/coverage'
import { instrument } from '../../machines/model/instrument'
import { generatePaths } from '../../machines/model/paths'
import { replayAll } from '../../machines/model/replay'

/** Each test generates paths (seconds of CPU each): no test may fail because the machine is busy. */
const generous = { timeout: 600_000 }

type Config = { states: Record<string, { on?: Record<string, unknown> } & Record<string, unknown>> } & Record<string, unknown>

/** The app's machine with a change to its definition, as an engineer might make it. */
function changedMachine(change: (config: Config) => Config): AnyStateMachine {
  const config = appMachine.config as unknown as Config
  return createMachine(change(config) as never, appMachine.implementations as never) as unknown as AnyStateMachine
}

test('the same seed always gives the same paths, and another seed other paths that reach as much', generous, () => {
  const first = generatePaths({ seed: 7 })
  const again = generatePaths({ seed: 7 })
  const other = generatePaths({ seed: 8 })
  expect(JSON.stringify(again)).toBe(JSON.stringify(first))
  expect(JSON.stringify(other.edgePaths)).not.toBe(JSON.stringify(first.edgePaths))
  expect(other.unreached).toEqual(first.unreached)
})

test('a state added to the machine with no way to reach it fails machine-level coverage', generous, async () => {
  const machine = changedMachine((config) => ({
    ...config,
    states: { ...config.states, orphan: { description: 'Nothing leads here.' } },
  }))
  const set = generatePaths({ machine })
  expect(set.unreached.states).toEqual(['app.orphan'])
  const { seen } = await replayAll(instrument(machine), [...set.statePaths, ...set.edgePaths])
  expect(coverageOf('machine', set.targets, seen).states.missing).toEqual(['app.orphan'])
})

test('a transition that no event can take fails machine-level coverage', generous, async () => {
  const machine = changedMachine((config) => {
    const login = config.states.login ?? {}
    return {
      ...config,
      states: {
        ...config.states,
        login: { ...login, on: { ...login.on, 'nav.home': { target: '#home', guard: () => false } } },
      },
    }
  })
  const set = generatePaths({ machine })
  const { seen } = await replayAll(instrument(machine), [...set.statePaths, ...set.edgePaths])
  expect(uncoveredTransitions(coverageOf('machine', set.targets, seen))).toEqual(['login | nav.home | 0'])
})

test('an event the machine accepts but the model has no sample for is reported as a model gap', generous, () => {
  const machine = changedMachine((config) => {
    const login = config.states.login ?? {}
    return { ...config, states: { ...config.states, login: { ...login, on: { ...login.on, 'host.resumed': {} } } } }
  })
  expect(generatePaths({ machine }).missing).toEqual(['event sample for host.resumed'])
})
