import { $, h } from './dom'
import { pageWord } from './page-words'
import { largeScreen, page } from './page-state'
import { produceCommand } from './review-data'

/*
 * A map card's screen, large enough to read: hovering or focusing a card shows its screen beside
 * it (the card is a thumbnail a few dozen pixels wide), and Space on a focused card opens it full
 * size in a dialog. Enter and a click still open the card's statechart.
 */

let shown: string | null = null

function preview(): HTMLElement {
  return $('map-preview')
}

/** The screen's picture and its name and purpose, as the preview and the dialog show them. */
function screenFigure(id: string, large: boolean): HTMLElement[] {
  const state = page.byId.get(id)
  const card = $('map').querySelector<HTMLImageElement>(`[data-card="${CSS.escape(id)}"] img`)
  const shot = largeScreen(id)
  const src = large && shot !== undefined ? shot.url : (card?.getAttribute('src') ?? shot?.url)
  const name = state?.said.full ?? id
  const purpose = state?.words?.[page.words]
  return [
    ...(src ? [h('img', { src, alt: `${name}, as the borrower sees it` })] : []),
    h(
      'figcaption',
      {},
      h('strong', {}, name),
      purpose ? h('span', {}, purpose) : null,
      src ? null : h('span', { class: 'note' }, pageWord('noPicture')),
      src && page.manifest?.errorShown?.includes(id) ? h('span', { class: 'note' }, pageWord('shownWithError')) : null,
      large && shot !== undefined && !shot.full ? h('span', { class: 'note' }, pageWord('enlarged', { command: produceCommand.screenshots })) : null,
    ),
  ]
}

function show(card: HTMLElement): void {
  const id = card.getAttribute('data-card')
  if (id === null) return
  const box = preview()
  if (id !== shown) box.replaceChildren(...screenFigure(id, false))
  shown = id
  box.hidden = false
  place(box, card)
  // The capture sets the preview's height once it has loaded: placed again then, so it stays inside the window.
  const capture = box.querySelector('img')
  if (capture !== null && !capture.complete) capture.addEventListener('load', () => shown === id && place(box, card), { once: true })
}

/** Beside the card, where there is room (right, else left), kept inside the window. */
function place(box: HTMLElement, card: HTMLElement): void {
  const r = card.getBoundingClientRect()
  const width = box.offsetWidth
  const height = box.offsetHeight
  const left = r.right + 12 + width <= innerWidth ? r.right + 12 : Math.max(8, r.left - 12 - width)
  box.style.left = `${left}px`
  box.style.top = `${Math.max(8, Math.min(r.top, innerHeight - height - 8))}px`
}

function hide(): void {
  shown = null
  preview().hidden = true
}

/** The screen full size, in a dialog the Escape key and its button close; focus returns to the card. */
function openFull(card: HTMLElement): void {
  const id = card.getAttribute('data-card')
  if (id === null) return
  hide()
  const dialog = $<HTMLDialogElement>('screen-dialog')
  const close = h('button', { type: 'button', class: 'close', 'aria-label': pageWord('close'), onclick: () => dialog.close() }, '×')
  dialog.replaceChildren(close, h('figure', {}, ...screenFigure(id, true)))
  dialog.setAttribute('aria-label', page.byId.get(id)?.said.full ?? id)
  dialog.onclose = () => card.focus()
  dialog.showModal()
  close.focus()
}

export function wireMapPreview(): void {
  const map = $('map')
  const cardOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('.map-card') : null)
  map.addEventListener('pointerover', (e) => {
    const card = cardOf(e.target)
    if (card) show(card)
  })
  map.addEventListener('pointerout', (e) => {
    if (cardOf(e.target) && !cardOf(e.relatedTarget)) hide()
  })
  map.addEventListener('focusin', (e) => {
    const card = cardOf(e.target)
    if (card) show(card)
  })
  map.addEventListener('focusout', hide)
  // The map scrolled under the preview: it follows its card.
  map.addEventListener(
    'scroll',
    () => {
      const card = shown === null ? null : map.querySelector<HTMLElement>(`[data-card="${CSS.escape(shown)}"]`)
      if (card) show(card)
    },
    { passive: true },
  )
  map.addEventListener('keydown', (e) => {
    const card = cardOf(e.target)
    if (!card) return
    if (e.key === ' ') {
      // Space would press the card's button (opening its chart): here it opens the screen instead.
      e.preventDefault()
      openFull(card)
    } else if (e.key === 'Escape') hide()
  })
  map.addEventListener('keyup', (e) => {
    if (e.key === ' ' && cardOf(e.target)) e.preventDefault()
  })
}
