import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { Expectation } from '../model/engine/explore'
import { screenForState, type AppSnapshot } from '../../machines/routes'
import type { Text } from '../model/verifications'

/*
 * How a borrower performs a path's event with their hands, on the screen in front of them. Shared
 * by the React runner (Testing Library) and the browser runner (Playwright): both read the same
 * operations and differ only in how they click. Controls are found by role and translated name
 * (locale keys). An event with no control for it (a typed URL, `poll.now`, a loan
 * picker that only shows with two loans) has no operations: the rendering levels never send it,
 * and their path generation leaves it out, so a path there is walked by hand from start to end.
 */

export type Op =
  /** A button (or the nth of that name); `near`: the one in the row of that checkbox; `sheet`: inside the open sheet. */
  | { op: 'click'; name: Text; near?: Text; sheet?: boolean; last?: boolean }
  /** Ticks a checkbox (the first in the sheet when no name: its name is a sentence of links). */
  | { op: 'tick'; name?: Text; sheet?: boolean }
  | { op: 'type'; label: Text; text: string; nth?: number }
  | { op: 'select'; label: Text; option: Text; nth?: number }
  /** The residence picker: province, city, district by their names. */
  | { op: 'region'; label: Text; names: [string, string, string] }
  /** The host app pushes a bridge payload (a login, a refreshed token): what the host does, not the page. */
  | { op: 'host'; payload: Record<string, unknown> }

let hostLogins = 0
const k = (key: string, values?: Record<string, unknown>): Text => (values === undefined ? { key } : { key, values })
const accept = (titleKey: string): Text => k('screens.common.iAccept', { title: { key: titleKey } })
const click = (key: string, values?: Record<string, unknown>): Op => ({ op: 'click', name: k(key, values) })

/** The form.submit button of each screen (the machine's sub-state decides which one shows). */
function submitOf(screen: string | null): Op | null {
  switch (screen) {
    case 'loanDemand':
      return click('screens.demand.submit')
    case 'facialIdentification':
      return click('screens.face.start')
    case 'basicInfo':
    case 'assetInfo':
    case 'contact':
      return click('common.next')
    case 'bankCard':
      return click('screens.card.bind')
    case 'lendConfirm':
      return click('screens.lend.apply')
    case 'repayment':
      return click('screens.repay.next')
    case 'repayDetail':
      return click('screens.repay.toPay')
    case 'paymentConfirm':
      return click('screens.pay.pay')
    default:
      return null
  }
}

function retryOf(snapshot: AppSnapshot): Op {
  const s = snapshot as unknown as AnyMachineSnapshot
  const uncertain = ['applyUncertain', 'uncertain'].some((name) => JSON.stringify(s.value).includes(`"${name}"`))
  if (uncertain) return click('screens.common.retrySame')
  if (s.hasTag('polling')) return click('screens.common.keepWaiting')
  return click('common.retry')
}

