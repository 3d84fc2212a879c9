import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/*
 * A decision record is worth reading only if it is whole: the date it was taken, whether it still
 * holds, the context that made the choice, the choice, and what follows from it. Records once were
 * thirteen-line stubs sharing a few context paragraphs under titles cut off mid-sentence; this check
 * keeps any record from becoming one again, and keeps the index a true, gapless list of the files.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const decisionsDir = path.join(repoRoot, 'docs/decisions')

export interface RecordFile {
  file: string
  text: string
}

const recordName = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/
const sections = ['Context', 'Decision', 'Consequences'] as const
/** Fewer words than these and a section says too little to stand on its own: a stub. */
const minimumWords: Record<(typeof sections)[number], number> = { Context: 40, Decision: 40, Consequences: 20 }
/** A paragraph this long that two records share is boilerplate standing in for a context. */
const sharedParagraphWords = 12

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

function validDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The record's title as its first line gives it (`# 007: Title`), or null. */
export function titleOf(text: string): string | null {
  return /^# (\d{3}: .+)$/m.exec(text.split('\n', 1)[0] ?? '')?.[1] ?? null
}

function sectionBodies(text: string): Map<string, string> {
  const bodies = new Map<string, string>()
  const parts = text.split(/^## /m).slice(1)
  for (const part of parts) {
    const newline = part.indexOf('\n')
    bodies.set(part.slice(0, newline).trim(), part.slice(newline + 1))
  }
  return bodies
}

/** What is wrong with each record, as `file: problem` lines; empty when every record is whole. */
export function recordProblems(records: RecordFile[]): string[] {
  const problems: string[] = []
  const numbers = new Set(records.map(({ file }) => recordName.exec(file)?.[1]).filter((n): n is string => n !== undefined))
  const paragraphOwners = new Map<string, string>()

  for (const { file, text } of records) {
    const say = (problem: string) => problems.push(`${file}: ${problem}`)
    const number = recordName.exec(file)?.[1]
    if (number === undefined) {
      say('the file name is not NNN-words-in-lowercase.md')
      continue
    }
    const lines = text.split('\n')
    const title = titleOf(text)
    if (title === null) say('the first line is not "# NNN: Title"')
    else {
      if (!title.startsWith(`${number}: `)) say(`the title's number is not the file's (${number})`)
      if (/…|\.\.\.$/.test(title)) say('the title is cut off')
    }
    const date = /^Date: (.+)$/m.exec(text)?.[1]
    if (date === undefined) say('no "Date: YYYY-MM-DD" line')
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !validDate(date)) say(`the date "${date}" is not a YYYY-MM-DD day`)
    const status = /^Status: (.+)$/m.exec(text)?.[1]
    if (status === undefined) say('no "Status:" line')
    else {
      const superseded = /^superseded by (?:\[(\d{3})\]\((\d{3})-[^)]+\.md\)|(\d{3}))$/.exec(status)
      if (status !== 'accepted' && superseded === null) say(`the status "${status}" is neither "accepted" nor "superseded by NNN"`)
      if (superseded) {
        const by = superseded[1] ?? superseded[3]
        if (superseded[1] !== undefined && superseded[1] !== superseded[2]) say(`the status links ${superseded[2]} under the name ${superseded[1]}`)
        if (!numbers.has(by)) say(`superseded by ${by}, which is no record`)
        else if (by <= number) say(`superseded by ${by}, which is not a later record`)
      }
    }
    const bodies = sectionBodies(text)
    const headings = [...bodies.keys()]
    if (headings.join(',') !== sections.join(',')) say(`the sections are ${headings.join(', ') || 'missing'}, not ${sections.join(', ')}`)
    for (const section of sections) {
      const body = bodies.get(section)
      if (body !== undefined && words(body) < minimumWords[section]) say(`${section} has ${words(body)} words, a stub's length (at least ${minimumWords[section]})`)
    }
    for (const paragraph of lines.join('\n').split(/\n\s*\n/)) {
      const flat = paragraph.replace(/\s+/g, ' ').trim()
      if (words(flat) < sharedParagraphWords || flat.startsWith('#')) continue
      const owner = paragraphOwners.get(flat)
      if (owner !== undefined && owner !== file) say(`shares a paragraph with ${owner}: "${flat.slice(0, 60)}…"`)
      else paragraphOwners.set(flat, file)
    }
  }

  const sorted = [...numbers].sort()
  sorted.forEach((number, index) => {
    const expected = String(index + 1).padStart(3, '0')
    if (number !== expected) problems.push(`numbering: ${expected} is missing (found ${number} in its place)`)
  })
  const seen = new Map<string, string>()
  for (const { file } of records) {
    const number = recordName.exec(file)?.[1]
    if (number === undefined) continue
    if (seen.has(number)) problems.push(`numbering: ${number} is used by ${seen.get(number)} and ${file}`)
    seen.set(number, file)
  }
  return [...new Set(problems)]
}

