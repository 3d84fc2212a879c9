// @ts-check
// A small, self-contained reader of /docs/openapi.json: no CDN, no framework. Everything is built
// with DOM nodes and textContent, so nothing in the document is ever parsed as HTML.

import { byId, el } from '../shared/dom.js'

/**
 * The parts of an OpenAPI 3 document this reader shows (the sandbox writes it: server/openapi.ts).
 * @typedef {{ $ref?: string, type?: string, pattern?: string, enum?: unknown[], anyOf?: Schema[], oneOf?: Schema[], const?: unknown }} Schema
 * @typedef {{ $ref?: string, name: string, in: string, required?: boolean, description?: string, schema?: Schema }} Parameter
 * @typedef {{ description?: string, content?: Record<string, { schema?: Schema }> }} ResponseObject
 * @typedef {{ operationId?: string, summary?: string, tags?: string[], parameters?: Parameter[],
 *   requestBody?: { content?: Record<string, { schema?: Schema }> }, responses?: Record<string, ResponseObject>,
 *   'x-auth'?: boolean, 'x-committing'?: boolean }} Operation
 * @typedef {{ openapi: string, info?: { title?: string, version?: string, description?: string },
 *   servers?: { url: string }[], paths?: Record<string, Record<string, Operation>> }} OpenApiDocument
 * @typedef {{ path: string, method: string, op: Operation }} Entry
 */

/** @type {Record<string, number>} */
const methodOrder = { get: 0, post: 1, put: 2, patch: 3, delete: 4 }

const content = byId('content')
const nav = byId('nav')
const filter = byId('filter', HTMLInputElement)

// ---------- markdown (the subset the generator writes) ----------

/**
 * Inline `code` and **bold**; everything else is text.
 * @param {string} text
 * @returns {(Node | string)[]}
 */
function inline(text) {
  /** @type {(Node | string)[]} */
  const out = []
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*)/g
  let last = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index))
    const token = match[0]
    out.push(token.startsWith('`') ? el('code', { text: token.slice(1, -1) }) : el('strong', {}, inline(token.slice(2, -2))))
    last = match.index + token.length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

/** @param {string} text */
function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/** @param {string} source */
function markdown(source) {
  const lines = source.replace(/\r\n/g, '\n').split('\n')
  const blocks = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (line.trim() === '') {
      i += 1
      continue
    }
    const fence = /^```(\w*)/.exec(line)
    if (fence) {
      const body = []
      i += 1
      while (i < lines.length && !lines[i].startsWith('```')) body.push(lines[i++])
      i += 1
      blocks.push(codeBlock(body.join('\n'), fence[1]))
      continue
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line)
    if (heading) {
      const level = Math.min(6, heading[1].length + 1)
      blocks.push(el(/** @type {'h2' | 'h3' | 'h4' | 'h5'} */ (`h${level}`), { id: `doc-${slug(heading[2])}` }, inline(heading[2])))
      i += 1
      continue
    }
    if (line.startsWith('|')) {
      const rows = []
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++])
      blocks.push(table(rows))
      continue
    }
    if (/^\s*(-|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line)
      const list = el(ordered ? 'ol' : 'ul')
      while (i < lines.length && /^\s*(-|\d+\.)\s+/.test(lines[i])) {
        list.append(el('li', {}, inline(lines[i].replace(/^\s*(-|\d+\.)\s+/, ''))))
        i += 1
      }
      blocks.push(list)
      continue
    }
    const paragraph = []
    while (i < lines.length && lines[i].trim() !== '' && !/^(#|```|\||\s*(-|\d+\.)\s)/.test(lines[i])) paragraph.push(lines[i++])
    blocks.push(el('p', {}, inline(paragraph.join(' '))))
  }
  return blocks
}

/** @param {string[]} rows */
function table(rows) {
  const cells = (/** @type {string} */ row) => row.replace(/^\||\|$/g, '').split('|').map((c) => c.trim())
  const [head, , ...body] = rows
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      {},
      el('thead', {}, el('tr', {}, cells(head).map((c) => el('th', {}, inline(c))))),
      el('tbody', {}, body.map((row) => el('tr', {}, cells(row).map((c) => el('td', {}, inline(c)))))),
    ),
  )
}

/**
 * @param {string} text
 * @param {string} language
 */
function codeBlock(text, language) {
  const pre = el('pre', { class: 'code' }, language === 'json' ? highlightJson(text) : text)
  const lineCount = text.split('\n').length
  if (lineCount <= 24) return pre
  return el('details', { class: 'long-code' }, el('summary', { text: `Show ${lineCount} lines` }), pre)
}

// ---------- JSON ----------

