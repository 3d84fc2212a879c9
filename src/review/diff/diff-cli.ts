import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { AnyStateMachine } from 'xstate'
import { appMachine } from '../../../machines/app.machine'
import { goldenFile, goldenText } from '../../../tests/model/engine/golden'
import { descriptionFile, describeMachine, type MachineDescription } from '../../../tests/model/engine/machine-description'
import { changeCount, diffMachines, type DiffSides } from '../../../tests/model/engine/machine-diff'
import { generatePaths } from '../../../tests/model/engine/paths'

/*
 * `npm run review:diff`: what the machine in this work tree does differently, for the reviewer page
 * (artifacts/machine-diff.json, copied beside the page by `npm run review:build`).
 *   (no option)    against the approved description and golden paths committed in this tree
 *   --base REF     against the machine of any commit: checked out in a temporary git work tree
 *                  (removed afterwards), described by this tree's describer, its golden paths as
 *                  that commit approved them
 *   --out FILE     where the JSON goes (default artifacts/machine-diff.json)
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..')

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    out: { type: 'string', default: path.join('artifacts', 'machine-diff.json') },
  },
})

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()

async function machineAt(ref: string): Promise<DiffSides['base']> {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`)
  const tree = mkdtempSync(path.join(os.tmpdir(), 'huaqian-diff-'))
  git('worktree', 'add', '--detach', tree, commit)
  try {
    // The commit's machine imports its packages: this tree's, so XState is the one the describer knows.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tree, 'node_modules'), 'dir')
    const module = (await import(pathToFileURL(path.join(tree, 'machines', 'app.machine.ts')).href)) as { appMachine: AnyStateMachine }
    const golden = path.join(tree, goldenFile)
    return {
      label: `${ref} (${commit.slice(0, 12)})`,
      description: describeMachine(module.appMachine),
      ...(existsSync(golden) ? { golden: readFileSync(golden, 'utf8') } : {}),
    }
  } finally {
    git('worktree', 'remove', '--force', tree)
    rmSync(tree, { recursive: true, force: true })
  }
}

function approved(): DiffSides['base'] {
  const file = path.join(repoRoot, descriptionFile)
  if (!existsSync(file)) throw new Error(`no ${descriptionFile}: run \`npm run paths -- --approve\` once to approve the machine as it is`)
  return {
    label: `approved (${descriptionFile})`,
    description: JSON.parse(readFileSync(file, 'utf8')) as MachineDescription,
    golden: readFileSync(path.join(repoRoot, goldenFile), 'utf8'),
  }
}

async function main(): Promise<void> {
  const base = values.base === undefined ? approved() : await machineAt(values.base)
  const head = { label: 'this work tree', description: describeMachine(appMachine), golden: goldenText(generatePaths({ seed: 1 })) }
  const diff = diffMachines({ base, head })
  const out = path.resolve(repoRoot, values.out)
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify(diff, null, 2)}\n`)
  const { states, transitions, paths } = diff
  console.log(`${base.label} → ${head.label}: ${changeCount(diff)} changes`)
  console.log(`  states: ${states.added.length} added, ${states.removed.length} removed, ${states.changed.length} changed`)
  console.log(
    `  transitions: ${transitions.added.length} added, ${transitions.removed.length} removed, ${transitions.retargeted.length} retargeted, ` +
      `${transitions.guardChanged.length} guards changed, ${transitions.actionsChanged.length} actions changed`,
  )
  console.log(`  golden paths: ${paths.gained.length} gained, ${paths.lost.length} lost`)
  console.log(`written to ${path.relative(repoRoot, out)}; \`npm run review:build\` puts it beside the reviewer page`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
