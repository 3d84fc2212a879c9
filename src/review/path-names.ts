import { activeStates } from './machine-graph'
import { graph } from './page-state'
import type { ModelPath } from './review-data'

/*
 * A generated path named by what it does: the screens it walks through, in order, and its
 * length ("home → loanDemand → facialIdentification, 4 steps"), unless the paths file names it.
 */

const screenIds = graph.states.filter((s) => s.screen !== undefined).map((s) => s.id)

/** The screen a state value shows: the innermost active state that has one. */
export function screenOf(value: unknown): string | undefined {
  const active = activeStates(graph, value)
  return screenIds.filter((id) => active.has(id)).pop()
}

/** A path's screens never change: the picker sorts and titles every path on each render of the drive. */
const walkedByPath = new WeakMap<ModelPath, string[]>()

export function screensWalked(path: ModelPath): string[] {
  const known = walkedByPath.get(path)
  if (known !== undefined) return known
  const out: string[] = []
  for (const expect of [path.startExpect, ...path.steps.map((s) => s.expect)]) {
    const screen = screenOf(expect.state)
    if (screen !== undefined && out[out.length - 1] !== screen) out.push(screen)
  }
  walkedByPath.set(path, out)
  return out
}

export function pathTitle(path: ModelPath): string {
  const screens = screensWalked(path)
  const walk = screens.length > 6 ? [...screens.slice(0, 2), '…', ...screens.slice(-3)] : screens
  return `${path.name ?? walk.join(' → ')}, ${path.steps.length} steps`
}

/** What the picker's filter matches a path against: its name, its screens, states and events. */
export function pathWords(path: ModelPath): string {
  const events = path.steps.map((s) => s.do.event?.type ?? s.do.src ?? s.do.kind)
  return [path.name ?? '', path.goal, ...screensWalked(path), ...events, path.start].join(' ')
}
