import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appMachine } from '../../machines/app.machine'
import { layoutChart } from './chart-layout'
import { renderChartSvg } from './chart-svg'
import { machineGraph } from './machine-graph'
import { machineToMermaid } from './mermaid-export'

/*
 * `npm run review:export`: the chart as the reviewer page draws it (same layout, same SVG
 * function, every state expanded, no screenshots) and the machine as Mermaid text.
 */

const artifacts = fileURLToPath(new URL('../../artifacts', import.meta.url))
const graph = machineGraph(appMachine)
const layout = await layoutChart(graph)
mkdirSync(artifacts, { recursive: true })
const svgFile = path.join(artifacts, 'machine.svg')
const mermaidFile = path.join(artifacts, 'machine.mmd')
writeFileSync(svgFile, renderChartSvg(layout, { title: `${graph.machineId} statechart` }))
writeFileSync(mermaidFile, machineToMermaid(graph))
console.log(`${svgFile}: ${layout.states.length} states, ${layout.transitions.length} arrows`)
console.log(`${mermaidFile}: stateDiagram-v2`)
