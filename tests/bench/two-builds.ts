import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { startSandbox, type RunningSandbox } from '../../server/start'
import { launchChromium } from '../support/browser'

/*
 * What `bench:steps` and `bench:load` share: two built pages, each served by its own sandbox on
 * loopback, measured in turns (which goes first alternates by round too), so that a shared
 * machine's load falls on both alike; the result written to `artifacts/bench/<name>.json`.
 */

export type BuildName = 'vs' | 'dist'
export const buildNames: readonly BuildName[] = ['vs', 'dist']

export interface TwoBuildsRun<S> {
  builds: Record<BuildName, string>
  samples: Record<BuildName, S[]>
  loadAverage: { atStart: number[]; atEnd: number[] }
}

const oneDecimal = (values: number[]) => values.map((value) => Number(value.toFixed(1)))

/** The options both comparisons take: the other build (`--vs`, required), this one, the rounds and the first port. */
export function twoBuildsOptions(defaults: { rounds: number; port: number }) {
  return {
    vs: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    rounds: { type: 'string', default: String(defaults.rounds) },
    port: { type: 'string', default: String(defaults.port) },
  } as const
}

export async function inTurns<S>(
  options: { vs?: string; dist?: string; rounds?: string; port?: string },
  measure: (browser: Browser, url: string) => Promise<S[]>,
): Promise<TwoBuildsRun<S>> {
  if (!options.vs) throw new Error('name the build to compare with: --vs <dir>')
  const builds = { vs: path.resolve(options.vs), dist: path.resolve(options.dist ?? 'dist') }
  const rounds = Number(options.rounds)
  const firstPort = Number(options.port)
  const samples: Record<BuildName, S[]> = { vs: [], dist: [] }
  const atStart = oneDecimal(loadavg())
  const servers: RunningSandbox[] = []
  const browser = await launchChromium()
  try {
    const urls = {} as Record<BuildName, string>
    for (const [index, name] of buildNames.entries()) {
      const server = await startSandbox({ port: firstPort + index, host: '127.0.0.1', db: ':memory:', distDir: builds[name] })
      servers.push(server)
      urls[name] = server.url
    }
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? buildNames : [...buildNames].reverse()
      for (const name of order) {
        samples[name].push(...(await measure(browser, urls[name])))
        console.log(`  round ${round + 1} ${name} done (load ${loadavg()[0].toFixed(1)})`)
      }
    }
  } finally {
    await browser.close()
    for (const server of servers) await server.close()
  }
  return { builds, samples, loadAverage: { atStart, atEnd: oneDecimal(loadavg()) } }
}

/** Writes the result as `artifacts/bench/<name>.json`; the line that says where, with the load average. */
export function writeResult(name: string, result: { loadAverage: { atStart: number[]; atEnd: number[] } }): string {
  mkdirSync('artifacts/bench', { recursive: true })
  writeFileSync(`artifacts/bench/${name}.json`, `${JSON.stringify(result, null, 2)}\n`)
  return `load average ${result.loadAverage.atStart.join(' ')} → ${result.loadAverage.atEnd.join(' ')}; written artifacts/bench/${name}.json`
}
