import { createRequire } from 'node:module'
import { generate, parse, walk, type CssNode, type Declaration, type Rule, type Selector, type SelectorList } from 'css-tree'
import { lacking as lackingAnywhere, type Feature } from './old-engine'

/*
 * What the matrix's oldest engines make of the built stylesheets, read against MDN's compatibility data (the data
 * eslint-plugin-compat and the reduced-API walk read). A CSS engine drops what it cannot parse: a declaration
 * with a property, keyword, unit or function it lacks; a whole rule when one selector of its list has a
 * pseudo-class it lacks; an at-rule it does not know, with everything inside. A declaration holding var() is
 * parsed only once the variables are in, so what it lacks makes it `unset` instead, and an earlier fallback in
 * the rule does not hold. Flex `gap` parses where grid `gap` does and does nothing: its data is the flex
 * context's unless the rule lays out a grid.
 */

type Tree = Record<string, Feature>
/** A CSS feature MDN calls partial works, with its caveat (an outline square at rounded corners). */
const lacking = (feature: Feature, engines: Record<string, number>) => lackingAnywhere(feature, engines, { partial: true })
const css = (createRequire(import.meta.url)('@mdn/browser-compat-data') as { css: { properties: Tree; selectors: Tree; types: Tree & { length: Tree }; 'at-rules': Tree } }).css

export interface Finding {
  /** MDN's key: `css.properties.gap.flex_context`, `css.selectors.focus-visible`, `css.at-rules.container`. */
  feature: string
  /** The rule or at-rule it is in, as written in the built CSS. */
  where: string
  /** What the engine does with it. */
  effect: 'declaration dropped' | 'declaration unset' | 'rule dropped' | 'at-rule dropped'
  /** An earlier declaration in the rule, or an `@supports not (…)` rule for the same selector, stands in. */
  fallback: boolean
}

const vendor = /^-(webkit|moz|ms|o)-/
const gapProperties = new Set(['gap', 'row-gap', 'column-gap'])

function children(node: CssNode): CssNode[] {
  const list = (node as { children?: { toArray(): CssNode[] } | null }).children
  return list ? list.toArray() : []
}

/** Every node under `node`, not descending into var(): what a variable holds is its own declaration's. */
function valueNodes(node: CssNode): CssNode[] {
  return children(node).flatMap((child) => (child.type === 'Function' && child.name === 'var' ? [child] : [child, ...valueNodes(child)]))
}

function displayOf(rule: Rule): string | undefined {
  const display = children(rule.block).find((node): node is Declaration => node.type === 'Declaration' && node.property === 'display')
  return display === undefined ? undefined : generate(display.value)
}

/**
 * The features a declaration uses that the engines lack, as MDN keys: its property's (a property the engine does
 * not know is dropped as it is parsed), then its value's.
 */
function declarationLacks(declaration: Declaration, rule: Rule, engines: Record<string, number>): { property: string[]; value: string[] } {
  const property = declaration.property
  if (property.startsWith('--') || vendor.test(property)) return { property: [], value: [] }
  const lacks: { property: string[]; value: string[] } = { property: [], value: [] }
  const check = (feature: Feature | undefined, key: string, part: 'property' | 'value') => {
    if (feature !== undefined && lacking(feature, engines)) lacks[part].push(key)
  }
  if (gapProperties.has(property)) {
    const context = /grid/.test(displayOf(rule) ?? '') ? 'grid_context' : 'flex_context'
    check(css.properties[property]?.[context] as Feature | undefined, `css.properties.${property}.${context}`, 'property')
  } else {
    check(css.properties[property], `css.properties.${property}`, 'property')
  }
  for (const node of valueNodes(declaration.value)) {
    if (node.type === 'Identifier' && !vendor.test(node.name) && node.name in (css.properties[property] ?? {})) {
      check(css.properties[property]![node.name] as Feature, `css.properties.${property}.${node.name}`, 'value')
    }
    if (node.type === 'Dimension') check(css.types.length[node.unit.toLowerCase()], `css.types.length.${node.unit.toLowerCase()}`, 'value')
    if (node.type === 'Function' && node.name !== 'var') check(css.types[node.name.toLowerCase()], `css.types.${node.name.toLowerCase()}`, 'value')
  }
  return lacks
}

