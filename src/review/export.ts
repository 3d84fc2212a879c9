import { renderChartSvg } from './chart-svg'
import { h } from './dom'
import { graph, page, thumbnails } from './page-state'

/*
 * Export SVG: the chart as drawn, written by the same function as `npm run review:export`, with
 * the screens inlined (the file stands alone) and without the page's −/+ controls. The overlays
 * the page shows (coverage, live state, selection) are its classes, copied onto the file's
 * elements.
 */

export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = h('a', { href: url, download: name })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

async function dataUrl(url: string): Promise<string | null> {
  try {
    const blob = await (await fetch(url)).blob()
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.onerror = () => reject(reader.error)
      reader.readAsDataURL(blob)
    })
  } catch {
    return null
  }
}

export async function exportSvg(): Promise<void> {
  const layout = page.layout
  if (!layout) return
  const inlined = new Map<string, string>()
  for (const [id, url] of thumbnails()) {
    const data = await dataUrl(url)
    if (data !== null) inlined.set(id, data)
  }
  const text = renderChartSvg(layout, { thumbnails: inlined, controls: false, title: `${graph.machineId} statechart` })
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
  const drawn = document.querySelector('#canvas svg')
  const file = doc.documentElement
  // The drawn chart's overlay state, element by element (both come from the same layout).
  file.setAttribute('class', (drawn?.getAttribute('class') ?? 'chart').replace(/\s*\bfar\b/, ''))
  const copy = (selector: string, attribute: string) => {
    const from = drawn ? [...drawn.querySelectorAll(selector)] : []
    const to = [...file.querySelectorAll(selector)]
    from.forEach((el, i) => {
      to[i]?.setAttribute('class', el.getAttribute('class') ?? '')
      to[i]?.setAttribute(attribute, el.getAttribute(attribute) ?? '')
    })
  }
  copy('[data-state-id]', 'data-cov')
  copy('[data-transition]', 'data-cov')
  download('machine.svg', 'image/svg+xml', new XMLSerializer().serializeToString(file))
}

