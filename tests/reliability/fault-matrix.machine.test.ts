import { createActor, getNextSnapshot, SimulatedClock, type AnyMachineSnapshot } from 'xstate'
import { afterAll, expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { invokingOf } from '../../machines/model/explore'
import { clockStartMs, eventSamples, fixtures, startSamples } from '../../machines/model/fixtures'
import { instrument } from '../../machines/model/instrument'
import { generatePaths, type ModelPath } from '../../machines/model/paths'
import type { ApiFailure, ErrorCode } from '../../machines/ports'
import { recordFigures } from './support/figures'
import { calls } from '../../src/contract/calls'
import { requestCalls } from './support/call-table'

/*
 * Fault matrix, machine level (issue #14): every call the machine invokes, reached the way the
 * model's paths reach it, answered with each failure the request layer turns the 16 faults into
 * (fault-matrix.request.test.ts). After each: the machine is alive, no longer waiting on the call
 * and not busy (loading cleared), exactly one error code from the catalogue in context (none for
 * a 401, which goes to `reauth`), the drafts untouched, and a borrower's event that calls it again.
 */

/** The failures the 16 request-layer faults become (kind, and a refusal's body status and text). */
const failures: { name: string; failure: ApiFailure }[] = [
  { name: 'network (refused, reset, DNS, aborted)', failure: { kind: 'network' } },
  { name: 'timeout (60 s)', failure: { kind: 'timeout' } },
  { name: 'HTTP 401', failure: { kind: 'unauthorized' } },
  { name: 'HTTP 403/500/502/503', failure: { kind: 'refused', status: 503 } },
  { name: 'status ≠ 0 with a message', failure: { kind: 'refused', status: 1000, message: '服务繁忙' } },
  { name: 'status ≠ 0 without a message', failure: { kind: 'refused', status: 1000 } },
  { name: 'no usable answer (HTML, empty, invalid JSON, off-contract)', failure: { kind: 'invalidResponse' } },
]
const catalogue: readonly ErrorCode[] = ['network', 'timeout', 'invalidResponse', 'refused', 'unexpected']

/**
 * Calls whose failure the borrower does not have to act on (the request layer's toast still says
 * it): the nickname (home goes on to the status), the device report, the rights card offer. The
 * machine moves on without an error code; the rights offer is asked again when the sheet opens.
 */
const decorative: ReadonlySet<string> = new Set(['showUser', 'reportDevice', 'showRewardProduct'])
/** Nothing asks for the device report again in this session: it is sent once per boot. */
const noRetryNeeded: ReadonlySet<string> = new Set(['reportDevice'])

/**
 * The drafts without their idempotency keys: a refused commit drops its key by design (README,
 * Decisions), so the next try is a new action; everything the borrower typed must stay.
 */
function typedDrafts(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(snapshot.context.drafts, (key, value: unknown) => (/Key$/.test(key) ? undefined : value))
}

const model = instrument(appMachine)
const set = generatePaths({ seed: 1 })
const paths = [...set.statePaths, ...set.edgePaths]
const invokedSources = new Set(model.inventory.invokeSrc.values())
const machineCalls = requestCalls.filter((call) => invokedSources.has(call))

/** The shortest path prefix that leaves the machine waiting on `src`. */
function prefixTo(src: string): ModelPath | null {
  let best: ModelPath | null = null
  for (const path of paths) {
    const at = path.startExpect.invoking.includes(src) ? -1 : path.steps.findIndex((step) => step.expect.invoking.includes(src))
    if (at === -1 && !path.startExpect.invoking.includes(src)) continue
    const candidate = { ...path, steps: path.steps.slice(0, at + 1) }
    if (best === null || candidate.steps.length < best.steps.length) best = candidate
  }
  return best
}

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

interface Pending {
  src: string
  input: unknown
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

const cells: { call: string; failure: string; ok: boolean; retryEvent?: string }[] = []

afterAll(() => {
  const bad = cells.filter((cell) => !cell.ok)
  recordFigures('fault-matrix-machine', {
    headline: `machine level: ${cells.length} cells (${machineCalls.length} invoked calls × ${failures.length} failures), ${bad.length} misbehaved`,
    cells,
  })
})

test('every call the machine invokes is reached by a model path', () => {
  expect(machineCalls.filter((call) => prefixTo(call) === null)).toEqual([])
  // listRegions and checkCard are called by the page (region lists) or not at all by the machine.
  expect(requestCalls.filter((call) => !invokedSources.has(call)).sort()).toEqual(['checkCard', 'listRegions'])
})

const matrix = machineCalls.flatMap((call) => failures.map((entry) => [call, entry.name, entry.failure] as const))

test.each(matrix)('%s fails with %s: loading cleared, one catalogue code, drafts intact, a retry calls it again', async (call, name, failure) => {
  let ok = false
  let retryEvent: string | undefined
  const prefix = prefixTo(call)
  if (prefix === null) throw new Error(`no path reaches ${call}`)
  const pending: Pending[] = []
  const invoked: string[] = []
  const clock = new SimulatedClock()
  const sample = startSamples.find((s) => s.name === prefix.start)
  model.controller.current = {
    invoke: (src, input, signal) =>
      new Promise((resolve, reject) => {
        const entry: Pending = { src, input, resolve, reject }
        pending.push(entry)
        invoked.push(src)
        signal.addEventListener('abort', () => {
          const index = pending.indexOf(entry)
          if (index >= 0) pending.splice(index, 1)
        })
      }),
  }
  let ids = 0
  const actor = createActor(model.machine, { input: { now: () => clockStartMs + clock.now(), makeId: () => `run-${++ids}`, ...sample?.input }, clock })
  try {
    actor.start()
    await settle()
    for (const step of prefix.steps) {
      const action = step.do
      if (action.kind === 'event') actor.send(action.event as Parameters<typeof actor.send>[0])
      else if (action.kind === 'wait') clock.increment(action.ms)
      else if (action.kind === 'delay') {
        const impl = (model.machine.implementations.delays as Record<string, unknown>)[action.delay]
        clock.increment(typeof impl === 'number' ? impl : typeof impl === 'function' ? (impl as (a: unknown) => number)({ context: actor.getSnapshot().context, event: { type: 'model.delay' } }) : Number(action.delay))
      } else {
        const entry = [...pending].reverse().find((p) => p.src === action.src)
        if (!entry) throw new Error(`${step.label}: not waiting on ${action.src}`)
        if (action.outcome === 'error') entry.reject({ kind: action.error, ...(action.error === 'refused' ? { status: 1008 } : {}) })
        else entry.resolve((fixtures as Record<string, Record<string, (a: unknown) => unknown>>)[action.src]?.[action.fixture]?.(entry.input))
      }
      await settle()
    }
    const waiting = [...pending].reverse().find((p) => p.src === call)
    expect(waiting, `the path leaves the machine waiting on ${call}`).toBeDefined()
    const draftsBefore = typedDrafts(actor.getSnapshot() as AnyMachineSnapshot)

    waiting?.reject(failure)
    await settle()
    const after = actor.getSnapshot() as AnyMachineSnapshot
    expect(after.status).toBe('active')
    const invoking = invokingOf(after, model.inventory.invokeSrc)
    expect(invoking, 'no longer waiting on the failed call').not.toContain(call)
    // Loading cleared: busy only while the machine has moved on to another call, never stuck.
    if (after.hasTag('busy')) expect(invoking.length, 'busy with nothing in flight').toBeGreaterThan(0)
    if (!decorative.has(call)) expect(after.hasTag('busy'), 'loading cleared').toBe(false)
    expect(typedDrafts(after), 'drafts intact').toBe(draftsBefore)
    if (failure.kind === 'unauthorized') {
      // A 401 on a call that carries no token (the channel lookup) is no session matter: the
      // request layer has told the host to go home; the boot screen offers its retry.
      if (calls[call].auth) expect(after.matches('reauth'), 'a 401 goes to reauth').toBe(true)
      expect(after.context.errorCode).toBeNull()
    } else if (decorative.has(call)) {
      expect(after.context.errorCode).toBeNull()
    } else {
      expect(catalogue).toContain(after.context.errorCode)
    }
    if (noRetryNeeded.has(call)) {
      ok = true
      return
    }

    // A borrower's event (or the host's new token) that sets off a call again; the calls on the
    // way (a card check before a purchase, boot's base URL) answer with their first fixture.
    const samples = Object.values(eventSamples).flat().map((entry) => entry.event)
    const possible = samples.filter((event) => after.can(event as never))
    const invokesAfter = (event: (typeof samples)[number]) =>
      invokingOf(getNextSnapshot(model.machine, after as never, event as never) as AnyMachineSnapshot, model.inventory.invokeSrc)
    // What a borrower would press: a control that calls it again at once, else a retry-like one.
    const retryLike = ['retry', 'form.submit', 'sms.send', 'sms.resend', 'rights.buy', 'poll.now', 'repay.again', 'liveness.returned', 'bridge.payload']
    const retry =
      possible.find((event) => invokesAfter(event).includes(call)) ??
      retryLike.flatMap((type) => possible.filter((event) => event.type === type)).find((event) => invokesAfter(event).length > 0)
    expect(retry, 'an event calls it again').toBeDefined()
    if (retry) {
      retryEvent = retry.type
      const before = invoked.length
      actor.send(retry as never)
      await settle()
      for (let round = 0; round < 6 && !invoked.slice(before).includes(call); round += 1) {
        const next = pending.at(-1)
        if (!next) break
        const fixture = Object.values((fixtures as Record<string, Record<string, (a: unknown) => unknown>>)[next.src] ?? {})[0]
        next.resolve(fixture?.(next.input))
        await settle()
      }
      expect(invoked.slice(before), `${retry.type} leads to ${call} again`).toContain(call)
    }
    ok = true
  } finally {
    actor.stop()
    model.controller.current = null
    cells.push({ call, failure: name, ok, ...(retryEvent ? { retryEvent } : {}) })
  }
})