/** What is wrong with the index: it must list every record, by its full title, in number order. */
export function indexProblems(index: string, records: RecordFile[]): string[] {
  const listed = [...index.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)$/gm)].map(([, text, file]) => ({ text, file }))
  const titles = new Map(records.filter(({ file }) => recordName.test(file)).map(({ file, text }) => [file, titleOf(text) ?? '']))
  const problems: string[] = []
  const listedFiles = listed.map(({ file }) => file)
  for (const file of [...titles.keys()].sort()) if (!listedFiles.includes(file)) problems.push(`the index leaves out ${file}`)
  for (const { text, file } of listed) {
    const title = titles.get(file)
    if (title === undefined) problems.push(`the index lists ${file}, which is no record`)
    else if (text !== title) problems.push(`the index names ${file} "${text}", not its title "${title}"`)
  }
  listedFiles.forEach((file, i) => {
    if (i > 0 && file <= listedFiles[i - 1]) problems.push(`the index lists ${file} after ${listedFiles[i - 1]}`)
  })
  return problems
}

function recordsOnDisk(): RecordFile[] {
  return readdirSync(decisionsDir)
    .filter((file) => file !== 'README.md')
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(decisionsDir, file), 'utf8') }))
}

test('every decision record has a title, a date, a status and real context, decision and consequences', () => {
  const records = recordsOnDisk()
  expect(records.length).toBeGreaterThan(0)
  expect(recordProblems(records)).toEqual([])
})

test('the index lists every record by its full title, in number order', () => {
  expect(indexProblems(readFileSync(path.join(decisionsDir, 'README.md'), 'utf8'), recordsOnDisk())).toEqual([])
})

/**
 * Every place a tracked file points at a record, by its file (`decisions/007-….md`) or by its number
 * ("decision 7", "decision 007"), that no record answers to.
 */
export function strayReferences(files: Array<{ file: string; text: string }>, recordFiles: string[]): string[] {
  const numbers = new Set(recordFiles.map((file) => recordName.exec(file)?.[1]))
  const stray: string[] = []
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      const where = `${file}:${index + 1}`
      for (const [, name] of line.matchAll(/decisions\/(\d[\w.-]*?\.md)\b/g)) {
        if (!recordFiles.includes(name)) stray.push(`${where}: ${name} is no record`)
      }
      for (const [, number] of line.matchAll(/\b[Dd]ecision (?:record )?(\d{1,3})\b/g)) {
        if (!numbers.has(number.padStart(3, '0'))) stray.push(`${where}: decision ${number} is no record`)
      }
    })
  }
  return stray
}

test('every reference to a decision record, in code, tests and docs, leads to a record', () => {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(?:[cm]?[jt]sx?|md|css|html|json)$/.test(file) && !file.endsWith('package-lock.json'))
  const files = tracked.flatMap((file) => {
    try {
      return [{ file, text: readFileSync(path.join(repoRoot, file), 'utf8') }]
    } catch {
      return [] // deleted in the work tree, not yet in the index
    }
  })
  expect(strayReferences(files, recordsOnDisk().map(({ file }) => file))).toEqual([])
})

