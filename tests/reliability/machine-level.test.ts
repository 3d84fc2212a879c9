import { getNextSnapshot, type AnyMachineSnapshot } from 'xstate'
import { afterAll, describe, expect, test } from 'vitest'
import { invokingOf } from '../model/engine/explore'
import { eventSamples } from '../model/engine/fixtures'
import type { ApiFailure, ErrorCode } from '../../machines/ports'
import { recordFigures } from '../support/figures'
import { calls } from '../../src/contract/calls'
import { requestCalls } from '../support/call-table'
import { drive, firstFixture, invokedSources, model, prefixTo, settle } from '../support/machine-harness'

/*
 * The machine-level families of `npm run reliability` in one file, because reaching a call costs
 * the model's path generation once (the `describe` names the family for the runner).
 *
 * Fault matrix, machine level: every call the machine invokes, reached the way the
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
/**
 * The bound card is shown beside the loan on loan confirmation and in the rights sheet: there it only
 * informs, so its failure lets the screen go on. Paying needs it.
 */
function decorativeHere(call: string, snapshot: AnyMachineSnapshot): boolean {
  if (decorative.has(call)) return true
  return (
    call === 'showCard' &&
    (snapshot.matches({ session: { screens: { lendConfirm: 'loadingCard' } } }) || snapshot.matches({ session: { rights: 'loadingCard' } }))
  )
}
/** Nothing asks for the device report again in this session: it is sent once per boot. */
const noRetryNeeded: ReadonlySet<string> = new Set(['reportDevice'])

/**
 * The drafts without their idempotency keys: a refused commit drops its key by design (README,
 * Decisions), so the next try is a new action; everything the borrower typed must stay.
 */
function typedDrafts(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(snapshot.context.drafts, (key, value: unknown) => (/Key$/.test(key) ? undefined : value))
}

const machineCalls = requestCalls.filter((call) => invokedSources.has(call))

const cells: { call: string; failure: string; ok: boolean; retryEvent?: string }[] = []

afterAll(() => {
  const bad = cells.filter((cell) => !cell.ok)
  recordFigures('fault-matrix-machine', {
    headline: `machine level: ${cells.length} cells (${machineCalls.length} invoked calls × ${failures.length} failures), ${bad.length} misbehaved`,
    cells,
  })
})

describe('fault-matrix', () => {
test('every call the machine invokes is reached by a model path', () => {
  expect(machineCalls.filter((call) => prefixTo(call) === null)).toEqual([])
  // listRegions and checkCard are called by the page (region lists) or not at all by the machine.
  expect(requestCalls.filter((call) => !invokedSources.has(call)).sort()).toEqual(['checkCard', 'listRegions'])
})

const matrix = machineCalls.flatMap((call) => failures.map((entry) => [call, entry.name, entry.failure] as const))

// rules: error-screen-stays, nothing-lost-failure
test.each(matrix)('%s fails with %s: loading cleared, one catalogue code, drafts intact, a retry calls it again', async (call, name, failure) => {
  let ok = false
  let retryEvent: string | undefined
  const prefix = prefixTo(call)
  if (prefix === null) throw new Error(`no path reaches ${call}`)
  const driven = await drive(prefix)
  const { actor, pending, invoked } = driven
  try {
    const waiting = [...pending].reverse().find((p) => p.src === call)
    expect(waiting, `the path leaves the machine waiting on ${call}`).toBeDefined()
    const before = actor.getSnapshot() as AnyMachineSnapshot
    const draftsBefore = typedDrafts(before)
    const silent = decorativeHere(call, before)

    waiting?.reject(failure)
    await settle()
    // With a token, home's calls leave beside boot's channel lookup, and what their failure shows waits
    // for the lookup: it answers, as the channel's own lookup does.
    const lookup = pending.find((p) => p.src === 'lookupChannel' && p !== waiting)
    if (lookup !== undefined && call !== 'lookupChannel') {
      lookup.resolve(firstFixture(lookup.src, lookup.input))
      await settle()
    }
    const after = actor.getSnapshot() as AnyMachineSnapshot
    expect(after.status).toBe('active')
    const invoking = invokingOf(after, model.inventory.invokeSrc)
    expect(invoking, 'no longer waiting on the failed call').not.toContain(call)
    // Loading cleared: busy only while the machine has moved on to another call, never stuck.
    if (after.hasTag('busy')) expect(invoking.length, 'busy with nothing in flight').toBeGreaterThan(0)
    if (!silent) expect(after.hasTag('busy'), 'loading cleared').toBe(false)
    expect(typedDrafts(after), 'drafts intact').toBe(draftsBefore)
    if (failure.kind === 'unauthorized') {
      // A 401 on a call that carries no token (the channel lookup) is no session matter: the
      // request layer has told the host to go home; the boot screen offers its retry.
      if (calls[call].auth) expect(after.matches('reauth'), 'a 401 goes to reauth').toBe(true)
      expect(after.context.errorCode).toBeNull()
    } else if (silent) {
      expect(after.context.errorCode).toBeNull()
    } else {
      expect(catalogue).toContain(after.context.errorCode)
    }
    // The card beside the loan or in the rights sheet is not asked for again: the screen goes on without it.
    if (noRetryNeeded.has(call) || (silent && !decorative.has(call))) {
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
        next.resolve(firstFixture(next.src, next.input))
        await settle()
      }
      expect(invoked.slice(before), `${retry.type} leads to ${call} again`).toContain(call)
    }
    ok = true
  } finally {
    driven.stop()
    cells.push({ call, failure: name, ok, ...(retryEvent ? { retryEvent } : {}) })
  }
})
})

