import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import GithubSlugger from 'github-slugger'
import { Lexer, type Token, type Tokens } from 'marked'
import { expect, test } from 'vitest'

/*
 * The repository stands on its own: a clone must be able to follow every reference it makes. So
 * no tracked file points at a ticket number or at design files that are not in the repository, and
 * every relative link in the README and docs/ reaches a tracked file, and the anchor it names
 * exists there (an explicit `<a id>` or a GitHub heading slug).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean)
}

const tracked = trackedFiles()
const trackedSet = new Set(tracked)
const textFile = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|txt|sh)$|(?:^|\/)[^./]+$/

const specSection = 'a numbered section of a specification outside the repository'

/** Written in pieces so this file does not match itself. */
const outsideReferences: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a ticket number', pattern: new RegExp(['issue', '\\s*#\\d+'].join(''), 'i') },
  { what: 'the design file outside the repository', pattern: new RegExp(['PRODUCT', '\\.md'].join('')) },
  { what: 'a section of the design file outside the repository', pattern: new RegExp(['PRODUCT', ' ?§'].join('')) },
  // A specification's section by number, or its headers "(section N)": what it said is in docs/product-rules.md, by anchor.
  { what: specSection, pattern: new RegExp(['\\bspec', '(?:ification)?\\s*(?:section\\s*|§\\s*)?\\d'].join(''), 'i') },
  { what: specSection, pattern: new RegExp(['\\bspec', "(?:ification)?(?:'s)?\\b.*\\(section \\d"].join(''), 'i') },
]

/** The same references when a comment wrapped them: the words end one line, the number starts the next. */
const acrossLines: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a ticket number', pattern: new RegExp(['issue', '\\s*\\n\\s*(?:\\*|//)?\\s*#\\d+'].join(''), 'i') },
  { what: specSection, pattern: new RegExp(['\\bspec', '(?:ification)?(?:\\s+section|\\s*§)?\\s*\\n\\s*(?:\\*|//)?\\s*\\d'].join(''), 'i') },
]

/** Each line of a tracked text file that makes a reference a clone cannot follow. */
export function outsideReferencesIn(files: Array<{ file: string; text: string }>): string[] {
  const found: string[] = []
  for (const { file, text } of files) {
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      for (const { what, pattern } of outsideReferences) {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`)
      }
      const next = lines[index + 1]
      if (next === undefined) return
      for (const { what, pattern } of acrossLines) {
        if (pattern.test(`${line}\n${next}`)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`)
      }
    })
  }
  return found
}

function walkTokens(tokens: Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token)
    const children = (token as { tokens?: Token[] }).tokens
    if (children) walkTokens(children, visit)
    if (token.type === 'list') for (const item of (token as Tokens.List).items) walkTokens(item.tokens, visit)
    if (token.type === 'table') {
      const table = token as Tokens.Table
      for (const cell of [...table.header, ...table.rows.flat()]) walkTokens(cell.tokens, visit)
    }
  }
}

/** The anchors a Markdown file offers: explicit ids anywhere, and GitHub's slug of every heading. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  for (const match of markdown.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) anchors.add(match[1])
  const slugger = new GithubSlugger()
  walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug((token as Tokens.Heading).text.replace(/<[^>]+>/g, '')))
  })
  return anchors
}

/** The link targets of a Markdown file (links and images, not code). */
export function linksOf(markdown: string): string[] {
  const links: string[] = []
  walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href)
  })
  return links
}

/**
 * The relative links of one Markdown file that lead nowhere. `exists(file)` says whether a
 * repository path is there (a tracked file, or a folder holding one); `read(file)` gives a
 * Markdown file's text for its anchors.
 */
export function brokenLinks(
  file: string,
  markdown: string,
  exists: (repoPath: string) => boolean,
  read: (repoPath: string) => string,
): string[] {
  const broken: string[] = []
  for (const href of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
    const [rawPath, anchor] = href.split('#', 2) as [string, string | undefined]
    const target = rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(rawPath)))
    if (target.startsWith('..') || path.posix.isAbsolute(target) || !exists(target.replace(/\/$/, ''))) {
      broken.push(`${file}: ${href}: no such file in the repository`)
      continue
    }
    if (anchor !== undefined && anchor !== '') {
      if (!target.endsWith('.md')) broken.push(`${file}: ${href}: an anchor into a file that is not Markdown`)
      else if (!anchorsOf(read(target)).has(decodeURIComponent(anchor))) broken.push(`${file}: ${href}: no anchor #${anchor} in ${target}`)
    }
  }
  return broken
}

