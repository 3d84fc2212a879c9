import type { DescribedState, DescribedTransition, MachineDescription } from './machine-description'

/*
 * What changed between two descriptions of the machine (machine-description.ts), and between two
 * sets of golden paths: the behaviour a reviewer approves. States and transitions are matched by
 * id and by transition key (`source | label | index`), so a transition that keeps its place but
 * goes elsewhere is "retargeted", and one whose guard reads differently is "guard changed".
 */

export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

export interface TransitionChange {
  key: string
  source: string
  event: string
  before: string[] | string | null
  after: string[] | string | null
}

export interface GoldenPath {
  /** Its id in the file it comes from (ids are renumbered when paths come and go). */
  id: string
  /** `[start] for goal`. */
  title: string
  steps: string[]
}

export interface MachineDiff {
  format: 'huaqian.machine-diff/1'
  /** What was compared: e.g. `committed description` or a git ref, and `working tree`. */
  base: string
  head: string
  states: { added: DescribedState[]; removed: DescribedState[]; changed: { id: string; path: string; changes: FieldChange[] }[] }
  transitions: {
    added: DescribedTransition[]
    removed: DescribedTransition[]
    retargeted: TransitionChange[]
    guardChanged: TransitionChange[]
    actionsChanged: TransitionChange[]
  }
  paths: { gained: GoldenPath[]; lost: GoldenPath[] }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const stateFields = ['parent', 'type', 'initial', 'history', 'screen', 'route', 'routable', 'invokes', 'tags', 'entry', 'exit'] as const

function diffStates(before: DescribedState[], after: DescribedState[]): MachineDiff['states'] {
  const old = new Map(before.map((s) => [s.id, s]))
  const now = new Map(after.map((s) => [s.id, s]))
  const changed: MachineDiff['states']['changed'] = []
  for (const [id, state] of now) {
    const was = old.get(id)
    if (was === undefined) continue
    const changes = stateFields.filter((f) => !same(was[f], state[f])).map((field) => ({ field, before: was[field] ?? null, after: state[field] ?? null }))
    if (changes.length > 0) changed.push({ id, path: state.path, changes })
  }
  return {
    added: after.filter((s) => !old.has(s.id)),
    removed: before.filter((s) => !now.has(s.id)),
    changed,
  }
}

function diffTransitions(before: DescribedTransition[], after: DescribedTransition[]): MachineDiff['transitions'] {
  const old = new Map(before.map((t) => [t.key, t]))
  const now = new Map(after.map((t) => [t.key, t]))
  const out: MachineDiff['transitions'] = { added: [], removed: [], retargeted: [], guardChanged: [], actionsChanged: [] }
  const change = (t: DescribedTransition, was: unknown, is: unknown): TransitionChange => ({
    key: t.key,
    source: t.source,
    event: t.event,
    before: (was ?? null) as TransitionChange['before'],
    after: (is ?? null) as TransitionChange['after'],
  })
  for (const [key, t] of now) {
    const was = old.get(key)
    if (was === undefined) {
      out.added.push(t)
      continue
    }
    if (!same(was.targets, t.targets) || was.reenter !== t.reenter) out.retargeted.push(change(t, was.targets, t.targets))
    if (was.guard !== t.guard) out.guardChanged.push(change(t, was.guard, t.guard))
    if (!same(was.actions, t.actions)) out.actionsChanged.push(change(t, was.actions, t.actions))
  }
  out.removed = before.filter((t) => !now.has(t.key))
  return out
}

/** The golden paths file (golden.ts) read back into paths: one block per path after the `#` header. */
export function parseGoldenPaths(text: string): GoldenPath[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const [head = '', ...steps] = lines
      const space = head.indexOf(' ')
      return { id: head.slice(0, space), title: head.slice(space + 1), steps: steps.map((s) => s.trim()) }
    })
}

/** Paths that walk differently: matched by what they do (start, goal, steps), never by id. */
export function diffGoldenPaths(before: string, after: string): MachineDiff['paths'] {
  const signature = (p: GoldenPath) => `${p.title}\n${p.steps.join('\n')}`
  const old = parseGoldenPaths(before)
  const now = parseGoldenPaths(after)
  const oldSet = new Set(old.map(signature))
  const nowSet = new Set(now.map(signature))
  return { gained: now.filter((p) => !oldSet.has(signature(p))), lost: old.filter((p) => !nowSet.has(signature(p))) }
}

export interface DiffSides {
  base: { label: string; description: MachineDescription; golden?: string }
  head: { label: string; description: MachineDescription; golden?: string }
}

export function diffMachines({ base, head }: DiffSides): MachineDiff {
  return {
    format: 'huaqian.machine-diff/1',
    base: base.label,
    head: head.label,
    states: diffStates(base.description.states, head.description.states),
    transitions: diffTransitions(base.description.transitions, head.description.transitions),
    paths: base.golden !== undefined && head.golden !== undefined ? diffGoldenPaths(base.golden, head.golden) : { gained: [], lost: [] },
  }
}

/** How many changes a diff holds, each state, transition and path counted once per way it changed. */
export function changeCount(diff: MachineDiff): number {
  const { states, transitions, paths } = diff
  return (
    states.added.length +
    states.removed.length +
    states.changed.length +
    transitions.added.length +
    transitions.removed.length +
    transitions.retargeted.length +
    transitions.guardChanged.length +
    transitions.actionsChanged.length +
    paths.gained.length +
    paths.lost.length
  )
}
