// @vitest-environment jsdom
import { expect, test } from 'vitest'
import { appMachine } from '../../machines/app.machine'
import { machineGraph } from '../../src/review/machine-graph'
import { describeMachine, type MachineDescription } from '../model/engine/machine-description'
import { diffMachines } from '../model/engine/machine-diff'
import { diffHighlights, renderDiffPanel } from '../../src/review/diff/diff-panel'
import { diffInWords } from '../../src/review/diff/diff-words'

/*
 * The reviewer's "what changed" list, in words: the application machine's description against a
 * copy changed the way a change to the machine would change it (a guard gains or loses a
 * condition, a transition goes elsewhere, a state is added, a call replaced), each listed as a
 * reviewer reads it.
 */

const head = describeMachine(appMachine)
const graph = machineGraph(appMachine)
const sendCode = 'app.session.screens.bankCard.editing | sms.send | 0'
const submitCard = 'app.session.screens.bankCard.codeSent | form.submit | 0'
const stepBack = 'app.session.screens.contact.editing | step.back | 0'
const asking = 'app.session.screens.bankCard.askingWhetherBound'

/** The approved machine as it was before the change: the new step and its ways out not yet there, and so on. */
function base(): MachineDescription {
  const copy = structuredClone(head)
  const at = (key: string) => copy.transitions.find((t) => t.key === key) as MachineDescription['transitions'][number]
  at(sendCode).guard = 'and(cardReady, cardCodeReady)'
  at(submitCard).guard = 'lenderCodeEntered'
  at(stepBack).targets = ['app.session.screens.basicInfo']
  copy.states = copy.states.filter((s) => s.id !== asking)
  copy.transitions = copy.transitions.filter((t) => t.source !== asking)
  const review = copy.states.find((s) => s.id === 'app.session.screens.review.reportingDevice') as MachineDescription['states'][number]
  review.invokes = ['getLoanUserStatus']
  return copy
}

const diff = diffMachines({ base: { label: 'the approved machine', description: base() }, head: { label: 'this work tree', description: head } })

test('each change reads as a sentence about the screen it is on', () => {
  const said = diffInWords(diff, graph.states, 'en').map((c) => c.text)
  expect(said).toEqual([
    'Bank card: Submit now requires that the code is typed and the withhold agreement is ticked (it required that the code is typed)',
    'Bank card: Send code no longer requires that the code is typed and the withhold agreement is ticked',
    'Emergency contacts: Back now leads to Assets (it led to Basic information)',
    'a new step: Bank card · asking whether the card was bound',
    'Under review · reporting the device: now calls: report the device (it called: load the loan status)',
  ])
  expect(diffInWords(diff, graph.states, 'zh-Hans').map((c) => c.text)[1]).toBe('银行卡：发送验证码不再要求：验证码已输入且代扣协议已勾选')
})

test('the list says each change in words, the code names on hover, and an entry opens what it names; the chart marks the same', () => {
  const opened: string[] = []
  const container = document.createElement('div')
  renderDiffPanel(container, diff, { states: graph.states, onState: (id) => opened.push(`state ${id}`), onTransition: (key, source) => opened.push(`transition ${key} from ${source}`) })
  const entries = [...container.querySelectorAll<HTMLButtonElement>('button.diff-change')]
  expect(entries).toHaveLength(5)
  const entry = entries.find((b) => b.textContent?.startsWith('Bank card: Send code'))
  expect(entry?.getAttribute('title')).toBe(`${sendCode}: guard and(cardReady, cardCodeReady) → cardReady`)
  for (const each of entries) each.click()
  expect(opened).toContain(`transition ${sendCode} from app.session.screens.bankCard.editing`)
  expect(opened).toContain(`state ${asking}`)
  expect(container.querySelector('.diff-sides')?.textContent).toBe('Against the approved machine: 5 changes in behaviour')
  const { states, transitions } = diffHighlights(diff)
  expect(states.get(asking)).toBe('added')
  expect(transitions.get(sendCode)).toEqual(['guard'])
})

test('no change says so', () => {
  const container = document.createElement('div')
  renderDiffPanel(container, diffMachines({ base: { label: 'a', description: head }, head: { label: 'b', description: head } }))
  expect(container.querySelector('.diff-sides')?.textContent).toBe('Against a: no change in behaviour')
  expect(container.querySelectorAll('button.diff-change')).toHaveLength(0)
})

test('the same change on two steps of one screen names each step, so the two lines differ', () => {
  const copy = structuredClone(head)
  for (const key of ['app.session.screens.lendConfirm.editing | form.submit | 0', 'app.session.screens.lendConfirm.codeSent | form.submit | 0']) {
    const t = copy.transitions.find((each) => each.key === key) as MachineDescription['transitions'][number]
    t.guard = String(t.guard).replace('lenderPriced, ', '')
  }
  const said = diffInWords(diffMachines({ base: { label: 'a', description: copy }, head: { label: 'b', description: head } }), graph.states, 'en').map((c) => c.text)
  expect(said.sort()).toEqual([
    "Confirm loan · code sent: Submit now also requires that the lender's price is in",
    "Confirm loan · filling in: Submit now also requires that the lender's price is in",
  ])
})
