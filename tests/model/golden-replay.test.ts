import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import type { Expectation } from './engine/explore'
import { contextText, goldenFile, parseGolden, routeText, stateText } from './engine/golden'
import { instrument } from './engine/instrument'
import { replayPath } from './engine/replay'
import type { PathStep } from './engine/model-path'
import { eventForLocation } from '../../machines/routes'
import { machineVerifier } from '../support/machine-verifier'
import { entryAlias, specPaths } from '../support/verify'

/*
 * The approved paths, replayed on the machine as it is now (no generation: the committed file is
 * the expectation). Each step must lead to the state and URL the file says, and every state must
 * hold what verifications.ts says. A behaviour change fails here with the step that changed, even
 * before anyone regenerates the paths; this is also the cheap check mutation testing runs.
 */

const model = instrument(appMachine)

/**
 * A route step is the borrower typing the spec's URL (or pressing Back to it): the event is what
 * routes.ts makes of that URL, not the one the path names, so a URL read wrongly fails here. The
 * entry page is typed by its alias (docs/product-rules.md#flow-routes).
 */
function typedUrl(step: PathStep): PathStep {
  if (step.do.kind !== 'event' || step.do.event.type !== 'xstate.route') return step
  const { to, query } = step.do.event as unknown as { to: string; query?: Record<string, string> }
  const page = to.slice(1)
  const url = page === 'loanDemand' ? entryAlias : specPaths.get(page)
  const event = url === undefined ? null : eventForLocation(url, query ?? {})
  // A URL the app does not know is rewritten, nothing is sent: the step then fails where it expected a move.
  return event === null ? { ...step, do: { kind: 'wait', ms: 0 } } : { ...step, do: { kind: 'event', event } }
}

const golden = parseGolden(readFileSync(path.join(path.resolve(import.meta.dirname, '../..'), goldenFile), 'utf8')).map((g) => ({
  ...g,
  path: { ...g.path, steps: g.path.steps.map(typedUrl) },
}))

test.each(golden.map((g) => [g.path.id, g.path.goal, g] as const))('%s (%s): the approved steps still lead where the golden file says', async (_id, _goal, g) => {
  let index = 0
  const compare = (_expected: Expectation, actual: Expectation): string[] => {
    const wanted = g.shows[index++]
    const shown = { state: stateText(actual.state), route: routeText(actual.route), context: contextText(actual.context) }
    return wanted === undefined || (wanted.state === shown.state && wanted.route === shown.route && wanted.context === shown.context)
      ? []
      : [`the golden file says ${wanted.state}  ${wanted.route}${wanted.context}; the machine is in ${shown.state}  ${shown.route}${shown.context}`]
  }
  const result = await replayPath(model, g.path, { verifier: (path) => machineVerifier(path, model.machine), compare })
  expect(result.failure).toBeNull()
})

test('the golden file holds every path', () => {
  expect(golden.length).toBeGreaterThan(100)
})
