import type { StateValue } from 'xstate'
import type { Expectation } from './explore'
import type { ModelPath, PathSet } from './paths'

/*
 * The golden paths: the generated paths as text a reviewer reads in a diff (issue #12 item 4).
 * One block per path: its start, then one line per step with what was done, the state it led to,
 * and the URL (with push/replace) the page shows there. A change of behaviour in the machine shows
 * up as changed lines here before it is approved (`npm run paths -- --approve`).
 */

export const goldenFile = 'tests/model/golden-paths.txt'

/** A state value as dotted leaves: `session.screens.home.ready`; parallel regions joined by `+`. */
export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value
  return Object.entries(value)
    .map(([key, sub]) => (sub === undefined || (typeof sub === 'object' && Object.keys(sub).length === 0) ? key : `${key}.${stateText(sub as StateValue)}`))
    .join(' + ')
}

function routeText(route: Expectation['route']): string {
  if (route === null) return '(no route)'
  const query = new URLSearchParams(route.query ?? {}).toString()
  return `${route.path}${query ? `?${query}` : ''} (${route.history})`
}

function stepLine(index: number, label: string, expect: Expectation): string {
  return `  ${String(index).padStart(2)}. ${label.padEnd(44)} → ${stateText(expect.state)}  ${routeText(expect.route)}`
}

function pathBlock(path: ModelPath): string {
  const lines = [`${path.id} [${path.start}] for ${path.goal}`, stepLine(0, `start:${path.start}`, path.startExpect)]
  path.steps.forEach((step, index) => lines.push(stepLine(index + 1, step.label, step.expect)))
  return lines.join('\n')
}

export function goldenText(set: PathSet): string {
  const header = [
    `# Model paths (seed ${set.seed}), generated from machines/app.machine.ts by \`npm run paths\`.`,
    `# ${set.statePaths.length} shortest paths to every state, ${set.edgePaths.length} edge-covering paths.`,
    '# Each line: the step taken → the state it led to, and the URL shown there (push or replace).',
    '# Review a diff of this file like code; approve it with `npm run paths -- --approve`.',
  ]
  return `${header.join('\n')}\n\n${[...set.statePaths, ...set.edgePaths].map(pathBlock).join('\n\n')}\n`
}

/** A line diff (longest common subsequence), `-` committed, `+` generated, with 2 lines of context. */
export function lineDiff(committed: string, generated: string, maxLines = 200): string {
  const a = committed.split('\n')
  const b = generated.split('\n')
  const n = a.length
  const m = b.length
  // Trim the common head and tail so the table covers only the changed middle.
  let head = 0
  while (head < n && head < m && a[head] === b[head]) head++
  let tail = 0
  while (tail < n - head && tail < m - head && a[n - 1 - tail] === b[m - 1 - tail]) tail++
  const x = a.slice(head, n - tail)
  const y = b.slice(head, m - tail)
  const table: Uint32Array[] = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1))
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      table[i]![j] = x[i] === y[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!)
    }
  }
  const out: string[] = a.slice(Math.max(0, head - 2), head).map((line) => `  ${line}`)
  let i = 0
  let j = 0
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      out.push(`  ${x[i]}`)
      i++
      j++
    } else if (i < x.length && (j === y.length || table[i + 1]![j]! >= table[i]![j + 1]!)) out.push(`- ${x[i++]}`)
    else out.push(`+ ${y[j++]}`)
  }
  out.push(...a.slice(n - tail, Math.min(n, n - tail + 2)).map((line) => `  ${line}`))
  // Long unchanged stretches between changes shrink to their first and last two lines.
  const shown: string[] = []
  let run: string[] = []
  const flush = () => {
    shown.push(...(run.length > 5 ? [...run.slice(0, 2), '  …', ...run.slice(-2)] : run))
    run = []
  }
  for (const line of out) {
    if (line.startsWith('  ')) run.push(line)
    else {
      flush()
      shown.push(line)
    }
  }
  flush()
  out.splice(0, out.length, ...shown)
  return out.length > maxLines ? `${out.slice(0, maxLines).join('\n')}\n… (${out.length - maxLines} more lines)` : out.join('\n')
}
