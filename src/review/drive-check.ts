import { expectedAt } from './chart-view'
import { activeStates } from './machine-graph'
import { graph, page } from './page-state'
import { screenOf } from './path-names'
import type { ModelPath, PathStep } from './review-data'

/*
 * How a drive reads the followed page: does the page's state hold the state a step of the path
 * expects, is it still on its way there, or somewhere else (and where).
 */

/**
 * Steps the page takes without the drive sending anything: a call's answer, a wait, and the
 * return from the liveness vendor's page (the page sends it itself once the vendor answered).
 */
export function byThePage(step: PathStep | undefined): boolean {
  return step?.do.kind !== 'event' || step.do.event?.type === 'liveness.returned'
}

export function fitsStep(path: ModelPath, k: number, value: unknown): boolean {
  const actual = activeStates(graph, value)
  return [...activeStates(graph, expectedAt(path, k))].every((id) => actual.has(id))
}

/**
 * Whether the page is at step `at` of the path: there, or, on a step the page takes itself,
 * already past it on the steps that follow without the borrower.
 */
export function reached(path: ModelPath, at: number, value: unknown): boolean {
  if (fitsStep(path, at, value)) return true
  if (!byThePage(path.steps[at - 1])) return false
  for (let k = at + 1; k <= path.steps.length && byThePage(path.steps[k - 1]); k += 1) if (fitsStep(path, k, value)) return true
  return false
}

export function leafOf(value: unknown): string | undefined {
  const active = activeStates(graph, value)
  return [...active].filter((id) => !(page.byId.get(id)?.children ?? []).some((c) => active.has(c))).pop()
}

/**
 * Still on its way to step `at`: on a screen the path shows from the step before to the last of
 * the steps the page then takes itself, and neither the borrower's turn (a state tagged `editing`
 * and not `busy`) nor an error (a state named `failed`), as the machine's flow kit marks them. A
 * review polled again, a loan still paying out, a code being sent are on their way; a refused form
 * or a wrong code is not.
 */
export function onItsWay(path: ModelPath, at: number, value: unknown): boolean {
  // Still where a step the page takes itself starts (a page just opened, before its first answer).
  if (byThePage(path.steps[at - 1]) && fitsStep(path, at - 1, value)) return true
  const screen = screenOf(value)
  const active = activeStates(graph, value)
  const tags = new Set([...active].flatMap((id) => page.byId.get(id)?.tags ?? []))
  const borrowersTurn = tags.has('editing') && !tags.has('busy')
  // Boot's calls leave side by side and answer in whatever order the network gives: a page still
  // booting, busy, is on its way to a step the page takes itself.
  if (screen === undefined && tags.has('busy') && byThePage(path.steps[at - 1])) return true
  if (screen === undefined || borrowersTurn || leafOf(value)?.split('.').pop() === 'failed') return false
  let end = at
  while (end < path.steps.length && byThePage(path.steps[end])) end += 1
  for (let k = Math.max(0, at - 1); k <= end; k += 1) if (screenOf(expectedAt(path, k)) === screen) return true
  return false
}

/** Where the page is, in words (its state's code name on hover, in the step's details). */
export function whereThePageIs(value: unknown): string {
  const leaf = leafOf(value)
  return `the page is at ${leaf === undefined ? 'a state this machine does not have' : (page.byId.get(leaf)?.said.full ?? leaf)}`
}

/** What a reviewer does after a ✗: said with it, so the drive never stops at a dead end. */
export const afterOff = 'To go on: ◀ Back routes the page to the step before, or pick the path again to start over on a new borrower.'

/** The reserved phone the path typed last before step `at`: where the sandbox sends both card codes. */
export function reservedPhoneBefore(path: ModelPath, at: number): string | undefined {
  let phone: string | undefined
  for (const step of path.steps.slice(0, at - 1)) {
    const patch = step.do.event?.type === 'form.change' ? (step.do.event['patch'] as Record<string, unknown> | undefined) : undefined
    if (typeof patch?.['reserved_phone'] === 'string') phone = patch['reserved_phone']
  }
  return phone
}

/** A form change that types an SMS code: the drive types the one the sandbox sent instead of the path's sample. */
export function typesCode(step: PathStep | undefined): { step: string; patch: Record<string, unknown> } | null {
  const event = step?.do.event
  const patch = event?.['patch'] as Record<string, unknown> | undefined
  return event?.type === 'form.change' && patch !== undefined && 'code' in patch ? { step: String(event['step']), patch } : null
}