/** The operations for form edits, per sample (tests/model/engine/fixtures.ts formSamples). */
function formOps(event: EventObject & { step?: string; patch?: Record<string, unknown> }): Op[] | null {
  const patch = event.patch ?? {}
  switch (event.step) {
    case 'demand':
      if ('amount' in patch) return [{ op: 'type', label: k('screens.demand.amount'), text: String(Number(patch.amount) / 100) }]
      return [
        { op: 'select', label: k('screens.demand.purpose'), option: k(`enums.loanPurpose.${String(patch.purpose)}`) },
        ...['register', 'user', 'privacy', 'personal-consent'].map((key): Op => ({ op: 'tick', name: accept(`agreements.${key}`) })),
      ]
    case 'face':
      return [
        { op: 'tick', name: accept('agreements.face-consent') },
        { op: 'tick', name: accept('agreements.sensitive-consent') },
      ]
    case 'basic':
      return [
        { op: 'type', label: k('screens.basic.name'), text: String(patch.real_name) },
        { op: 'type', label: k('screens.basic.idNumber'), text: String(patch.id_number) },
        { op: 'select', label: k('screens.basic.education'), option: k(`enums.education.${String(patch.education)}`) },
        { op: 'select', label: k('screens.basic.marital'), option: k(`enums.maritalStatus.${String(patch.marital_status)}`) },
        // The sample's district 110105 is Chaoyang, Beijing; a municipality shows one city named after it.
        { op: 'region', label: k('screens.basic.residence'), names: ['北京市', '北京市', '朝阳区'] },
        { op: 'type', label: k('screens.basic.address'), text: String(patch.address) },
      ]
    case 'asset': {
      const yesNo = (value: unknown) => k(value === true ? 'common.yes' : 'common.no')
      return [
        { op: 'select', label: k('screens.asset.occupation'), option: k(`enums.occupation.${String(patch.occupation)}`) },
        { op: 'select', label: k('screens.asset.income'), option: k(`enums.incomeBand.${String(patch.income_band)}`) },
        { op: 'select', label: k('screens.asset.housing'), option: k(`enums.housing.${String(patch.housing)}`) },
        { op: 'select', label: k('screens.asset.car'), option: k(`enums.carOwnership.${String(patch.car)}`) },
        { op: 'select', label: k('screens.asset.socialInsurance'), option: yesNo(patch.social_insurance) },
        { op: 'select', label: k('screens.asset.providentFund'), option: yesNo(patch.provident_fund) },
        { op: 'select', label: k('screens.asset.creditCard'), option: yesNo(patch.credit_card) },
      ]
    }
    case 'contact': {
      const contacts = (patch.contacts ?? []) as { relation: string; name: string; phone: string }[]
      return [
        ...contacts.flatMap((c, nth): Op[] => [
          { op: 'select', label: k('screens.contact.relation'), option: k(`enums.contactRelation.${c.relation}`), nth },
          { op: 'type', label: k('screens.contact.name'), text: c.name, nth },
          { op: 'type', label: k('screens.contact.phone'), text: c.phone, nth },
        ]),
        { op: 'tick', name: accept('agreements.form') },
      ]
    }
    case 'bankCard':
      if ('card_number' in patch) {
        return [
          { op: 'type', label: k('screens.card.number'), text: String(patch.card_number) },
          ...('reserved_phone' in patch ? [{ op: 'type', label: k('screens.card.phone'), text: String(patch.reserved_phone) } as const] : []),
        ]
      }
      return [
        { op: 'type', label: k('screens.sms.code'), text: String(patch.code) },
        { op: 'tick', name: accept('agreements.withhold-agreement') },
      ]
    case 'lendConfirm':
      if ('amount' in patch) return [{ op: 'type', label: k('screens.demand.amount'), text: String(Number(patch.amount) / 100) }]
      if ('code' in patch) return [{ op: 'type', label: k('screens.sms.code'), text: String(patch.code) }]
      return [
        { op: 'tick', name: accept('agreements.loan') },
        { op: 'tick', name: accept('screens.lend.contract') },
        { op: 'tick', name: accept('screens.lend.thirdParty') },
      ]
    case 'rights':
      return [{ op: 'tick', sheet: true }]
    default:
      return null
  }
}

/** The screen under the borrower's finger: a page's own screen, or the one under the rights sheet. */
function screenOf(snapshot: AppSnapshot): string | null {
  return screenForState(snapshot)
}

/**
 * What the borrower does for an event in this state, or null when no control on screen sends it
 * (then the rendering levels do not walk that step).
 */