/** @param {string} text */
function highlightJson(text) {
  /** @type {(Node | string)[]} */
  const out = []
  const pattern = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g
  let last = 0
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index))
    if (m[1]) {
      out.push(el('span', { class: m[2] ? 'j-key' : 'j-str', text: m[1] }))
      if (m[2]) out.push(m[2])
    } else if (m[3]) out.push(el('span', { class: 'j-lit', text: m[3] }))
    else out.push(el('span', { class: 'j-num', text: m[4] }))
    last = m.index + m[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

/**
 * @param {string} title
 * @param {unknown} value
 */
function jsonDetails(title, value, note = '') {
  return el(
    'details',
    { class: 'schema' },
    el('summary', {}, el('span', { class: 'schema-title', text: title }), note ? el('span', { class: 'schema-note' }, inline(note)) : null),
    el('pre', { class: 'code' }, highlightJson(JSON.stringify(value, null, 2))),
  )
}

/** A one-line description of a parameter's schema: `string`, `integer | string /^-?\d+$/`, enums. */
/**
 * @param {Schema | undefined} schema
 * @returns {string}
 */
function typeLabel(schema) {
  if (!schema || typeof schema !== 'object') return 'any'
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeLabel).join(' | ')
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map(typeLabel).join(' | ')
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  let label = schema.type ?? 'any'
  if (schema.pattern) label += ` /${schema.pattern}/`
  return label
}

// ---------- the document ----------

/**
 * The item itself, or what its `$ref` points to in the document.
 * @template {{ $ref?: string }} T
 * @param {OpenApiDocument} doc
 * @param {T} item
 * @returns {T}
 */
function resolve(doc, item) {
  if (item && typeof item.$ref === 'string') {
    const parts = item.$ref.replace(/^#\//, '').split('/')
    /** @type {unknown} */
    let node = doc
    for (const key of parts) node = node && typeof node === 'object' ? /** @type {Record<string, unknown>} */ (node)[key] : undefined
    return /** @type {T | undefined} */ (node) ?? item
  }
  return item
}

/** @param {OpenApiDocument} doc */
function operationsOf(doc) {
  /** @type {Entry[]} */
  const ops = []
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) ops.push({ path, method, op })
  }
  return ops
}

/** @param {Entry} entry */
function groupOf({ op, path }) {
  return op.tags?.[0] ?? `/${path.split('/')[1] ?? ''}`
}

/** @param {{ method: string, path: string }} entry */
function anchorOf({ method, path }) {
  return `op-${method}-${slug(path)}`
}

/**
 * @param {string} text
 * @param {string} kind
 */
function badge(text, kind) {
  return el('span', { class: `badge badge-${kind}`, text })
}

/** @param {Parameter[]} params */
function parameterTable(params) {
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      { class: 'params' },
      el('thead', {}, el('tr', {}, ['Name', 'In', 'Type', 'Description'].map((h) => el('th', { text: h })))),
      el(
        'tbody',
        {},
        params.map((p) =>
          el(
            'tr',
            {},
            el('td', {}, el('code', { text: p.name }), p.required ? el('span', { class: 'required', title: 'required', text: ' *' }) : null),
            el('td', { text: p.in }),
            el('td', {}, el('code', { class: 'type', text: typeLabel(p.schema) })),
            el('td', {}, p.description ? inline(p.description) : ''),
          ),
        ),
      ),
    ),
  )
}

/**
 * @param {OpenApiDocument} doc
 * @param {Entry} entry
 */
function operationCard(doc, entry) {
  const { path, method, op } = entry
  const params = (op.parameters ?? []).map((p) => resolve(doc, p))
  const headers = params.filter((p) => p.in === 'header')
  const special = headers.filter((p) => p.name === 'Idempotency-Key')
  const common = headers.filter((p) => p.name !== 'Idempotency-Key')
  const others = params.filter((p) => p.in !== 'header')
  const body = op.requestBody?.content?.['application/json']?.schema
  const responses = Object.entries(op.responses ?? {})

  const card = el(
    'article',
    { class: 'op', id: anchorOf(entry), 'data-search': `${method} ${path} ${op.operationId ?? ''} ${op.summary ?? ''}`.toLowerCase() },
    el(
      'header',
      { class: 'op-head' },
      el('span', { class: `method method-${method}`, text: method.toUpperCase() }),
      el('code', { class: 'op-path', text: path }),
      el(
        'span',
        { class: 'badges' },
        op['x-auth'] ? badge('auth', 'auth') : badge('public', 'public'),
        op['x-committing'] ? badge('committing', 'committing') : null,
      ),
    ),
    el('p', { class: 'op-summary' }, inline(op.summary ?? '')),
    op.operationId ? el('p', { class: 'op-id' }, 'contract name ', el('code', { text: op.operationId })) : null,
  )

  const paramRows = [...others, ...special]
  if (paramRows.length > 0) card.append(el('h4', { text: 'Parameters' }), parameterTable(paramRows))
  if (special.length > 0) {
    card.append(
      el(
        'p',
        { class: 'callout' },
        el('strong', { text: 'Committing call. ' }),
        'Send an ',
        el('code', { text: 'Idempotency-Key' }),
        ' made when the borrower commits, and the same key on every retry.',
      ),
    )
  }
  if (common.length > 0) {
    card.append(
      el(
        'details',
        { class: 'headers' },
        el('summary', { text: `Common headers (${common.length})${op['x-auth'] ? ' + Authorization: Bearer' : ''}` }),
        parameterTable(common),
      ),
    )
  }
  if (body) card.append(jsonDetails('Request body (application/json)', body))
  for (const [code, response] of responses) {
    const schema = response.content?.['application/json']?.schema
    if (schema) card.append(jsonDetails(`Response ${code}`, schema, response.description ?? ''))
    else card.append(el('p', { class: 'response-line' }, el('code', { text: code }), ' ', response.description ?? ''))
  }
  return card
}

