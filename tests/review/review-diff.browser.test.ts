import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { browserForSuite } from '../support/browser-suite'
import { repoRoot, shot } from './review-kit'

/*
 * What changed, on the page as `npm start` serves it: a copy of this repository (a git work tree of
 * its commit, with this tree's uncommitted files laid over it) whose machine is changed for real —
 * the bank card's "Send code" now also needs the withhold agreement — started with `npm start`,
 * nothing else run. The served reviewer page lists the change in words, marks it on the map and the
 * chart, and opens it from the list; `npm run review:diff -- --base HEAD` in the copy prints the same
 * line, and `--help` prints its usage.
 */

const browser = browserForSuite()
const copy = mkdtempSync(path.join(os.tmpdir(), 'huaqian-changed-'))
let server: ChildProcess | null = null
let url = ''
// The copy's commands run in a shell's environment, not this test runner's: Vite builds nothing to disk under VITEST.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|VITE_|NODE_ENV$|TEST$)/.test(name)))

const change = 'Bank card: Send code now also requires that the withhold agreement is ticked'

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(path.join(copy, file), 'utf8')
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}: the change this test makes needs writing again`)
  writeFileSync(path.join(copy, file), text.replace(from, to))
}

beforeAll(async () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' })
  git('worktree', 'add', '--detach', copy, 'HEAD')
  for (const file of git('ls-files', '--modified', '--others', '--exclude-standard').split('\n').filter(Boolean)) {
    if (!existsSync(path.join(repoRoot, file))) continue
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
    copyFileSync(path.join(repoRoot, file), path.join(copy, file))
  }
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir')
  // Artifacts the page ships beside it (the generated paths, the rules), which the copy's build would make
  // again: copied, not linked, since that build writes the changed machine's diff among them, and the
  // reviewer page the other tests serve is rebuilt from what lies there.
  cpSync(path.join(repoRoot, 'artifacts'), path.join(copy, 'artifacts'), { recursive: true })
  // The change: a new rule on the bank card, with its words, required by Send code.
  edit('machines/funnel.flow.ts', '  cardResendAllowed: ({ context }) =>', '  withholdAgreed: ({ context }) => context.drafts.bankCard.withhold_agreement,\n  cardResendAllowed: ({ context }) =>')
  edit('machines/funnel.flow.ts', "ready: 'cardReady', next: 'sendingCode'", "ready: and(['cardReady', 'withholdAgreed']) as unknown as 'cardReady', next: 'sendingCode'")
  writeFileSync(path.join(copy, 'machines/funnel.flow.ts'), `import { and } from 'xstate'\n${readFileSync(path.join(copy, 'machines/funnel.flow.ts'), 'utf8')}`)
  edit('src/review/machine-words.ts', '  cardResendAllowed: {', "  withholdAgreed: { en: 'the withhold agreement is ticked', 'zh-Hans': '代扣协议已勾选' },\n  cardResendAllowed: {")
  // The new guard adds a few bytes to the borrower's first load, which sits at its budget: the copy's
  // budget gives them room, as the change would come with its own measure (this test is about the diff).
  const budget = /initialJs: ([\d.]+) \* kib/.exec(readFileSync(path.join(copy, 'vite.config.ts'), 'utf8'))
  if (!budget?.[1]) throw new Error('vite.config.ts no longer names its initialJs budget: the change this test makes needs writing again')
  edit('vite.config.ts', budget[0], `initialJs: ${Number(budget[1]) + 1} * kib`)

  // `npm start`, as a reviewer runs it: both builds, then the sandbox (its port the system's choice).
  server = spawn('npm', ['start', '--', '--port', '0', '--db', ':memory:'], { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const found = /Statechart review:\s+(\S+)/.exec(out)
      if (found?.[1]) resolve(found[1])
    }
    server?.stdout?.on('data', read)
    server?.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    server?.on('exit', (code) => reject(new Error(`npm start ended (${code}):\n${out.slice(-3000)}`)))
  })
}, 600_000)

afterAll(() => {
  // The whole group npm start made (the builds are done; the sandbox is what runs).
  try {
    if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM')
  } catch {
    // npm start ended by itself (a failed build): nothing left to stop, the copy still goes.
  }
  execFileSync('git', ['worktree', 'remove', '--force', copy], { cwd: repoRoot })
  rmSync(copy, { recursive: true, force: true })
})

test('npm start on a changed machine serves the change in words, marked on the map and the chart, opened from the list', { timeout: 600_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${url}#map`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 90_000 })
  const card = page.locator('#diff')
  await expect.poll(() => card.isVisible()).toBe(true)
  expect(await card.locator('.diff-sides').textContent()).toBe('Against the approved machine: 1 change in behaviour')
  const entry = card.locator('button.diff-change')
  expect(await entry.allTextContents()).toEqual([change])
  expect(await entry.getAttribute('title')).toBe('app.session.screens.bankCard.editing | sms.send | 0: guard cardReady → and(cardReady, withholdAgreed)')
  // No generated path is listed unless asked for.
  expect(await card.locator('.diff-paths').count()).toBe(0)
  // Marked on the map: the bank card's card, and no other.
  expect(await page.locator('#map .diff-changed, #map .diff-added').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')))).toEqual(['bankCard'])
  await page.screenshot({ path: shot('diff-served') })

  // The list opens it: the chart, its transition marked, its panel open on the state it leaves.
  await entry.click()
  await page.waitForFunction(() => location.hash.startsWith('#chart'), undefined, { timeout: 60_000 })
  await expect.poll(() => page.locator('#canvas [data-transition="app.session.screens.bankCard.editing | sms.send | 0"].diff-changed').count(), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect.poll(() => page.locator('#panel h2').textContent()).toBe('Bank card · filling in')
  expect(await page.locator('#panel [data-summary="events"]').innerText()).toContain('Send code, if the card number and the reserved phone are typed and the withhold agreement is ticked')
  await page.screenshot({ path: shot('diff-served-chart') })

  // In Simplified Chinese, the same change in Chinese.
  await page.locator('#locale').selectOption('zh-Hans')
  await expect.poll(() => card.locator('button.diff-change').allTextContents()).toEqual(['银行卡：发送验证码现在还要求：代扣协议已勾选'])
  expect(errors).toEqual([])
  await context.close()

  // The command prints the same list, against any commit; --help prints its usage.
  const cli = (...args: string[]) => execFileSync('npm', ['run', '--silent', 'review:diff', '--', ...args], { cwd: copy, env, encoding: 'utf8' })
  expect(cli('--base', 'HEAD')).toContain(`  - ${change}\n`)
  expect(cli()).toContain(`  - ${change}\n`)
  expect(cli('--help')).toMatch(/^npm run review:diff -- \[--base REF\]/)

  // The copy's diff stays in the copy: the repository's reviewer page, which the other tests serve, is
  // built from the repository's artifacts.
  const ours = path.join(repoRoot, 'artifacts', 'machine-diff.json')
  expect(existsSync(ours) ? readFileSync(ours, 'utf8') : '').not.toContain('withholdAgreed')
})
