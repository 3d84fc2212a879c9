import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Request, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, test, vi, type ExpectStatic } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { createStepper, type Expectation } from './engine/explore'
import { startSamples } from './engine/fixtures'
import { instrument } from './engine/instrument'
import type { ModelPath } from './engine/model-path'
import { replayPath } from './engine/replay'
import { activeStateIds, picturedStates, screenStates, statesAlong } from './engine/screen-paths'
import { funnelScreens } from '../../machines/screens'
import type { CallName } from '../../src/contract/calls'
import { initI18n } from '../../src/i18n/init-i18n'
import { intlLocale, supportedLocales, type Locale } from '../../src/i18n/locale'
import { artifactsDir, newPhoneContext } from '../support/browser'
import { pageSandboxAndBrowser } from '../support/browser-suite'
import { pageUrl } from '../support/sandbox'
import { perform, readerOf } from '../support/browser-driver'
import { errorResponse, fixtureData, initConfigBody, match, queryInput, referenceData } from '../support/fake-api'
import { writeLevelReport, type StepCounts } from '../support/level-report'
import { contractProblems, IdempotencyLedger, type SentRequest } from '../support/request-checks'
import { uiPathSet } from '../support/ui-paths'
import { borrowerOps, hashOf, type Op } from '../support/user-steps'
import { advanceWorld, arrivalOn, startWorld, verifyFacts, verifySees, type Translate, type World } from '../support/verify'
import { env } from '../support/env'
import { displayModes } from '../support/display-modes'
import { agreementHtml, contractHtml, rewardProductCopy } from '../../server/content/agreements'
import type { AgreementKey } from '../../src/contract/entities'

/*
 * Model paths in headless Chromium: the built page, served by the sandbox, walked
 * by hand like at the React level (support/user-steps.ts, through Playwright), on the fewest paths
 * of the hand-walkable set that show every screen state and take every move between screens of the
 * funnel. The network is answered at the network layer with page.route: each API call is held
 * until the path says how it ends (the latest of its kind the page still waits for), checked against
 * the contract, headers, signature and idempotency (support/request-checks.ts), then fulfilled with
 * the path's fixture or failed. After
 * every step: the URL, push or replace, and the state's verifications on the rendered page.
 *
 * Each screen state gets a screenshot as a borrower sees it, for the reviewer page: taken once the
 * state has settled (nothing loading) and no toast or error notice shows, unless the state holds an
 * error (then its notice is what it looks like). A toast left by an earlier step is waited out where
 * the picture can be the one kept; an appearance that stays noisy is passed over for a later, clean
 * one. The English walk (three paths at a time) finds where each screen state shows clean; the other
 * locales (`npm run review:shots`) walk only those paths, as far as their last capture, and walk them
 * again in elder mode in every locale (artifacts/screenshots/model-elder/, same layout).
 * artifacts/screenshots/model/<locale>/<state id>.png, listed in artifacts/screenshots/model/index.json
 * ({ locale, locales, screens: { [stateId]: fileName }, errorShown: [stateId] }, the last naming the
 * pictures that show an error the state holds).
 *
 * A picture shows what the screen is for: a screen with outcomes is pictured at the one it exists
 * for (a repayment that went through), and the documents carry the sandbox's own texts in the
 * walk's language, since the fixtures' one-word bodies would picture an empty page.
 */

