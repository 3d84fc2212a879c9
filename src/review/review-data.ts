/*
 * What the reviewer page reads besides the machine: the generated paths, the coverage of each
 * level and the screenshots of the screen states. Each is optional; a missing piece is shown as
 * missing, with the command that produces it. Collected from artifacts/ when the page is built
 * (collect-data.ts) into data/manifest.json beside the page.
 */

export type CoverageLevel = 'machine' | 'react' | 'browser'
export const coverageLevels: readonly CoverageLevel[] = ['machine', 'react', 'browser']

export interface Figure {
  covered: number
  total: number
  percent: number
  missing: string[]
}

export interface CoverageFile {
  level: CoverageLevel
  states: Figure
  transitions: Figure
  guardOutcomes: Figure
}

export interface ReviewManifest {
  format: 'huaqian.review-data/1'
  builtAt: string
  /** `data/model-paths.json`, or null when `npm run paths` was not run. */
  paths: string | null
  /** `data/machine-diff.json` written by `npm run review:diff`, when one was left in artifacts/, or null. */
  diff: string | null
  /**
   * What the machine does differently, each a `MachineDiff` the build made: against the approved
   * description always, and against the commit `npm run review:build -- --base REF` named.
   */
  diffs?: { against: string; url: string }[]
  coverage: Record<CoverageLevel, string | null>
  /** Locale → (state id or dotted path, as the file names it → URL of the image): the small copies the map shows. */
  screenshots: Record<string, Record<string, string>>
  /** The full captures the browser-level run left, when it ran here: the panel's large view. */
  largeScreenshots?: Record<string, Record<string, string>>
  /** The same for the elder mode's capture, when one was made. */
  elderScreenshots?: Record<string, Record<string, string>>
  /** The elder mode's full captures, when the screen tour left them: its large view. */
  largeElderScreenshots?: Record<string, Record<string, string>>
  /** The states whose picture shows an error the state holds (no quiet picture of them exists): their captions say so. */
  errorShown?: string[]
  /** The locale the browser-level run's index names (its latest run), if any. */
  screenshotLocale: string | null
  /** `data/rules.json` (a `ReviewRules`: the product rules by state and the levels that check each), or null. */
  rules?: string | null
  /** `data/rules-proof.json` (a `RulesProof`: the last proof by breaking, committed as docs/rules-proof.json), or null when none was. */
  rulesProof?: string | null
  /** `data/chart-layout.json` (a `StoredLayout`: the whole machine laid out at build time), or null. */
  chartLayout?: string | null
}

export const produceCommand = {
  paths: 'npm run paths',
  diff: 'npm run review:diff',
  machine: 'npm run paths -- --coverage',
  react: 'npx vitest run tests/model/react-paths.test.tsx',
  browser: 'npx vitest run tests/model/paths.browser.test.ts',
  screenshots: 'npm run review:shots',
  rules: 'npm run paths -- --rules',
  rebuild: 'npm run review:build',
  proof: 'npm run rules -- --prove',
} as const

/** The last proof by breaking (`npm run rules -- --prove`): each rule's verdict and how long it took. */
export type { RulesProof } from '../../tests/rules/rule-breaks'

/** A step of a generated path, as `artifacts/model-paths.json` writes it (the parts the page shows). */
export interface PathStep {
  label: string
  do: { kind: string; event?: { type: string; [key: string]: unknown }; src?: string; outcome?: string; fixture?: string; error?: string }
  expect: { state: unknown; route: { path: string } | null }
}

export interface ModelPath {
  id: string
  /** What the path does, when the paths file names it. */
  name?: string
  kind: string
  goal: string
  start: string
  startExpect: { state: unknown; route: { path: string } | null }
  steps: PathStep[]
}

export interface PathsFile {
  format: string
  seed: number
  statePaths: ModelPath[]
  edgePaths: ModelPath[]
  /** Whole walks through the funnel, when the paths file has them. */
  funnelPaths?: ModelPath[]
}
