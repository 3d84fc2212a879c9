import type { ChartLayout, PlacedState, PlacedTransition } from './chart-layout'
import { farNamePlace, font, sizes, textWidth, transitionText } from './chart-text'
import type { ChartTransition } from './machine-graph'

/*
 * The chart as an SVG string: a pure function of the layout, so the reviewer page and the node
 * export (review:export) draw the same chart. Every state is a <g data-state-id>, every
 * transition carries data-event and data-transition (its coverage key). What changes while the
 * page is open (live highlight, trail, coverage, search) is a class or data attribute the page
 * sets on these elements; the styles for it travel inside the SVG, so an exported file looks as
 * drawn.
 */

export interface SvgOptions {
  /** State id → image URL of its screen. */
  thumbnails?: ReadonlyMap<string, string>
  /** Say how to get a missing screenshot, where a screen state has none. */
  missingThumbnailHint?: string
  title?: string
  /** The page's −/+ boxes that fold a state; a file written for reading has none. */
  controls?: boolean
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)
}

const n = (v: number) => String(Math.round(v * 10) / 10)

export const chartStyle = `
.chart { font-family: ${font.family}; }
.state > rect.box { fill: #fff; stroke: #56606b; stroke-width: 1.2; }
.state.compound > rect.box { fill: #f6f8fa; }
.state.compound[data-depth="3"] > rect.box, .state.compound[data-depth="4"] > rect.box { fill: #fbfcfd; }
.state.history > rect.box { fill: #fff; }
.state.folded > rect.box { fill: #eef2f6; stroke-dasharray: 4 2; }
.state .name { font-size: ${sizes.name}px; font-weight: 700; fill: #1f2328; }
.state .small { font-size: ${sizes.small}px; fill: #4b5560; }
.state .description { font-style: italic; fill: #5b6570; }
.state .invoke { fill: #7a3e00; }
.state .internal { fill: #22577a; }
.state .entry { fill: #57606a; }
.state .folded-note { fill: #22577a; font-weight: 700; }
.state .toggle { cursor: pointer; }
.state .toggle rect { fill: #fff; stroke: #8c959f; }
.state .toggle text { font-size: 11px; fill: #1f2328; }
.thumb-missing rect { fill: #f3f4f6; stroke: #b6bcc3; stroke-dasharray: 3 2; }
.thumb-missing text { font-size: 8px; fill: #6b7480; }
.transition path { fill: none; stroke: #6e7781; stroke-width: 1.1; }
.transition.kind-route path { stroke: #9aa3ad; stroke-dasharray: 5 3; }
.transition.kind-always path { stroke-dasharray: 2 2; }
.transition.kind-after path { stroke: #8250df; }
.transition.kind-error path { stroke: #b35900; }
.transition text { font-size: ${sizes.small}px; fill: #24292f; }
.transition .label-bg { fill: #ffffffd9; }
.transition.kind-after text { fill: #6639ba; }
.transition.kind-error text { fill: #8a4500; }
.goto { cursor: pointer; }
.goto rect { fill: #fff; stroke: #6e7781; stroke-dasharray: 3 2; }
.goto text { font-size: ${sizes.small}px; fill: #0969da; }
.initial circle { fill: #1f2328; }
.initial path { fill: none; stroke: #1f2328; stroke-width: 1.2; }
.state:focus, .transition:focus { outline: none; }
.transition:focus-visible path { stroke: #0969da; stroke-width: 4; }
text.transition:focus-visible { fill: #0969da; font-weight: 700; }
.owner { display: none; font-weight: 700; fill: #1f2328; paint-order: stroke; stroke: #ffffffe6; stroke-width: 0.12em; pointer-events: none; }
.far .owner { display: inline; }
.far .transition text, .far .transition .label-bg, .far .state .small, .far .state .name, .far .goto text, .far .toggle { visibility: hidden; }
.state:focus-visible > rect.box, .state.selected > rect.box { stroke: #0969da; stroke-width: 3; }
.state.match > rect.box { stroke: #bf8700; stroke-width: 3; }
.transition.match path { stroke: #bf8700; stroke-width: 2.5; }
.state.active > rect.box { stroke: #1a7f37; stroke-width: 3; fill: #dafbe1; }
.state.compound.active > rect.box { fill: #f0fff4; }
.state.leaf-active > rect.box { fill: #aceebb; }
.state.expected > rect.box { stroke: #0969da; stroke-width: 3; stroke-dasharray: 8 4; }
.transition.trail path { stroke: #1a7f37; stroke-width: 2.5; }
.transition.trail-last path { stroke: #1a7f37; stroke-width: 4; }
.transition.trail text { fill: #116329; font-weight: 700; }
.transition.step path { stroke: #0969da; stroke-width: 3.5; }
.cov-dots { display: none; }
.coverage .cov-dots { display: inline; }
.cov-dots circle { fill: #fff; stroke: #8c959f; }
.cov-dots text { font-size: 8px; fill: #57606a; }
.coverage .state[data-cov~="machine"] .cov-dots .m, .coverage .state[data-cov~="react"] .cov-dots .r,
.coverage .state[data-cov~="browser"] .cov-dots .b { fill: #2da44e; stroke: #1a7f37; }
.coverage .state[data-cov=""] > rect.box { fill: #ffebe9; stroke: #cf222e; }
.coverage .state[data-cov="machine"] > rect.box { fill: #fff8c5; }
.coverage .state[data-cov~="react"] > rect.box { fill: #ddf4ff; }
.coverage .state[data-cov~="browser"] > rect.box { fill: #dafbe1; }
.coverage .transition[data-cov=""] path { stroke: #cf222e; stroke-dasharray: 3 2; }
.coverage .transition[data-cov="machine"] path { stroke: #bf8700; }
.coverage .transition[data-cov~="react"] path { stroke: #0969da; }
.coverage .transition[data-cov~="browser"] path { stroke: #1a7f37; stroke-width: 2; }
.coverage text.transition[data-cov=""] { fill: #cf222e; font-weight: 700; }
.state text.transition.trail { fill: #1a7f37; font-weight: 700; }
`

