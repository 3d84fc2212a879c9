import type { AnyStateMachine } from 'xstate'
import { calls, type CallName } from '../../../src/contract/calls'
import { allNodes, inventoryOf, rootOf, type NodeView } from '../../../src/app/machine-definition'
import { stateRules } from './state-rules'

/*
 * Where a rule applies, worked out from the machine instead of listed: a rule about commits applies in
 * every state that invokes a committing call, whichever screen it is on; one about waiting, in every
 * state that waits on a timer. A state added to the machine is covered the day it is written. The
 * hand-kept table (state-rules.ts) places what only a reading of the screen can say; a rule derived
 * here is never also listed there (a test checks).
 */

export interface DerivedScope {
  /** What the states have in common, in words: the scope the rules report prints. */
  says: string
  rules: readonly string[]
  states(machine: AnyStateMachine): string[]
}

const isCommitting = (src: string) => src in calls && calls[src as CallName].committing === true

function invokedSrcs(node: NodeView, invokeSrc: Map<string, string>): string[] {
  return node.invoke.map((invoke) => invokeSrc.get(invoke.id) ?? (typeof invoke.src === 'string' ? invoke.src : ''))
}

function statesWhere(machine: AnyStateMachine, holds: (node: NodeView, invokeSrc: Map<string, string>) => boolean): string[] {
  const { invokeSrc } = inventoryOf(machine).inventory
  return allNodes(rootOf(machine))
    .filter((node) => node.parent !== undefined && node.type !== 'history' && holds(node, invokeSrc))
    .map((node) => node.id)
    .sort()
}

const committingStates = (machine: AnyStateMachine) => statesWhere(machine, (node, invokeSrc) => invokedSrcs(node, invokeSrc).some(isCommitting))

export const derivedScopes: readonly DerivedScope[] = [
  {
    says: 'every state that invokes a committing call',
    rules: ['idem-key-on-commit', 'idem-server'],
    states: committingStates,
  },
  {
    says: 'every state a submit enters that sends a call, and every state that invokes a committing call',
    rules: ['idem-single-submit'],
    states: (machine) => {
      const submitted = new Set(
        allNodes(rootOf(machine)).flatMap((node) => (node.transitions.get('form.submit') ?? []).flatMap((t) => (t.target ?? []).map((target) => target.id))),
      )
      const sending = statesWhere(machine, (node) => submitted.has(node.id) && node.invoke.length > 0)
      return [...new Set([...sending, ...committingStates(machine)])].sort()
    },
  },
  {
    says: 'every state that invokes a committing call, and every state whose retry sends one again',
    rules: ['idem-key-reuse'],
    states: (machine) => {
      const committing = new Set(committingStates(machine))
      const resending = statesWhere(machine, (node) => (node.transitions.get('retry') ?? []).some((t) => t.target?.some((target) => committing.has(target.id))))
      return [...new Set([...committing, ...resending])].sort()
    },
  },
  {
    says: 'every state that waits on a timer before it asks again',
    rules: ['flow-poll-backoff'],
    states: (machine) => statesWhere(machine, (node) => node.after.length > 0),
  },
  {
    says: 'every state where the borrower types into a form (it takes form.change)',
    rules: ['nothing-lost-drafts'],
    states: (machine) => statesWhere(machine, (node) => (node.transitions.get('form.change') ?? []).some((t) => t.target === undefined && (t.actions?.length ?? 0) > 0)),
  },
]

/** The rules placed on each state: the hand-kept table's and those derived from the machine. */
export function ruleTableOf(machine: AnyStateMachine): Record<string, string[]> {
  const table: Record<string, string[]> = Object.fromEntries(Object.entries(stateRules).map(([state, ids]) => [state, [...ids]]))
  for (const scope of derivedScopes) {
    for (const state of scope.states(machine)) table[state] = [...new Set([...(table[state] ?? []), ...scope.rules])]
  }
  return table
}

/** The derived scope a rule has, if any. */
export function derivedScopeOf(rule: string): DerivedScope | undefined {
  return derivedScopes.find((scope) => scope.rules.includes(rule))
}
