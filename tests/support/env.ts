/*
 * Every environment setting the tests, their scripts and the tools read, declared once with what it
 * means and read here into a typed value. None is needed: unset, each gives what `npm test` runs.
 * docs/testing.md lists them (tests/repo/env-settings.test.ts keeps that list and this one the same,
 * and fails on a `process.env` read anywhere else).
 */

interface Setting<T> {
  name: string
  means: string
  value: T
}

function setting<T>(name: string, means: string, read: (raw: string | undefined) => T): Setting<T> {
  return { name, means, value: read(process.env[name] || undefined) }
}

const json = <T>(raw: string | undefined, otherwise: T): T => (raw === undefined ? otherwise : (JSON.parse(raw) as T))

export const settings = {
  chromiumPath: setting(
    'CHROMIUM_PATH',
    'the Chromium every browser test, the screen captures and Lighthouse launch (default `/usr/bin/chromium`)',
    (raw) => raw ?? '/usr/bin/chromium',
  ),
  walkSeed: setting('WALK_SEED', 'the seed of the generated walks (`walks.test.ts`, `npm run walks`)', (raw) => Number(raw ?? 20_251_126)),
  walkCount: setting('WALK_COUNT', 'how many generated walks `walks.test.ts` runs (default 200; `npm run walks -- --count N` for more)', (raw) => Number(raw ?? 200)),
  walkNoShrink: setting('WALK_NO_SHRINK', '`1`: a failing walk is reported as found, without shrinking it first', (raw) => raw === '1'),
  walkReplay: setting(
    'WALK_REPLAY',
    '`{"seed":N,"path":"…"}`: the one walk `walk-replay.test.tsx` and `walk-replay.browser.test.ts` replay; `npm run walks -- --replay` sets it. Unset, they skip',
    (raw) => json<{ seed: number; path: string } | null>(raw, null),
  ),
  walkDebug: setting('WALK_DEBUG', 'any value: the browser walk replay prints the page console and its errors', (raw) => raw !== undefined),
  ordersReact: setting(
    'ORDERS_REACT',
    '`{"seed":N,"count":N}`: which sample of orders `orders-react.test.tsx` replays (default seed 1, 16 orders); `npm run paths -- --orders --level react` sets it',
    (raw) => json(raw, { seed: 1, count: 16 }),
  ),
  shotsInEveryLocale: setting(
    'HUAQIAN_SHOTS',
    '`all`: the browser model paths capture each screen state in all five locales, in the default and the elder mode (`npm run review:shots` sets it)',
    (raw) => raw === 'all',
  ),
  tourEveryMode: setting('HUAQIAN_TOUR', '`all`: the screen tour runs every display mode in every locale (`npm run tour` sets it)', (raw) => raw === 'all'),
  tourWidth: setting('HUAQIAN_TOUR_WIDTH', 'a viewport width in CSS pixels: the screen tour lays every screen out at that width', (raw) => Number(raw) || null),
  rulesSeed: setting(
    'RULES_SEED',
    'which kept rule break `rule-breaks.test.ts` proves (default: the day\'s number, so the sample rotates)',
    (raw) => Number(raw ?? Math.floor(Date.now() / 86_400_000)),
  ),
  oracleSeed: setting(
    'ORACLE_SEED',
    'the seed of the amounts, terms and periods the oracle\'s walks try (`oracle.browser.test.ts`; default: the day\'s number, so the sample rotates)',
    (raw) => Number(raw ?? Math.floor(Date.now() / 86_400_000)),
  ),
  ci: setting('CI', '`true` on a CI runner: `npm test` records it beside its figures (artifacts/npm-test.json)', (raw) => raw === 'true'),
  benchRuns: setting('RUNS', 'how many rounds `npm run bench:review` measures (default 5)', (raw) => Number(raw ?? 5)),
}

/** The table of settings docs/testing.md holds (`npm run docs:figures` writes it). */
export function settingsTable(): string {
  const rows = Object.values(settings).map((s) => `| \`${s.name}\` | ${s.means} |`)
  return ['| setting | what it does |', '|---|---|', ...rows].join('\n')
}

/** Each setting's value by its key: `env.chromiumPath`. */
export const env = Object.fromEntries(Object.entries(settings).map(([key, s]) => [key, s.value])) as {
  [K in keyof typeof settings]: (typeof settings)[K]['value']
}
