import type { StateValue } from 'xstate'
import { appMachine } from '../../../machines/app.machine'
import type { NodeView } from '../../../src/app/machine-definition'
import { allNodes, rootOf } from '../../../src/app/machine-definition'
import type { ModelPath, PathSet } from './model-path'

/*
 * The screen states, and one short path to each, for the runners that render the page (React,
 * browser): every path there costs real rendering time, so they run the fewest paths that still
 * show every screen the machine can show, instead of all of them.
 */

/** State nodes that name the screen they show (`meta.screen`, or `meta.path` for the liveness webview). */
export function screenStates(): { id: string; screen: string }[] {
  return allNodes(rootOf(appMachine)).flatMap((node) => {
    const meta = node.meta
    const screen = meta?.path ?? meta?.screen
    return screen === undefined ? [] : [{ id: node.id, screen }]
  })
}

/** What the borrower sees though no route names it: the boot splash and the rights card's sheet. */
const unroutedScreens = ['app.boot', 'rights']

/** Every state the reviewer's map pictures: the screen states and the unrouted screens. */
export function picturedStates(): string[] {
  return [...screenStates().map((s) => s.id), ...unroutedScreens]
}

/** Every state node id active in a state value (its ancestors included). */
export function activeStateIds(value: StateValue, root: NodeView = rootOf(appMachine)): string[] {
  const out: string[] = []
  const walk = (node: NodeView, v: StateValue) => {
    if (typeof v === 'string') {
      const child = node.states[v]
      if (child) out.push(child.id)
      return
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key]
      if (!child) continue
      out.push(child.id)
      if (sub !== undefined) walk(child, sub as StateValue)
    }
  }
  walk(root, value)
  return out
}

/** The states a path's steps pass through, in order of the steps (start included). */
export function statesAlong(path: ModelPath): Set<string> {
  const seen = new Set(activeStateIds(path.startExpect.state))
  for (const step of path.steps) for (const id of activeStateIds(step.expect.state)) seen.add(id)
  return seen
}

/**
 * For each screen state, the shortest state path that passes through it (ties: the first). A path
 * that reaches several screen states is picked once; the result is ordered as the set lists them.
 */
export function screenStatePaths(set: PathSet): { paths: ModelPath[]; reaches: Map<string, string> } {
  const candidates = [...set.statePaths, ...set.edgePaths]
  const along = new Map(candidates.map((p) => [p.id, statesAlong(p)]))
  const reaches = new Map<string, string>()
  const picked = new Set<string>()
  for (const { id } of screenStates()) {
    let best: ModelPath | undefined
    for (const p of candidates) {
      if (!along.get(p.id)?.has(id)) continue
      if (best === undefined || p.steps.length < best.steps.length) best = p
    }
    if (best === undefined) continue
    reaches.set(id, best.id)
    picked.add(best.id)
  }
  return { paths: candidates.filter((p) => picked.has(p.id)), reaches }
}