const locale: Locale = 'en'
// Each other locale's captures take over a minute: `npm run review:shots` takes them, `npm test` does not.
const otherLocales = env.shotsInEveryLocale ? supportedLocales.filter((l) => l !== locale) : []
const elderLocales = env.shotsInEveryLocale ? supportedLocales : []
/** A toast shows for 3 s (src/ui/toast-host.tsx); a capture waits a little longer for it to go. */
const toastWaitMs = 4_500
// Chromium runs on the real clock: these paths stop short of a poll's wait (support/ui-paths.ts).
const set = uiPathSet('real')
const screenIds = screenStates().map((s) => s.id)
const pictureIds = picturedStates()
/** The inner state a screen with outcomes is pictured at: the outcome it exists for (the rights sheet's: its offer). */
const purposeOf: Record<string, string> = { repaymentResult: 'app.session.screens.repaymentResult.succeeded', rights: 'app.session.rights.offer' }
const onPurpose = (id: string, e: Expectation) => purposeOf[id] === undefined || activeStateIds(e.state).includes(purposeOf[id])
const funnel = new Set<string>(funnelScreens)
const shotsRoot = path.join(artifactsDir, 'screenshots', 'model')
const elderRoot = path.join(artifactsDir, 'screenshots', 'model-elder')
/** The pictures of a walk: the default mode's by locale, elder mode's beside them. */
type Walk = { locale: Locale; elder: boolean }
const walkKey = (w: Walk) => (w.elder ? `elder:${w.locale}` : w.locale)
const walkDir = (w: Walk) => path.join(w.elder ? elderRoot : shotsRoot, w.locale)
const counts: StepCounts = { ui: 0, url: 0, direct: 0, network: 0, host: 0 }
const walked = new Map<string, ModelPath>()
/** Per locale, per screen state: its picture, what notices its page showed, and whether the state holds an error. */
interface Capture {
  file: string
  notices: string[]
  errorState: boolean
  /** Taken while the page was still loading (waiting on a call the path answers next): kept until a settled one. */
  loading: boolean
  /** Taken at the outcome the screen exists for (always, for a screen without outcomes). */
  purpose: boolean
  /** Where it was taken: the path and how many of its steps were done. */
  at: { path: string; step: number }
}
const captures = new Map<string, Map<string, Capture>>()
/** The screenshot file each capture is writing (`<locale>/<state id>.png`), so that paths walked side by side write one at a time. */
const writes = new Map<string, Promise<unknown>>()
const screenMoves = new Set<string>()
const started = Date.now()
const suite = pageSandboxAndBrowser()
const translators = new Map<string, Translate>()

/** Moves between two different screens of the funnel along a path (`from → to`). */
function movesOf(p: ModelPath): string[] {
  const screens = [p.startExpect, ...p.steps.map((s) => s.expect)].map((e) => e.context.screen)
  const moves: string[] = []
  for (let i = 1; i < screens.length; i++) {
    const [from, to] = [screens[i - 1], screens[i]]
    if (from && to && from !== to && funnel.has(from) && funnel.has(to)) moves.push(`${from} → ${to}`)
  }
  return moves
}

/** An expectation a borrower sees as the screen itself: nothing loading, no error held. */
const settledAndClean = (e: Expectation) => e.invoking.length === 0 && e.context.errorCode === null && e.context.errorStatus === null

/** The screen states a path shows settled with no error held: where a capture can be quiet. */
function cleanAlong(p: ModelPath): Set<string> {
  const out = new Set<string>()
  for (const e of [p.startExpect, ...p.steps.map((s) => s.expect)]) {
    if (settledAndClean(e)) for (const id of activeStateIds(e.state)) if (pictureIds.includes(id)) out.add(id)
  }
  return out
}

/** The screens with outcomes a path shows settled and quiet at the outcome they exist for. */
function onPurposeAlong(p: ModelPath): string[] {
  const out = new Set<string>()
  for (const e of [p.startExpect, ...p.steps.map((s) => s.expect)]) {
    if (settledAndClean(e)) for (const id of Object.keys(purposeOf)) if (activeStateIds(e.state).includes(purposeOf[id] as string)) out.add(id)
  }
  return [...out]
}

/** What the browser may walk: the shortest path to each state, and every beginning of the covering walks. */
const candidates = [...set.statePaths, ...set.edgePaths.flatMap((walk) => walk.steps.map((_, done) => ({ ...walk, id: `${walk.id}.${done + 1}`, steps: walk.steps.slice(0, done + 1) })))]

/** What a fresh page costs beside a step (a context, a renderer and the app's load), counted in steps. */
const pageLoadInSteps = 8

/**
 * The browser's share of the hand-walkable paths: greedily, the path that adds the most screen
 * states, quiet appearances of them and funnel moves for what it costs (its steps and a page load),
 * until every one the set reaches is taken. The candidates are the shortest path to each state and
 * every beginning of the covering walks, so one page goes on through what several paths would each
 * load a page for. A screen state met only after a failed answer (the edge cover fails a call
 * first) would otherwise be pictured with that failure's notice.
 */
