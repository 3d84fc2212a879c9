/*
 * What a drive asks of the sandbox for the moves a borrower makes outside the page: reading the
 * SMS code the sandbox "sent" (its outbox, GET /sandbox/sms-outbox), and tapping an outcome on the
 * simulated liveness vendor's page, which then reports to the sandbox and returns to the page as
 * it does for a borrower. Both exist only beside the sandbox; elsewhere the step says what the
 * reviewer does instead.
 */

/** The outbox's purpose of the code a step's form types. */
const purposeOfStep: Record<string, string> = { bankCard: 'card', lendConfirm: 'lender_card' }

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
