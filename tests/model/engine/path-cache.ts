import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PathSet } from './model-path'
import { generatePaths } from './paths'

/*
 * The app machine's paths for a seed, generated once per change. Generating takes about 14 s of CPU,
 * and the same set is wanted by the CLI, the golden check and the machine-level fault harness, each in
 * its own process. A set is kept on disk under a hash of everything generation reads: the machine
 * (machines/), the generator (tests/model/engine/), the contract they import (src/contract/), the
 * locked library versions, and the options. A changed line in any of them is a new key, so a kept set
 * is never a stale one; it is only ever a copy of what generating now would give.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const cacheDir = path.join(root, 'node_modules', '.cache', 'huaqian-model-paths')

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file))
}

function inputsHash(options: object): string {
  const hash = createHash('sha256').update(JSON.stringify(options))
  for (const file of [...sources('machines'), ...sources('tests/model/engine'), ...sources('src/contract'), 'package-lock.json'].sort()) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)))
  }
  return hash.digest('hex').slice(0, 32)
}

/** The paths of the app machine for `seed`, with the whole-funnel walk. */
export function seedPaths(seed: number): PathSet {
  const options = { seed, funnelWalk: true }
  const file = path.join(cacheDir, `${inputsHash(options)}.json`)
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PathSet
  } catch {
    const set = generatePaths(options)
    mkdirSync(cacheDir, { recursive: true })
    // Written whole, then renamed: a process reading it at the same moment sees the old file or none.
    const partial = `${file}.${process.pid}`
    writeFileSync(partial, JSON.stringify(set))
    renameSync(partial, file)
    return set
  }
}
