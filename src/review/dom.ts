import { produceCommand } from './review-data'

/* The few DOM helpers every part of the reviewer page builds with. */

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

export type Child = Node | string | null | undefined | false

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean | ((e: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(key.replace(/^on/, '').toLowerCase(), value)
    else if (value === true) element.setAttribute(key, '')
    else if (value !== false) element.setAttribute(key, value)
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}

export function missingNote(what: string, command: string): HTMLElement {
  return h('p', { class: 'missing' }, `${what} missing: run `, h('code', {}, command), ', then ', h('code', {}, produceCommand.rebuild), '.')
}

export function setClass(root: ParentNode, selector: string, cls: string, on: (el: Element) => boolean): void {
  for (const el of root.querySelectorAll(selector)) el.classList.toggle(cls, on(el))
}
