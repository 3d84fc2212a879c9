import { rulesOfState, type ReviewRules } from '../../tests/model/engine/state-rules'
import { h, missingNote } from './dom'
import { page } from './page-state'
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
    h('a', { href: `${rulesDocumentUrl}#${id}`, class: 'mono', target: '_blank', rel: 'noopener' }, id),
    ` — ${rule?.title ?? ''} `,
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

function render(id: string, data: ReviewRules): HTMLElement[] {
  const { own, enclosing } = rulesOfState(id, (s) => page.byId.get(s)?.parent, data.states)
  const count = own.length + enclosing.reduce((n, e) => n + e.rules.length, 0)
  return [
    h('h3', {}, `Rules (${count})`),
    own.length > 0 ? h('ul', { class: 'list', 'data-summary': 'rules' }, ...own.map((r) => ruleItem(data, r))) : h('p', { class: 'note' }, 'none of its own'),
    ...enclosing.map((e) =>
      // Not a <details>: the panel's details are the paths that reach the state.
      h('div', { 'data-rules-from': e.state }, h('h4', {}, `From ${e.state} (${e.rules.length})`), h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, r)))),
    ),
    h('p', { class: 'note' }, data.totals),
  ]
}

/** The section, filled in once the rules data has loaded (if the panel still shows `id`). */
export function rulesSection(id: string): HTMLElement {
  const section = h('section', { class: 'rules' }, h('h3', {}, 'Rules'), h('p', { class: 'note' }, 'Loading the rules…'))
  void loadRules().then((data) => {
    if (page.selected !== id) return
    section.replaceChildren(...(data ? render(id, data) : [h('h3', {}, 'Rules'), missingNote('The rules data is', produceCommand.rules)]))
  })
  return section
}