function markerDefs(): string {
  const marker = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`
  return `<defs>${marker('arrow', '#6e7781')}${marker('arrow-initial', '#1f2328')}</defs>`
}

function textLine(x: number, y: number, cls: string, text: string, extra = '', title = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" class="${cls}"${extra}>${escapeXml(text)}${title ? `<title>${escapeXml(title)}</title>` : ''}</text>`
}

/** A transition's hover: its sentence, and the code it stands for on a details line. */
const transitionTitle = (t: ChartTransition) => `${t.said.sentence}\ndetails: ${t.said.code}`

function thumbnail(placed: PlacedState, options: SvgOptions): string {
  if (!placed.hasThumb) return ''
  const { width, height } = sizes.thumb
  const x = placed.x + placed.width - width - sizes.pad
  const y = placed.y + sizes.pad
  const href = options.thumbnails?.get(placed.state.id)
  if (href !== undefined) {
    return `<image class="thumb" x="${n(x)}" y="${n(y)}" width="${width}" height="${height}" href="${escapeXml(href)}" preserveAspectRatio="xMidYMin slice"><title>${escapeXml(`screen of ${placed.state.id}`)}</title></image>`
  }
  const hint = options.missingThumbnailHint ?? 'no screenshot'
  return `<g class="thumb-missing"><rect x="${n(x)}" y="${n(y)}" width="${width}" height="${height}" rx="3"/>${textLine(x + 4, y + 14, '', 'no')}${textLine(x + 4, y + 24, '', 'screen-')}${textLine(x + 4, y + 34, '', 'shot')}<title>${escapeXml(hint)}</title></g>`
}

/**
 * Semantic zoom: when the chart is too small to read, its small text is hidden and each screen
 * (and each frame outside a screen) shows its name across its header, the band the layout keeps
 * free of children; drawn above everything, so no box, arrow or picture covers it.
 */