function browserPaths(): ModelPath[] {
  const wanted = new Set<string>()
  const gains = new Map<string, string[]>()
  for (const p of candidates) {
    const along = statesAlong(p)
    const gain = [
      ...pictureIds.filter((id) => along.has(id)).map((id) => `state:${id}`),
      ...[...cleanAlong(p)].map((id) => `clean:${id}`),
      ...onPurposeAlong(p).map((id) => `purpose:${id}`),
      ...movesOf(p).map((m) => `move:${m}`),
    ]
    gains.set(p.id, gain)
    for (const g of gain) wanted.add(g)
  }
  const chosen: ModelPath[] = []
  const covered = new Set<string>()
  while ([...wanted].some((g) => !covered.has(g))) {
    let best: ModelPath | undefined
    let bestScore = 0
    for (const p of candidates) {
      const fresh = (gains.get(p.id) ?? []).filter((g) => !covered.has(g)).length
      const score = fresh / (p.steps.length + pageLoadInSteps)
      if (fresh > 0 && score > bestScore) [best, bestScore] = [p, score]
    }
    if (best === undefined) break
    chosen.push(best)
    for (const g of gains.get(best.id) ?? []) covered.add(g)
  }
  return chosen
}

const paths = browserPaths()
/** Screen states the walked paths show quiet somewhere: their picture must be a quiet one. */
const cleanSomewhere = new Set(paths.flatMap((p) => [...cleanAlong(p)]))
/** What the hand-walkable set can show, whichever paths are walked: every funnel move, and the states it shows quiet. */
const canShow = { moves: new Set(candidates.flatMap(movesOf)), clean: new Set(candidates.flatMap((p) => [...cleanAlong(p)])) }

beforeAll(async () => {
  rmSync(shotsRoot, { recursive: true, force: true })
  if (elderLocales.length > 0) rmSync(elderRoot, { recursive: true, force: true })
  for (const l of supportedLocales) {
    const i18n = await initI18n(l)
    translators.set(l, (key, values) => (i18n.t as (k: string, v?: object) => string)(key, values))
  }
  for (const w of [locale, ...otherLocales].map((l) => ({ locale: l, elder: false })).concat(elderLocales.map((l) => ({ locale: l, elder: true })))) {
    mkdirSync(walkDir(w), { recursive: true })
    captures.set(walkKey(w), new Map())
  }
}, 180_000)

/**
 * How far a picture is from the screen as a borrower sees it, best first: settled, quiet and at the
 * outcome the screen exists for (0); settled and quiet at another outcome (1); still loading, which
 * is all a splash or a check ever shows (2); the state's own error notice (3); a toast or notice
 * over a state that holds no error (4); none yet (5). The walk keeps the best it meets.
 */
const loadingRank = 2
function rank(c: Capture | undefined): number {
  if (c === undefined) return 5
  if (c.loading) return c.notices.length === 0 ? loadingRank : 4
  if (c.notices.length === 0) return c.purpose ? 0 : 1
  return c.errorState ? 3 : 4
}

/** What would cover the screen in a picture: a toast, or an error notice with words in it. */
async function noticesOn(page: Page): Promise<string[]> {
  const texts = [...(await page.locator('.toast').allInnerTexts()), ...(await page.getByRole('alert').allInnerTexts())]
  return texts.map((text) => text.trim()).filter((text) => text !== '')
}

interface Held {
  call: CallName
  route: Route
  request: Request
  params: Record<string, string>
  input: Record<string, unknown>
}

/**
 * Walks a path in a locale, with the `expect` of the test that walks it (walks run side by side). `only`
 * (the other locales) names the steps to capture at, by screen state, and the walk stops after the
 * last of them; without it every screen state is a candidate.
 */
