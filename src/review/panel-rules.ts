import { rulesOfState, type ReviewRules } from '../../tests/model/engine/state-rules'
import { pageWord } from './page-words'
import { h, missingNote } from './dom'
import { graph, page } from './page-state'
import { subtreeOf } from './state-summary'
import { produceCommand } from './review-data'
import { rulesDocumentUrl } from './rules-url'

/*
 * The panel's "Rules" section: the product rules that apply in the open state (its own, then those
 * its enclosing states add), each linked to its text in docs/product-rules.md, with its one-line
 * title and the levels of the checks that hold it.
 */


function ruleItem(data: ReviewRules, id: string): HTMLElement {
  const rule = data.rules[id]
  const levels = rule ? (rule.levels.length > 0 ? rule.levels.join(', ') : rule.notAutomated ? 'not automatable' : 'no check') : 'not a rule'
  return h(
    'li',
    { 'data-rule': id },
    h('a', { href: `${rulesDocumentUrl}#${id}`, title: id, target: '_blank', rel: 'noopener' }, rule?.title ?? id),
    ' ',
    h('span', { class: `rule-levels${rule && rule.levels.length > 0 ? '' : ' missing'}`, 'data-levels': levels }, `[${levels}]`),
  )
}

let loaded: Promise<ReviewRules | null> | null = null

/** `data/rules.json`, fetched once; null when the build had none. */
function loadRules(): Promise<ReviewRules | null> {
  const url = page.manifest?.rules
  if (!url) return Promise.resolve(null)
  loaded ??= fetch(url).then((r) => (r.ok ? (r.json() as Promise<ReviewRules>) : null), () => null)
  return loaded
}

/**
 * The states whose rules every screen inherits: those holding more than half of the machine's
 * screens (the root, the session, its screens). Their rules (the one request, its signature and
 * headers, the locale) are the same on every screen, so they stay behind one line.
 */
function everywhere(state: string): boolean {
  const screens = graph.states.filter((s) => s.screen !== undefined)
  return subtreeOf(graph, state).filter((id) => page.byId.get(id)?.screen !== undefined).length * 2 > screens.length
}

function render(id: string, data: ReviewRules): (HTMLElement | null)[] {
  const { own, enclosing } = rulesOfState(id, (s) => page.byId.get(s)?.parent, data.states)
  const near = enclosing.filter((e) => !everywhere(e.state))
  const far = enclosing.filter((e) => everywhere(e.state))
  const farCount = far.reduce((n, e) => n + e.rules.length, 0)
  const count = own.length + near.reduce((n, e) => n + e.rules.length, 0)
  return [
    h('h3', {}, pageWord('rulesOfScreen', { n: count })),
    page.words === 'en' ? null : h('p', { class: 'note' }, pageWord('rulesInEnglish')),
    own.length > 0 ? h('ul', { class: 'list', 'data-summary': 'rules' }, ...own.map((r) => ruleItem(data, r))) : h('p', { class: 'note' }, 'none of its own'),
    ...near.map((e) =>
      h('div', { 'data-rules-from': e.state }, h('h4', { title: e.state }, `From ${page.byId.get(e.state)?.said.full ?? e.state} (${e.rules.length})`), h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, r)))),
    ),
    farCount > 0
      ? h(
          'details',
          { class: 'everywhere', 'data-rules-everywhere': far.map((e) => e.state).join(' ') },
          h('summary', {}, pageWord('appliesEverywhere', { n: farCount })),
          ...far.map((e) => h('div', { 'data-rules-from': e.state }, h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, r))))),
        )
      : null,
    h('p', { class: 'note' }, data.totals),
  ]
}

/** The section, filled in once the rules data has loaded (if the panel still shows `id`). */
export function rulesSection(id: string): HTMLElement {
  const section = h('section', { class: 'rules' }, h('h3', {}, 'Rules'), h('p', { class: 'note' }, 'Loading the rules…'))
  void loadRules().then((data) => {
    if (page.selected !== id) return
    section.replaceChildren(...(data ? render(id, data).filter((el) => el !== null) : [h('h3', {}, 'Rules'), missingNote('The rules data is', produceCommand.rules)]))
  })
  return section
}
