import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/*
 * How long a test takes is a measurement, and a measurement written by hand drifts from the next
 * run. docs/testing.md's prose says what each test does; its run times are only in the part that
 * `npm run docs:figures` writes from the latest reports.
 */

const testingDoc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/testing.md')
const generatedStart = '<!-- test-figures:start -->'

const duration = String.raw`\d+(?:[.,]\d+)?\s?(?:ms|s|sec|seconds?|min|minutes?|h|hours?)\b`
const runTimes = [
  new RegExp(String.raw`(?:~|≈|\babout |\baround |\bnearly |\btakes |\btook )${duration}`, 'i'),
  new RegExp(String.raw`\(\s*${duration}\s*[;,)]`, 'i'),
  /\b\d+ ?m \d+ ?s\b/,
]

/** The lines of hand-written prose that state how long something runs. */
export function handWrittenRunTimes(markdown: string): string[] {
  const end = markdown.indexOf(generatedStart)
  const prose = end === -1 ? markdown : markdown.slice(0, end)
  return prose
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => runTimes.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `docs/testing.md:${number}: ${line.trim()}`)
}

test("docs/testing.md's prose states no run times; they are in the figures npm run docs:figures writes", () => {
  const text = readFileSync(testingDoc, 'utf8')
  expect(text).toContain(generatedStart)
  expect(handWrittenRunTimes(text)).toEqual([])
})

test('the check finds a run time written by hand, and leaves the product’s own durations and the figures alone', () => {
  const doc = [
    'npx vitest run tests/model   # React (~4 min), browser (~2 min)',
    'replays each path (4 s; the check mutation testing runs)',
    'The cheap files take about 40 s together.',
    'The page’s 60 s timer is XHR’s own; an SMS code again exactly at 60 s; a double tap under 50 ms.',
    generatedStart,
    '2827 passed, 0 failed, in 8 m 22 s on this machine',
  ].join('\n')
  expect(handWrittenRunTimes(doc)).toEqual([
    'docs/testing.md:1: npx vitest run tests/model   # React (~4 min), browser (~2 min)',
    'docs/testing.md:2: replays each path (4 s; the check mutation testing runs)',
    'docs/testing.md:3: The cheap files take about 40 s together.',
  ])
})