async function runPath(expect: ExpectStatic, p: ModelPath, walk: Walk = { locale, elder: false }, only?: Map<number, string[]>): Promise<void> {
  const walkLocale = walk.locale
  const t = translators.get(walkLocale) as Translate
  const { sandbox, browser } = suite
  const shots = captures.get(walkKey(walk)) as Map<string, Capture>
  const sample = startSamples.find((s) => s.name === p.start)
  if (!sample) throw new Error(`no start ${p.start}`)
  let world: World = startWorld(sample)
  const ledger = new IdempotencyLedger()
  const problems: string[] = []
  const context = await newPhoneContext(browser, intlLocale(walkLocale))
  if (walk.elder) await displayModes.elder.prepare(context)
  // The projection's history writes, to tell push from replace.
  await context.addInitScript(() => {
    const writes: { kind: string; url: string }[] = []
    ;(window as unknown as { __historyWrites: typeof writes }).__historyWrites = writes
    for (const [method, kind] of [['pushState', 'push'], ['replaceState', 'replace']] as const) {
      const original = history[method].bind(history)
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        writes.push({ kind, url: String(url ?? '') })
        original(data, unused, url)
      }
    }
  })
  const page = await context.newPage()
  const reader = readerOf(page)
  const held: Held[] = []
  await page.route(`${sandbox.url}/**`, async (route, request) => {
    const url = new URL(request.url())
    const found = match(request.method(), url.pathname)
    if (found === null) return route.continue()
    const body = request.postData()
    const fields = request.method() === 'GET' ? Object.fromEntries(url.searchParams) : body ? (JSON.parse(body) as Record<string, unknown>) : {}
    const sent: SentRequest = { call: found.call, method: request.method(), path: url.pathname, params: found.params, fields, headers: await request.allHeaders() }
    for (const problem of [...contractProblems(sent, world), ...ledger.check(sent)]) problems.push(`${found.call}: ${problem}`)
    const reference = referenceData(found.call, fields)
    if (reference !== undefined) return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 0, message: 'OK', data: reference }) })
    const input = request.method() === 'GET' ? queryInput(found.call, url.searchParams) : fields
    held.push({ call: found.call, route, request, params: found.params, input })
  })
  const answered = new Set<Held>()
  // A request the page gave up (its state left before the answer, as Back while a list loads) is
  // never answered: taken for the next request of its kind, that answer would go nowhere, and on a
  // loaded machine the request it stood for can still be on its way when the step looks.
  page.on('requestfailed', (request) => {
    const abandoned = held.find((h) => h.request === request)
    if (abandoned !== undefined) answered.add(abandoned)
  })
  const next = async (call: CallName): Promise<Held> => {
    let found: Held | undefined
    await expect
      .poll(() => (found = held.findLast((h) => h.call === call && !answered.has(h))) !== undefined, {
        timeout: 20_000,
        message: `the page made no ${call} request (seen: ${held.map((h) => h.call).join(', ')})`,
      })
      .toBe(true)
    answered.add(found as Held)
    return found as Held
  }
  const writesSince = async (from: number) =>
    (await page.evaluate(() => (window as unknown as { __historyWrites: { kind: string; url: string }[] }).__historyWrites)).slice(from)
  const check = async (expected: Expectation, label: string, historyFrom: number, routeChanged: boolean) => {
    const hash = hashOf(expected.route)
    await expect
      .poll(
        async () => {
          const shownHash = decodeURIComponent(await page.evaluate(() => window.location.hash))
          const writes = await writesSince(historyFrom)
          const href = shownHash.slice(1)
          const found = [
            ...(hash !== null && shownHash.split('?')[0] !== decodeURIComponent(hash).split('?')[0] ? [`the URL is ${shownHash}, not ${hash}`] : []),
            ...verifyFacts(expected.state, world, {
              route: hash === null ? null : { path: href.split('?')[0] ?? href, history: routeChanged ? arrivalOn(href, writes) : null },
            }),
            ...(await verifySees(expected.state, world, reader, t)),
          ]
          return found
        },
        { timeout: 20_000, message: `${label}: the verifications of ${JSON.stringify(expected.state)}` },
      )
      .toEqual([])
  }
  // One picture per screen state, at its first clean appearance (see the header).
  const capture = async (expected: Expectation, step: number) => {
    const errorState = expected.context.errorCode !== null || expected.context.errorStatus !== null
    // A state waiting on a call shows its spinner until the path answers it: nothing to wait for.
    const loading = expected.invoking.length > 0
    // A loading picture stays a loading one however long a toast is waited out: it can only replace none.
    const best = loading ? loadingRank : 0
    const wanted = only?.get(step) ?? activeStateIds(expected.state).filter((id) => pictureIds.includes(id) && rank(shots.get(id)) > best)
    if (wanted.length === 0) return
    const settled = async () => (loading || !(await reader.busy())) && (errorState || (await noticesOn(page)).length === 0)
    // A loading picture that a quiet appearance later in the walk will replace need not wait for a toast to go.
    const placeholder = only === undefined && loading && wanted.every((id) => cleanSomewhere.has(id))
    if (!placeholder) await expect.poll(settled, { timeout: only === undefined ? toastWaitMs : 20_000 }).toBe(true).catch(() => undefined)
    const notices = await noticesOn(page)
    for (const id of wanted) {
      const taken: Capture = { file: '', notices, errorState, loading, purpose: onPurpose(id, expected), at: { path: p.id, step } }
      // An earlier picture no worse than this one stays.
      if (only === undefined && rank(taken) >= rank(shots.get(id))) continue
      const file = `${id}.png`
      // Claimed before the picture is taken, and written after any earlier claim's: the file on disk is the one `shots` describes.
      shots.set(id, { ...taken, file })
      const key = path.join(walkDir(walk), file)
      const written = (writes.get(key) ?? Promise.resolve()).then(() => page.screenshot({ path: key, fullPage: true }))
      writes.set(key, written.catch(() => undefined))
      await written
    }
  }
  const last = only === undefined ? p.steps.length : Math.max(...only.keys())
  const linkHash = sample.input.initialDeepLink ? `#${sample.input.initialDeepLink.path}` : ''
  if (linkHash) counts.url += 1
  const query: Record<string, string> = { lang: walkLocale, channel: sample.input.bridge.channel ?? 'app-test' }
  const payload = sample.input.bridge.token ? { token: sample.input.bridge.token } : undefined
  let done = 0
  try {
    await page.goto(`${pageUrl(sandbox.url, query, payload)}${linkHash}`)
    await check(p.startExpect, `start ${p.start}`, 0, false)
    await capture(p.startExpect, 0)
    let previous = p.startExpect
    for (const step of p.steps.slice(0, last)) {
      const action = step.do
      const historyFrom = (await writesSince(0)).length
      let output: unknown = undefined
      if (action.kind === 'event') {
        const snapshotOps = borrowerOpsAt(p, done)
        if (snapshotOps === null) throw new Error(`${step.label}: no control on screen sends it`)
        for (const op of snapshotOps.ops) await perform(page, t, op, snapshotOps.refused)
        if (snapshotOps.ops.some((op) => op.op === 'host')) counts.host += 1
        else counts.ui += 1
      } else if (action.kind === 'actor') {
        const call = (action.src === 'resolveBaseUrl' ? 'initConfig' : action.src) as CallName
        if (action.outcome === 'error' && action.error === 'timeout') throw new Error(`${step.label}: a 60 s timeout is not made in the browser`)
        const request = await next(call)
        counts.network += 1
        ledger.answered(call, action.outcome === 'done' ? 'ok' : action.error)
        const json = (status: number, body: unknown) => request.route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
        if (action.outcome === 'done') {
          if (call === 'initConfig') await json(200, initConfigBody(sandbox.url))
          else {
            output = readableText(call, fixtureData(action.src, action.fixture, request), request, walkLocale)
            await json(200, { status: 0, message: 'OK', data: output })
          }
        } else if (action.error === 'network') await request.route.abort('connectionfailed')
        else {
          const made = errorResponse(action.error)
          if (made !== null) await json(made.status, made.body)
        }
      } else throw new Error(`${step.label}: the browser runner does not move the page's clock`)
      world = advanceWorld(world, action, output)
      const routeChanged = previous.route?.path !== step.expect.route?.path
      await check(step.expect, step.label, historyFrom, routeChanged)
      done += 1
      await capture(step.expect, done)
      previous = step.expect
    }
    expect(problems, 'what the page sent').toEqual([])
  } finally {
    if (only === undefined) {
      walked.set(p.id, { ...p, steps: p.steps.slice(0, done) })
      for (const m of movesOf({ ...p, steps: p.steps.slice(0, done) })) screenMoves.add(m)
    }
    // Calls the path never answers would keep the context open; they end with the page.
    for (const h of held) if (!answered.has(h)) await h.route.abort().catch(() => undefined)
    await context.close()
  }
}

