import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Rewrites the block `<!-- <name>:start -->` … `<!-- <name>:end -->` of a Markdown file in docs/ with
 * `body`, or appends it: figures in the docs are written by the command that measures them, so a
 * rerun replaces them instead of piling up a history (git keeps that).
 */
export function writeDocBlock(file: string, name: string, body: string): void {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${body.trim()}\n${end}`
  mkdirSync(path.dirname(file), { recursive: true })
  const before = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const at = before.indexOf(start)
  const until = before.indexOf(end)
  const after =
    at >= 0 && until > at ? `${before.slice(0, at)}${block}${before.slice(until + end.length)}` : `${before.trimEnd()}\n\n${block}\n`
  writeFileSync(file, after)
}
