import type { LoanStep, LoanUserStatus } from './ports'

/*
 * The screens and their routes (docs/product-rules.md#flow-routes, plus home and login).
 * Shared by the machine (which names each screen state's route) and routes.ts (which projects
 * state onto the URL), so the two cannot disagree.
 */

export const screenPaths = {
  home: '/pages/home/index',
  login: '/pages/login/index',
  loanDemand: '/',
  facialIdentification: '/pages/facialIdentification/index',
  basicInfo: '/pages/basicInfo/index',
  assetInfo: '/pages/assetInfo/index',
  contact: '/pages/contact/index',
  bankCard: '/pages/bankCard/index',
  review: '/pages/review/index',
  result: '/pages/result/index',
  match: '/pages/match/index',
  lendConfirm: '/pages/lendConfirm/index',
  loanPlan: '/pages/loanPlan/index',
  repayment: '/pages/repayment/index',
  repayDetail: '/pages/repayDetail/index',
  paymentConfirm: '/pages/paymentConfirm/index',
  repaymentResult: '/pages/repaymentResult/index',
  repayPlan: '/pages/repayPlan/index',
  privacy: '/pages/privacy/index',
  richText: '/pages/richText/index',
  webview: '/pages/webview/index',
  thirdProtocol: '/pages/thirdProtocol/index',
} as const

export type ScreenName = keyof typeof screenPaths
export type OverlayName = 'privacy' | 'richText' | 'webview' | 'thirdProtocol'
export const overlayNames: readonly OverlayName[] = ['privacy', 'richText', 'webview', 'thirdProtocol']

/** The spec's alias for the entry page. */
const pathAliases: Record<string, ScreenName> = { '/pages/loanDemand/index': 'loanDemand' }

export function screenForPath(path: string): ScreenName | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (clean in pathAliases) return pathAliases[clean] ?? null
  for (const [name, screenPath] of Object.entries(screenPaths)) {
    if (screenPath === clean) return name as ScreenName
  }
  return null
}

/** The screen a route event's target (`#basicInfo`) names, if it names one. */
export function screenOfRoute(to: string): ScreenName | null {
  const name = to.startsWith('#') ? to.slice(1) : to
  return name in screenPaths ? (name as ScreenName) : null
}

export function isOverlay(screen: ScreenName): screen is OverlayName {
  return (overlayNames as readonly string[]).includes(screen)
}

/** The application funnel in order; the index is how far the server lets the borrower go. */
export const funnelScreens = [
  'loanDemand',
  'facialIdentification',
  'basicInfo',
  'assetInfo',
  'contact',
  'bankCard',
  'review',
  'result',
  'match',
  'lendConfirm',
  'loanPlan',
] as const
export type FunnelScreen = (typeof funnelScreens)[number]

/** Where the server's step puts the borrower (docs/product-rules.md#boot-resume-server-step). */
export function screenForStep(step: LoanStep): ScreenName {
  switch (step) {
    case 'demand':
    case 'settled':
      return 'loanDemand'
    case 'face':
      return 'facialIdentification'
    case 'basic':
      return 'basicInfo'
    case 'asset':
      return 'assetInfo'
    case 'contact':
      return 'contact'
    case 'bank_card':
      return 'bankCard'
    case 'review':
      return 'review'
    case 'approved':
    case 'rejected':
      return 'result'
    case 'applied':
      return 'loanPlan'
    case 'repaying':
    case 'overdue':
      return 'repayment'
  }
}

const funnelIndex = (screen: ScreenName): number =>
  (funnelScreens as readonly string[]).indexOf(screen)

/**
 * Whether the server's status lets the borrower stand on a screen. Before review the borrower may
 * go back to any earlier form (it is saved again); from review on, the funnel is one-way.
 * Screens that need data chosen on an earlier screen (repayDetail, paymentConfirm) are checked by
 * the machine, which holds that data.
 */
export function screenAllowedByStatus(screen: ScreenName, status: LoanUserStatus | null): boolean {
  if (screen === 'home' || isOverlay(screen)) return true
  if (screen === 'login' || status === null) return false
  const current = screenForStep(status.step)
  const hasLoans = status.loans.length > 0
  switch (screen) {
    case 'repayment':
    case 'repayPlan':
      return hasLoans
    case 'repayDetail':
    case 'paymentConfirm':
    case 'repaymentResult':
      return hasLoans
    case 'loanPlan':
      return status.loan !== null
    case 'review':
      return status.step === 'review'
    case 'result':
      return status.step === 'approved' || status.step === 'rejected'
    case 'match':
    case 'lendConfirm':
      return status.step === 'approved'
    default: {
      const wanted = funnelIndex(screen)
      const reached = funnelIndex(current)
      // A loan that is applied or repaying closes the application forms; settled starts anew.
      if (reached < 0) return false
      return wanted >= 0 && wanted <= reached && reached <= funnelIndex('bankCard')
    }
  }
}

/** The screen a deep link lands on: the one asked for if allowed, else where the server says. */
export function clampScreen(wanted: ScreenName, status: LoanUserStatus | null): ScreenName {
  if (screenAllowedByStatus(wanted, status)) return wanted
  if (status === null) return 'home'
  const allowed = screenForStep(status.step)
  return screenAllowedByStatus(allowed, status) ? allowed : 'home'
}