test('the reference check names a retired file and a number no record has', () => {
  // Built from pieces so that this file does not itself point at records that do not exist.
  const [dir, word] = ['decisions', 'decision']
  const text = [`// see docs/${dir}/001-a-whole-decision.md and ${word} 1`, `// docs/${dir}/014-gone.md, ${word} 205`].join('\n')
  expect(strayReferences([{ file: 'src/x.ts', text }], ['001-a-whole-decision.md'])).toEqual([
    'src/x.ts:2: 014-gone.md is no record',
    `src/x.ts:2: ${word} 205 is no record`,
  ])
})

const filler = (count: number, tag: string) => Array.from({ length: count }, (_, i) => `${tag}w${i}`).join(' ')

function record(number: string, { title = 'A whole decision', status = 'accepted', context = filler(45, `c${number}`) } = {}): RecordFile {
  return {
    file: `${number}-a-whole-decision.md`,
    text: `# ${number}: ${title}\n\nDate: 2026-11-22\n\nStatus: ${status}\n\n## Context\n\n${context}\n\n## Decision\n\n${filler(45, `d${number}`)}\n\n## Consequences\n\n${filler(25, `k${number}`)}\n`,
  }
}

test('the check names a stub, a cut title, a shared context, a gap and a status that points nowhere', () => {
  const shared = 'One XState machine holds the whole application; the router is a projection of its state.'
  expect(recordProblems([record('001'), record('002', { status: 'superseded by [003](003-a-whole-decision.md)' }), record('003')])).toEqual([])
  const problems = recordProblems([
    record('001', { title: 'The machine mirrors the contract by hand, because…', context: `${shared} ${filler(40, 'x')}` }),
    record('002', { status: 'superseded by 009', context: `${shared} ${filler(40, 'x')}` }),
    { file: '004-a-stub.md', text: '# 004: A stub\n\nDate: 2026-02-30\n\n## Context\n\nShort.\n\n## Decision\n\nShort.\n' },
  ])
  expect(problems).toEqual([
    '001-a-whole-decision.md: the title is cut off',
    '002-a-whole-decision.md: superseded by 009, which is no record',
    expect.stringMatching(/^002-a-whole-decision\.md: shares a paragraph with 001-a-whole-decision\.md/),
    '004-a-stub.md: the date "2026-02-30" is not a YYYY-MM-DD day',
    '004-a-stub.md: no "Status:" line',
    '004-a-stub.md: the sections are Context, Decision, not Context, Decision, Consequences',
    "004-a-stub.md: Context has 1 words, a stub's length (at least 40)",
    "004-a-stub.md: Decision has 1 words, a stub's length (at least 40)",
    'numbering: 003 is missing (found 004 in its place)',
  ])
})

test('the index check names a record left out, one that is no record, one out of order and a title that differs', () => {
  const records = [record('001'), { ...record('002'), file: '002-a-whole-decision.md' }]
  const entry = (n: string) => `- [${n}: A whole decision](${n}-a-whole-decision.md)`
  expect(indexProblems(`# Decisions\n\n${entry('001')}\n${entry('002')}\n`, records)).toEqual([])
  expect(indexProblems(`# Decisions\n\n${entry('002')}\n${entry('001')}\n`, records)).toEqual([
    'the index lists 001-a-whole-decision.md after 002-a-whole-decision.md',
  ])
  expect(indexProblems(`# Decisions\n\n${entry('001')}\n- [003: Gone](003-gone.md)\n`, records)).toEqual([
    'the index leaves out 002-a-whole-decision.md',
    'the index lists 003-gone.md, which is no record',
  ])
  expect(indexProblems(`# Decisions\n\n- [001: A whole…](001-a-whole-decision.md)\n${entry('002')}\n`, records)).toEqual([
    'the index names 001-a-whole-decision.md "001: A whole…", not its title "001: A whole decision"',
  ])
})
