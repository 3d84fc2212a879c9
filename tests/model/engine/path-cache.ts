import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PathSet } from './model-path'
import { generatePaths } from './paths'

/*
 * Path sets generated once per change. Generating one takes 15–20 s of CPU, and the same set is
 * wanted by the CLI, the golden check and the machine-level fault harness, each in its own process;
 * the rendering levels' sets are wanted again on every run of their files. A set is kept on disk under
 * a hash of everything its generation reads: every module its generator imports, followed from the
 * generator's own file through relative imports, the locked library versions, and the options. A
 * changed line in any of them is a new key, so a kept set is never a stale one; it is only ever a copy
 * of what generating now would give. Each generator and options keep their newest set only: a file is
 * named by both hashes, and writing a set removes the older ones of its generator and options.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const cacheDir = path.join(root, 'node_modules', '.cache', 'huaqian-model-paths')

const relativeImport = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(from), specifier.replace(/\.js$/, ''))
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => /\.(tsx?|json)$/.test(file) && existsSync(file))
}

/** The files `entry` reads, itself included: every module reached by relative imports. */
function importClosure(entry: string): string[] {
  const seen = new Set<string>([path.resolve(root, entry)])
  for (const file of seen) {
    if (!/\.tsx?$/.test(file)) continue
    for (const match of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const imported = resolveImport(file, match[1] as string)
      if (imported !== undefined) seen.add(imported)
    }
  }
  return [...seen].map((file) => path.relative(root, file)).sort()
}

function inputsHash(generator: string, options: object): string {
  const hash = createHash('sha256').update(JSON.stringify(options))
  for (const file of [...importClosure(generator), 'package-lock.json']) hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)))
  return hash.digest('hex').slice(0, 32)
}

/** Where the set of `generator` with `options` is kept; `slot` names every version of it. */
export function cacheFile(generator: string, options: object): { slot: string; file: string } {
  const slot = createHash('sha256').update(generator).update(JSON.stringify(options)).digest('hex').slice(0, 12)
  return { slot, file: path.join(cacheDir, `${slot}-${inputsHash(generator, options)}.json`) }
}

/**
 * The set `generate` makes, from disk when nothing it reads has changed. `generator` is the file that
 * holds `generate` (relative to the repository), `options` what it is called with. While another
 * process generates the same set (`npm test` starts `npm run paths` beside the tests that read its
 * set), this one waits for it instead of generating it a second time.
 */
export function cachedPaths(generator: string, options: object, generate: () => PathSet): PathSet {
  const { slot, file } = cacheFile(generator, options)
  const name = path.basename(file)
  const kept = (): PathSet | undefined => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as PathSet
    } catch {
      return undefined
    }
  }
  mkdirSync(cacheDir, { recursive: true })
  for (;;) {
    const set = kept()
    if (set !== undefined) return set
    if (takeLock(`${file}.generating`)) break
    sleep(lockPollMs)
  }
  try {
    const generatedMeanwhile = kept()
    if (generatedMeanwhile !== undefined) return generatedMeanwhile
    const set = generate()
    // Written whole, then renamed: a process reading it at the same moment sees the old file or none.
    const partial = `${file}.${process.pid}`
    writeFileSync(partial, JSON.stringify(set))
    renameSync(partial, file)
    for (const older of readdirSync(cacheDir)) if (older.startsWith(`${slot}-`) && older.endsWith('.json') && older !== name) rmSync(path.join(cacheDir, older), { force: true })
    return set
  } finally {
    rmSync(`${file}.generating`, { force: true })
  }
}

const lockPollMs = 200

/** Blocks this thread: a set is read at a module's import, where nothing can be awaited. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Takes the lock file for this process, or says another process holds it. A lock whose process has
 * ended (killed mid-generation), or older than any generation takes, is taken over.
 */
export function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  try {
    // Empty for the moment between its holder creating it and writing its pid.
    const holder = Number(readFileSync(lock, 'utf8'))
    const abandoned = (holder > 0 && !isAlive(holder)) || Date.now() - statSync(lock).mtimeMs > abandonedLockMs
    if (abandoned) rmSync(lock, { force: true })
  } catch {
    // Its holder removed it meanwhile: the set is on disk, or the lock is free.
  }
  return false
}

const abandonedLockMs = 10 * 60_000

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The paths of the app machine for `seed`, with the whole-funnel walk. */
export function seedPaths(seed: number, { fresh = false }: { fresh?: boolean } = {}): PathSet {
  const options = { seed, funnelWalk: true }
  return fresh ? generatePaths(options) : cachedPaths('tests/model/engine/paths.ts', options, () => generatePaths(options))
}
