// @ts-check
// The DOM helpers the sandbox's own pages share (the host simulator and the API docs). Plain ES
// module, served as a static file: the pages import it by a relative URL, with no build step.

/**
 * The element with this id, checked to be of the expected kind: a page whose markup lost an id, or
 * changed an input into something else, fails at once with the id named.
 *
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {new () => T} [kind] the element's class, e.g. HTMLInputElement
 * @returns {T}
 */
export function byId(id, kind) {
  const node = document.getElementById(id)
  if (!node) throw new Error(`#${id} missing`)
  const expected = kind ?? HTMLElement
  if (!(node instanceof expected)) throw new Error(`#${id} is a <${node.tagName.toLowerCase()}>, not a ${expected.name}`)
  return /** @type {T} */ (node)
}

/** @typedef {Node | string | null | undefined | false} Child */

/**
 * A new element built from nodes and text only, so nothing is ever parsed as HTML. `class` sets the
 * class name, `text` the text content; false, null and undefined attributes are left out, true is
 * an empty (boolean) attribute.
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue
    if (key === 'class') node.className = String(value)
    else if (key === 'text') node.textContent = String(value)
    else node.setAttribute(key, value === true ? '' : String(value))
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue
    node.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
  return node
}