export function borrowerOps(event: EventObject, snapshot: AnyMachineSnapshot): Op[] | null {
  const app = snapshot as unknown as AppSnapshot
  const screen = screenOf(app)
  const rightsOpen = snapshot.matches({ session: 'rights' })
  const overlayOpen = snapshot.matches({ session: 'overlay' })
  const booting = snapshot.matches('boot')
  const e = event as EventObject & Record<string, unknown>
  switch (event.type) {
    case 'bridge.payload':
      // A resumed state's own token comes with a reload, not from the host after load.
      if (e.resumes === true) return null
      // Each login the host hands over is a token of its own: the page takes a token it already holds as no news.
      return [{ op: 'host', payload: typeof e.token === 'string' ? { token: `${e.token}-${(hostLogins += 1)}` } : { channelCode: 'app-test' } }]
    case 'retry': {
      // A Retry shows where a call failed (the error notice, the boot page), where an outcome is
      // unknown, and while an order is polled; elsewhere the borrower has nothing to press.
      const context = snapshot.context as { errorCode: string | null }
      // A refusal offers its way forward instead: the same request would be refused again.
      const shown = booting
        ? snapshot.matches({ boot: 'failed' })
        : (context.errorCode !== null && context.errorCode !== 'refused') || JSON.stringify(snapshot.value).includes('ncertain') || snapshot.matches({ session: { rights: 'polling' } })
      return shown ? [retryOf(app)] : null
    }
    case 'login.request':
      return screen === 'login' ? [click('screens.login.ask')] : null
    case 'home.continue': {
      // The application card's button names where it leads (docs/product-rules.md#boot-resume-server-step)
      //; a repaying or overdue borrower acts on the loans card, and this card then only greets.
      if (screen !== 'home' || rightsOpen) return null
      const step = (snapshot.context as { loanUser: { step: string } | null }).loanUser?.step
      const name =
        step === undefined || step === 'demand' || step === 'settled'
          ? 'start'
          : step === 'review'
            ? 'seeReview'
            : step === 'approved' || step === 'rejected'
              ? 'seeResult'
              : step === 'applied'
                ? 'seeLoan'
                : step === 'repaying' || step === 'overdue'
                  ? null
                  : 'continue'
      return name === null ? null : [click(`screens.home.${name}`)]
    }
    case 'home.repay':
      return screen === 'home' && !rightsOpen ? [click('screens.home.repay')] : null
    case 'nav.home':
      if (booting || rightsOpen || overlayOpen) return null
      if (screen === 'loanPlan' || screen === 'repaymentResult') return [click('screens.plan.toHome')]
      return screen === 'home' ? null : [click('routes.home')]
    case 'form.submit': {
      if (rightsOpen || overlayOpen) return null
      const submit = submitOf(screen)
      return submit === null ? null : [submit]
    }
    case 'step.back':
      return booting || rightsOpen || overlayOpen ? null : [click('common.back')]
    case 'sms.send':
      return (screen === 'bankCard' || screen === 'lendConfirm') && !rightsOpen && !overlayOpen ? [click('screens.sms.send')] : null
    case 'liveness.returned':
      return screen === 'webview' ? [click('screens.webview.done')] : null
    case 'poll.stop':
      // The loan plan's way off its payout wait is Back to home (nav.home): no control sends poll.stop there.
      return screen === 'loanPlan' ? null : [click('screens.common.stopWaiting')]
    case 'result.continue':
      return screen === 'result' && !rightsOpen ? [click('screens.result.continue')] : null
    case 'match.select':
      return screen === 'match' ? [click('screens.match.choose', { name: 'Lender A' })] : null
    case 'repay.select': {
      const periods = e.periods as number[]
      return screen === 'repayment' && periods.length === 1 && periods[0] === 1
        ? [{ op: 'tick', name: k('ui.schedule.periodOf', { period: 1 }) }]
        : null
    }
    case 'repay.plan':
      return screen === 'repayment' ? [click('routes.repayPlan')] : null
    case 'repay.again':
      return screen === 'repaymentResult' ? [click('screens.pay.again')] : null
    case 'contract.save':
      return screen === 'loanPlan' && !rightsOpen && !overlayOpen ? [click('screens.plan.saveContract')] : null
    case 'rights.open': {
      // Home shows the card's entrance only when there is a card to show; review only before priority.
      const context = snapshot.context as { rights: { product: unknown; owned: boolean }; credit: { priority: boolean } | null }
      const offered =
        screen === 'home'
          ? context.rights.product !== null || context.rights.owned
          : screen === 'review'
            ? !(context.credit?.priority === true || context.rights.owned)
            : screen === 'result'
      return !rightsOpen && !overlayOpen && offered ? [click('screens.rights.open')] : null
    }
    case 'rights.buy':
      return rightsOpen ? [{ op: 'click', name: k('ui.rights.buy'), sheet: true }] : null
    case 'rights.close':
      return rightsOpen ? [{ op: 'click', name: k('ui.sheet.close'), sheet: true }] : null
    case 'overlay.open': {
      const page = String(e.page)
      if (overlayOpen) return null
      if (page === 'privacy' && screen === 'loanDemand' && !rightsOpen) return [{ op: 'click', name: k('screens.common.read'), near: accept('agreements.privacy') }]
      if (page === 'thirdProtocol' && screen === 'lendConfirm') return [{ op: 'click', name: k('screens.common.read'), near: accept('screens.lend.contract') }]
      // The details link names the product: a sheet without one (not on sale) has none.
      if (page === 'richText' && rightsOpen && (snapshot.context as { rights: { product: unknown } }).rights.product !== null) return [{ op: 'click', name: k('screens.rights.details'), sheet: true }]
      const products = (snapshot.context as { supermarket: unknown[] | null }).supermarket ?? []
      if (page === 'webview' && screen === 'result' && !rightsOpen && products.length > 0) return [click('screens.result.viewProduct')]
      return null
    }
    case 'overlay.close':
      return overlayOpen ? [{ op: 'click', name: k('common.close'), last: true }] : null
    case 'form.change': {
      if (rightsOpen !== (e.step === 'rights') || overlayOpen) return null
      // The code field shows once a code was sent.
      const patch = (e.patch ?? {}) as Record<string, unknown>
      if ('code' in patch && !JSON.stringify(snapshot.value).includes('codeSent')) return null
      // Only the form takes a card number: from the code's request on, the card and its phone are locked to it.
      if ('card_number' in patch && !snapshot.matches({ session: { screens: { bankCard: 'editing' } } })) return null
      if (e.step === 'demand' && 'amount' in patch && !snapshot.hasTag('editing')) return null
      return formOps(e as EventObject & { step?: string; patch?: Record<string, unknown> })
    }
    default:
      // xstate.route (a typed URL: only the start's deep link), poll.now (the edge's, after a
      // restore), repay.loan (the picker shows only with two open loans).
      return null
  }
}

/** The hash the page must show for a step's expected route (null while nothing is routed). */
export function hashOf(route: Expectation['route']): string | null {
  if (route === null) return null
  const query = new URLSearchParams(route.query ?? {}).toString()
  return `#${route.path}${query ? `?${query}` : ''}`
}