/** A selector the engines' :not() takes: one simple selector (Selectors 3), not a list or a compound. */
function simpleNotArgument(list: SelectorList): boolean {
  const selectors = children(list)
  if (selectors.length !== 1) return false
  const parts = children(selectors[0] as Selector)
  return parts.length === 1 && (['TypeSelector', 'ClassSelector', 'IdSelector', 'AttributeSelector'].includes(parts[0]!.type) || (parts[0]!.type === 'PseudoClassSelector' && children(parts[0]!).length === 0))
}

function selectorLacks(prelude: CssNode, engines: Record<string, number>): string[] {
  const lacks: string[] = []
  walk(prelude, (node) => {
    if (node.type !== 'PseudoClassSelector' && node.type !== 'PseudoElementSelector') return
    if (vendor.test(node.name)) return
    const feature = css.selectors[node.name]
    if (feature !== undefined && lacking(feature, engines)) lacks.push(`css.selectors.${node.name}`)
    const argument = children(node)[0]
    if (node.name === 'not' && argument?.type === 'SelectorList' && !simpleNotArgument(argument) && lacking(css.selectors.not!.selector_list as Feature, engines)) {
      lacks.push('css.selectors.not.selector_list')
    }
  })
  return lacks
}

/** `display: contents` → the selectors an `@supports not (display: contents)` block styles instead. */
function supportsNotFallbacks(ast: CssNode): Map<string, Set<string>> {
  const fallbacks = new Map<string, Set<string>>()
  walk(ast, {
    visit: 'Atrule',
    enter(atrule) {
      if (atrule.name !== 'supports' || atrule.prelude === null || atrule.block === null) return
      const condition = /^not\s*\(\s*([\w-]+)\s*:\s*(.+?)\s*\)$/.exec(generate(atrule.prelude))
      if (condition === null) return
      const selectors = fallbacks.get(`${condition[1]}:${condition[2]}`) ?? new Set<string>()
      for (const rule of children(atrule.block)) {
        if (rule.type === 'Rule') for (const selector of children(rule.prelude)) selectors.add(generate(selector))
      }
      fallbacks.set(`${condition[1]}:${condition[2]}`, selectors)
    },
  })
  return fallbacks
}

/**
 * The stylesheet as `engines` parse it, and each feature they lack with what they do about it. `engines` is MDN's
 * browser names with their versions, as `oldestEngines()` gives them, or one engine (Chrome 64) to lay out the
 * page as it would. `alongside`: the page's other stylesheets, whose `@supports not (…)` rules count as fallbacks.
 */