function farName(placed: PlacedState): string {
  const { x, baseline, size } = farNamePlace(placed, placed.state.said.name)
  return `<text class="owner" data-owner="${escapeXml(placed.state.id)}" x="${n(x)}" y="${n(baseline)}" font-size="${size}" aria-hidden="true">${escapeXml(placed.state.said.name)}</text>`
}

function stateLabel(placed: PlacedState): string {
  const s = placed.state
  const parts = [s.said.full, s.type === 'atomic' ? 'state' : `${s.type} state`]
  if (s.screen) parts.push(`screen ${s.screen}`)
  if (placed.collapsed) parts.push('collapsed')
  return parts.join(', ')
}

function stateSvg(placed: PlacedState, depth: number, options: SvgOptions): string {
  const s = placed.state
  const classes = ['state', s.type, placed.collapsed ? 'folded' : ''].filter(Boolean).join(' ')
  const { x, y, width, height, text } = placed
  const attrs = [
    `class="${classes}"`,
    `data-state-id="${escapeXml(s.id)}"`,
    `data-type="${s.type}"`,
    `data-depth="${depth}"`,
    s.screen ? `data-screen="${escapeXml(s.screen)}"` : '',
    s.parent !== null ? `data-parent="${escapeXml(s.parent)}"` : '',
    'data-cov=""',
    'tabindex="0"',
    'role="button"',
    `aria-label="${escapeXml(stateLabel(placed))}"`,
  ].filter(Boolean)
  const out = [`<g ${attrs.join(' ')}>`]
  if (s.type === 'history') {
    out.push(`<rect class="box" x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(height / 2)}"/>`)
    out.push(textLine(x + width / 2, y + height / 2 + 4, 'name', text.name, ' text-anchor="middle"'))
    out.push(`<title>${escapeXml(`${s.id}: ${s.history} history`)}</title></g>`)
    return out.join('')
  }
  out.push(`<rect class="box" x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="8"/>`)
  out.push(`<title>${escapeXml([s.said.full, s.said.purpose ?? s.words?.en, `details: ${s.id}`, s.description ?? ''].filter(Boolean).join('\n'))}</title>`)
  let lineY = y + sizes.pad + sizes.name
  const left = x + sizes.pad
  out.push(textLine(left, lineY, 'name', text.name))
  if (s.children.length > 0 && options.controls !== false) {
    const tx = left + textWidth(text.name, sizes.name) + 6
    out.push(
      `<g class="toggle" data-toggle="${escapeXml(s.id)}" aria-hidden="true"><rect x="${n(tx)}" y="${n(lineY - 11)}" width="14" height="14" rx="2"/>${textLine(tx + 3.5, lineY, '', placed.collapsed ? '+' : '−')}</g>`,
    )
  }
  const small = (cls: string, line: string, extra = '', title = '') => {
    lineY += sizes.line - 1
    out.push(textLine(left, lineY, `small ${cls}`, line, extra, title))
  }
  lineY += 3
  const transitionAttrs = (t: ChartTransition) =>
    ` data-event="${escapeXml(t.event)}" data-transition="${escapeXml(t.key)}" data-kind="${t.kind}" data-source="${escapeXml(t.source)}" data-cov=""${focusable(t)}`
  for (const t of text.entries) small('transition entry', `⇢ ${transitionText(t).join(' ')}`, transitionAttrs(t), transitionTitle(t))
  for (const line of text.invokes) small('invoke', line)
  for (const line of text.description) small('description', line)
  for (const t of text.internal) small('transition internal', `↺ ${transitionText(t).join(' ')}`, transitionAttrs(t), transitionTitle(t))
  if (text.folded) small('folded-note', text.folded)
  out.push(thumbnail(placed, options))
  const dx = x + width - 40
  out.push(
    `<g class="cov-dots"><circle class="m" cx="${n(dx)}" cy="${n(y - 5)}" r="4"/><circle class="r" cx="${n(dx + 12)}" cy="${n(y - 5)}" r="4"/><circle class="b" cx="${n(dx + 24)}" cy="${n(y - 5)}" r="4"/></g>`,
  )
  out.push('</g>')
  return out.join('')
}

