import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { goldenFile, goldenText, lineDiff } from '../../machines/model/golden'
import { generatePaths } from '../../machines/model/paths'

/*
 * The generated paths are under review: any change of the machine's behaviour
 * changes them, and this test fails with the difference until `npm run paths -- --approve`.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')

// Generation takes seconds of CPU: no timeout a busy machine could hit.
test('the generated paths are the approved golden paths', { timeout: 600_000 }, () => {
  const generated = goldenText(generatePaths({ seed: 1 }))
  const committed = readFileSync(path.join(repoRoot, goldenFile), 'utf8')
  if (generated !== committed) {
    expect.fail(
      `The model paths differ from ${goldenFile} (- committed, + generated):\n${lineDiff(committed, generated)}\n\n` +
        'Review the difference; if the machine is meant to behave so, run `npm run paths -- --approve`.',
    )
  }
})
