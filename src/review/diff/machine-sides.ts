import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { goldenFile, goldenText } from '../../../tests/model/engine/golden'
import { descriptionFile, describeMachine, type MachineDescription } from '../../../tests/model/engine/machine-description'
import type { DiffSides } from '../../../tests/model/engine/machine-diff'
import { generatePaths } from '../../../tests/model/engine/paths'

/*
 * The two sides a diff of the machine compares (node only): the machine as approved (the committed
 * description), the machine of any commit, and the machine of this work tree. Shared by
 * `npm run review:diff` and the reviewer page's build, which ships both the approved diff and, when
 * asked with --base, the diff against that commit.
 */

export type Side = DiffSides['base']

export const repoRoot = path.resolve(import.meta.dirname, '../../..')

/** The machine as approved: the description and golden paths committed in this tree. */
export function approvedSide(root = repoRoot): Side {
  const file = path.join(root, descriptionFile)
  if (!existsSync(file)) throw new Error(`no ${descriptionFile}: run \`npm run paths -- --approve\` once to approve the machine as it is`)
  const golden = path.join(root, goldenFile)
  return {
    label: 'the approved machine',
    description: JSON.parse(readFileSync(file, 'utf8')) as MachineDescription,
    ...(existsSync(golden) ? { golden: readFileSync(golden, 'utf8') } : {}),
  }
}

/**
 * The machine of any commit: checked out in a temporary git work tree (removed afterwards),
 * described by this tree's describer, its golden paths as that commit approved them.
 */
export async function sideAt(ref: string, root = repoRoot): Promise<Side> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
  let commit: string
  try {
    commit = git('rev-parse', '--verify', `${ref}^{commit}`)
  } catch {
    throw new Error(`--base ${ref}: no such commit in this repository`)
  }
  const tree = mkdtempSync(path.join(os.tmpdir(), 'huaqian-diff-'))
  git('worktree', 'add', '--detach', tree, commit)
  try {
    // The commit's machine imports its packages: this tree's, so XState is the one the describer knows.
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir')
    const module = (await import(pathToFileURL(path.join(tree, 'machines', 'app.machine.ts')).href)) as { appMachine: AnyStateMachine }
    const golden = [goldenFile, 'machines/model/golden-paths.txt'].map((file) => path.join(tree, file)).find((file) => existsSync(file))
    return {
      label: `${ref} (${commit.slice(0, 12)})`,
      description: describeMachine(module.appMachine),
      ...(golden !== undefined ? { golden: readFileSync(golden, 'utf8') } : {}),
    }
  } finally {
    git('worktree', 'remove', '--force', tree)
    rmSync(tree, { recursive: true, force: true })
  }
}

/** This work tree's machine; its golden paths only when asked (generating them takes a while). */
export function headSide(machine: AnyStateMachine, withPaths: boolean): Side {
  return {
    label: 'this work tree',
    description: describeMachine(machine),
    ...(withPaths ? { golden: goldenText(generatePaths({ seed: 1 })) } : {}),
  }
}
