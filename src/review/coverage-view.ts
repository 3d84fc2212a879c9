import { $, h } from './dom'
import { graph, page } from './page-state'
import { coverageLevels, produceCommand, type CoverageLevel } from './review-data'

/*
 * Coverage: each model level's figures (the machine's own run, React, the browser) and, on the
 * chart, which levels reached each state and transition. A level whose data was not shipped says
 * which command produces it.
 */

function coverageSets(level: CoverageLevel) {
  const file = page.coverage.get(level)
  if (!file) return null
  const missingStates = new Set(file.states.missing.map((name) => page.resolveState(name) ?? name))
  return { missingStates, missingTransitions: new Set(file.transitions.missing) }
}

export function applyCoverage(): void {
  const canvas = $('canvas')
  const sets = coverageLevels.map((level) => [level, coverageSets(level)] as const)
  for (const el of canvas.querySelectorAll('[data-state-id]')) {
    const id = el.getAttribute('data-state-id') ?? ''
    // The root and history pseudo-states are not coverage targets: always active, or never a place to be.
    if (id === graph.root || page.byId.get(id)?.type === 'history') {
      el.setAttribute('data-cov', 'n/a')
      continue
    }
    el.setAttribute('data-cov', sets.filter(([, s]) => s !== null && !s.missingStates.has(id)).map(([level]) => level).join(' '))
  }
  for (const el of canvas.querySelectorAll('[data-transition]')) {
    const key = el.getAttribute('data-transition') ?? ''
    el.setAttribute('data-cov', sets.filter(([, s]) => s !== null && !s.missingTransitions.has(key)).map(([level]) => level).join(' '))
  }
}

export function coveragePanel(): void {
  const body = $('coverage-body')
  const row = (level: CoverageLevel) => {
    const file = page.coverage.get(level)
    if (!file) return h('tr', { 'data-level': level }, h('th', {}, level), h('td', { colspan: '3' }, 'not shipped: ', h('code', {}, produceCommand[level])))
    const cell = (f: { covered: number; total: number; percent: number }) => h('td', {}, `${f.covered}/${f.total} (${f.percent}%)`)
    return h('tr', { 'data-level': level }, h('th', {}, level), cell(file.states), cell(file.transitions), cell(file.guardOutcomes))
  }
  body.replaceChildren(
    h('table', { class: 'figures' }, h('tr', {}, h('th', {}, 'level'), h('th', {}, 'states'), h('th', {}, 'transitions'), h('th', {}, 'guard outcomes')), ...coverageLevels.map(row)),
    h(
      'p',
      { class: 'note' },
      h('span', { class: 'swatch', style: 'background:#dafbe1' }),
      'browser ',
      h('span', { class: 'swatch', style: 'background:#ddf4ff' }),
      'React ',
      h('span', { class: 'swatch', style: 'background:#fff8c5' }),
      'machine only ',
      h('span', { class: 'swatch', style: 'background:#ffebe9' }),
      'not covered. Dots above a state: machine, React, browser.',
    ),
  )
  if (page.coverage.size < coverageLevels.length) body.append(h('p', { class: 'note' }, `Then ${produceCommand.rebuild}.`))
}