/** A transition is a control of its own: Enter opens its source and its target. */
function focusable(t: ChartTransition): string {
  return ` tabindex="0" role="button" aria-label="${escapeXml(t.said.sentence)}"`
}

function pathOf(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)},${n(p.y)}`).join(' ')
}

function transitionGroup(t: ChartTransition, d: string, label: PlacedTransition['label'], mergedInto?: string): string {
  const attrs = [
    `class="transition kind-${t.kind}${mergedInto ? ' merged' : ''}"`,
    `data-event="${escapeXml(t.event)}"`,
    `data-transition="${escapeXml(t.key)}"`,
    `data-kind="${t.kind}"`,
    `data-source="${escapeXml(t.source)}"`,
    `data-target="${escapeXml(t.targets[0] ?? t.source)}"`,
    mergedInto ? `data-merged-into="${escapeXml(mergedInto)}"` : '',
    'data-cov=""',
    focusable(t).trim(),
  ].filter(Boolean)
  const out = [`<g ${attrs.join(' ')}>`, `<path d="${d}" marker-end="url(#arrow)"/>`]
  if (label) {
    out.push(`<rect class="label-bg" x="${n(label.x)}" y="${n(label.y)}" width="${n(label.width)}" height="${n(label.height)}" rx="2"/>`)
    label.lines.forEach((line, i) => out.push(textLine(label.x + 3, label.y + (i + 1) * (sizes.small + 3) - 2, '', line)))
  }
  out.push(`<title>${escapeXml(transitionTitle(t))}</title></g>`)
  return out.join('')
}

/** One arrow per transition; those sharing a route (ends folded into a collapsed state) are drawn over the first, unlabelled. */
function transitionSvg(placed: PlacedTransition): string {
  const d = pathOf(placed.points)
  return [transitionGroup(placed.transition, d, placed.label), ...placed.also.map((t) => transitionGroup(t, d, null, placed.transition.key))].join('')
}

/**
 * The whole chart. States are drawn parents first, as siblings rather than nested groups, so
 * each is one focusable control with no control inside another.
 */
export function renderChartSvg(layout: ChartLayout, options: SvgOptions = {}): string {
  const depth = new Map<string, number>()
  const states = layout.states.map((placed) => {
    const { id, parent } = placed.state
    const d = parent === null ? 0 : (depth.get(parent) ?? 0) + 1
    depth.set(id, d)
    return stateSvg(placed, d, options)
  })
  const farNames = layout.states.filter((placed) => placed.farName).map(farName)
  const initials = layout.initials.map(
    (i) =>
      `<g class="initial" data-initial-of="${escapeXml(i.parent)}" data-initial="${escapeXml(i.child)}"><circle cx="${n(i.dot.x)}" cy="${n(i.dot.y)}" r="${sizes.initialDot / 2}"/><path d="${pathOf(i.points)}" marker-end="url(#arrow-initial)"/></g>`,
  )
  const gotos = layout.gotos.map(
    (g) =>
      `<g class="goto" data-goto="${escapeXml(g.target)}" role="link" aria-label="${escapeXml(`go to ${g.target}`)}"><rect x="${n(g.x)}" y="${n(g.y)}" width="${n(g.width)}" height="${n(g.height)}" rx="10"/>${textLine(g.x + 6, g.y + 14, '', `→ ${g.target}`)}<title>${escapeXml(`Arrows ending here go to ${g.target}`)}</title></g>`,
  )
  const width = Math.ceil(layout.width)
  const height = Math.ceil(layout.height)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-label="${escapeXml(options.title ?? 'statechart')}">`,
    `<style>${chartStyle}</style>`,
    markerDefs(),
    `<g class="states">${states.join('')}</g>`,
    `<g class="initials">${initials.join('')}</g>`,
    `<g class="gotos">${gotos.join('')}</g>`,
    `<g class="transitions">${layout.transitions.map(transitionSvg).join('')}</g>`,
    `<g class="owners">${farNames.join('')}</g>`,
    '</svg>',
  ].join('')
}
