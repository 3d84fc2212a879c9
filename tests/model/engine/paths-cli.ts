import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { appMachine } from '../../../machines/app.machine'
import type { Coverage, Level } from './coverage'
import { coverageOf, formatCoverage, uncoveredTransitions } from './coverage'
import { instrument } from './instrument'
import type { ModelPath, PathSet } from './model-path'
import { seedPaths } from './path-cache'
import { goldenFile, goldenText, lineDiff } from './golden'
import { descriptionFile, descriptionText, describeMachine } from './machine-description'
import { replayAll, replayPath } from './replay'
import { formatRulesReport, scanRules } from './rules'
import { writeRulesArtifacts } from './rules-artifacts'

/*
 * `npm run paths`: generates the flow paths from the machine, lists them one a line and writes
 * them as JSON (for the visualizer and the React and browser runners).
 *   --seed N       exploration order (default 1); the same seed gives the same paths, and another
 *                  must reach what seed 1 reaches on other paths (exit 1 if not)
 *   --out FILE     where the JSON goes (default artifacts/model-paths.json)
 *   --coverage     replays every path at machine level and prints coverage for each level
 *   --run ID       replays one path (e.g. edge-12) at machine level, step by step
 *   --quiet        no listing
 *   --fresh        generates the set even when one is kept from an earlier run (what `npm run bench` times)
 *   --rules        lists each rule of docs/product-rules.md with its checks and levels; exit 1 if one has
 *                  none, or a `// rules:` line names no rule. Every run writes artifacts/rules-report.json
 *                  and artifacts/product-rules.html for the reviewer page's rules panel
 *   --orders       every order at each state with concurrent work (tests/model/engine/orders.ts), run on the
 *                  machine with the properties and the verifications' facts checked after every step;
 *                  the table goes to artifacts/orders.txt (and .json). --bound N caps the orders per
 *                  state (default 50000; the reduction used is in the table), --state S only states
 *                  whose id holds S. With --level react, a sample of them replayed through the React
 *                  app instead (tests/model/orders-react.test.tsx): --count N orders (default 16), one
 *                  per state, drawn with --seed N (default 1)
 *   --approve      writes the golden paths (tests/model/golden-paths.txt) from this generation and
 *                  the machine's description (tests/model/machine-description.json); without it,
 *                  a difference from the committed files is printed and the exit code is 1
 */

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: 'artifacts/model-paths.json' },
    coverage: { type: 'boolean', default: false },
    run: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    approve: { type: 'boolean', default: false },
    rules: { type: 'boolean', default: false },
    orders: { type: 'boolean', default: false },
    bound: { type: 'string', default: '50000' },
    state: { type: 'string' },
    level: { type: 'string', default: 'machine' },
    count: { type: 'string', default: '16' },
  },
})

if (values.orders && values.level === 'react') {
  const { spawnSync } = await import('node:child_process')
  const sample = { seed: Number(values.seed), count: Number(values.count) }
  if (!Number.isInteger(sample.seed) || !Number.isInteger(sample.count) || sample.count < 1) throw new Error('--seed and --count take whole numbers')
  const run = spawnSync('npx', ['vitest', 'run', 'tests/model/orders-react.test.tsx'], { stdio: 'inherit', env: { ...process.env, ORDERS_REACT: JSON.stringify(sample) } })
  process.exit(run.status ?? 1)
}

if (values.orders) {
  if (values.level !== 'machine') throw new Error(`--orders runs at --level machine or react, not ${values.level}`)
  const { exploreOrders, formatOrders } = await import('./orders')
  // The verifications' facts live with the tests that own the verification table.
  const { traceFacts } = await import('../../support/order-checks')
  const bound = Number(values.bound)
  const wanted = values.state
  const { results, unreached } = await exploreOrders({
    bound,
    check: traceFacts,
    ...(wanted !== undefined ? { only: (s: { id: string }) => s.id.includes(wanted) } : {}),
    onState: (r) => console.error(`${r.id} (${r.via}): ${r.explored} orders, ${r.failed} failed, ${(r.ms / 1000).toFixed(1)} s`),
  })
  const table = formatOrders(results, unreached, bound)
  mkdirSync('artifacts', { recursive: true })
  writeFileSync('artifacts/orders.txt', `${table}\n`)
  writeFileSync('artifacts/orders.json', `${JSON.stringify({ bound, results, unreached }, null, 2)}\n`)
  console.log(table)
  console.log('(written to artifacts/orders.txt and artifacts/orders.json)')
  process.exit(results.every((r) => r.failed === 0) ? 0 : 1)
}

if (values.rules) {
  // Each product rule with the checks that name it and their levels (tests/model/engine/rules.ts).
  const { report, unknown, misplaced } = scanRules(process.cwd())
  writeRulesArtifacts(process.cwd(), report)
  console.log(formatRulesReport(report))
  for (const u of unknown) console.log(`${u.file}:${u.line} names ${u.id}, which is no rule of docs/product-rules.md`)
  for (const m of misplaced) console.log(`${m.file}:${m.line}: a \`// rules:\` line must list ids and stand directly above a test`)
  const ok = report.every((r) => r.checks.length > 0 || r.notAutomated) && unknown.length === 0 && misplaced.length === 0
  process.exit(ok ? 0 : 1)
}

const seed = Number(values.seed)
if (!Number.isInteger(seed)) throw new Error(`--seed takes an integer, not ${values.seed}`)

