import type { EventObject, StateValue } from 'xstate'
import type { Expectation, StepAction } from './explore'
import type { FailureKind } from './fixtures'
import { eventSamples, everyFailureKind, formSamples, routeQueries, startSamples } from './fixtures'
import type { ModelPath, PathSet } from './model-path'

/*
 * The golden paths: the generated paths as text a reviewer reads in a diff.
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

export function routeText(route: Expectation['route']): string {
  if (route === null) return '(no route)'
  const query = new URLSearchParams(route.query ?? {}).toString()
  return `${route.path}${query ? `?${query}` : ''} (${route.history})`
}

/** What the borrower's situation holds besides the state: the server's step, the error shown, the overlay, the poll. */
export function contextText(context: Expectation['context']): string {
  const parts: string[] = []
  if (context.step !== null) parts.push(`step ${context.step}`)
  if (context.errorCode !== null) parts.push(`error ${context.errorCode}${context.errorStatus === null ? '' : ` ${context.errorStatus}`}`)
  if (context.overlay !== null) parts.push(`overlay ${context.overlay}`)
  if (context.pollAttempt > 0) parts.push(`poll ${context.pollAttempt}`)
  return parts.length === 0 ? '' : `  {${parts.join(', ')}}`
}

function stepLine(index: number, label: string, expect: Expectation): string {
  return `  ${String(index).padStart(2)}. ${label.padEnd(44)} → ${stateText(expect.state)}  ${routeText(expect.route)}${contextText(expect.context)}`
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
    '# Each line: the step taken → the state it led to, the URL shown there (push or replace), and {the server\'s step, the error shown, the overlay, the poll}.',
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

// ---- reading the golden paths back, to replay them on the machine ----

/** A golden path as committed: its steps, and the state and URL text each must lead to. */
export interface GoldenPath {
  path: ModelPath
  /** Per step (0 = the start): the state and route text the committed file says. */
  shows: { state: string; route: string; context: string }[]
}

const samplesByLabel = new Map<string, EventObject>()
for (const [type, samples] of Object.entries(eventSamples)) {
  for (const sample of samples) samplesByLabel.set(sample.name === '' ? type : `${type}(${sample.name})`, sample.event)
}
for (const samples of Object.values(formSamples)) for (const sample of samples) samplesByLabel.set(`form.change(${sample.name})`, sample.event)

/** The action a step label names (the inverse of the labels the explorer writes). */
export function actionOf(label: string): StepAction {
  const actor = /^(\w+)\.(done|error):(\w+)$/.exec(label)
  if (actor) {
    const [, src = '', outcome, what = ''] = actor
    if (outcome === 'done') return { kind: 'actor', src, outcome: 'done', fixture: what }
    if (!(everyFailureKind as readonly string[]).includes(what)) throw new Error(`unknown failure ${what} in "${label}"`)
    return { kind: 'actor', src, outcome: 'error', error: what as FailureKind }
  }
  if (label.startsWith('after:')) return { kind: 'delay', delay: label.slice('after:'.length) }
  const wait = /^wait:(\d+)s$/.exec(label)
  if (wait) return { kind: 'wait', ms: Number(wait[1]) * 1000 }
  const route = /^route:#(\w+)(?:\?(.*))?$/.exec(label)
  if (route) {
    const [, id = '', query] = route
    const event = { type: 'xstate.route', to: `#${id}` } as EventObject
    return { kind: 'event', event: query === undefined ? event : ({ ...event, query: routeQueries[id] ?? Object.fromEntries(new URLSearchParams(query)) } as EventObject) }
  }
  const event = samplesByLabel.get(label)
  if (event === undefined) throw new Error(`no event sample is labelled "${label}" (tests/model/engine/fixtures.ts)`)
  return { kind: 'event', event }
}

const blank: Expectation = { state: '', route: null, invoking: [], context: { screen: null, step: null, errorCode: null, errorStatus: null, overlay: null, pollAttempt: 0 } }

/** Reads the committed golden text back into paths a runner can replay. */
export function parseGolden(text: string): GoldenPath[] {
  const out: GoldenPath[] = []
  for (const block of text.split(/\n\n+/)) {
    const [head, ...lines] = block.trim().split('\n')
    const header = /^(\S+) \[(\w+)\] for (.*)$/.exec(head ?? '')
    if (!header) continue
    const [, id = '', start = '', goal = ''] = header
    if (!startSamples.some((s) => s.name === start)) throw new Error(`${id}: no start named ${start}`)
    const shows: GoldenPath['shows'] = []
    const steps: ModelPath['steps'] = []
    for (const line of lines) {
      const step = /^\s*(\d+)\. (\S+)\s+→ (.+?)  (\(no route\)|\S+ \((?:push|replace)\))((?:  \{.*\})?)$/.exec(line)
      if (!step) throw new Error(`${id}: cannot read "${line}"`)
      const [, index, label = '', state = '', route = '', context = ''] = step
      shows.push({ state, route, context })
      if (index !== '0') steps.push({ label, do: actionOf(label), expect: blank })
    }
    out.push({ path: { id, kind: id.startsWith('state-') ? 'state' : 'transition', goal, start, startExpect: blank, steps }, shows })
  }
  return out
}
