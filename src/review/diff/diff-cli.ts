import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { appMachine } from '../../../machines/app.machine'
import { diffMachines } from '../../../tests/model/engine/machine-diff'
import { diffInWords } from './diff-words'
import { approvedSide, headSide, repoRoot, sideAt } from './machine-sides'

const usage = `npm run review:diff -- [--base REF] [--paths] [--lang en|zh-Hans] [--out FILE]

What the machine in this work tree does differently, each change in words, one a line.
  (no option)    against the approved machine (the committed machine description)
  --base REF     against the machine of any commit (a branch, a tag, a hash)
  --paths        also list the generated paths that walk differently (left out by default:
                 they follow from the changes above)
  --lang LOCALE  the language of the list: en (default) or zh-Hans
  --out FILE     where the JSON goes (default artifacts/machine-diff.json); the reviewer
                 page's build ships the approved diff by itself, and this one beside it
  --help         this text`

function options() {
  try {
    return parseArgs({
      options: {
        base: { type: 'string' },
        paths: { type: 'boolean', default: false },
        lang: { type: 'string', default: 'en' },
        out: { type: 'string', default: path.join('artifacts', 'machine-diff.json') },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
}

async function main(): Promise<void> {
  const values = options()
  if (values.help) {
    console.log(usage)
    return
  }
  const base = values.base === undefined ? approvedSide() : await sideAt(values.base)
  const head = headSide(appMachine, values.paths)
  const diff = diffMachines({ base, head })
  const out = path.resolve(repoRoot, values.out)
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify(diff, null, 2)}\n`)
  const changes = diffInWords(diff, [...head.description.states, ...base.description.states], values.lang, { paths: values.paths })
  const behaviour = changes.filter((c) => c.kind !== 'path')
  console.log(`${head.label}, against ${base.label}: ${behaviour.length === 0 ? 'no change in behaviour' : `${behaviour.length} change${behaviour.length === 1 ? '' : 's'}`}`)
  for (const change of changes) console.log(`  - ${change.text}\n      ${change.code}`)
  if (!values.paths) console.log('  (generated paths that walk differently are left out: --paths lists them)')
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
