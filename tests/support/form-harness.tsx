import { act, render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import type { ComponentType } from 'react'
import { TranslationProvider } from '../../src/i18n/translation'
import type { AppEvent } from '../../machines/app.machine'
import type { PersistedShape } from '../../machines/persistence'
import type { LoanStep, LoanTrial, PortName } from '../../machines/ports'
import { baseScript, loanUser, start, type Script } from './test-kit'
import { childrenOf, provincesList, searchRegions } from '../../server/geo'
import type { ApiClient, ApiOutcome, CallArgs } from '../../src/api/client'
import { AppHandlesContext } from '../../src/app/app-context'
import type { Services } from '../../src/app/services'
import type { CallName } from '../../src/contract/calls'
import type { BridgeLocation } from '../../src/bridge/payload'
import type { Locale } from '../../src/i18n/locale'
import AssetInfoPage from '../../src/pages/asset-info-page'
import BankCardPage from '../../src/pages/bank-card-page'
import BasicInfoPage from '../../src/pages/basic-info-page'
import ContactPage from '../../src/pages/contact-page'
import LendConfirmPage from '../../src/pages/lend-confirm-page'
import LoanDemandPage from '../../src/pages/loan-demand-page'
import { i18nFor } from '../../src/ui/components/render-in'

/*
 * A form screen as the app shows it: the real page component, inside the locale's i18next and the
 * app's handles, driven by the real app machine whose actors are the fakes of tests/support/test-kit.ts
 * (each call recorded, answered from a script). The committing call of each form never answers, so
 * a test sees exactly the calls the borrower's presses made and the screen stays put.
 * The residence picker loads the sandbox's own GB/T 2260 table (server/geo.ts) through
 * `services.client`, the one service a form page uses.
 */

export type FormScreen = 'loanDemand' | 'basicInfo' | 'assetInfo' | 'contact' | 'bankCard' | 'lendConfirm'

const pages: Record<FormScreen, ComponentType> = {
  loanDemand: LoanDemandPage,
  basicInfo: BasicInfoPage,
  assetInfo: AssetInfoPage,
  contact: ContactPage,
  bankCard: BankCardPage,
  lendConfirm: LendConfirmPage,
}

const stepOf: Record<FormScreen, LoanStep> = {
  loanDemand: 'demand',
  basicInfo: 'basic',
  assetInfo: 'asset',
  contact: 'contact',
  bankCard: 'bank_card',
  lendConfirm: 'approved',
}

/** The borrower as showUser answers: contacts may not use this phone. */
export const borrowerPhone = '13800000000'

const never = <T,>(): Promise<T> => new Promise<T>(() => undefined)

export function trial(amount: number, term: number): LoanTrial {
  return {
    amount,
    term: term as LoanTrial['term'],
    apr: 0.12,
    monthly_payment: 88_849,
    total_interest: 66_188,
    total_fee: 0,
    total_repayment: amount + 66_188,
    schedule: [],
  }
}

export function formScript(screen: FormScreen): Script {
  return {
    ...baseScript(),
    showUser: () => ({ user_id: 'u-1', phone: borrowerPhone, nick_name: 'Li', identity_id: null }),
    getLoanUserStatus: () => loanUser({ step: stepOf[screen] }),
    trialLoan: ({ input }) => trial(input.amount, input.term),
    updateLoanUser: never,
    saveContacts: never,
    sendCardCode: () => ({
      request_id: 'sms-1',
      phone_masked: '139****0001',
      resend_after: 60,
      expires_in: 300,
      bank_name: 'ICBC',
      luhn_warning: false,
    }),
    confirmCard: never,
    getCreditDecision: () => ({
      status: 'approved',
      priority: false,
      credit_limit: 5_000_000,
      apr: 0.12,
      terms: [12],
      reason_code: null,
      retry_after: 0,
      decided_at: null,
    }),
    listMatches: () => ({
      items: [{ lender_id: 'lender-a', name: 'Lender A', logo_url: '', credit_limit: 5_000_000, apr: 0.12, terms: [6, 12], recommended: true, highlights: [] }],
    }),
    sendLenderCardCode: () => ({ request_id: 'sms-2', phone_masked: '139****0001', resend_after: 60, expires_in: 300 }),
    confirmLenderCard: never,
    applyLoan: never,
  }
}

/** An agreement's text as a hostile server might send it: the reader must show the words and drop the script. */
export const agreementHtml = (key: string) => `<h1>Agreement ${key}</h1><p>Terms of ${key}.</p><script>window.__ran = true</script>`

/**
 * `listRegions` answered from the sandbox's table, as the sandbox's handler does, and `getAgreement`
 * with `agreementHtml`; every other call is a test error.
 */
function regionClient(): ApiClient {
  return {
    async call<Name extends CallName>(name: Name, args?: CallArgs<Name>): Promise<ApiOutcome<Name>> {
      if (name === 'getAgreement') {
        const key = (args?.params as { key: string } | undefined)?.key ?? ''
        return { ok: true, data: { key, title: key, version: '1', content_html: agreementHtml(key), updated_at: '2026-01-01T00:00:00+08:00' } } as unknown as ApiOutcome<Name>
      }
      if (name !== 'listRegions') throw new Error(`form pages call only listRegions and getAgreement through the client, not ${name}`)
      const query = (args?.input ?? {}) as { parent_id?: string; keyword?: string }
      const items = query.keyword ? searchRegions(query.keyword) : query.parent_id ? childrenOf(query.parent_id) : provincesList()
      // The generic outcome cannot be narrowed from `name`; this branch is listRegions' own shape.
      return { ok: true, data: { items } } as unknown as ApiOutcome<Name>
    },
  }
}

/** Services with only what form pages use; touching anything else fails the test loudly. */
function formServices(client: ApiClient, location: BridgeLocation | null): Services {
  // The session is read for the host's location only (the residence prefill).
  const session = { getSnapshot: () => ({ location }) } as unknown as Services['session']
  // Every screen asks the host's display wish (elder mode, text size); a form test's host has none.
  const bridge = { initial: null } as unknown as Services['bridge']
  const present: Partial<Services> = { client, session, bridge, onPayload: () => () => {} }
  return new Proxy(present, {
    get(target, key) {
      if (key in target) return target[key as keyof Services]
      throw new Error(`the form test does not fake services.${String(key)}`)
    },
  }) as Services
}

export type Translate = (key: string, values?: Record<string, unknown>) => string

/** The locale file's text for a key; a missing key fails instead of silently echoing the key. */
function translator(i18n: I18n): Translate {
  return (key, values) => {
    if (!i18n.exists(key)) throw new Error(`${i18n.language} has no text for ${key}`)
    return (i18n.t as (k: string, v?: object) => string)(key, values)
  }
}

export interface OpenOptions {
  /** Answers to replace (e.g. a sendCardCode that reports a Luhn warning). */
  script?: Script
  /** Draft changes made before the page shows, as a resumed session would bring them. */
  drafts?: AppEvent[]
  /** What `restoreSnapshot` gave back after a reload: the page resumes there instead of walking from boot. */
  snapshot?: PersistedShape
  /** The machine's clock; the fake's fixed clock by default. */
  now?: () => number
  /** The host bridge's `location`, as a payload brought it. */
  location?: BridgeLocation
}

export interface OpenForm {
  run: ReturnType<typeof start>
  view: RenderResult
  user: UserEvent
  t: Translate
  /** The recorded calls to one port. */
  callsTo(name: PortName): unknown[]
}

/** Boots the machine to `screen`, applies `drafts`, and renders the real page in `locale`. */
export async function openForm(locale: Locale, screen: FormScreen, options: OpenOptions = {}): Promise<OpenForm> {
  const run = start(
    { ...formScript(screen), ...options.script },
    {
      ...(options.now ? { input: { now: options.now } } : {}),
      // As the app edge does (src/app/app-actor.ts): the restored JSON is the machine's own persisted shape.
      ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
    },
  )
  if (options.snapshot === undefined) {
    await run.until((s) => s.matches({ session: { screens: { home: 'ready' } } }))
    run.actor.send({ type: 'home.continue' })
    if (screen === 'lendConfirm') {
      await run.until((s) => s.matches({ session: { screens: { result: 'approved' } } }))
      run.actor.send({ type: 'result.continue' })
      await run.until((s) => s.matches({ session: { screens: { match: 'ready' } } }))
      run.actor.send({ type: 'match.select', lender_id: 'lender-a' })
    }
  }
  for (const event of options.drafts ?? []) run.actor.send(event)
  await run.until((s) => s.context.screen === screen && s.hasTag('editing') && !s.hasTag('busy'))
  return showPage(locale, run, pages[screen], options.location)
}

/** The real page component over a running machine, in `locale`, with the services a screen uses. */
export async function showPage(locale: Locale, run: ReturnType<typeof start>, Page: ComponentType, location?: BridgeLocation): Promise<OpenForm> {
  const i18n = await i18nFor(locale)
  const view = render(
    <TranslationProvider i18n={i18n}>
      <AppHandlesContext value={{ actor: run.actor, services: formServices(regionClient(), location ?? null) }}>
        <Page />
      </AppHandlesContext>
    </TranslationProvider>,
  )
  // A screen's lower cards come after its first frame is painted (RestOfScreen): the page as the
  // borrower sees it once that frame is up.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
  return {
    run,
    view,
    // No timer between keystrokes: React handles each before the next, so a pause would only cost time.
    user: userEvent.setup({ delay: null }),
    t: translator(i18n),
    callsTo: (name) => run.callsOf(name).map((call) => call.args),
  }
}

/** The text a screen reader reads after a control's name: its aria-describedby targets, joined. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? []
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
}
