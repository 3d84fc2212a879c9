import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterEach, expect, test, vi } from 'vitest'
import { cacheFile, cachedPaths, takeLock } from './engine/path-cache'
import type { PathSet } from './engine/model-path'

/*
 * `npm test` generates the app machine's paths beside the tests that read them: a set another process
 * is generating is waited for, never generated a second time, and a lock its process left behind
 * (killed mid-generation) does not hold anyone up.
 */

const generator = 'tests/model/path-cache.test.ts'
const written: string[] = []

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true })
})

/** A slot of its own for each test, removed after it. */
function slotFor(name: string): { options: object; file: string; lock: string } {
  const options = { name, at: process.hrtime.bigint().toString() }
  const { file } = cacheFile(generator, options)
  written.push(file, `${file}.generating`)
  return { options, file, lock: `${file}.generating` }
}

const neverGenerated = (): PathSet => {
  throw new Error('generated a second time')
}

test('a set another process is generating is waited for and read, not generated again', async () => {
  const { options, file, lock } = slotFor('being generated')
  const other = spawn(process.execPath, [
    '-e',
    `const fs = require('node:fs')
     fs.writeFileSync(${JSON.stringify(lock)}, String(process.pid), { flag: 'wx' })
     setTimeout(() => { fs.writeFileSync(${JSON.stringify(file)}, JSON.stringify({ format: 'from the other process' })); fs.rmSync(${JSON.stringify(lock)}) }, 500)`,
  ])
  await vi.waitFor(() => expect(existsSync(lock)).toBe(true), { timeout: 10_000 })
  expect(cachedPaths(generator, options, neverGenerated).format).toBe('from the other process')
  await new Promise((resolve) => other.on('close', resolve))
})

test('a lock held by a live process is left alone; one whose process ended is taken over', () => {
  const { lock } = slotFor('lock')
  writeFileSync(lock, String(process.pid))
  expect(takeLock(lock)).toBe(false)
  expect(readFileSync(lock, 'utf8')).toBe(String(process.pid))

  const ended = spawnSync(process.execPath, ['-e', '0']).pid as number
  writeFileSync(lock, String(ended))
  expect(takeLock(lock)).toBe(false)
  expect(takeLock(lock)).toBe(true)
  expect(readFileSync(lock, 'utf8')).toBe(String(process.pid))
})

test('a set kept on disk is read; a missing one is generated once and kept', () => {
  const { options, file, lock } = slotFor('generated here')
  const made = { format: 'generated here' } as unknown as PathSet
  expect(cachedPaths(generator, options, () => made)).toEqual(made)
  expect(existsSync(lock)).toBe(false)
  expect(existsSync(file)).toBe(true)
  expect(cachedPaths(generator, options, neverGenerated)).toEqual(made)
})
