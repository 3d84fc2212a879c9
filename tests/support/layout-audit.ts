import type { Page } from 'playwright-core'

/*
 * What a borrower loses when text is large or the screen narrow, measured on the page as it is
 * laid out: sideways scrolling, text under the mode's minimum size, text cut or spilling out of
 * its box, controls too small to hit, and a popup nobody asked for. Each finding is one line
 * naming the element, so a failing tour says where to look.
 */

export interface LayoutLimits {
  minTextPx: number
  minControlPx: number
  /** A dialog is on screen because the borrower opened it (a picker, the agreements list). */
  dialogAsked: boolean
}

export function layoutProblems(page: Page, limits: LayoutLimits): Promise<string[]> {
  return page.evaluate(({ minTextPx, minControlPx, dialogAsked }) => {
    const problems: string[] = []
    const name = (element: Element): string => {
      const id = element.id ? `#${element.id}` : ''
      const classes = [...element.classList].slice(0, 2).map((c) => `.${c}`).join('')
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`
    }
    const shown = (element: Element): boolean => {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') return false
      // Text for screen readers only (.visually-hidden, a stacked table's head) is clipped on purpose.
      for (let box: Element | null = element; box !== null; box = box.parentElement) {
        const clip = getComputedStyle(box).clip
        if (clip !== 'auto' && clip !== '') return false
      }
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0
    }
    const root = document.documentElement
    const width = root.clientWidth
    if (root.scrollWidth > width + 1) {
      const wide = [...document.body.querySelectorAll('*')].filter(
        (element) => shown(element) && element.getBoundingClientRect().right > width + 1,
      )
      // The innermost wide elements are the cause; their ancestors only carry them.
      const causes = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      problems.push(`overflow: page is ${root.scrollWidth} px wide in a ${width} px viewport (${causes.slice(0, 3).map(name).join('; ') || 'no element'})`)
    }

    const textHolders = new Set<Element>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '' || node.parentElement === null) continue
      if (node.parentElement.closest('script, style, noscript, [aria-hidden="true"] .spinner__dot')) continue
      textHolders.add(node.parentElement)
    }
    for (const element of textHolders) {
      if (!shown(element)) continue
      const size = parseFloat(getComputedStyle(element).fontSize)
      if (size < minTextPx - 0.05) problems.push(`small text: ${size.toFixed(1)} px < ${minTextPx} px: ${name(element)}`)
    }
    // A box whose text is wider than the box: cut (overflow hidden, an ellipsis) or spilling over
    // its neighbours. Inline boxes have no width of their own; their block is checked instead.
    const blocks = new Set<Element>()
    for (const element of textHolders) {
      let block: Element | null = element
      while (block !== null && getComputedStyle(block).display.startsWith('inline') && block.parentElement !== null) block = block.parentElement
      if (block !== null) blocks.add(block)
    }
    for (const element of blocks) {
      if (!shown(element) || element.matches('html, body, input, select, textarea, option')) continue
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        problems.push(`clipped text: ${element.scrollWidth} px of text in a ${element.clientWidth} px box: ${name(element)}`)
      }
    }

    if (minControlPx > 0) {
      const controls = document.body.querySelectorAll('button, a[href], select, input:not([type="hidden"]), textarea, [role="button"], summary')
      for (const control of controls) {
        // A link inside a sentence is part of the text, not a target of its own.
        if (!shown(control) || getComputedStyle(control).display === 'inline') continue
        // A checkbox or radio is hit through its label too: the target is the box and its labels.
        const parts = [control, ...((control as HTMLInputElement).labels ?? [])].filter(shown).map((part) => part.getBoundingClientRect())
        const height = Math.max(...parts.map((rect) => rect.bottom)) - Math.min(...parts.map((rect) => rect.top))
        if (height < minControlPx - 0.5) problems.push(`small control: ${height.toFixed(1)} px < ${minControlPx} px tall: ${name(control)}`)
      }
    }

    if (!dialogAsked) {
      for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog[open]')) {
        if (shown(dialog)) problems.push(`popup: ${name(dialog)} is open though nobody asked for it`)
      }
    }
    return [...new Set(problems)]
  }, limits)
}