/** A document's body, and the rights card's copy, as the sandbox writes them in `walkLocale`; other answers as the fixture made them. */
function readableText(call: CallName, made: unknown, request: Held, walkLocale: Locale): unknown {
  const data = made as Record<string, unknown>
  if (call === 'getAgreement') return { ...data, ...agreementHtml(request.params.key as AgreementKey, walkLocale) }
  if (call === 'getContract') {
    const input = request.input as { lender_id: string; kind: 'contract' | 'third_party'; amount?: string; term?: string }
    const lenders = (fixtureData('listMatches', 'twoLenders', request) as { items: { lender_id: string; name: string; apr: number }[] }).items
    const lender = lenders.find((l) => l.lender_id === input.lender_id) ?? (lenders[0] as (typeof lenders)[number])
    // Before a demand the page asks without figures: the sandbox then writes its own defaults in.
    const asked = (value: string | undefined, otherwise: number) => (Number(value) > 0 ? Number(value) : otherwise)
    const figures = { amount: asked(input.amount, 1_000_000), term: asked(input.term, 12), apr: lender.apr }
    return { ...data, ...contractHtml({ kind: input.kind, lenderName: lender.name, ...figures, locale: walkLocale }) }
  }
  if (call === 'showRewardProduct' && data.product) {
    const copy = rewardProductCopy(walkLocale)
    return { ...data, product: { ...(data.product as object), name: copy.name, benefits: copy.benefits, detail_html: copy.detail_html } }
  }
  return made
}