function line(p: ModelPath): string {
  const steps = p.steps.map((s) => s.label).join(' → ')
  return `${p.id.padEnd(9)} [${p.start}] ${steps || '(start only)'}\n          ⇒ ${p.goal}`
}

function coverageFileOf(level: Level): string {
  return path.join('artifacts', `model-coverage-${level}.json`)
}

async function main(): Promise<number> {
  const set: PathSet = seedPaths(seed, { fresh: values.fresh })
  const all = [...set.statePaths, ...set.edgePaths]

  if (values.run !== undefined) {
    const wanted = all.find((p) => p.id === values.run)
    if (!wanted) {
      console.error(`no path ${values.run} (seed ${seed}); ids run state-1..state-${set.statePaths.length}, edge-1..edge-${set.edgePaths.length}`)
      return 2
    }
    console.log(line(wanted))
    const result = await replayPath(instrument(appMachine), wanted)
    for (const entry of result.log) console.log(`  ${entry}`)
    if (!result.ok) console.log(`\nFAILED: ${result.failure}`)
    return result.ok ? 0 : 1
  }

  mkdirSync(path.dirname(values.out), { recursive: true })
  writeFileSync(values.out, `${JSON.stringify(set, null, 2)}\n`)
  // The reviewer page's rules panel reads these beside the paths.
  writeRulesArtifacts(process.cwd(), scanRules(process.cwd()).report)

  if (!values.quiet && !values.coverage) {
    console.log(`Shortest paths to every state (${set.statePaths.length}):`)
    for (const p of set.statePaths) console.log(line(p))
    console.log(`\nEdge-covering paths (${set.edgePaths.length}):`)
    for (const p of set.edgePaths) console.log(line(p))
    console.log('')
  }
  console.log(
    `seed ${seed}: ${set.graph.vertices} model vertices, ${set.graph.edges} edges; ` +
      `${set.statePaths.length} state paths + ${set.edgePaths.length} edge paths written to ${values.out}`,
  )
  for (const m of set.missing) console.log(`model gap: ${m}`)
  for (const s of set.unreached.states) console.log(`unreachable state: ${s}`)

  const golden = goldenText(set)
  const committed = existsSync(goldenFile) ? readFileSync(goldenFile, 'utf8') : ''
  let goldenOk = true
  const description = descriptionText(describeMachine(appMachine))
  if (values.approve) {
    writeFileSync(goldenFile, golden)
    writeFileSync(descriptionFile, description)
    console.log(`approved: ${goldenFile} now holds these paths, ${descriptionFile} this machine`)
  } else {
    if (seed !== 1) {
      // Another exploration order must find other paths to the same places: what seed 1 reaches, it reaches.
      const first = seedPaths(1)
      const reachedLess = JSON.stringify(set.unreached) !== JSON.stringify(first.unreached)
      const samePaths = JSON.stringify(set.edgePaths) === JSON.stringify(first.edgePaths)
      goldenOk = !reachedLess && !samePaths
      console.log(`(the golden paths are seed 1; seed ${seed} ${reachedLess ? 'reaches other targets than seed 1' : 'reaches what seed 1 reaches'}${samePaths ? ', on the very same paths' : ', on other paths'})`)
    } else if (committed !== golden) {
      goldenOk = false
      console.log(`\nThe paths differ from ${goldenFile} (- committed, + generated):\n${lineDiff(committed, golden)}`)
      console.log('\nReview the difference; if the machine is meant to behave so, run `npm run paths -- --approve`.')
    } else console.log(`the paths match ${goldenFile}`)
    if (!existsSync(descriptionFile) || readFileSync(descriptionFile, 'utf8') !== description) {
      goldenOk = false
      console.log(`\n${descriptionFile} differs from the machine: \`npm run review:diff\` lists how; if the machine is meant to behave so, run \`npm run paths -- --approve\`.`)
    } else console.log(`the machine matches ${descriptionFile}`)
  }

  if (!values.coverage) return set.missing.length === 0 && set.unreached.states.length === 0 && goldenOk ? 0 : 1

  const { results, seen } = await replayAll(instrument(appMachine), all)
  const failed = results.filter((r) => !r.ok)
  const machine = coverageOf('machine', set.targets, seen)
  mkdirSync('artifacts', { recursive: true })
  writeFileSync(coverageFileOf('machine'), `${JSON.stringify(machine, null, 2)}\n`)
  console.log(`\n${results.length - failed.length} of ${results.length} paths pass at machine level`)
  for (const f of failed) console.log(`  ${f.id}: ${f.failure}`)
  console.log(`\n${formatCoverage(machine)}`)
  // The React and browser runners write their figures next to this one when they run.
  for (const level of ['react', 'browser'] as const) {
    const file = coverageFileOf(level)
    if (existsSync(file)) {
      const figures = JSON.parse(readFileSync(file, 'utf8')) as Coverage & { screenStates?: { covered: number; total: number; missing: string[] } }
      console.log(`\n${formatCoverage(figures, { listMissing: false })}`)
      if (figures.screenStates) {
        const { covered, total, missing } = figures.screenStates
        console.log(`  screen states   ${String(covered).padStart(4)} / ${total}${missing.length > 0 ? `  missing: ${missing.join(', ')}` : ''}`)
      }
      console.log(`  (what is not covered: ${file})`)
    } else console.log(`\n${level} level: not run yet (no ${file})`)
  }
  const ok = failed.length === 0 && machine.states.missing.length === 0 && uncoveredTransitions(machine).length === 0
  return ok ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
