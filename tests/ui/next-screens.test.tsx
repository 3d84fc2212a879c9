// @vitest-environment jsdom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { nextScreens } from '../../src/app/app'
import { openForm, type FormScreen } from '../support/form-harness'

/*
 * The pages fetched and warmed ahead are the ones the borrower is going to: on each
 * application form, the screen the spec's funnel puts after it, although the form's Next first
 * passes through its own saving state on the same screen.
 */

afterEach(cleanup)

const funnel: [FormScreen, string][] = [
  ['loanDemand', 'facialIdentification'],
  ['basicInfo', 'assetInfo'],
  ['assetInfo', 'contact'],
  ['contact', 'bankCard'],
]

test.each(funnel)('on %s, the screen after it (%s) is among the next screens', async (screen, after) => {
  const form = await openForm('en', screen)
  expect(nextScreens(form.run.actor.getSnapshot())).toContain(after)
})
