import { expect, test } from 'vitest'
import type { LoanSummary, LoanUserStatus, RepayPlan } from '../../machines/ports'
import type { Script } from '../support/test-kit'
import { baseScript, equalPeriodsPlan, fail, loanUser, repayingLoan, start } from '../support/test-kit'

/*
 * Save contract on the loan plan (docs/product-rules.md#contract-keep): the step asks for a
 * download ticket for the loan on the screen, then asks the host to open exactly the ticket's URL;
 * a failure keeps the borrower on the plan with the error, and the button can be pressed again.
 */

const loan = repayingLoan({ loan_id: 'loan-7' })
const ticketUrl = 'https://api.test/v2/contract-download/Tk_3xQ9'

function planOf(status: LoanSummary['status']): RepayPlan {
  return equalPeriodsPlan({ ...loan, status }, 3, 200_000)
}

function applied(patch: Script = {}): Script {
  return {
    ...baseScript(),
    getLoanUserStatus: (): LoanUserStatus => loanUser({ step: 'applied', loan, loans: [loan] }),
    getRepayPlan: () => planOf('repaying'),
    requestContractDownload: () => ({ url: ticketUrl, expires_at: '2026-03-10T02:05:00.000Z' }),
    ...patch,
  }
}

const onPlan = { session: { screens: { loanPlan: 'ready' } } } as const

async function atLoanPlan(script: Script) {
  const run = start(script)
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches(onPlan))
  return run
}

const openUrls = (emitted: unknown[]) =>
  emitted.filter((event) => (event as { type?: string; command?: string }).type === 'host.command' && (event as { command?: string }).command === 'openUrl')

// rules: contract-keep
test('Save contract asks a ticket for the loan on the plan, then the host opens exactly its URL', async () => {
  const run = await atLoanPlan(applied())
  expect(openUrls(run.emitted)).toEqual([])
  run.actor.send({ type: 'contract.save' })
  expect(run.actor.getSnapshot().hasTag('busy')).toBe(true)
  await run.until((s) => s.matches(onPlan) && run.callsOf('requestContractDownload').length === 1)
  expect(run.callsOf('requestContractDownload').map((c) => c.args)).toEqual([{ input: { loan_id: 'loan-7' } }])
  expect(openUrls(run.emitted)).toEqual([{ type: 'host.command', command: 'openUrl', url: ticketUrl }])
  expect(run.actor.getSnapshot().context.errorCode).toBeNull()
})

test('a loan still being paid out can save its contract too, and the plan goes on following it', async () => {
  let reads = 0
  const run = start(applied({ getRepayPlan: () => planOf(++reads < 3 ? 'disbursing' : 'repaying') }))
  await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
  run.actor.send({ type: 'home.continue' })
  await run.until((s) => s.matches({ session: { screens: { loanPlan: { payingOut: 'waiting' } } } }))
  run.actor.send({ type: 'contract.save' })
  await run.until((s) => s.matches({ session: { screens: { loanPlan: { payingOut: 'waiting' } } } }) && openUrls(run.emitted).length === 1)
  expect(openUrls(run.emitted)).toEqual([{ type: 'host.command', command: 'openUrl', url: ticketUrl }])
})

// rules: contract-keep
test('a refused or lost ticket keeps the plan with its error and opens nothing; pressing again can succeed', async () => {
  let answers = 0
  const run = await atLoanPlan(
    applied({
      requestContractDownload: () => {
        answers += 1
        if (answers === 1) fail({ kind: 'refused', status: 1007, message: 'There is no signed loan contract to save yet' })
        if (answers === 2) fail({ kind: 'network' })
        return { url: ticketUrl, expires_at: '2026-03-10T02:05:00.000Z' }
      },
    }),
  )
  run.actor.send({ type: 'contract.save' })
  const refused = await run.until((s) => s.matches(onPlan) && s.context.errorCode !== null)
  expect(refused.context.screen).toBe('loanPlan')
  expect(refused.context.errorCode).toBe('refused')
  expect(refused.context.repayPlan?.loan.loan_id).toBe('loan-7')
  expect(openUrls(run.emitted)).toEqual([])
  // A refusal is the server's final word: no Retry event is offered for it.
  expect(refused.can({ type: 'retry' })).toBe(false)
  expect(refused.can({ type: 'contract.save' })).toBe(true)

  run.actor.send({ type: 'contract.save' })
  const lost = await run.until((s) => s.matches(onPlan) && s.context.errorCode === 'network')
  expect(lost.context.screen).toBe('loanPlan')
  expect(openUrls(run.emitted)).toEqual([])

  run.actor.send({ type: 'contract.save' })
  await run.until((s) => s.matches(onPlan) && openUrls(run.emitted).length === 1)
  expect(run.actor.getSnapshot().context.errorCode).toBeNull()
  expect(openUrls(run.emitted)).toEqual([{ type: 'host.command', command: 'openUrl', url: ticketUrl }])
})

test('a 401 on the ticket goes to re-auth like every call', async () => {
  const run = await atLoanPlan(applied({ requestContractDownload: () => fail({ kind: 'unauthorized' }) }))
  run.actor.send({ type: 'contract.save' })
  await run.until((s) => s.matches('reauth'))
  expect(openUrls(run.emitted)).toEqual([])
})
