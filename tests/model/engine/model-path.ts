import type { Expectation, StepAction } from './explore'

/*
 * The shapes of generated paths, as the generator writes them (artifacts/model-paths.json) and
 * every runner, the golden file and the reviewer page read them.
 */

export interface PathStep {
  label: string
  do: StepAction
  expect: Expectation
}

export interface ModelPath {
  id: string
  kind: 'state' | 'transition' | 'funnel'
  /** What the path is for: a state node id, or the transition / guard answer it covers. */
  goal: string
  start: string
  startExpect: Expectation
  steps: PathStep[]
}

export interface Targets {
  states: string[]
  transitions: string[]
  /** `<transition key> = true|false` for every guarded transition. */
  guardOutcomes: string[]
}

export interface PathSet {
  format: 'huaqian.model-paths/1'
  seed: number
  targets: Targets
  /** Targets no explored edge reaches: a state or transition here is a defect or a model gap. */
  unreached: Targets
  /** Events or actors the model has no sample or fixture for (fixtures.ts). */
  missing: string[]
  graph: { vertices: number; edges: number }
  statePaths: NamedPath[]
  edgePaths: NamedPath[]
  /** Walks no generated path makes on its own (path-names.ts): a new borrower through the whole funnel to a repayment. */
  funnelPaths: NamedPath[]
}

export interface PathTags {
  screens: string[]
  states: string[]
  events: string[]
}

export interface NamedPath extends ModelPath {
  /** `new borrower: home → loan demand → … → loan plan`. */
  name: string
  /** The name and the length: `new borrower: home → … → loan plan, 14 steps`. */
  title: string
  tags: PathTags
}
