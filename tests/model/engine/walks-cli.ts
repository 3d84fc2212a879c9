import fc from 'fast-check'
import { problemsOf } from './properties'
import { describeTrace, runWalk, walkArbitrary, walkAt } from './walk'
import { walkSeed } from './walk-run'

/*
 * `npm run walks -- --count 10000 [--seed N]`: seeded random walks over the machine, every temporal
 * property checked at every step (the same walks and checks as tests/model/walks.test.ts, with a
 * bigger budget). A failure is shrunk to a minimal walk and printed with its seed and fast-check
 * path. `npm run walks -- --replay <seed> --path <path>` runs exactly that walk again and prints it
 * with the properties it breaks. `--level react` replays it through the React app
 * (tests/model/walk-replay.test.tsx), `--level browser` on the built page in Chromium
 * (tests/model/walk-replay.browser.test.ts), `--level all` at the three levels in turn: each says at
 * which step the page leaves the machine's reference, or which step it cannot take.
 */

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}

if (process.argv.includes('--help')) {
  console.log(`npm run walks -- [options]
  --count N                 run N seeded random walks (default 1000), every temporal property at every step;
                            a failure is shrunk and printed with its seed and path
  --seed N                  the seed of the walks (default ${walkSeed})
  --minutes N               stop shrinking after N minutes and print the smallest walk found (default 20)
  --replay <seed> --path <p>
                            replay exactly that walk, step by step, with the properties it breaks
  --level machine|react|browser|all
                            where to replay it: the machine (default), the React app in jsdom, the built page
                            in Chromium, or the three in turn; a rendered level says at which step the page
                            leaves the machine, which step it cannot take, and which property the page broke`)
  process.exit(0)
}

const replay = option('replay')
const level = option('level') ?? 'machine'
const renderedLevels: Record<string, string> = { react: 'tests/model/walk-replay.test.tsx', browser: 'tests/model/walk-replay.browser.test.ts' }
if (!['machine', 'all', ...Object.keys(renderedLevels)].includes(level)) throw new Error(`--level is machine, react, browser or all, not ${level}`)
if (level !== 'machine' && replay === undefined) throw new Error('--level takes a walk to replay: --replay <seed> --path <path>')

if (replay !== undefined) {
  const path = option('path') ?? '0'
  const failed: string[] = []
  if (level === 'machine' || level === 'all') {
    const walk = await walkAt(Number(replay), path)
    const trace = await runWalk(walk.world, walk.steps)
    const problems = problemsOf(trace)
    console.log(`--- machine level (seed ${replay}, path ${path}) ---\n${describeTrace(trace)}`)
    console.log(problems.length === 0 ? 'every property held' : problems.join('\n'))
    if (problems.length > 0) failed.push('machine')
  }
  const { spawnSync } = await import('node:child_process')
  for (const [name, file] of Object.entries(renderedLevels)) {
    if (level !== name && level !== 'all') continue
    const run = spawnSync('npx', ['vitest', 'run', file], {
      stdio: 'inherit',
      env: { ...process.env, WALK_REPLAY: JSON.stringify({ seed: Number(replay), path }) },
    })
    if (run.status !== 0) failed.push(name)
  }
  if (failed.length > 0) console.log(`the walk fails at: ${failed.join(', ')}`)
  process.exit(failed.length === 0 ? 0 : 1)
}

const seed = Number(option('seed') ?? walkSeed)
const count = Number(option('count') ?? 1_000)
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
    numRuns: count,
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
console.log(`${result.numRuns} walks, ${steps} steps, every property held (${seconds} s, seed ${seed})`)
