// Scores a Stryker JSON report, optionally with later reports run over its survivors
// (MUTATION_SURVIVORS_OF, each over the one before): a survivor a later run killed counts as killed.
// Prints the score per file and overall, and the mutants still alive, one line each; with --out=<file>,
// also writes the report with those later kills in it, which docs/testing.md's figures then read as one run.
//   node tests/mutation/merge-reports.mjs artifacts/mutation/model-machines.json [artifacts/mutation/model-machines-survivors.json ...] [--out=<file>]
import { readFileSync, writeFileSync } from 'node:fs'

const args = process.argv.slice(2)
const out = args.find((arg) => arg.startsWith('--out='))?.slice('--out='.length)
const [baseFile, ...survivorsFiles] = args.filter((arg) => !arg.startsWith('--out='))
if (!baseFile) {
  console.error('usage: merge-reports.mjs <report.json> [<survivors-report.json> ...] [--out=<merged.json>]')
  process.exit(2)
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8')).files
const keyOf = (file, m) => `${file}:${m.location.start.line}:${m.location.start.column}:${m.mutatorName}:${m.replacement ?? ''}`
const killedStates = new Set(['Killed', 'Timeout'])
const aliveStates = new Set(['Survived', 'NoCoverage'])

const laterKilled = new Set()
for (const survivorsFile of survivorsFiles) {
  for (const [file, { mutants }] of Object.entries(read(survivorsFile))) for (const m of mutants) if (killedStates.has(m.status)) laterKilled.add(keyOf(file, m))
}

const rows = []
const alive = []
const total = { killed: 0, survived: 0, noCoverage: 0, ignored: 0 }
const base = JSON.parse(readFileSync(baseFile, 'utf8'))
for (const [file, { mutants, source }] of Object.entries(base.files)) {
  const row = { file, killed: 0, survived: 0, noCoverage: 0, ignored: 0 }
  const lines = source.split('\n')
  for (const m of mutants) {
    if (aliveStates.has(m.status) && laterKilled.has(keyOf(file, m))) m.status = 'Killed'
    if (killedStates.has(m.status)) row.killed++
    else if (m.status === 'Survived') row.survived++
    else if (m.status === 'NoCoverage') row.noCoverage++
    else row.ignored++
    if (aliveStates.has(m.status)) {
      const line = (lines[m.location.start.line - 1] ?? '').trim().slice(0, 80)
      alive.push(`${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}: ${line} → ${String(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`)
    }
  }
  for (const k of Object.keys(total)) total[k] += row[k]
  rows.push(row)
}
const score = (r) => {
  const valid = r.killed + r.survived + r.noCoverage
  return valid === 0 ? 'n/a' : `${((100 * r.killed) / valid).toFixed(1)}%`
}
const covered = (r) => {
  const valid = r.killed + r.survived
  return valid === 0 ? 'n/a' : `${((100 * r.killed) / valid).toFixed(1)}%`
}
console.log('file | score | of reached | killed | survived | not reached | ignored (static)')
for (const r of rows.sort((a, b) => a.file.localeCompare(b.file))) console.log(`${r.file} | ${score(r)} | ${covered(r)} | ${r.killed} | ${r.survived} | ${r.noCoverage} | ${r.ignored}`)
console.log(`all | ${score(total)} | ${covered(total)} | ${total.killed} | ${total.survived} | ${total.noCoverage} | ${total.ignored}`)
if (process.env.LIST_ALIVE) for (const line of alive) console.log(line)
if (out) writeFileSync(out, JSON.stringify(base))
