/*
 * Which product rules (docs/product-rules.md) apply in which state, keyed by the machine's state ids
 * as tests/model/verifications.ts keys them. A state's rules are its own entry's and those of every
 * state that holds it, as the verifications of every active state apply together: a rule of `app`
 * holds everywhere, one of `bankCard` in every sub-state of the bank card screen. A rule whose states
 * the machine itself tells (commits, waits, forms) is derived in rule-scope.ts, not listed here. The reviewer's
 * panel shows them (src/review/panel-rules.ts); tests/repo/rules-traced.test.ts checks that every
 * key is a state of the machine, every id a rule, and every rule placed somewhere.
 */

export const stateRules: Record<string, readonly string[]> = {
  // Everywhere: the one request, its errors, the locale, what the device keeps, the money conventions.
  app: [
    'request-one-function', 'request-success', 'request-timeout', 'request-headers', 'request-signature', 'request-clock-skew',
    'request-contract-mismatch', 'error-refusal-toast', 'error-network-toast', 'error-server-5xx', 'locale-five', 'locale-choice',
    'locale-one-chunk', 'locale-server-messages', 'nothing-lost-snapshot', 'nothing-lost-sensitive', 'security-per-borrower',
    'security-signature-integrity', 'flow-router-projection', 'flow-routes', 'bridge-sources', 'bridge-message-origin',
    'bridge-field-checks', 'bridge-commands', 'bridge-token-required', 'bridge-refusals', 'bridge-logout', 'money-fen', 'money-format',
  ],
  'app.boot': ['boot-defaults', 'boot-session-id', 'boot-loan-excess', 'boot-base-url', 'security-base-url', 'bridge-token-leaves-url', 'bridge-request-payload', 'bridge-global-read-once', 'boot-load-failed', 'bridge-ready', 'flow-deep-link-clamp'],
  'app.boot.resolvingBaseUrl': ['boot-base-url', 'security-base-url'],
  'app.boot.lookingUpChannel': ['boot-channel-lookup'],
  'app.boot.lookingUpChannelBesideHome': ['boot-channel-lookup', 'boot-resume-server-step'],
  'app.boot.routing': ['boot-login-gate', 'flow-deep-link-clamp'],
  'app.boot.failed': ['boot-failure-retry'],
  login: ['boot-host-login', 'boot-login-gate'],
  verifyingBorrower: ['security-per-borrower', 'flow-relogin-returns'],
  reauth: ['error-401', 'security-token', 'flow-relogin-returns'],
  // Inside the session: a token or a channel that needs none; a 401 anywhere leads to reauth.
  session: ['webview-keyboard', 'webview-background', 'webview-back', 'error-401', 'security-token', 'error-screen-stays', 'error-refusal-no-retry', 'nothing-lost-failure', 'nothing-lost-reload', 'nothing-lost-timers', 'flow-back-not-substate'],
  home: ['boot-resume-server-step', 'flow-rights-before-decision'],
  'app.session.screens.home.loading': ['boot-resume-server-step'],
  loanDemand: ['field-amount-term', 'field-agreements-unticked', 'field-message-timing', 'flow-apr-before-commit', 'money-apr-shown', 'money-amortization', 'flow-rights-before-decision'],
  facialIdentification: ['flow-order'],
  basicInfo: ['field-name', 'field-id-number', 'field-email', 'field-address', 'field-message-timing', 'locale-region-names', 'nothing-lost-sensitive'],
  'app.session.screens.basicInfo.submitting': ['nothing-lost-interrupted'],
  assetInfo: ['flow-order'],
  contact: ['field-contacts', 'field-mobile', 'field-message-timing'],
  bankCard: ['field-bank-card', 'field-mobile', 'field-sms-code', 'field-message-timing', 'nothing-lost-sensitive'],
  'app.session.screens.bankCard.sendingCode': ['field-sms-resend'],
  'app.session.screens.bankCard.codeSent': ['field-sms-resend', 'field-sms-code', 'nothing-lost-timers'],
  'app.session.screens.bankCard.confirming': ['idem-key-after-refusal', 'nothing-lost-interrupted'],
  'app.session.screens.bankCard.askingWhetherBound': ['nothing-lost-interrupted'],
  review: ['flow-rights-before-decision', 'nothing-lost-timers'],
  result: ['flow-order', 'flow-rights-before-decision'],
  match: ['flow-lenders-cheapest-first', 'money-apr-shown', 'flow-lender-offer'],
  lendConfirm: ['flow-apr-before-commit', 'money-apr-shown', 'money-amortization', 'field-agreements-unticked', 'field-amount-term', 'flow-lender-change-clears', 'field-sms-code', 'flow-lender-offer'],
  'app.session.screens.lendConfirm.sendingCode': ['field-sms-resend'],
  'app.session.screens.lendConfirm.codeSent': ['field-sms-resend', 'nothing-lost-timers'],
  'app.session.screens.lendConfirm.confirmingCard': ['nothing-lost-interrupted'],
  'app.session.screens.lendConfirm.applyUncertain': ['error-server-5xx'],
  loanPlan: ['money-amortization', 'flow-order', 'contract-keep'],
  repayment: ['flow-periods-in-order', 'money-penalty', 'money-repayment-total'],
  repayDetail: ['money-repayment-total', 'money-penalty', 'flow-periods-in-order'],
  paymentConfirm: ['money-repayment-total'],
  'app.session.screens.paymentConfirm.uncertain': ['error-server-5xx'],
  repaymentResult: ['flow-back-not-substate'],
  repayPlan: ['money-penalty', 'money-amortization', 'flow-periods-in-order'],
  rights: ['flow-rights-before-decision', 'field-agreements-unticked', 'security-sanitise', 'security-links-inert'],
  'app.session.rights.failed': ['idem-key-after-refusal'],
  overlay: ['flow-agreement-keys', 'security-sanitise', 'security-links-inert'],
}

/** The state ids from the root down to `id`, given each state's parent. */
export function lineage(id: string, parentOf: (id: string) => string | null | undefined): string[] {
  const chain: string[] = []
  for (let at: string | null | undefined = id; at; at = parentOf(at)) chain.unshift(at)
  return chain
}

/** The rules that apply in `id`: its own entry's first, then those its enclosing states add, nearest first. */
export function rulesOfState(
  id: string,
  parentOf: (id: string) => string | null | undefined,
  table: Readonly<Record<string, readonly string[]>> = stateRules,
): { own: string[]; enclosing: { state: string; rules: string[] }[] } {
  const own = [...(table[id] ?? [])]
  const seen = new Set(own)
  const enclosing: { state: string; rules: string[] }[] = []
  for (const state of lineage(id, parentOf).slice(0, -1).reverse()) {
    const rules = (table[state] ?? []).filter((r) => !seen.has(r))
    for (const r of rules) seen.add(r)
    if (rules.length > 0) enclosing.push({ state, rules })
  }
  return { own, enclosing }
}

/** The reviewer page's rules data (artifacts/rules-report.json, written by tests/model/engine/rules-artifacts.ts). */
export interface ReviewRules {
  /** State id → the rule ids placed on it (this table); a state inherits its parents'. */
  states: Record<string, string[]>
  rules: Record<string, { title: string; levels: string[]; checks: number; notAutomated?: string }>
  /** `83 rules, 83 with a check (machine …)`, as `npm run paths -- --rules` ends. */
  totals: string
}
