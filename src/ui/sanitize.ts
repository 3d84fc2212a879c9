import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify'

/*
 * Agreement texts, rights details and lenders' protocols arrive as HTML from the server. They are
 * sanitised here before they reach the DOM. On top of DOMPurify's defaults (no scripts, no event
 * handler attributes, no `javascript:` URLs):
 * - only http(s), mailto, tel and relative URLs survive; `data:` survives only as a raster image
 *   (`<img src="data:image/png…">`), because an agreement may embed its seal or a signature as
 *   an inline picture, and a PNG/JPEG/GIF/WebP cannot run script (SVG can, so it is dropped);
 * - no forms, inputs or styles: an agreement never needs them, and they are how injected HTML
 *   fakes a login box or covers the page;
 * - no link in server HTML may navigate the web view: a reload loses the bridge data and the
 *   in-memory token, and a fragment link (`#x`) would move the hash router. So every link is
 *   marked by the hook below: an http(s) link to another origin gets `target="_blank"`,
 *   `rel="noopener noreferrer"` and `data-external-url` with its absolute URL (`RichHtml` hands it
 *   to the host's `openUrl`); any other link (same origin, relative, fragment, an odd scheme) loses
 *   its `href` and gets `data-inert-link`, so it stays readable text that cannot be followed, even
 *   by a middle click or a keyboard. `mailto:` and `tel:` are kept: they leave the page to another
 *   app without unloading it.
 */

export const externalUrlAttribute = 'data-external-url'
export const inertLinkAttribute = 'data-inert-link'

const allowedUri = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
const rasterDataImage = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i
const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'cite']

const config: Config = {
  USE_PROFILES: { html: true },
  ALLOWED_URI_REGEXP: allowedUri,
  // Any data-* attribute from the server could forge the external-link mark; only ours is set.
  ALLOW_DATA_ATTR: false,
  // `template` too: its content is inert only until some script clones it, and no agreement needs one.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'template'],
  FORBID_ATTR: ['style', 'srcset', 'target', 'ping'],
}

let purifier: Purifier | null = null

type LinkKind = { kind: 'external'; url: string } | { kind: 'app' } | { kind: 'inert' }

/** What a link in server HTML may do: open outside (another origin), hand off (mailto, tel), or nothing. */
function linkKind(href: string): LinkKind {
  let url: URL
  try {
    url = new URL(href.trim(), currentBase)
  } catch {
    return { kind: 'inert' }
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return { kind: 'app' }
  const web = url.protocol === 'http:' || url.protocol === 'https:'
  if (web && url.origin !== new URL(currentBase).origin && url.username === '' && url.password === '') {
    return { kind: 'external', url: url.href }
  }
  return { kind: 'inert' }
}
let currentBase = 'http://localhost/'

function instance(): Purifier {
  if (purifier !== null) return purifier
  // An own instance: hooks added to the shared default would change every other DOMPurify user.
  const created = DOMPurify(window)
  created.addHook('afterSanitizeAttributes', (node) => {
    for (const name of urlAttributes) {
      const value = node.getAttribute(name)
      if (value === null) continue
      const trimmed = value.trim()
      if (/^data:/i.test(trimmed) && !(node.tagName === 'IMG' && name === 'src' && rasterDataImage.test(trimmed))) {
        node.removeAttribute(name)
      }
    }
    if (node.tagName !== 'A' && node.tagName !== 'AREA') return
    const href = node.getAttribute('href')
    if (href === null) return
    const kind = linkKind(href)
    if (kind.kind === 'external') {
      node.setAttribute('href', kind.url)
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
      node.setAttribute(externalUrlAttribute, kind.url)
    } else if (kind.kind === 'inert') {
      node.removeAttribute('href')
      node.setAttribute(inertLinkAttribute, '')
    }
  })
  purifier = created
  return created
}

export interface SanitizeOptions {
  /** What relative links resolve against and which origin counts as "this page"; the page's URL by default. */
  baseUrl?: string
}

/** Safe HTML to put in the DOM; see the module comment for what is kept and what is marked. */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const purify = instance()
  currentBase = options.baseUrl ?? window.location.href
  return purify.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false })
}
