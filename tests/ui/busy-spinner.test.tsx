// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { pageLoadDelayMs } from '../../src/ui/lazy-page'
import { openForm, trial, type OpenForm } from '../support/form-harness'
import type { ApiFailure } from '../../machines/ports'

/*
 * While the machine is busy a screen says so (spec: a spinner while a call is under way), once the
 * wait has lasted as long as a page's loading delay: an answer that comes sooner shows none. The
 * spinner reads the busy flag itself (`BusySpinner`): the flag no longer re-renders the whole form,
 * and these are the places a borrower waits on it. The screen otherwise keeps its shape: Back stays
 * where it was, taking no tap until the answer.
 */

afterEach(cleanup)

test('loan demand: while a new price is being worked out the section says so, and stops saying it once priced', async () => {
  let priced = 0
  let price: (() => void) | undefined
  const form = await openForm('en', 'loanDemand', {
    script: {
      // The first price comes at once (the screen opens priced); a changed term waits to be released.
      trialLoan: ({ input }) =>
        priced++ === 0 ? trial(input.amount, input.term) : new Promise((resolve) => (price = () => resolve(trial(input.amount, input.term)))),
    },
  })
  expect(screen.queryByRole('status')).toBeNull()
  await form.user.selectOptions(screen.getByLabelText(form.t('screens.demand.term')), '6')
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(form.t('screens.trial.pricing')))
  price?.()
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
})

/** Both contacts filled in and every consent ticked: contacts' Next can send. */
async function fillContacts(form: OpenForm) {
  await form.user.selectOptions(screen.getAllByLabelText(form.t('screens.contact.relation'))[0]!, form.t('enums.contactRelation.parent'))
  await form.user.type(screen.getAllByLabelText(form.t('screens.contact.name'))[0]!, '王建国')
  await form.user.type(screen.getAllByLabelText(form.t('screens.contact.phone'))[0]!, '13900000011')
  await form.user.selectOptions(screen.getAllByLabelText(form.t('screens.contact.relation'))[1]!, form.t('enums.contactRelation.friend'))
  await form.user.type(screen.getAllByLabelText(form.t('screens.contact.name'))[1]!, '李明')
  await form.user.type(screen.getAllByLabelText(form.t('screens.contact.phone'))[1]!, '13900000022')
  for (const box of screen.getAllByRole('checkbox')) await form.user.click(box)
}

test('contacts: after Next, while the contacts are saved, the step shows it is loading', async () => {
  const form = await openForm('en', 'contact', { script: { saveContacts: () => new Promise(() => {}) } })
  await fillContacts(form)
  expect(screen.queryByRole('status')).toBeNull()
  await form.user.click(screen.getByRole('button', { name: form.t('common.next') }))
  expect(screen.queryByRole('status')).toBeNull()
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(form.t('common.loading')))
})

test('contacts: while the contacts are saved, Back stays where it was and takes no tap; once the save has failed it takes one', async () => {
  let failSave: ((failure: ApiFailure) => void) | undefined
  const form = await openForm('en', 'contact', { script: { saveContacts: () => new Promise((_, reject) => (failSave = reject)) } })
  await fillContacts(form)
  const back = () => screen.getByRole('button', { name: form.t('common.back') })
  expect(back().getAttribute('aria-disabled')).toBeNull()
  await form.user.click(screen.getByRole('button', { name: form.t('common.next') }))
  expect(form.callsTo('saveContacts')).toHaveLength(1)
  expect(back().getAttribute('aria-disabled')).toBe('true')
  await form.user.click(back())
  expect(form.run.actor.getSnapshot().matches({ session: { screens: { contact: 'submitting' } } })).toBe(true)

  failSave?.({ kind: 'network' })
  await waitFor(() => expect(screen.getByTestId('error-notice')).toBeTruthy())
  expect(back().getAttribute('aria-disabled')).toBeNull()
  await form.user.click(back())
  await waitFor(() => expect(form.run.actor.getSnapshot().context.screen).toBe('assetInfo'))
})

test("loan demand: a new price that comes sooner than a page's loading delay never shows a spinner", async () => {
  let priced = 0
  const form = await openForm('en', 'loanDemand', {
    script: {
      trialLoan: ({ input }) =>
        priced++ === 0 ? trial(input.amount, input.term) : new Promise((resolve) => setTimeout(() => resolve(trial(input.amount, input.term)), 20)),
    },
  })
  const spinners: string[] = []
  const watch = new MutationObserver(() => {
    const spinner = screen.queryByRole('status')
    if (spinner) spinners.push(spinner.textContent ?? '')
  })
  watch.observe(document.body, { childList: true, subtree: true, characterData: true })
  await form.user.selectOptions(screen.getByLabelText(form.t('screens.demand.term')), '6')
  await waitFor(() => expect(priced).toBe(2))
  await new Promise((resolve) => setTimeout(resolve, pageLoadDelayMs + 100))
  watch.disconnect()
  expect(spinners).toEqual([])
})

test('loan demand: while the application is sent the wait shows by the button, and the price section does not say it is pricing', async () => {
  const form = await openForm('en', 'loanDemand', {
    drafts: [{ type: 'form.change', step: 'demand', patch: { purpose: 'travel', agreements: { register: true, user: true, privacy: true, personal_consent: true } } }],
  })
  await waitFor(() => expect((screen.getByRole('button', { name: form.t('screens.demand.submit') }) as HTMLButtonElement).disabled).toBe(false))
  await form.user.click(screen.getByRole('button', { name: form.t('screens.demand.submit') }))
  expect(form.callsTo('updateLoanUser')).toHaveLength(1)
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(form.t('common.loading')))
  expect(screen.getAllByRole('status')).toHaveLength(1)
  expect(screen.queryByText(form.t('screens.trial.pricing'))).toBeNull()
})

test('loan demand: after a price slow enough to show the spinner, the next price that comes quickly shows none', async () => {
  let priced = 0
  let price: (() => void) | undefined
  const form = await openForm('en', 'loanDemand', {
    script: {
      trialLoan: ({ input }) => {
        const answer = trial(input.amount, input.term)
        priced += 1
        if (priced === 1) return answer
        if (priced === 2) return new Promise((resolve) => (price = () => resolve(answer)))
        return new Promise((resolve) => setTimeout(() => resolve(answer), 20))
      },
    },
  })
  const term = screen.getByLabelText(form.t('screens.demand.term'))
  await form.user.selectOptions(term, '6')
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(form.t('screens.trial.pricing')))
  price?.()
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull())

  const spinners: string[] = []
  const watch = new MutationObserver(() => {
    const spinner = screen.queryByRole('status')
    if (spinner) spinners.push(spinner.textContent ?? '')
  })
  watch.observe(document.body, { childList: true, subtree: true, characterData: true })
  await form.user.selectOptions(term, '12')
  await waitFor(() => expect(priced).toBe(3))
  await new Promise((resolve) => setTimeout(resolve, pageLoadDelayMs + 100))
  watch.disconnect()
  expect(spinners).toEqual([])
})
