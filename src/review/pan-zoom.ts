/*
 * Pan and zoom of the chart: the SVG sits in a canvas moved by one CSS transform. Drag, wheel
 * and keys (arrows, + and −, F to fit) on the viewport; a drag never counts as a click on a
 * state.
 */

export interface PanZoom {
  fit(): void
  /** The smallest scale Fit goes to from now on. */
  setFitFloor(floor: number): void
  zoomBy(factor: number, around?: { x: number; y: number }): void
  /** Brings a chart rectangle (chart coordinates) to the middle of the viewport. */
  center(rect: { x: number; y: number; width: number; height: number }, minScale?: number): void
  /** True while the last pointer gesture was a drag (its click is swallowed). */
  dragged(): boolean
  setSize(width: number, height: number): void
  /** Centres a chart point, keeping the scale (the minimap's move). */
  moveTo(point: { x: number; y: number }): void
  /** The chart rectangle in view, and the scale. */
  seen(): { x: number; y: number; width: number; height: number; scale: number }
  /** Called after every move or zoom. */
  onChange(listener: () => void): void
}

/**
 * `fitFloor` (or `setFitFloor`): the smallest scale Fit goes to. A chart wider than that at Fit opens at that scale, at
 * its top left, rather than as a picture too small to read; the arrows, the minimap and a drag reach the rest.
 */
export function panZoom(viewport: HTMLElement, canvas: HTMLElement, fitFloor = 0): PanZoom {
  let scale = 1
  let x = 0
  let y = 0
  let size = { width: 1, height: 1 }
  let moved = false
  const listeners: (() => void)[] = []
  const apply = () => {
    canvas.style.transform = `translate(${x}px, ${y}px) scale(${scale})`
    for (const listener of listeners) listener()
  }
  const clamp = (s: number) => Math.min(4, Math.max(0.03, s))
  const zoomBy = (factor: number, around?: { x: number; y: number }) => {
    const at = around ?? { x: viewport.clientWidth / 2, y: viewport.clientHeight / 2 }
    const next = clamp(scale * factor)
    x = at.x - ((at.x - x) * next) / scale
    y = at.y - ((at.y - y) * next) / scale
    scale = next
    apply()
  }
  const fit = () => {
    const margin = 16
    const whole = clamp(Math.min((viewport.clientWidth - margin * 2) / size.width, (viewport.clientHeight - margin * 2) / size.height))
    scale = Math.max(whole, fitFloor)
    x = scale > whole ? margin : (viewport.clientWidth - size.width * scale) / 2
    y = margin
    apply()
  }

  let drag: { startX: number; startY: number; x: number; y: number; id: number } | null = null
  viewport.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return
    drag = { startX: e.clientX, startY: e.clientY, x, y, id: e.pointerId }
    moved = false
  })
  viewport.addEventListener('pointermove', (e) => {
    if (!drag || drag.id !== e.pointerId) return
    const dx = e.clientX - drag.startX
    const dy = e.clientY - drag.startY
    if (!moved && Math.hypot(dx, dy) < 4) return
    if (!moved) viewport.setPointerCapture(e.pointerId)
    moved = true
    viewport.classList.add('dragging')
    x = drag.x + dx
    y = drag.y + dy
    apply()
  })
  const end = () => {
    drag = null
    viewport.classList.remove('dragging')
  }
  viewport.addEventListener('pointerup', end)
  viewport.addEventListener('pointercancel', end)
  viewport.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault()
      const box = viewport.getBoundingClientRect()
      if (e.ctrlKey || e.metaKey || !e.shiftKey) zoomBy(Math.exp(-e.deltaY * 0.0015), { x: e.clientX - box.left, y: e.clientY - box.top })
      else {
        x -= e.deltaY
        apply()
      }
    },
    { passive: false },
  )
  viewport.addEventListener('keydown', (e) => {
    const step = 60
    const keys: Record<string, () => void> = {
      ArrowLeft: () => (x += step),
      ArrowRight: () => (x -= step),
      ArrowUp: () => (y += step),
      ArrowDown: () => (y -= step),
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(0.8),
      f: fit,
      F: fit,
    }
    const action = keys[e.key]
    // Keys typed on a focused state belong to the state (Enter opens it, - and + fold it).
    if (!action || (e.target !== viewport && !e.key.startsWith('Arrow'))) return
    e.preventDefault()
    action()
    apply()
  })

  return {
    fit,
    setFitFloor(floor) {
      fitFloor = floor
    },
    zoomBy,
    center(rect, minScale = 0.6) {
      scale = Math.max(scale, minScale)
      // A box larger than the view shows its top left (its name) a little in from the edge, not its middle.
      const margin = 12
      const width = Math.min(rect.width, (viewport.clientWidth - margin * 2) / scale)
      const height = Math.min(rect.height, (viewport.clientHeight - margin * 2) / scale)
      x = viewport.clientWidth / 2 - (rect.x + width / 2) * scale
      y = viewport.clientHeight / 2 - (rect.y + height / 2) * scale
      apply()
    },
    dragged: () => moved,
    setSize(width, height) {
      size = { width, height }
    },
    moveTo(point) {
      x = viewport.clientWidth / 2 - point.x * scale
      y = viewport.clientHeight / 2 - point.y * scale
      apply()
    },
    seen: () => ({ x: -x / scale, y: -y / scale, width: viewport.clientWidth / scale, height: viewport.clientHeight / scale, scale }),
    onChange(listener) {
      listeners.push(listener)
    },
  }
}
