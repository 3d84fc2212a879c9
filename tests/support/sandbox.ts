import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { startSandbox, type RunningSandbox } from '../../server/start'
import { encodeBridgeParameter } from '../../src/bridge/payload'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** What the built page is made of, its build plugins (src/build) too: a change to any of these makes dist/ stale. */
const pageSources = ['src', 'machines', 'locales', 'index.html', 'vite.config.ts', 'package.json']

function newestChange(entry: string): number {
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)))
  return newest
}

function isFresh(built: string, sources: string[]): boolean {
  if (!existsSync(built)) return false
  const newest = Math.max(...sources.map((entry) => path.join(repoRoot, entry)).filter(existsSync).map(newestChange))
  return newest <= statSync(built).mtimeMs
}

const lockPoll = 500
/** Longer than any build: a lock this old was left by a run that was killed mid-build. */
const abandonedLockAge = 10 * 60_000

/**
 * Builds with Vite in a child process when `built` is missing or older than its sources. Test
 * files run side by side and each asks for the build: one builds under a lock while the others
 * wait and then find it fresh, so no file's page is emptied by another file's build mid-test.
 */
async function buildWhenStale(built: string, sources: string[], viteArgs: string[]): Promise<void> {
  if (isFresh(built, sources)) return
  const lock = `${path.dirname(built)}.building`
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (Date.now() - statSync(lock).mtimeMs > abandonedLockAge) rmSync(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, lockPoll))
    }
  }
  try {
    if (isFresh(built, sources)) return
    // Inside Vitest NODE_ENV is `test`, and Vite would build React's development runtime (over
    // the size budget, and not what borrowers or reviewers get): build as `npm run build` does.
    const env = { ...process.env }
    delete env.NODE_ENV
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', ...viteArgs, '--logLevel', 'warn'], { cwd: repoRoot, env, stdio: 'inherit' })
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * `npm test` builds dist/ first; a test run on its own builds it here when it is missing or older
 * than its sources, so it never tests a stale page.
 */
export async function ensureBuiltPage(): Promise<void> {
  await buildWhenStale(path.join(repoRoot, 'dist', 'index.html'), pageSources, [])
}

/** What the reviewer page is built from: the page's sources and the data the model runs left in artifacts/. */
const reviewSources = [
  ...pageSources,
  'artifacts/model-paths.json',
  'artifacts/machine-diff.json',
  'artifacts/screenshots/model',
  'artifacts/screenshots/model-elder',
  ...['machine', 'react', 'browser'].map((level) => `artifacts/model-coverage-${level}.json`),
]

/** The reviewer page (dist-review/) as `npm run review:build` builds it, when it is missing or stale. */
export async function ensureBuiltReviewPage(): Promise<void> {
  await buildWhenStale(path.join(repoRoot, 'dist-review', 'index.html'), reviewSources, ['--config', 'src/review/vite.config.ts'])
}

/** A sandbox on a random loopback port with a fresh database, serving the built page. */
export async function startPageSandbox(): Promise<RunningSandbox> {
  await ensureBuiltPage()
  return startSandbox({ port: 0, host: '127.0.0.1', db: ':memory:' })
}

export interface LoggedIn {
  token: string
  user: { user_id: string; phone: string; nick_name: string }
}

/** Logs a persona in the way the host simulator does. */
export async function loginPersona(baseUrl: string, phone: string): Promise<LoggedIn> {
  const response = await fetch(`${baseUrl}/sandbox/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, code: '123456' }),
  })
  const body = (await response.json()) as { status: number; data: LoggedIn }
  if (body.status !== 0) throw new Error(`sandbox login of ${phone} refused: ${JSON.stringify(body)}`)
  return body.data
}

/** The page URL a host opens: the bridge payload as base64url JSON, as the host simulator does. */
export function pageUrl(baseUrl: string, query: Record<string, string>, payload?: Record<string, unknown>): string {
  const params = new URLSearchParams(query)
  if (payload) params.set('bridge', encodeBridgeParameter(payload))
  const search = params.toString()
  return `${baseUrl}/${search ? `?${search}` : ''}`
}

/** The newest unused code the sandbox sent to `phone` for `purpose`: what the borrower reads on the phone. */
export async function sentSmsCode(sandboxUrl: string, phone: string, purpose: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/sandbox/sms-outbox?phone=${phone}`)
  const body = (await response.json()) as { data: { items: { purpose: string; code: string; used: boolean; expired: boolean }[] } }
  const item = body.data.items.find((entry) => entry.purpose === purpose && !entry.used && !entry.expired)
  if (!item) throw new Error(`no ${purpose} code in the outbox: ${JSON.stringify(body.data.items)}`)
  return item.code
}
