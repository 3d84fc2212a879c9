// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { RichHtml } from './components/rich-html'
import { sanitizeHtml } from './sanitize'

const base = 'https://page.example/app/'
const clean = (html: string) => sanitizeHtml(html, { baseUrl: base })

/** Parses sanitised output so assertions look at the DOM a borrower would get. */
function dom(html: string): HTMLElement {
  const holder = document.createElement('div')
  holder.innerHTML = clean(html)
  return holder
}

afterEach(cleanup)

// rules: security-sanitise
test('script tags are removed, their text never runs or shows', () => {
  const out = dom('<p>Clause 1</p><script>window.stolen = document.cookie</script>')
  expect(out.querySelector('script')).toBeNull()
  expect(out.textContent).toBe('Clause 1')
})

test('an onerror attribute on an image is removed and the image kept', () => {
  const out = dom('<img src="https://cdn.example/seal.png" onerror="alert(1)" alt="seal">')
  const img = out.querySelector('img')
  expect(img?.getAttribute('src')).toBe('https://cdn.example/seal.png')
  expect(img?.hasAttribute('onerror')).toBe(false)
})

// rules: security-sanitise
test('every on* handler attribute is removed', () => {
  const out = dom('<a href="#c2" onclick="steal()" onmouseover="steal()">2</a><div onload="x()">t</div>')
  expect(out.innerHTML).not.toMatch(/on(click|mouseover|load)/i)
  expect(out.querySelector('a')?.textContent).toBe('2')
})

// rules: security-sanitise
test('javascript: URLs are removed, even disguised', () => {
  const out = dom(
    '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href=" &#106;avascript:alert(1)">c</a>',
  )
  for (const link of out.querySelectorAll('a')) expect(link.hasAttribute('href')).toBe(false)
  expect(out.textContent).toBe('abc')
})

// rules: security-sanitise
test('data: URLs are removed except raster images', () => {
  const out = dom(
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>' +
      '<img id="svg" src="data:image/svg+xml;base64,PHN2Zy8+">' +
      '<img id="png" src="data:image/png;base64,iVBORw0KGgo=">',
  )
  expect(out.querySelector('a')?.hasAttribute('href')).toBe(false)
  expect(out.querySelector('#svg')?.hasAttribute('src')).toBe(false)
  expect(out.querySelector('#png')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
})

// rules: security-sanitise
test('forms, inputs and inline styles are removed so injected HTML cannot fake a login box', () => {
  const out = dom('<form action="https://evil.example"><input name="pw"><button>Go</button></form><p style="position:fixed">x</p>')
  expect(out.querySelector('form, input, button')).toBeNull()
  expect(out.querySelector('p')?.hasAttribute('style')).toBe(false)
})

// rules: security-links-inert
test('external links open outside the page and are marked for the host', () => {
  const out = dom('<a href="https://bank.example/terms">bank terms</a>')
  const link = out.querySelector('a')
  expect(link?.getAttribute('target')).toBe('_blank')
  expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  expect(link?.getAttribute('data-external-url')).toBe('https://bank.example/terms')
})

// rules: security-links-inert
test('same-origin, relative and fragment links lose their href (they would navigate the web view), a forged external mark is dropped', () => {
  const out = dom(
    '<a href="#clause-3" data-external-url="https://evil.example">clause 3</a><a href="/terms.html">terms</a>' +
      '<a href="/. /,alert(42)//#">vector</a><a href="https://page.example/app/#/pages/home/index">home</a>' +
      '<a href="https://user@bank.example/">userinfo</a><map><area href="/terms.html" alt="t"></map>',
  )
  for (const link of out.querySelectorAll('a, area')) {
    expect(link.hasAttribute('href'), link.outerHTML).toBe(false)
    expect(link.hasAttribute('data-external-url'), link.outerHTML).toBe(false)
    expect(link.hasAttribute('data-inert-link'), link.outerHTML).toBe(true)
  }
  expect(out.textContent).toContain('terms')
})

// rules: security-links-inert
test('mailto: and tel: links are kept: they hand off to another app without unloading the page', () => {
  const out = dom('<a href="mailto:help@lender.example">mail</a><a href="tel:95588">call</a>')
  expect([...out.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['mailto:help@lender.example', 'tel:95588'])
})

test('a click on any link in rich HTML never navigates the web view, even one that kept an href', () => {
  const onExternalLink = vi.fn()
  const view = render(createElement(RichHtml, { html: '<a href="/terms.html">terms</a>', onExternalLink, baseUrl: base }))
  const link = view.container.querySelector('a')
  if (link === null) throw new Error('no link rendered')
  // As if a sanitiser bug had let the href through: the click itself must still be stopped.
  link.setAttribute('href', '/terms.html')
  expect(fireEvent.click(link)).toBe(false)
  expect(onExternalLink).not.toHaveBeenCalled()
})

// rules: security-links-inert
test('a click on an external link in rich HTML goes to the host, not the web view', () => {
  const onExternalLink = vi.fn()
  const view = render(
    createElement(RichHtml, {
      html: '<p>See <a href="https://lender.example/contract">the lender’s contract</a>.</p>',
      onExternalLink,
      baseUrl: base,
    }),
  )
  const link = view.getByRole('link', { name: 'the lender’s contract' })
  const notPrevented = fireEvent.click(link)
  expect(notPrevented).toBe(false)
  expect(onExternalLink).toHaveBeenCalledWith('https://lender.example/contract')
})
