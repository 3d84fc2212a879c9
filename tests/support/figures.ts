import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const figuresDir = path.resolve(import.meta.dirname, '../../artifacts/reliability')

/**
 * What a family measured, for tests/reliability/run.mjs to print and put in reliability.json.
 * `headline` is the one line printed under the family's counts.
 */
export function recordFigures(family: string, figures: { headline: string } & Record<string, unknown>): void {
  mkdirSync(figuresDir, { recursive: true })
  writeFileSync(path.join(figuresDir, `${family}.json`), `${JSON.stringify(figures, null, 2)}\n`)
}