/**
 * The borrower's operations for step `index` of a path: read from the machine's state before the
 * step, replayed on the pure model (the built page has no handle on its actor).
 */
const model = instrument(appMachine)
const opsCache = new Map<string, ({ ops: Op[]; refused: boolean } | null)[]>()
function borrowerOpsAt(p: ModelPath, index: number): { ops: Op[]; refused: boolean } | null {
  return opsCache.get(p.id)?.[index] ?? null
}

beforeAll(() => {
  // Before each event step, the snapshot the page is in: taken from the pure model.
  for (const p of paths) {
    const stepper = createStepper(model)
    let result = stepper.start(p.start)
    const list: ({ ops: Op[]; refused: boolean } | null)[] = []
    for (const step of p.steps) {
      if (step.do.kind === 'event') {
        const ops = borrowerOps(step.do.event, result.snapshot)
        list.push(ops === null ? null : { ops, refused: !result.snapshot.can(step.do.event) })
      } else list.push(null)
      result = stepper.apply(result.snapshot, step.do)
    }
    opsCache.set(p.id, list)
  }
})

// Three walks side by side: each waits on its page and its answers far more than on a core.
vi.setConfig({ maxConcurrency: 3 })
// The next file in this worker runs with the project's own settings.
afterAll(() => vi.resetConfig())
for (const p of paths) {
  test.concurrent(`${p.id} (${p.goal}) in Chromium: walked by hand, every state as verifications.ts says`, { timeout: 120_000 }, async ({ expect }) => {
    await runPath(expect, p)
  })
}

test('every screen state is shown in Chromium with a screenshot, and the figures are written', { timeout: 120_000 }, async () => {
  // Coverage of what the page was checked through: the walked prefix of each path, replayed on the
  // machine (the built page exposes no actor to observe).
  const seen = { states: new Set<string>(), transitions: new Set<string>(), guardOutcomes: new Set<string>() }
  for (const prefix of walked.values()) {
    const result = await replayPath(model, prefix)
    for (const s of result.seen.states) seen.states.add(s)
    for (const s of result.seen.transitions) seen.transitions.add(s)
    for (const s of result.seen.guardOutcomes) seen.guardOutcomes.add(s)
  }
  const allMoves = canShow.moves
  const shots = captures.get(locale) as Map<string, Capture>
  writeIndex(shotsRoot, shots, [locale, ...otherLocales])
  const report = writeLevelReport(
    'browser',
    set.targets,
    seen,
    {
      paths: { run: paths.length, passed: [...walked.values()].filter((w) => w.steps.length === (paths.find((p) => p.id === w.id)?.steps.length ?? -1)).length, ids: paths.map((p) => p.id) },
      steps: counts,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      notes: [
        'the fewest hand-walkable paths (support/ui-paths.ts) showing every screen state and every move between funnel screens',
        'every API answer is a fixture given with page.route (fulfill, or abort for network), after the request checks; the sandbox serves the built page',
        `funnel moves walked: ${screenMoves.size} of ${allMoves.size} (${[...screenMoves].sort().join(', ')})`,
        `screenshots: ${shots.size} per locale in artifacts/screenshots/model/<locale>/ (${[locale, ...otherLocales].join(', ')}), listed in artifacts/screenshots/model/index.json`,
      ],
    },
    screenIds,
  )
  expect(report.screenStates.missing).toEqual([])
  expect([...shots.keys()].sort()).toEqual([...pictureIds].sort())
  expect(noPurpose(locale)).toEqual([])
  expect([...screenMoves].sort()).toEqual([...allMoves].sort())
})