/*
 * Once only, machine level: the borrower's tap that starts a committing call, repeated while the
 * call is in flight (a double tap, five rapid taps), sets off one call; a retry after a timeout
 * re-sends the same idempotency key; a refusal makes the next try a new action with a new key.
 */
const committing = ['applyLoan', 'confirmCard', 'confirmLenderCard', 'submitRepayment', 'buyRewardProduct'] as const

function keyOf(input: unknown): string | undefined {
  return (input as { idempotencyKey?: string } | undefined)?.idempotencyKey
}

describe('once-only', () => {
  // rules: idem-single-submit
  test.each(committing.flatMap((call) => [[call, 2] as const, [call, 5] as const]))('%s, %i taps while it is in flight: one call', async (call, taps) => {
    const prefix = prefixTo(call)
    if (prefix === null) throw new Error(`no path reaches ${call}`)
    const tap = [...prefix.steps].reverse().find((step) => step.do.kind === 'event')?.do
    if (tap?.kind !== 'event') throw new Error(`no tap starts ${call}`)
    const driven = await drive(prefix)
    try {
      for (let extra = 1; extra < taps; extra += 1) driven.actor.send(tap.event as never)
      await settle()
      expect(driven.invoked.filter((src) => src === call)).toHaveLength(1)
      const waiting = [...driven.pending].reverse().find((p) => p.src === call)
      waiting?.resolve(firstFixture(call, waiting.input))
      await settle()
      driven.actor.send(tap.event as never)
      await settle()
      expect(driven.invoked.filter((src) => src === call), 'a tap after it succeeded starts nothing new').toHaveLength(1)
    } finally {
      driven.stop()
    }
  })

  // rules: idem-key-reuse, idem-key-after-refusal
  test.each(committing)('%s: a retry after a timeout re-sends the same key; after a refusal the next try has a new key', async (call) => {
    const prefix = prefixTo(call)
    if (prefix === null) throw new Error(`no path reaches ${call}`)
    const driven = await drive(prefix)
    try {
      const first = [...driven.pending].reverse().find((p) => p.src === call)
      const key = keyOf(first?.input)
      expect(key, `${call} carries an idempotency key`).toBeTruthy()
      first?.reject({ kind: 'timeout' })
      await settle()
      driven.actor.send({ type: 'retry' } as never)
      await settle()
      for (let round = 0; round < 4 && driven.pending.at(-1)?.src !== call; round += 1) {
        const next = driven.pending.at(-1)
        if (!next) break
        next.resolve(firstFixture(next.src, next.input))
        await settle()
      }
      const second = driven.pending.at(-1)
      expect(second?.src).toBe(call)
      expect(keyOf(second?.input), 'the same key after a timeout').toBe(key)
    } finally {
      driven.stop()
    }
  })
})
