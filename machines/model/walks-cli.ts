import fc from 'fast-check'
import { problemsOf } from './properties'
import { describeTrace, runWalk, walkArbitrary } from './walk'
import { walkSeed } from './walk-run'

/*
 * `npm run walks -- --count 10000 [--seed N]`: seeded random walks over the machine, every temporal
 * property checked at every step (the same walks and checks as tests/model/walks.test.ts, with a
 * bigger budget). A failure is shrunk to a minimal walk and printed with its seed and fast-check
 * path; `npm run walks -- --replay <seed> --path <path>` runs exactly that walk again and prints it.
 * `--level react` replays it through the React app instead (tests/model/walk-replay.test.tsx) and
 * says at which step the page's machine leaves the reference's.
 */

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}

const replay = option('replay')
const level = option('level') ?? 'machine'
if (level !== 'machine') {
  if (replay === undefined || option('path') === undefined) throw new Error('--level takes a walk to replay: --replay <seed> --path <path>')
  if (level !== 'react') {
    console.log(`level ${level}: not built; the walk replays at machine and react levels`)
    process.exit(2)
  }
  const { spawnSync } = await import('node:child_process')
  const run = spawnSync('npx', ['vitest', 'run', 'tests/model/walk-replay.test.tsx'], {
    stdio: 'inherit',
    env: { ...process.env, WALK_REPLAY: JSON.stringify({ seed: Number(replay), path: option('path') }) },
  })
  process.exit(run.status ?? 1)
}
const seed = Number(replay ?? option('seed') ?? walkSeed)
const count = Number(option('count') ?? 1_000)
const path = option('path')
const started = Date.now()
let steps = 0
let lastTrace = ''

const result = await fc.check(
  fc.asyncProperty(walkArbitrary(), async ({ world, steps: choices }) => {
    const trace = await runWalk(world, choices)
    steps += trace.steps.length
    lastTrace = describeTrace(trace)
    const problems = problemsOf(trace)
    if (problems.length > 0) throw new Error(problems.join('\n'))
  }),
  {
    seed,
    numRuns: replay !== undefined && path === undefined ? 1 : count,
    ...(path !== undefined ? { path } : {}),
    // Shrinking a long walk can take minutes on a busy machine: the smallest walk found by then is printed.
    interruptAfterTimeLimit: Number(option('minutes') ?? 20) * 60_000,
    markInterruptAsFailure: false,
  },
)
const seconds = ((Date.now() - started) / 1000).toFixed(1)
if (result.failed) {
  // fast-check's last run is the minimal counterexample: its trace is the one kept last.
  const minimal = result.counterexample?.[0]
  if (minimal !== undefined) {
    const trace = await runWalk(minimal.world, minimal.steps)
    lastTrace = describeTrace(trace)
    console.log(problemsOf(trace).join('\n'))
  }
  console.log(`--- minimal walk (${minimal?.steps.length ?? '?'} choices) ---\n${lastTrace}`)
  console.log(`FAILED after ${result.numRuns} walks (${steps} steps, ${seconds} s): replay with npm run walks -- --replay ${result.seed} --path ${result.counterexamplePath}`)
  process.exit(1)
}
if (replay !== undefined) console.log(lastTrace)
console.log(`${result.numRuns} walks, ${steps} steps, every property held (${seconds} s, seed ${seed})`)
