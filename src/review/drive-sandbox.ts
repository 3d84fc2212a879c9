/*
 * What a drive asks of the sandbox for the moves a borrower makes outside the page: reading the
 * SMS code the sandbox "sent" (its outbox, GET /sandbox/sms-outbox), and tapping an outcome on the
 * simulated liveness vendor's page, which then reports to the sandbox and returns to the page as
 * it does for a borrower. Both exist only beside the sandbox; elsewhere the step says what the
 * reviewer does instead.
 */

/** The outbox's purpose of the code a step's form types. */
const purposeOfStep: Record<string, string> = { bankCard: 'card', lendConfirm: 'lender_card' }

/** The channel the host simulator listens on for a drive's borrower (server/public/host/host.js). */
export const hostChannelName = 'huaqian.sandbox.host'

/** The channel the sandbox's liveness page listens on (server/public/vendor/liveness.js). */
export const vendorChannelName = 'huaqian.sandbox.vendor'

export type VendorMessage =
  | { kind: 'answer'; outcome: 'passed' | 'failed' }
  | { kind: 'open'; sessionId: string }
  | { kind: 'answered'; sessionId: string; outcome: string }

interface OutboxItem {
  purpose: string
  code: string
  used: boolean
  expired: boolean
}

export type CodeLookup = { code: string; phone: string; purpose: string } | { problem: string }

/**
 * The newest unused code the sandbox sent for a form step, to the reserved phone the path typed
 * before it (both card codes go to the bank card's reserved phone).
 */
export async function sentCode(step: string, reservedPhone: string | undefined): Promise<CodeLookup> {
  const purpose = purposeOfStep[step]
  if (purpose === undefined) return { problem: `the drive does not know which SMS code the ${step} form takes: type it in the page` }
  if (reservedPhone === undefined) {
    return { problem: `the path types no reserved phone before this code, so the drive cannot look it up: type the code from the host simulator's SMS inbox in the page` }
  }
  try {
    const response = await fetch(`/sandbox/sms-outbox?phone=${encodeURIComponent(reservedPhone)}`)
    const body = (await response.json()) as { status: number; data?: { items: OutboxItem[] } }
    const item = body.data?.items.find((entry) => entry.purpose === purpose && !entry.used && !entry.expired)
    if (item) return { code: item.code, phone: reservedPhone, purpose }
    return { problem: `the sandbox's SMS outbox holds no unused ${purpose} code for ${reservedPhone}: send the code again in the page, then type it` }
  } catch {
    return { problem: `no sandbox answers on this origin (GET /sandbox/sms-outbox): type the code the borrower received in the page` }
  }
}

/**
 * Taps `outcome` on every sandbox liveness page open on this origin (the followed page frames
 * one while it waits), now and on any that opens later, until `stop()`. `onAnswered` hears each
 * page that answered.
 */
export function answerLiveness(outcome: 'passed' | 'failed', onAnswered: (sessionId: string) => void): { stop(): void } {
  const channel = new BroadcastChannel(vendorChannelName)
  const ask = () => channel.postMessage({ kind: 'answer', outcome } satisfies VendorMessage)
  channel.onmessage = (message: MessageEvent<VendorMessage>) => {
    if (message.data.kind === 'open') ask()
    if (message.data.kind === 'answered') onAnswered(message.data.sessionId)
  }
  ask()
  return { stop: () => channel.close() }
}

export type BorrowerLookup = { phone: string } | { problem: string }

/**
 * A borrower of the drive's own: a new one the sandbox makes (faring as the fresh persona
 * `approve` does), logged in by the host simulator, which opens the page at home for it. What a
 * reviewer did by hand to the seeded personas does not matter to it.
 */
export async function newBorrower(answerWithinMs = 10_000): Promise<BorrowerLookup> {
  let made: { phone: string; login_code: string }
  try {
    const response = await fetch('/sandbox/borrowers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ like: 'approve' }) })
    const body = (await response.json()) as { status: number; message: string; data: typeof made | null }
    if (body.status !== 0 || body.data === null) return { problem: `the sandbox made no new borrower (${body.message}): POST /sandbox/reset, then pick the path again` }
    made = body.data
  } catch {
    return { problem: 'no sandbox answers on this origin (POST /sandbox/borrowers): start the sandbox with npm start and open this page from it' }
  }
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(hostChannelName)
    const done = (answer: BorrowerLookup) => {
      window.clearTimeout(timer)
      channel.close()
      resolve(answer)
    }
    const timer = window.setTimeout(
      () => done({ problem: `no host simulator answered: open /host/ on this origin, log in ${made.phone} with code ${made.login_code}, then pick the path again` }),
      answerWithinMs,
    )
    channel.onmessage = (message: MessageEvent<{ kind: string; phone: string; reason?: string }>) => {
      if (message.data.phone !== made.phone) return
      done(message.data.kind === 'loggedIn' ? { phone: made.phone } : { problem: `the host simulator could not log ${made.phone} in (${message.data.reason ?? 'no reason given'}): log it in there with code ${made.login_code}, then pick the path again` })
    }
    channel.postMessage({ kind: 'login', phone: made.phone })
  })
}
