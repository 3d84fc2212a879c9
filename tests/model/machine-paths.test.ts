import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { coverageOf, uncoveredTransitions } from './engine/coverage'
import { instrument } from './engine/instrument'
import { goldenFile, goldenText, lineDiff } from './engine/golden'
import { seedPaths } from './engine/path-cache'
import { replayAll, replayPath } from './engine/replay'
import { screenStates } from './engine/screen-paths'
import { writeLevelReport, type LevelReport, type StepCounts } from '../support/level-report'
import { machineVerifier } from '../support/machine-verifier'

// Generated once, at collection, so each path is its own test (`-t edge-12` runs one).
const set = seedPaths(1)
const paths = [...set.statePaths, ...set.edgePaths]
const model = instrument(appMachine)
const repoRoot = path.resolve(import.meta.dirname, '../..')
const artifactsDir = path.join(repoRoot, 'artifacts')

// The generated paths are under review: a change of the machine's behaviour changes them, and
// this fails with the difference until `npm run paths -- --approve` writes the new golden file.
test('the generated paths are the approved golden paths', () => {
  const generated = goldenText(set)
  const committed = readFileSync(path.join(repoRoot, goldenFile), 'utf8')
  if (generated !== committed) {
    expect.fail(
      `The model paths differ from ${goldenFile} (- committed, + generated):\n${lineDiff(committed, generated)}\n\n` +
        'Review the difference; if the machine is meant to behave so, run `npm run paths -- --approve`.',
    )
  }
})

test.each(paths.map((p) => [p.id, p.goal, p] as const))('%s (%s) plays out on the machine step by step, every state as verifications.ts says', async (_id, _goal, path) => {
  const result = await replayPath(model, path, { verifier: machineVerifier })
  expect(result.failure).toBeNull()
})

test('the generated paths cover every state and every transition of the machine', async () => {
  const started = Date.now()
  const written = path.join(artifactsDir, 'model-coverage-machine.json')
  rmSync(written, { force: true })
  const { results, seen } = await replayAll(model, paths)
  const coverage = coverageOf('machine', set.targets, seen)
  // The machine level's figures ship with the others (artifacts/model-coverage-machine.json), so
  // the reviewer page shows all three levels after a test run, not only after `npm run paths -- --coverage`.
  const steps: StepCounts = { ui: 0, url: 0, direct: 0, network: 0, host: 0 }
  for (const step of paths.flatMap((p) => p.steps)) {
    if (step.do.kind === 'actor') steps.network += 1
    else if (step.do.kind === 'event') steps.direct += 1
  }
  writeLevelReport(
    'machine',
    set.targets,
    seen,
    {
      paths: { run: results.length, passed: results.filter((r) => r.ok).length, ids: paths.map((p) => p.id) },
      steps,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      notes: [
        'every generated path (shortest path to each state, and the edge-covering set) replayed on the machine alone',
        'events are sent to the actor directly; actors are answered with their fixtures; delays and waits move a simulated clock',
      ],
    },
    screenStates().map((s) => s.id),
  )
  const file = JSON.parse(readFileSync(written, 'utf8')) as LevelReport
  expect([file.level, file.states.total, file.transitions.total]).toEqual(['machine', set.targets.states.length, set.targets.transitions.length])
  expect(file.screenStates.missing).toEqual([])
  expect(results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.failure}`)).toEqual([])
  expect(coverage.states.missing).toEqual([])
  expect(uncoveredTransitions(coverage)).toEqual([])
  // Guard answers are reported, not required: some guards can never answer one way (see README).
  expect(coverage.guardOutcomes.percent).toBeGreaterThan(90)
})

test('the model has a fixture or a sample for everything the machine can be sent or answered', () => {
  expect(set.missing).toEqual([])
})

test('paths start only from the ways the page can be opened and end where they say', () => {
  for (const path of paths) {
    expect(['fresh', 'deepLink']).toContain(path.start)
    const last = path.steps.at(-1)?.expect ?? path.startExpect
    expect(last.state).toBeDefined()
  }
  expect(set.statePaths.every((p) => set.targets.states.includes(p.goal))).toBe(true)
})
