// @vitest-environment jsdom
import { expect, test } from 'vitest'
import type { ScreenFrame } from './engine/properties'
import { runWalk, walkAt } from './engine/walk'
import { replayForSuite, replayInReact } from '../support/react-replay'
import { printReport, wantedWalk as wanted } from '../support/walk-steps'

/*
 * One random walk (tests/model/engine/walk.ts) run on the machine (the reference), then replayed through
 * the React app step by step (support/react-replay.tsx); the first step where the page leaves the
 * machine is where the levels diverge.
 *
 * `npm run walks -- --replay <seed> --path <path> --level react` runs it on one walk (WALK_REPLAY);
 * without one named it has nothing to replay and skips.
 */

const harness = replayForSuite()

test.skipIf(wanted === null)('the walk replays through the React app step by step', { timeout: 600_000 }, async () => {
  const walk = await walkAt(wanted!.seed, wanted!.path)
  const trace = await runWalk(walk.world, walk.steps)
  const frames: ScreenFrame[] = []
  const report = await replayInReact(trace, frames, harness)
  const broken = printReport('React', wanted!.seed, report, frames)
  expect(report.diverged).toBeNull()
  expect(broken).toEqual([])
})
