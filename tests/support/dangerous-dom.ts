/*
 * What must never be in the DOM rendered from server HTML, checked the same way in jsdom and in
 * Chromium (this function is serialised into the page there, so it uses nothing from outside).
 */
export function dangerousNodes(root: ParentNode): string[] {
  const found: string[] = []
  const forbiddenTags = ['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'FORM', 'BASE', 'META', 'LINK', 'STYLE', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'FRAMESET', 'PORTAL', 'TEMPLATE']
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data', 'codebase', 'srcdoc', 'ping', 'lowsrc', 'dynsrc']
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.tagName.toUpperCase()
    if (forbiddenTags.includes(tag) || tag.endsWith(':SCRIPT')) found.push(`<${element.tagName.toLowerCase()}>`)
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase()
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
      if (name.startsWith('on')) found.push(`${name} on <${element.tagName.toLowerCase()}>`)
      if (name === 'style' || name === 'srcdoc' || name === 'formaction') found.push(`${name} on <${element.tagName.toLowerCase()}>`)
      if (urlAttributes.includes(name)) {
        if (/^(javascript|vbscript|livescript|mocha):/.test(value)) found.push(`${name}=${value.slice(0, 40)}`)
        if (value.startsWith('data:') && !(tag === 'IMG' && name === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,/.test(value))) {
          found.push(`${name}=${value.slice(0, 40)}`)
        }
      }
      if (tag === 'A' && name === 'href' && !element.hasAttribute('data-external-url') && !/^(mailto|tel):/.test(value)) {
        found.push(`a navigating in the page: ${attribute.value.slice(0, 60)}`)
      }
    }
  }
  return found
}