function existsInRepo(repoPath: string): boolean {
  if (trackedSet.has(repoPath)) return true
  const folder = `${repoPath}/`
  return tracked.some((file) => file.startsWith(folder))
}

function readRepoFile(repoPath: string): string {
  return readFileSync(path.join(repoRoot, repoPath), 'utf8')
}

function isReadableText(file: string): boolean {
  const absolute = path.join(repoRoot, file)
  return textFile.test(file) && existsSync(absolute) && statSync(absolute).isFile() && statSync(absolute).size < 2_000_000
}

test('no tracked file names a ticket number, the design files or a specification\'s numbered section, none of which the repository holds', () => {
  const files = tracked.filter(isReadableText).map((file) => ({ file, text: readRepoFile(file) }))
  expect(files.length).toBeGreaterThan(100)
  expect(outsideReferencesIn(files)).toEqual([])
})

test('every relative link in the README and docs/ reaches a file of the repository and an anchor in it', () => {
  const markdown = tracked.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')))
  expect(markdown).toContain('README.md')
  expect(markdown).toContain('docs/product-rules.md')
  const broken = markdown.filter((file) => existsSync(path.join(repoRoot, file))).flatMap((file) => brokenLinks(file, readRepoFile(file), existsInRepo, readRepoFile))
  expect(broken).toEqual([])
})

test('every rule a file cites as docs/product-rules.md#<id> has that anchor', () => {
  const anchors = anchorsOf(readRepoFile('docs/product-rules.md'))
  const cited = /docs\/product-rules\.md#([a-z0-9-]+)/g
  const missing = tracked
    .filter(isReadableText)
    .flatMap((file) => [...readRepoFile(file).matchAll(cited)].map((match) => ({ file, id: match[1] })))
    .filter(({ id }) => !anchors.has(id))
    .map(({ file, id }) => `${file}: #${id}`)
  expect(anchors.size).toBeGreaterThan(40)
  expect(missing).toEqual([])
})

test('the checks themselves catch a ticket number, a numbered specification section, a missing file and a missing anchor', () => {
  const ticket = ['issue', ' #', '42'].join('')
  expect(outsideReferencesIn([{ file: 'a.ts', text: `// see ${ticket}` }])).toHaveLength(1)
  expect(outsideReferencesIn([{ file: 'a.ts', text: `/*\n * the hands (${['issue', '\n * #', '12'].join('')} item 2)\n */` }])).toHaveLength(1)
  expect(outsideReferencesIn([{ file: 'a.ts', text: '// an issue with #hash routes' }])).toEqual([])
  const [spec, section] = ['spec', 'section']
  const citations = [
    `(${spec} 4)`,
    `// ${spec.toUpperCase()} 4 and 8: gone home`,
    `(${spec} ${section}\n// 2: lazy pages)`,
    `${spec}ification §7`,
    `the ${spec}'s headers (${section} 7)`,
  ]
  for (const citation of citations) expect(outsideReferencesIn([{ file: 'a.ts', text: citation }]), citation).toHaveLength(1)
  expect(outsideReferencesIn([{ file: 'a.ts', text: `// the ${spec}'s 28 calls; CallSpec 4; docs/product-rules.md#error-401` }])).toEqual([])
  const files: Record<string, string> = {
    'docs/rules.md': '# Rules\n\n<a id="nothing-lost"></a>\n## Nothing lost, ever\n',
    'README.md': '',
  }
  const exists = (p: string) => p in files || p === 'src'
  const read = (p: string) => files[p] ?? ''
  const doc = [
    '[ok](docs/rules.md#nothing-lost)',
    '[slug](docs/rules.md#nothing-lost-ever)',
    '[folder](src/)',
    '[web](https://example.com/x#y)',
    '[gone](docs/missing.md)',
    '[no anchor](docs/rules.md#idempotency)',
    '[outside](../shared/file.md)',
    '`[in code](nowhere.md)`',
  ].join('\n\n')
  expect(brokenLinks('README.md', doc, exists, read)).toEqual([
    'README.md: docs/missing.md: no such file in the repository',
    'README.md: docs/rules.md#idempotency: no anchor #idempotency in docs/rules.md',
    'README.md: ../shared/file.md: no such file in the repository',
  ])
})
