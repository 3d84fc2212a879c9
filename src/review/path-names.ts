import { callWords, machineWords } from './machine-words'
import { activeStates } from './machine-graph'
import { graph, page, say } from './page-state'
import { capital, fill } from './plain-words'
import type { ModelPath, PathStep } from './review-data'

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

const screenName = (id: string) => page.byId.get(id)?.said.full ?? id

export function pathTitle(path: ModelPath): string {
  const screens = screensWalked(path).map(screenName)
  const walk = screens.length > 6 ? [...screens.slice(0, 2), '…', ...screens.slice(-3)] : screens
  // A generated name says a failing call by its name ("sendCardCode fails: timeout"): read in words.
  const name = path.name?.replace(/\b[a-z]+[A-Z]\w*\b/g, (code) => (code in callWords ? say().call(code) : code))
  return `${name ?? walk.join(' → ')}, ${path.steps.length} steps`
}

/** What a step does, in words: the button pressed, the call's answer, the wait. */
export function stepWords(step: PathStep): string {
  const action = step.do
  const lang = page.words
  if (action.kind === 'event' && action.event) {
    const to = action.event.type === 'xstate.route' ? /^#(\w+)/.exec(String(action.event.to ?? ''))?.[1] : undefined
    const event = say().event({ event: action.event.type, kind: action.event.type === 'xstate.route' ? 'route' : 'event', source: '' })
    return to !== undefined ? `${event}: ${screenName(page.resolveState(to) ?? to)}` : event
  }
  if (action.kind === 'actor' && action.src !== undefined) return fill((action.outcome === 'done' ? machineWords.answered : machineWords.callFailed)[lang], { call: capital(say().call(action.src)) })
  if (action.kind === 'delay') return say().event({ event: `xstate.after.${(action as { delay?: string }).delay ?? ''}.`, kind: 'after', source: '' })
  return step.label
}

/** A path's steps as a list reads them: the start, then each step's words and the screen it leads to. */
export function stepLines(path: ModelPath): { text: string; code: string }[] {
  const where = (expect: PathStep['expect']) => {
    const screen = screenOf(expect.state)
    return screen !== undefined ? screenName(screen) : ''
  }
  return [
    { text: `${page.words === 'zh-Hans' ? '开始' : 'start'}: ${where(path.startExpect)}`, code: `start: ${path.start}${path.startExpect.route ? ` (${path.startExpect.route.path})` : ''}` },
    ...path.steps.map((s) => ({ text: `${stepWords(s)} → ${where(s.expect)}`, code: `${s.label}${s.expect.route ? ` → ${s.expect.route.path}` : ''}` })),
  ]
}

/** What the picker's filter matches a path against: its name, its screens, states and events. */
export function pathWords(path: ModelPath): string {
  const events = path.steps.map((s) => s.do.event?.type ?? s.do.src ?? s.do.kind)
  return [path.name ?? '', path.goal, ...screensWalked(path), ...screensWalked(path).map(screenName), ...events, ...path.steps.map(stepWords), path.start].join(' ')
}
