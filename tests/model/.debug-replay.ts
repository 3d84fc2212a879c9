import { readFileSync } from 'node:fs'
import { appMachine } from '../../machines/app.machine'
import { parseGolden } from '../../machines/model/golden'
import { instrument } from '../../machines/model/instrument'
import { replayPath } from '../../machines/model/replay'
import { machineVerifier } from './support/machine-verifier'
const golden = parseGolden(readFileSync('tests/model/golden-paths.txt', 'utf8'))
const model = instrument(appMachine)
const counts = new Map<string, number>()
const examples = new Map<string, string>()
for (const g of golden) {
  const r = await replayPath(model, g.path, { verifier: (p) => machineVerifier(p, model.machine), compare: () => [] })
  if (r.failure) {
    for (const part of r.failure.replace(/^[^:]*: /, '').split('; ')) {
      const k = part.replace(/"[^"]*"|\d+/g, 'X').slice(0, 150)
      counts.set(k, (counts.get(k) ?? 0) + 1)
      if (!examples.has(k)) examples.set(k, `${g.path.id}: ${r.failure.slice(0, 400)}`)
    }
  }
}
for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(n, k, '\n    e.g.', examples.get(k))
