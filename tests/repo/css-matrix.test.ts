import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { auditCss, type Finding } from '../support/css-matrix'
import { oldestEngines } from '../support/old-engine'
import { ensureBuiltPage } from '../support/sandbox'

/*
 * The built stylesheets against the matrix's oldest engines (package.json's browserslist, read with MDN's
 * data): what those engines cannot parse either has a fallback that holds (an earlier declaration the
 * engine keeps, an `@supports not (…)` rule for the same selector), or is one of the losses below, each with
 * what the borrower still has. Flex `gap`, a pair's `display: contents` without its fallback, a selector
 * the engines drop whole: each fails here with the rule it is in. tests/browser/old-engine.browser.test.ts
 * lays the page out with the stylesheets as Chrome 64 parses them and looks at the spacing.
 */

const dist = path.resolve(import.meta.dirname, '../../dist')

/** What the oldest engines lose, and why the page stands without it. */
const accepted: Record<string, string> = {
  'css.selectors.focus-visible': 'the :focus ring before it stays: a tap rings a control too',
  'css.at-rules.container': 'the schedule is written for the narrow case first; its blocks fit any width',
  'css.properties.container-type': 'only the container query reads it',
  'css.properties.accent-color': "checkboxes and the range keep the engine's own colour",
  'css.properties.cursor': 'a phone has no pointer to shape',
  'css.types.min': 'the root text stays 16 px at every screen width instead of following it (the 320 px walk lays it out)',
  'css.properties.overscroll-behavior': 'a sheet scrolled to its end may scroll the page behind it',
  'css.properties.text-underline-offset': 'a link is underlined at the font’s own offset',
  'css.properties.overflow-wrap.anywhere': 'CJK text breaks between any characters anyway; a Latin word longer than its cell overflows it',
  'css.types.env': 'no phone of those engines has a notch: the insets are zero, and a bar sized with one is as tall as its 44 px button',
}

function builtStylesheets(): [string, string][] {
  const sheets: [string, string][] = readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(path.join(dist, 'assets', file), 'utf8')])
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  for (const [index, match] of [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].entries()) sheets.push([`index.html <style> ${index + 1}`, match[1]!])
  return sheets
}

beforeAll(ensureBuiltPage, 240_000)

test('what the oldest engines cannot parse in the built CSS has a fallback, or is a named loss', () => {
  const engines = oldestEngines()
  const sheets = builtStylesheets()
  const findings: (Finding & { file: string })[] = sheets.flatMap(([file, source]) =>
    auditCss(source, engines, sheets.map(([, other]) => other)).findings.map((finding) => ({ ...finding, file })),
  )
  expect(findings.length).toBeGreaterThan(0)
  // A loss names a feature and covers its values: `css.properties.cursor` covers `cursor.pointer`.
  const loss = (feature: string) => Object.keys(accepted).find((named) => feature === named || feature.startsWith(`${named}.`))
  const unexplained = findings.filter((finding) => !finding.fallback && loss(finding.feature) === undefined)
  expect(unexplained.map(({ feature, file, where, effect }) => `${feature} in ${file} ${where}: ${effect}`)).toEqual([])
  // A loss the CSS no longer has leaves the list.
  expect(Object.keys(accepted).filter((named) => !findings.some((finding) => loss(finding.feature) === named && !finding.fallback))).toEqual([])
})

test('the audit reads a fallback as the engines do', () => {
  const chrome64 = { chrome: 64 }
  const feature = (source: string) => auditCss(source, chrome64).findings.map(({ feature, fallback, effect }) => `${feature} ${effect}${fallback ? ' (fallback)' : ''}`)
  expect(feature('.a{display:flex;gap:8px}')).toEqual(['css.properties.gap.flex_context declaration dropped'])
  expect(feature('.a{display:grid;grid-gap:8px;gap:8px}')).toEqual(['css.properties.gap.grid_context declaration dropped (fallback)'])
  expect(feature('.a{padding:1rem;padding:calc(1rem + env(safe-area-inset-top))}')).toEqual(['css.types.env declaration dropped (fallback)'])
  // A declaration with var() is parsed after the variables are in: the engine keeps it and it comes out unset.
  expect(feature('.a{padding:1rem;padding:calc(var(--x) + env(safe-area-inset-top))}')).toEqual(['css.types.env declaration unset'])
  expect(feature('.a{display:contents}')).toEqual(['css.properties.display.contents declaration dropped'])
  expect(feature('.a{display:contents}@supports not (display:contents){.a{display:flex}}')).toEqual(['css.properties.display.contents declaration dropped (fallback)'])
  expect(feature('a:not(label a){color:red}')).toEqual(['css.selectors.not.selector_list rule dropped'])
  expect(feature('@container (width>20em){.a{display:table}}')).toEqual(['css.at-rules.container at-rule dropped'])
  expect(auditCss('.a{display:contents}@supports not (display:contents){.a{display:flex}}', chrome64).asParsed).toBe('.a{}.a{display:flex}')
  expect(auditCss('.a{display:contents}@supports not (display:contents){.a{display:flex}}', { chrome: 65 }).asParsed).toBe('.a{display:contents}')
})
