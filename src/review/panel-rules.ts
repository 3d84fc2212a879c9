import { rulesOfState } from '../../machines/model/state-rules'
import { h, missingNote } from './dom'
import { page } from './page-state'
import { produceCommand, type ReviewRules } from './review-data'

/*
 * The panel's "Rules" section: the product rules that apply in the open state (its own, then those
 * its enclosing states add), each linked to its text in docs/product-rules.md, with its one-line
 * title and the levels of the checks that hold it.
 */

/** The rules document, from the reviewer folder (dist-review/) beside the checkout's docs/. */
export const rulesDocument = '../docs/product-rules.md'

function ruleItem(data: ReviewRules, id: string): HTMLElement {
  const rule = data.rules[id]
  const levels = rule ? (rule.levels.length > 0 ? rule.levels.join(', ') : rule.notAutomated ? 'not automatable' : 'no check') : 'not a rule'
  return h(
    'li',
    { 'data-rule': id },
    h('a', { href: `${rulesDocument}#${id}`, class: 'mono', target: '_blank', rel: 'noopener' }, id),
    ` — ${rule?.title ?? ''} `,
    h('span', { class: `rule-levels${rule && rule.levels.length > 0 ? '' : ' missing'}`, 'data-levels': levels }, `[${levels}]`),
  )
}

export function rulesSection(id: string): HTMLElement[] {
  const data = page.manifest?.rules
  if (!data) return [h('h3', {}, 'Rules'), missingNote('The rules data is', produceCommand.rebuild)]
  const { own, enclosing } = rulesOfState(id, (s) => page.byId.get(s)?.parent, data.states)
  const count = own.length + enclosing.reduce((n, e) => n + e.rules.length, 0)
  return [
    h('h3', {}, `Rules (${count})`),
    own.length > 0 ? h('ul', { class: 'list', 'data-summary': 'rules' }, ...own.map((r) => ruleItem(data, r))) : h('p', { class: 'note' }, 'none of its own'),
    ...enclosing.map((e) =>
      h('details', { 'data-rules-from': e.state }, h('summary', {}, `From ${e.state} (${e.rules.length})`), h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, r)))),
    ),
    h('p', { class: 'note' }, data.totals),
  ]
}
