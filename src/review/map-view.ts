import { decorateDiffMap } from './diff-view'
import { flowName, pageWord } from './page-words'
import { localeName } from './plain-words'
import { $, h } from './dom'
import { flowRows, mapModel, type MapModel } from './flows'
import { activeStates } from './machine-graph'
import { act, graph, page, thumbnails } from './page-state'

/*
 * The map the page opens on: each flow a band, its screens as cards in the borrower's order, each
 * with its screen and its name, arrows for the moves between them. A card opens that screen's
 * full statechart, a band's title the flow's. The page's live state (or a drive's) marks its card.
 */

const model: MapModel = mapModel(graph)
const reauthId = 'reauth'

function cardImage(id: string, shots: Map<string, string>): HTMLElement {
  const own = shots.get(id)
  // A flow state without a screen of its own (boot, the rights sheet) shows its first inner screen.
  const inner = own ?? [...shots.entries()].find(([shot]) => page.byId.get(shot)?.path.startsWith(`${page.byId.get(id)?.path}.`))?.[1]
  if (inner !== undefined) return h('img', { src: inner, alt: '', loading: 'eager', decoding: 'async' })
  const state = page.byId.get(id)
  if (state?.screen === undefined) return h('span', { class: 'no-shot' }, pageWord('statesInside', { n: state?.children.length ?? 0 }))
  if (page.mode === 'elder') return h('span', { class: 'no-shot', title: elderWhy() }, pageWord('noElderShot', { locale: localeName(page.locale) }))
  return h('span', { class: 'no-shot' }, pageWord('noShot'))
}

const elderWhy = () => pageWord('noElderShotWhy', { locale: localeName(page.locale) })

function entries(id: string): number {
  return model.moves.filter((m) => m.to === id).length
}

export function renderMap(): void {
  const shots = thumbnails()
  const root = $('map')
  const bands = new Map(
    model.flows.map((flow) => [
      flow.id,
      h(
        'section',
        { class: 'band', 'data-flow': flow.id, 'aria-label': flowName(flow.id, flow.name) },
        h('button', { type: 'button', class: 'band-title', onclick: () => void act.showPart(flow.id) }, `${flowName(flow.id, flow.name)} `, h('span', { class: 'count' }, `${flow.members.length}`)),
        h(
          'div',
          { class: 'cards' },
          ...flow.members.map((id) =>
            h(
              'button',
              { type: 'button', class: 'map-card', 'data-card': id, title: `${page.byId.get(id)?.words?.[page.words] ?? ''}\ndetails: ${id}`.trim(), onclick: () => void act.showPart(id) },
              cardImage(id, shots),
              h('span', { class: 'card-name' }, page.byId.get(id)?.said.full ?? id),
              id === reauthId ? h('span', { class: 'card-note' }, pageWord('fromScreens', { n: entries(id) })) : null,
              page.manifest?.errorShown?.includes(id) ? h('span', { class: 'card-note', 'data-error-shown': '' }, pageWord('shownWithError')) : null,
            ),
          ),
        ),
      ),
    ]),
  )
  const rows = flowRows.map((ids) => ids.flatMap((id) => (bands.has(id) ? [bands.get(id) as HTMLElement] : [])))
  const arrows = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  arrows.setAttribute('class', 'map-arrows')
  arrows.setAttribute('aria-hidden', 'true')
  // Elder mode in a language it was not captured in: said once, above the cards, with what to do.
  const why = page.mode === 'elder' && shots.size === 0 ? h('p', { class: 'map-note', role: 'note' }, elderWhy()) : null
  root.replaceChildren(
    arrows,
    ...(why ? [why] : []),
    ...rows.filter((r) => r.length > 0).map((r) => h('div', { class: 'map-row' }, ...r)),
  )
  decorateMap()
  requestAnimationFrame(() => {
    drawArrows()
    // What the benchmark times: the map's cards and arrows on the page.
    if (performance.getEntriesByName('review:map-drawn').length === 0) performance.mark('review:map-drawn')
  })
}

/** Arrows between cards, drawn over the laid-out map from the cards' boxes. */
export function drawArrows(): void {
  const root = $('map')
  const svg = root.querySelector('.map-arrows')
  if (!svg || root.hidden) return
  const origin = root.getBoundingClientRect()
  const box = (id: string) => {
    const r = root.querySelector(`[data-card="${CSS.escape(id)}"]`)?.getBoundingClientRect()
    return r ? { x: r.left - origin.left + root.scrollLeft, y: r.top - origin.top + root.scrollTop, w: r.width, h: r.height } : null
  }
  svg.setAttribute('width', String(root.scrollWidth))
  svg.setAttribute('height', String(root.scrollHeight))
  const paths: string[] = []
  for (const move of model.moves) {
    if (move.to === reauthId) continue
    const a = box(move.from)
    const b = box(move.to)
    if (!a || !b) continue
    const title = `<title>${move.from} → ${move.to}: ${move.labels.join(', ')}</title>`
    const sameRow = Math.abs(a.y - b.y) < 4
    const adjacent = sameRow && Math.abs(a.x - b.x) < a.w * 1.6
    let d: string
    let cls = 'far-move'
    if (adjacent) {
      // Next and back between neighbours: two short arrows in the gap, forward above, back below.
      const forward = b.x > a.x
      const y = a.y + a.h * (forward ? 0.35 : 0.5)
      const x1 = forward ? a.x + a.w : a.x
      const x2 = forward ? b.x : b.x + b.w
      d = `M${x1},${y} L${x2},${y}`
      cls = forward ? 'next' : 'back'
    } else {
      const ax = a.x + a.w / 2
      const bx = b.x + b.w / 2
      const down = b.y > a.y + 4
      const up = b.y < a.y - 4
      const y1 = down ? a.y + a.h : a.y
      const y2 = up ? b.y + b.h : b.y
      const bend = sameRow ? -30 : 0
      d = `M${ax},${y1} C${ax},${(y1 + y2) / 2 + bend} ${bx},${(y1 + y2) / 2 + bend} ${bx},${y2}`
    }
    paths.push(`<path class="${cls}" d="${d}" marker-end="url(#map-arrow)">${title}</path>`)
  }
  svg.innerHTML = `<defs><marker id="map-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>${paths.join('')}`
}

/** Marks the card of the screen the followed page is on (or the drive expects). */
export function decorateMap(): void {
  const root = $('map')
  const drive = page.drive
  const live = page.liveActive
  const expected = drive ? activeStates(graph, drive.at === 0 ? drive.path.startExpect.state : drive.path.steps[drive.at - 1]?.expect.state) : new Set<string>()
  for (const card of root.querySelectorAll('[data-card]')) {
    const id = card.getAttribute('data-card') ?? ''
    card.classList.toggle('active', live.has(id))
    card.classList.toggle('expected', expected.has(id))
  }
  decorateDiffMap(root)
}