export function auditCss(source: string, engines: Record<string, number>, alongside: string[] = []): { findings: Finding[]; asParsed: string } {
  const ast = parse(source)
  const findings: Finding[] = []
  const supportsNot = new Map<string, Set<string>>()
  for (const sheet of [ast, ...alongside.map((other) => parse(other))]) {
    for (const [condition, selectors] of supportsNotFallbacks(sheet)) supportsNot.set(condition, new Set([...(supportsNot.get(condition) ?? []), ...selectors]))
  }
  walk(ast, {
    visit: 'Atrule',
    enter(atrule, item, list) {
      // `@supports (p: v)` and `@supports not (p: v)` as the engines answer them: the block is kept as plain
      // rules where the answer is yes, taken out where it is no.
      const condition = atrule.name === 'supports' && atrule.prelude !== null ? /^(not\s*)?\(\s*([\w-]+\s*:\s*.+?)\s*\)$/.exec(generate(atrule.prelude)) : null
      if (condition !== null && atrule.block !== null && list !== null) {
        const probe = parse(`a{${condition[2]}}`, { context: 'rule' }) as Rule
        const probed = declarationLacks(children(probe.block)[0] as Declaration, probe, engines)
        const lacks = probed.property.length + probed.value.length > 0
        if (lacks === (condition[1] !== undefined)) list.insertList(atrule.block.children, item)
        list.remove(item)
        return
      }
      const feature = css['at-rules'][atrule.name]
      if (feature === undefined || !lacking(feature, engines)) return
      findings.push({ feature: `css.at-rules.${atrule.name}`, where: `@${atrule.name} ${atrule.prelude === null ? '' : generate(atrule.prelude)}`, effect: 'at-rule dropped', fallback: false })
      list?.remove(item)
    },
  })
  walk(ast, {
    visit: 'Rule',
    enter(rule, item, list) {
      const where = generate(rule.prelude)
      const selectorLacking = selectorLacks(rule.prelude, engines)
      if (selectorLacking.length > 0) {
        for (const feature of selectorLacking) findings.push({ feature, where, effect: 'rule dropped', fallback: false })
        list?.remove(item)
        return
      }
      const kept = new Set<string>()
      const block = rule.block.children
      block.forEach((node, declarationItem) => {
        if (node.type !== 'Declaration') return
        const lacking = declarationLacks(node, rule, engines)
        const lacks = [...lacking.property, ...lacking.value]
        const property = node.property === 'gap' ? 'grid-gap' : node.property
        if (lacks.length === 0) {
          kept.add(node.property)
          return
        }
        const holdsVariables = lacking.property.length === 0 && valueNodes(node.value).some((child) => child.type === 'Function' && child.name === 'var')
        const value = generate(node.value)
        const supportsFallback = children(rule.prelude).every((selector) => supportsNot.get(`${node.property}:${value}`)?.has(generate(selector)))
        for (const feature of lacks) {
          findings.push({
            feature,
            where,
            effect: holdsVariables ? 'declaration unset' : 'declaration dropped',
            fallback: supportsFallback || (!holdsVariables && (kept.has(node.property) || kept.has(property))),
          })
        }
        if (holdsVariables) node.value = parse('unset', { context: 'value' }) as Declaration['value']
        else block.remove(declarationItem)
      })
    },
  })
  return { findings, asParsed: generate(ast) }
}

/**
 * Runs in the page: each pair of neighbours on one line of a flex row whose boxes are closer than `minGap` px
 * (text runs count as boxes), as `container: first | second (distance)`. Spacing the engine dropped shows here
 * as neighbours edge to edge. A grid's cells may touch by design (a title centred in the column between two
 * buttons); its gaps are `grid-gap`, which every engine of the matrix has.
 */
export function touchingNeighbours(minGap: number): string[] {
  const describe = (node: Node): string => {
    if (!(node instanceof Element)) return `"${(node.textContent ?? '').trim().slice(0, 20)}"`
    const classes = [...node.classList].slice(0, 2).map((name) => `.${name}`).join('')
    return `${node.tagName.toLowerCase()}${classes}${node.children.length === 0 ? ` "${(node.textContent ?? '').trim().slice(0, 20)}"` : ''}`
  }
  const boxOf = (node: Node): DOMRect | null => {
    if (node instanceof Element) {
      const style = getComputedStyle(node)
      if (style.display === 'none' || style.position === 'absolute' || style.position === 'fixed' || style.visibility === 'hidden') return null
      const box = node.getBoundingClientRect()
      return box.width > 0 && box.height > 0 ? box : null
    }
    if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') return null
    const range = document.createRange()
    range.selectNodeContents(node)
    const box = range.getBoundingClientRect()
    return box.width > 0 && box.height > 0 ? box : null
  }
  const found: string[] = []
  for (const container of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(container)
    if (!/flex/.test(style.display) || style.flexDirection.startsWith('column')) continue
    const items = [...container.childNodes].map((node) => ({ node, box: boxOf(node) })).filter((item): item is { node: ChildNode; box: DOMRect } => item.box !== null)
    for (let index = 1; index < items.length; index += 1) {
      const before = items[index - 1]!
      const after = items[index]!
      const sameLine = Math.min(before.box.bottom, after.box.bottom) - Math.max(before.box.top, after.box.top) > 0
      if (!sameLine) continue
      const distance = Math.round(after.box.left - before.box.right)
      if (distance < minGap) found.push(`${describe(container)}: ${describe(before.node)} | ${describe(after.node)} (${distance} px)`)
    }
  }
  return found
}
