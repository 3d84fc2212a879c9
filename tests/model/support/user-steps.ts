import type { EventObject } from 'xstate'
import type { Expectation } from '../../../machines/model/explore'
import { screenPaths, type ScreenName } from '../../../machines/screens'

/*
 * How a borrower performs a path's event on the screen in front of them. Shared by the React
 * runner (Testing Library) and the browser runner (Playwright): each answers "which control" the
 * same way and only differs in how it clicks. An event with no control on that screen (a host
 * push, an overlay link whose query the sample does not match) is sent straight to the machine,
 * and the runners count those apart, so the figures say how much of a path went through the UI.
 */

/** A control to operate, found by its role and accessible name (i18n keys, rendered in English). */
export type UserAction =
  | {
      kind: 'click'
      role: 'button' | 'checkbox'
      name: { key: string; values?: Record<string, unknown> }
      /** Other names the same control takes, e.g. home's application button names where it leads. */
      orNames?: { key: string }[]
    }
  | { kind: 'check'; names: { key: string; values?: Record<string, unknown> }[] }
  | { kind: 'url'; hash: string }
  | { kind: 'direct' }

/** The form.submit button of each screen (its ActionButton label). */
const submitLabel: Partial<Record<ScreenName, string>> = {
  loanDemand: 'screens.demand.submit',
  facialIdentification: 'screens.face.start',
  basicInfo: 'common.next',
  assetInfo: 'common.next',
  repayment: 'screens.repay.next',
  repayDetail: 'screens.repay.toPay',
  paymentConfirm: 'screens.pay.pay',
}

/** The hash the page must show for a step's expected route (null while nothing is routed). */
export function hashOf(route: Expectation['route']): string | null {
  if (route === null) return null
  const query = new URLSearchParams(route.query ?? {}).toString()
  return `#${route.path}${query ? `?${query}` : ''}`
}

/** The hash a route event asks for, as the borrower would type it or reach it with Back. */
export function hashOfRoute(event: EventObject & { to?: string; query?: Record<string, string> }): string | null {
  const id = (event.to ?? '').replace(/^#/, '')
  const path = (screenPaths as Record<string, string | undefined>)[id]
  if (path === undefined) return null
  const query = new URLSearchParams(event.query ?? {}).toString()
  return `#${path}${query ? `?${query}` : ''}`
}

export function userActionFor(event: EventObject, screen: ScreenName | null): UserAction {
  const e = event as EventObject & Record<string, unknown>
  switch (event.type) {
    case 'xstate.route': {
      const hash = hashOfRoute(e as EventObject & { to?: string; query?: Record<string, string> })
      return hash === null ? { kind: 'direct' } : { kind: 'url', hash }
    }
    case 'form.submit': {
      const key = screen === null ? undefined : submitLabel[screen]
      return key === undefined ? { kind: 'direct' } : { kind: 'click', role: 'button', name: { key } }
    }
    case 'form.change': {
      const patch = e.patch as Record<string, unknown>
      if (e.step === 'face' && patch.face_consent === true && patch.sensitive_consent === true) {
        return {
          kind: 'check',
          names: [
            { key: 'screens.common.iAccept', values: { title: { key: 'agreements.face-consent' } } },
            { key: 'screens.common.iAccept', values: { title: { key: 'agreements.sensitive-consent' } } },
          ],
        }
      }
      return { kind: 'direct' }
    }
    case 'match.select':
      return screen === 'match' && e.lender_id === 'lender-a'
        ? { kind: 'click', role: 'button', name: { key: 'screens.match.choose', values: { name: 'Lender A' } } }
        : { kind: 'direct' }
    case 'repay.select': {
      const periods = e.periods as number[]
      return screen === 'repayment' && periods.length === 1
        ? { kind: 'click', role: 'checkbox', name: { key: 'ui.schedule.periodOf', values: { period: periods[0] } } }
        : { kind: 'direct' }
    }
    case 'overlay.open': {
      // A link to an agreement or a partner page pushes the overlay's URL; where the screen in front
      // has no such link, the borrower's way there is the same URL (a shared or typed link).
      const hash = hashOfRoute({ type: 'xstate.route', to: `#${String(e.page)}`, query: e.query as Record<string, string> | undefined })
      return hash === null ? { kind: 'direct' } : { kind: 'url', hash }
    }
    case 'rights.open':
      return { kind: 'click', role: 'button', name: { key: 'screens.rights.open' } }
    case 'home.continue':
      return screen === 'home'
        ? {
            kind: 'click',
            role: 'button',
            name: { key: 'screens.home.continue' },
            orNames: ['start', 'seeReview', 'seeResult', 'seeLoan'].map((action) => ({ key: `screens.home.${action}` })),
          }
        : { kind: 'direct' }
    default:
      return { kind: 'direct' }
  }
}

/** A click's control name as an exact match of its name or any of its other names. */
export function clickName(
  t: (key: string, values?: Record<string, unknown>) => string,
  action: Extract<UserAction, { kind: 'click' }>,
): RegExp {
  const names = [nameOf(t, action.name), ...(action.orNames ?? []).map((name) => nameOf(t, name))]
  return new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`)
}

/** Renders an action's name with a translate function; nested `{ key }` values are translated first. */
export function nameOf(t: (key: string, values?: Record<string, unknown>) => string, name: { key: string; values?: Record<string, unknown> }): string {
  const values: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(name.values ?? {})) {
    values[k] = typeof v === 'object' && v !== null && 'key' in v ? t(String((v as { key: unknown }).key)) : v
  }
  return t(name.key, values)
}
