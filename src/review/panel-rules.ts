import { rulesOfState, type ReviewRules } from '../../tests/model/engine/state-rules'
import type { Verdict } from '../../tests/rules/rule-breaks'
import { pageWord } from './page-words'
import { h, missingNote } from './dom'
import { graph, page } from './page-state'
import { subtreeOf } from './state-summary'
import { produceCommand, type RulesProof } from './review-data'
import { rulesDocumentUrl } from './rules-url'

/*
 * The panel's "Rules" section: the product rules that apply in the open state (its own, then those
 * its enclosing states add), each linked to its text in docs/product-rules.md, with its one-line
 * title, the levels of the checks that hold it, and what the last proof by breaking found of it.
 */

/** What the last proof by breaking says of one rule, in the reviewer's words. */
function proofOf(proof: RulesProof | null, id: string): HTMLElement | null {
  if (proof === null) return null
  const verdict: Verdict | undefined = proof.verdicts.find((v) => v.rule === id)
  const [status, text] =
    verdict === undefined
      ? (['missing', pageWord('proofMissing')] as const)
      : verdict.status === 'proven'
        ? (['proven', pageWord('proofProven', { checks: verdict.failedIn.join(', ') })] as const)
        : verdict.status === 'unproven'
          ? (['unproven', pageWord('proofUnproven', { reason: verdict.reason })] as const)
          : verdict.status === 'not checkable'
            ? (['not-checkable', pageWord('proofNotCheckable', { reason: verdict.reason })] as const)
            : (['no-break', pageWord('proofNoBreak')] as const)
  return h('span', { class: `rule-proof proof-${status}`, 'data-proof': status }, text)
}

/** The proof's totals, or that it has not been run and the command that runs it. */
function proofLine(proof: RulesProof | null): HTMLElement {
  if (proof === null) return h('p', { class: 'note', 'data-proof-summary': 'not run' }, pageWord('proofNotRun', { command: produceCommand.proof }))
  const count = (status: Verdict['status']) => proof.verdicts.filter((v) => v.status === status).length
  const figures = { seconds: proof.wholeRun?.seconds ?? proof.seconds, proven: count('proven'), unproven: count('unproven'), noBreak: count('no break'), notCheckable: count('not checkable') }
  return h('p', { class: 'note', 'data-proof-summary': 'run' }, pageWord('proofSummary', figures))
}


function ruleItem(data: ReviewRules, proof: RulesProof | null, id: string): HTMLElement {
  const rule = data.rules[id]
  const levels = rule ? (rule.levels.length > 0 ? rule.levels.join(', ') : rule.notAutomated ? 'not automatable' : 'no check') : 'not a rule'
  return h(
    'li',
    { 'data-rule': id },
    h('a', { href: `${rulesDocumentUrl}#${id}`, title: id, target: '_blank', rel: 'noopener' }, rule?.title ?? id),
    ' ',
    h('span', { class: `rule-levels${rule && rule.levels.length > 0 ? '' : ' missing'}`, 'data-levels': levels }, `[${levels}]`),
    ' ',
    proofOf(proof, id),
  )
}

const fetchJson = <T>(url: string | null | undefined): Promise<T | null> =>
  url ? fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : null), () => null) : Promise.resolve(null)

let loaded: Promise<{ data: ReviewRules | null; proof: RulesProof | null }> | null = null

/** `data/rules.json` and the last proof by breaking, fetched once; null where the build had none. */
function loadRules(): Promise<{ data: ReviewRules | null; proof: RulesProof | null }> {
  loaded ??= Promise.all([fetchJson<ReviewRules>(page.manifest?.rules), fetchJson<RulesProof>(page.manifest?.rulesProof)]).then(([data, proof]) => ({ data, proof }))
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

function render(id: string, data: ReviewRules, proof: RulesProof | null): (HTMLElement | null)[] {
  const { own, enclosing } = rulesOfState(id, (s) => page.byId.get(s)?.parent, data.states)
  const near = enclosing.filter((e) => !everywhere(e.state))
  const far = enclosing.filter((e) => everywhere(e.state))
  const farCount = far.reduce((n, e) => n + e.rules.length, 0)
  const count = own.length + near.reduce((n, e) => n + e.rules.length, 0)
  return [
    h('h3', {}, pageWord('rulesOfScreen', { n: count })),
    page.words === 'en' ? null : h('p', { class: 'note' }, pageWord('rulesInEnglish')),
    proofLine(proof),
    own.length > 0 ? h('ul', { class: 'list', 'data-summary': 'rules' }, ...own.map((r) => ruleItem(data, proof, r))) : h('p', { class: 'note' }, pageWord('noneOwn')),
    ...near.map((e) =>
      h(
        'div',
        { 'data-rules-from': e.state },
        h('h4', { title: e.state }, pageWord('rulesFrom', { state: page.byId.get(e.state)?.said.full ?? e.state, n: e.rules.length })),
        h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, proof, r))),
      ),
    ),
    farCount > 0
      ? h(
          'details',
          { class: 'everywhere', 'data-rules-everywhere': far.map((e) => e.state).join(' ') },
          h('summary', {}, pageWord('appliesEverywhere', { n: farCount })),
          ...far.map((e) => h('div', { 'data-rules-from': e.state }, h('ul', { class: 'list' }, ...e.rules.map((r) => ruleItem(data, proof, r))))),
        )
      : null,
    h('p', { class: 'note', title: data.totals }, pageWord('rulesTotals', { rules: Object.keys(data.rules).length, checked: Object.values(data.rules).filter((r) => r.checks > 0).length })),
  ]
}

/** The section, filled in once the rules data has loaded (if the panel still shows `id`). */
export function rulesSection(id: string): HTMLElement {
  const section = h('section', { class: 'rules' }, h('h3', {}, pageWord('rulesTitle')), h('p', { class: 'note' }, pageWord('rulesLoading')))
  void loadRules().then(({ data, proof }) => {
    if (page.selected !== id) return
    section.replaceChildren(...(data ? render(id, data, proof).filter((el) => el !== null) : [h('h3', {}, pageWord('rulesTitle')), missingNote('The rules data is', produceCommand.rules)]))
  })
  return section
}