test('every screen state of the English walk was captured as a borrower sees it: no toast or error notice unless the state is only ever shown holding an error', () => {
  expect(noisyCaptures(locale)).toEqual([])
})

/** The index of a mode's pictures, as the reviewer page reads it (see the header). */
function writeIndex(root: string, shots: Map<string, Capture>, locales: Locale[]): void {
  const files = [...shots].map(([id, c]) => [id, c.file] as const).sort(([a], [b]) => a.localeCompare(b))
  const errorShown = [...shots].filter(([, c]) => rank(c) === 3).map(([id]) => id).sort()
  writeFileSync(path.join(root, 'index.json'), `${JSON.stringify({ locale: locales[0], locales, screens: Object.fromEntries(files), errorShown }, null, 2)}\n`)
}

/** Screens with outcomes pictured at another one than the outcome they exist for. */
function noPurpose(l: string): string[] {
  return [...(captures.get(l) ?? [])].filter(([, c]) => !c.purpose).map(([id, c]) => `${id} (${c.at.path} step ${c.at.step})`)
}

/** The paths and steps the English walk took each screen state's picture at: path → step → state ids. */
function capturePlan(): Map<string, Map<number, string[]>> {
  const plan = new Map<string, Map<number, string[]>>()
  for (const [id, c] of captures.get(locale) ?? []) {
    const steps = plan.get(c.at.path) ?? new Map<number, string[]>()
    steps.set(c.at.step, [...(steps.get(c.at.step) ?? []), id])
    plan.set(c.at.path, steps)
  }
  return plan
}

/**
 * Pictures with a toast or an error notice where the screen should be quiet: a state that holds no
 * error, or one the hand-walkable set also shows without an error (its quiet appearance is the picture).
 */
function noisyCaptures(l: string): string[] {
  return [...(captures.get(l) ?? [])]
    .filter(([id, c]) => c.notices.length > 0 && (!c.errorState || canShow.clean.has(id)))
    .map(([id, c]) => `${id} (${c.at.path} step ${c.at.step}): ${c.notices.join(' | ')}`)
}

for (const other of otherLocales) {
  test(`every screen state is captured in ${other} too, as a borrower sees it`, { timeout: 600_000 }, async () => {
    const plan = capturePlan()
    expect(plan.size, 'the English walk ran first').toBeGreaterThan(0)
    for (const [id, steps] of plan) await runPath(expect, paths.find((p) => p.id === id) as ModelPath, { locale: other, elder: false }, steps)
    expect([...(captures.get(other) as Map<string, Capture>).keys()].sort()).toEqual([...pictureIds].sort())
    expect(noisyCaptures(other)).toEqual([])
  })
}

for (const [done, elder] of elderLocales.entries()) {
  test(`every screen state is captured in ${elder} in elder mode, as a borrower who chose it sees it`, { timeout: 600_000 }, async () => {
    const plan = capturePlan()
    expect(plan.size, 'the English walk ran first').toBeGreaterThan(0)
    const walk = { locale: elder, elder: true }
    for (const [id, steps] of plan) await runPath(expect, paths.find((p) => p.id === id) as ModelPath, walk, steps)
    const shots = captures.get(walkKey(walk)) as Map<string, Capture>
    expect([...shots.keys()].sort()).toEqual([...pictureIds].sort())
    expect(noisyCaptures(walkKey(walk))).toEqual([])
    // The index names the elder pictures of every locale captured so far, the first one's as its own.
    writeIndex(elderRoot, captures.get(walkKey({ locale: elderLocales[0] as Locale, elder: true })) ?? shots, elderLocales.slice(0, done + 1))
  })
}
