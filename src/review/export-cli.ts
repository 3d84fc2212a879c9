import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appMachine } from '../../machines/app.machine'
import { layoutChart, screenStatesOf } from './chart-layout'
import { renderChartSvg } from './chart-svg'
import { collectReviewData } from './collect-data'
import { machineGraph, stateIdResolver } from './machine-graph'
import { machineToMermaid } from './mermaid-export'

/*
 * `npm run review:export`: the chart as the reviewer page draws the whole machine (same layout,
 * same SVG writer as its Export button: every state expanded, the screens the browser-level run
 * captured inlined, no −/+ controls) and the machine as Mermaid text.
 */

const artifacts = fileURLToPath(new URL('../../artifacts', import.meta.url))
const graph = machineGraph(appMachine)
const screenStates = screenStatesOf(graph)
const layout = await layoutChart(graph, { thumbnails: screenStates })
const { manifest, files } = collectReviewData(artifacts)
const resolve = stateIdResolver(graph)
const thumbnails = new Map<string, string>()
for (const [name, url] of Object.entries(manifest.screenshots[manifest.screenshotLocale ?? 'en'] ?? {})) {
  const id = resolve(name)
  const file = files.get(url)
  if (id !== undefined && file !== undefined) thumbnails.set(id, `data:image/${file.endsWith('.webp') ? 'webp' : 'png'};base64,${readFileSync(file).toString('base64')}`)
}
mkdirSync(artifacts, { recursive: true })
const svgFile = path.join(artifacts, 'machine.svg')
const mermaidFile = path.join(artifacts, 'machine.mmd')
writeFileSync(svgFile, renderChartSvg(layout, { thumbnails, controls: false, title: `${graph.machineId} statechart` }))
writeFileSync(mermaidFile, machineToMermaid(graph))
console.log(`${svgFile}: ${layout.states.length} states, ${layout.transitions.length} arrows, ${thumbnails.size} screens inlined`)
console.log(`${mermaidFile}: stateDiagram-v2`)