/** @param {OpenApiDocument} doc */
function render(doc) {
  byId('doc-version').textContent = `OpenAPI ${doc.openapi} · v${doc.info?.version ?? '?'}`
  document.title = `${doc.info?.title ?? 'API'} · docs`
  const ops = operationsOf(doc)
  /** @type {Map<string, Entry[]>} */
  const groups = new Map()
  for (const entry of ops) {
    const name = groupOf(entry)
    const group = groups.get(name) ?? []
    group.push(entry)
    groups.set(name, group)
  }
  const groupNames = [...groups.keys()].sort()
  for (const name of groupNames) {
    groups.get(name)?.sort((a, b) => a.path.localeCompare(b.path) || (methodOrder[a.method] ?? 9) - (methodOrder[b.method] ?? 9))
  }

  const intro = el(
    'section',
    { class: 'intro', id: 'overview' },
    el('h1', { text: doc.info?.title ?? 'API' }),
    el('p', { class: 'meta' }, `${ops.length} calls · servers: `, ...(doc.servers ?? []).map((s) => el('code', { text: s.url }))),
    markdown(doc.info?.description ?? ''),
  )

  const sections = groupNames.map((name) =>
    el(
      'section',
      { class: 'group', id: `group-${slug(name)}` },
      el('h2', { class: 'group-title' }, el('code', { text: name }), el('span', { class: 'count', text: String(groups.get(name)?.length ?? 0) })),
      (groups.get(name) ?? []).map((entry) => operationCard(doc, entry)),
    ),
  )
  content.replaceChildren(intro, ...sections)

  // Markdown `##` headings render one level down (h3), under the page's h1/h2 structure.
  const overviewLinks = [...intro.querySelectorAll('h3')].map((h) => el('a', { href: `#${h.id}`, class: 'nav-doc', text: h.textContent }))
  nav.replaceChildren(
    el('div', { class: 'nav-group' }, el('p', { class: 'nav-group-title', text: 'Overview' }), overviewLinks),
    ...groupNames.map((name) =>
      el(
        'div',
        { class: 'nav-group', 'data-group': name },
        el('p', { class: 'nav-group-title', text: name }),
        (groups.get(name) ?? []).map((entry) =>
          el(
            'a',
            { href: `#${anchorOf(entry)}`, class: 'nav-op', 'data-search': `${entry.method} ${entry.path} ${entry.op.operationId ?? ''} ${entry.op.summary ?? ''}`.toLowerCase() },
            el('span', { class: `method method-${entry.method} method-small`, text: entry.method.toUpperCase() }),
            el('span', { class: 'nav-path', text: entry.path.replace(name, '') || entry.path }),
          ),
        ),
      ),
    ),
  )
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView()
}

filter.addEventListener('input', () => {
  const query = filter.value.trim().toLowerCase()
  for (const node of document.querySelectorAll('[data-search]')) {
    if (!(node instanceof HTMLElement)) continue
    node.hidden = query !== '' && !(node.getAttribute('data-search') ?? '').includes(query)
  }
  for (const group of document.querySelectorAll('.group, .nav-group[data-group]')) {
    if (!(group instanceof HTMLElement)) continue
    const items = group.querySelectorAll('[data-search]')
    group.hidden = items.length > 0 && [...items].every((item) => item instanceof HTMLElement && item.hidden)
  }
})

fetch('./openapi.json')
  .then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.json()
  })
  .then(render)
  .catch((/** @type {unknown} */ error) => {
    const reason = error instanceof Error ? error.message : String(error)
    content.replaceChildren(el('p', { class: 'loading error', text: `Could not load openapi.json: ${reason}` }))
  })
