import type { AnyMachineSnapshot } from 'xstate'
import type { AppEvent } from '../../machines/context'
import type { ScreenFrame } from '../model/engine/properties'
import { screenProblemsOf } from '../model/engine/properties'
import type { Trace, TraceStep, WorldData } from '../model/engine/walk'
import { encodeBridgeParameter } from '../../src/bridge/payload'
import type { CallName } from '../../src/contract/calls'
import type { Answer } from './fake-api'
import { borrowerOps, type Op } from './user-steps'
import { specPaths } from './verify'
import { env } from './env'

/*
 * A random walk (tests/model/engine/walk.ts) as a rendering level replays it, shared by the React level
 * (walk-replay.test.tsx) and the browser level (walk-replay.browser.test.ts): which walk a seed and
 * path name, the address the host opens the page at, and what each step of the walk is in the
 * borrower's, the host's or the network's hands. The levels differ only in how they do it.
 */

/** The walk `npm run walks -- --replay <seed> --path <path> --level …` names (WALK_REPLAY), or null. */
export const wantedWalk = env.walkReplay

/**
 * Where the host opens the page for a walk's world: its channel, the bridge payload (the token it
 * holds, the borrower's locale) and the deep link, as the machine's input has them. A payload with
 * no token is no payload to the page, so a host with no token names the locale by `lang` instead.
 */
export function startAddress(world: WorldData): { query: Record<string, string>; hash: string } {
  const query: Record<string, string> = { channel: 'app-test' }
  if (world.token) query.bridge = encodeBridgeParameter({ token: 'tok', ...(world.locale !== null ? { locale: world.locale } : {}) })
  else if (world.locale !== null) query.lang = world.locale
  const link = world.deepLink
  return { query, hash: link ? `#${link.path}${link.query ? `?${new URLSearchParams(link.query).toString()}` : ''}` : '' }
}

/** One step of a walk as a level takes it. */
export type WalkAction =
  /** The network answers the oldest held request of `call` (the machine's `src`), as `answer` says. */
  | { kind: 'answer'; call: CallName; src: string; answer: Answer }
  /** The borrower's hands (or the host's post); `refused`: the machine would not take the event now. */
  | { kind: 'ops'; ops: Op[]; refused: boolean }
  /** The borrower types an address: the hash, path and query. */
  | { kind: 'url'; hash: string }
  | { kind: 'wait'; ms: number }
  /** The web view reloads the page. */
  | { kind: 'reload' }
  /** Nothing a borrower, a host or a network does takes this step at a rendering level. */
  | { kind: 'none'; why: string }

/**
 * What step `step` of a walk is, taken in the state the reference was in before it (`before`): the
 * levels replay up to the first divergence, so until then the page is where `before` says.
 */
export function actionOf(step: TraceStep, before: AnyMachineSnapshot): WalkAction {
  const a = step.answered
  if (a !== null) {
    const call = (a.src === 'resolveBaseUrl' ? 'initConfig' : a.src) as CallName
    if (a.outcome === 'timeout') return { kind: 'none', why: 'a 60 s timeout' }
    // The web view closing under a call: the network has no way to say it.
    if (a.outcome === 'interrupted') return { kind: 'none', why: 'a call interrupted by the web view' }
    if (a.outcome === 'serverError') return { kind: 'answer', call, src: a.src, answer: { outcome: 'serverError' } }
    if (a.outcome !== 'done') return { kind: 'answer', call, src: a.src, answer: { outcome: 'error', error: a.outcome } }
    const fixture = step.label.split(':').at(-1) ?? ''
    // The init config points the page at the level's own server, whatever the walk answered.
    if (call === 'initConfig' || fixture !== 'generated') return { kind: 'answer', call, src: a.src, answer: { outcome: 'done', fixture: call === 'initConfig' ? 'sandbox' : fixture } }
    return { kind: 'answer', call, src: a.src, answer: { outcome: 'data', data: a.output } }
  }
  if (step.event !== null) {
    const event = step.event as AppEvent
    if (event.type === 'xstate.route') {
      const { to, query } = event as unknown as { to: string; query?: Record<string, string> }
      const path = specPaths.get(to.slice(1))
      if (path === undefined) return { kind: 'none', why: `no address for ${to}` }
      const search = new URLSearchParams(query ?? {}).toString()
      return { kind: 'url', hash: `#${path}${search ? `?${search}` : ''}` }
    }
    const ops = borrowerOps(event, before)
    if (ops === null) return { kind: 'none', why: 'no control on screen sends it' }
    return { kind: 'ops', ops, refused: !before.can(event) }
  }
  if (step.label.startsWith('wait:')) return { kind: 'wait', ms: Number(step.label.slice(5, -1)) * 1000 }
  if (step.label === 'reload') return { kind: 'reload' }
  return { kind: 'none', why: step.label }
}

/** The reference's state before each step: the start, then each step's own. */
export function snapshotsBefore(trace: Trace): AnyMachineSnapshot[] {
  return [trace.start.snapshot, ...trace.steps.map((s) => s.snapshot)]
}

/** How a level's replay ended: the first step where the page left the reference, or could not follow it. */
export interface ReplayReport {
  lines: string[]
  /** The step index where the page diverged; -1 at the start; null when it never did. */
  diverged: number | null
  /** The step index this level cannot take; the replay stops there. */
  notReplayable: number | null
}

/**
 * What the page showed at a step (null: the start), as the screen properties read it: the state
 * value the page's machine reports and the page that names itself in `data-screen`.
 */
export function frameOf(step: TraceStep | null, value: unknown, screen: string | null): ScreenFrame {
  return {
    step,
    screen,
    waitingLogin: value === 'reauth',
    booting: typeof value === 'object' && value !== null && 'boot' in value,
  }
}

/**
 * The report as the CLI prints it, with the screen properties checked over what the page showed
 * (tests/model/engine/properties.ts): a page that follows a faulty machine step for step still breaks
 * them. Returns those problems.
 */
export function printReport(level: string, seed: number, report: ReplayReport, frames: readonly ScreenFrame[]): string[] {
  const broken = screenProblemsOf(frames)
  console.log(`--- ${level} level (seed ${seed}) ---\n${report.lines.join('\n')}`)
  if (report.diverged !== null) console.log(`DIVERGES at step ${report.diverged}`)
  if (report.notReplayable !== null) console.log(`stopped at step ${report.notReplayable}: not replayable at this level`)
  console.log(broken.length === 0 ? `the page held the screen properties over ${frames.length} frames` : `what the page showed breaks:\n${broken.join('\n')}`)
  return broken
}
