/*
 * What must hold in each state, written from the product's rules
 * (docs/product-rules.md), never read from the machine. Keyed by state id; the entries of every
 * active state apply together (a screen's entry gives its page, heading and route, its sub-state's
 * entry what is busy, enabled or in error). Texts are locale keys, so a wording change follows.
 *
 * Checked after every step of every model path: the facts at every level (machine, React,
 * browser), the screen at the levels that render it. `verifications.test.ts` fails for a state
 * that has a screen (or is a sub-state of one) and no entry here.
 */

export interface Text {
  key: string
  values?: Record<string, unknown>
}

/** A control the borrower operates, by role and translated name; `enabled: 'any'` when a form's answers decide. */
export interface Control {
  role: 'button' | 'checkbox'
  /** Its name, or the names it may carry (one must show): a button named by where it leads. */
  name: Text | Text[]
  enabled: boolean | 'any'
}

/** What the borrower must see. */
export interface Sees {
  /** The page that rendered names itself (`main[data-screen]`, set by the page component); `boot` is the entry page while booting. */
  page?: string
  /** The page's `<h1>`; absent where the server or the opener gives the title (agreements, rich text). */
  heading?: Text
  /** Texts that must be on screen: the labels of the key figures and fields. */
  texts?: Text[]
  controls?: Control[]
  /** A call is under way: `aria-busy` on the page. */
  busy?: boolean
  /** The failure is shown (role=alert) in the borrower's words: the error catalogue's text for the last failure. */
  alert?: boolean
  /**
   * Retry is offered exactly when asking again can succeed (a lost, late or unreadable answer); a
   * refusal is answered the same way again, so it offers none (docs/product-rules.md#error-refusal-no-retry).
   */
  retry?: true
  /** The rights sheet is open over the screen (a dialog). */
  sheet?: boolean
}

/** Facts about the machine and the URL. */
export interface Facts {
  /** The URL the page shows and how it got there; `null` while booting (no screen yet); absent: the opener's (sheets). */
  route?: { path: string; history: 'push' | 'replace' } | null
  /** docs/product-rules.md#boot-and-login: login only when the channel requires it and no token came. */
  login?: 'required'
  /** docs/product-rules.md#error-401: after a 401 the token is cleared. */
  token?: 'cleared'
  /** Inside the session: a token exists or the channel needs none, and the channel code answered is stored. */
  session?: true
}

export interface Verification {
  sees?: Sees
  facts?: Facts
}

const text = (key: string, values?: Record<string, unknown>): Text => (values === undefined ? { key } : { key, values })
const button = (key: string, enabled: Control['enabled'], values?: Record<string, unknown>): Control => ({ role: 'button', name: text(key, values), enabled })
const texts = (...keys: string[]): Text[] => keys.map((key) => text(key))

/** docs/product-rules.md#screens-and-flow routes; docs/product-rules.md#flow-back-not-substate: arriving where a one-way step ended replaces the entry. */
const push = (path: string) => ({ path, history: 'push' as const })
const replace = (path: string) => ({ path, history: 'replace' as const })

/** A screen: its page, its heading `routes.<page>` and its route. */
function screen(page: string, route: Facts['route'], sees: Omit<Sees, 'page'> = {}): Verification {
  return { sees: { page, heading: text(`routes.${page}`), ...sees }, facts: { route } }
}

/** A sub-state waiting on a call: busy, its primary control unavailable. */
const loading = (...controls: string[]): Verification => ({ sees: { busy: true, controls: controls.map((key) => button(key, false)) } })
/** A sub-state after a failed call: the failure in words, and a Retry where one can succeed. */
const failed: Verification = { sees: { alert: true, retry: true } }
/** A state the machine passes through within one step (eventless): never at rest, nothing to see. */
const passing: Verification = {}
/** A slow poll: the borrower may keep waiting or stop. */
const slowPoll: Verification = {
  sees: { texts: texts('screens.common.slow'), controls: [button('screens.common.keepWaiting', true), button('screens.common.stopWaiting', true)] },
}
const ready = (...controls: Control[]): Verification => ({ sees: { controls } })
/**
 * Home's one way forward: the application card's button, named by where it leads (start, continue,
 * the review, the decision, the loan), or for a repaying or overdue borrower Repay on the loans card.
 */
const homeAction = (enabled: boolean): Control => ({
  role: 'button',
  name: ['start', 'continue', 'seeReview', 'seeResult', 'seeLoan', 'repay'].map((name) => text(`screens.home.${name}`)),
  enabled,
})

export const verifications: Record<string, Verification> = {
  // ---- boot (docs/product-rules.md#boot-and-login): the entry page, no route of its own yet ----
  'app.boot': { sees: { page: 'boot', heading: text('app.name'), texts: texts('boot.title') }, facts: { route: null } },
  'app.boot.resolvingBaseUrl': { sees: { busy: true } },
  'app.boot.lookingUpChannel': { sees: { busy: true } },
  // With a token: the lookup and home's calls side by side, still the boot screen.
  'app.boot.lookingUpChannelBesideHome': { sees: { busy: true } },
  'app.boot.lookingUpChannelBesideHome.channel': passing,
  'app.boot.lookingUpChannelBesideHome.channel.asking': passing,
  'app.boot.lookingUpChannelBesideHome.channel.done': passing,
  'app.boot.lookingUpChannelBesideHome.home': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.user': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.user.fetching': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.user.done': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.status': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.status.fetching': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.status.done': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.rights': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.rights.fetching': passing,
  'app.boot.lookingUpChannelBesideHome.home.loading.rights.done': passing,
  'app.boot.lookingUpChannelBesideHome.home.done': passing,
  bootHomeRefused: passing,
  bootHomeFailed: passing,
  'app.boot.routing': passing,
  'app.boot.failed': { sees: { alert: true, controls: [button('common.retry', true)] } },

  // ---- login (docs/product-rules.md#boot-host-login): ask the host ----
  login: {
    sees: { page: 'login', heading: text('routes.login'), texts: texts('screens.login.waiting'), controls: [button('screens.login.ask', true)] },
    facts: { route: replace('/pages/login/index'), login: 'required' },
  },
  reauth: {
    sees: { page: 'login', heading: text('routes.login'), texts: texts('screens.login.expired'), controls: [button('screens.login.ask', true)] },
    facts: { route: replace('/pages/login/index'), token: 'cleared' },
  },
  // docs/product-rules.md#security-per-borrower: a new token waits on the login screen until the server says whose it is.
  verifyingBorrower: {
    sees: { page: 'login', heading: text('routes.login'), texts: texts('screens.login.checking'), controls: [button('screens.login.ask', false)] },
    facts: { route: replace('/pages/login/index') },
  },
  'app.verifyingBorrower.asking': { sees: { busy: true } },
  'app.verifyingBorrower.failed': failed,

  session: { facts: { session: true } },
  'app.session.screens': passing,

  // ---- home: entrance cards ----
  home: screen('home', replace('/pages/home/index')),
  // User, status and rights card load together; until all have answered nothing can be pressed.
  'app.session.screens.home.loading': { sees: { busy: true, controls: [homeAction(false)] } },
  'app.session.screens.home.loading.user': passing,
  'app.session.screens.home.loading.user.fetching': passing,
  'app.session.screens.home.loading.user.done': passing,
  'app.session.screens.home.loading.status': passing,
  'app.session.screens.home.loading.status.fetching': passing,
  'app.session.screens.home.loading.status.done': passing,
  'app.session.screens.home.loading.rights': passing,
  'app.session.screens.home.loading.rights.fetching': passing,
  'app.session.screens.home.loading.rights.done': passing,
  'app.session.screens.home.failed': failed,
  'app.session.screens.home.ready': ready(homeAction(true)),

  // ---- the application funnel ----
  loanDemand: screen('loanDemand', push('/'), { texts: texts('screens.demand.amount', 'screens.demand.term', 'screens.demand.purpose', 'screens.trial.title') }),
  'app.session.screens.loanDemand.pricing': loading('screens.demand.submit'),
  'app.session.screens.loanDemand.editing': ready(button('screens.demand.submit', 'any')),
  'app.session.screens.loanDemand.submitting': loading('screens.demand.submit'),

  facialIdentification: screen('facialIdentification', push('/pages/facialIdentification/index')),
  'app.session.screens.facialIdentification.editing': { sees: { texts: texts('screens.face.lead'), controls: [button('screens.face.start', 'any')] } },
  'app.session.screens.facialIdentification.startingSession': { sees: { busy: true, texts: texts('screens.face.lead'), controls: [button('screens.face.start', false)] } },
  // The vendor's page, framed in the web view page (docs/product-rules.md#screens-and-flow): its own route, not the form's.
  'app.session.screens.facialIdentification.verifying': {
    sees: { page: 'webview', heading: text('screens.face.title'), controls: [button('screens.webview.done', true)] },
    facts: { route: push('/pages/webview/index') },
  },
  'app.session.screens.facialIdentification.checking': { sees: { texts: texts('screens.face.checking') } },
  'app.session.screens.facialIdentification.checking.fetching': passing,
  'app.session.screens.facialIdentification.checking.waiting': passing,
  'app.session.screens.facialIdentification.checking.slow': slowPoll,

  basicInfo: screen('basicInfo', push('/pages/basicInfo/index'), {
    texts: texts('screens.basic.name', 'screens.basic.idNumber', 'screens.basic.education', 'screens.basic.marital', 'screens.basic.residence', 'screens.basic.address'),
  }),
  'app.session.screens.basicInfo.editing': ready(button('common.next', 'any')),
  'app.session.screens.basicInfo.submitting': loading('common.next'),

  assetInfo: screen('assetInfo', push('/pages/assetInfo/index'), {
    texts: texts('screens.asset.occupation', 'screens.asset.income', 'screens.asset.housing', 'screens.asset.car', 'screens.asset.socialInsurance'),
  }),
  'app.session.screens.assetInfo.editing': ready(button('common.next', 'any')),
  'app.session.screens.assetInfo.submitting': loading('common.next'),

  contact: screen('contact', push('/pages/contact/index'), { texts: texts('screens.contact.relation', 'screens.contact.name', 'screens.contact.phone') }),
  'app.session.screens.contact.editing': ready(button('common.next', 'any')),
  'app.session.screens.contact.submitting': loading('common.next'),

  bankCard: screen('bankCard', push('/pages/bankCard/index'), { texts: texts('screens.card.number', 'screens.card.phone') }),
  'app.session.screens.bankCard.editing': ready(button('screens.sms.send', 'any')),
  'app.session.screens.bankCard.sendingCode': loading('screens.sms.send'),
  'app.session.screens.bankCard.codeSent': { sees: { texts: texts('screens.sms.code'), controls: [button('screens.card.bind', 'any')] } },
  'app.session.screens.bankCard.confirming': loading('screens.card.bind'),
  // A binding cut off by a closed web view: while the server is asked whether it went through, the
  // form waits, and the notice already says what was not kept (docs/product-rules.md#nothing-lost-interrupted).
  'app.session.screens.bankCard.askingWhetherBound': { sees: { busy: true, alert: true, controls: [button('screens.sms.send', false)] } },

  // ---- review and its outcome: one-way, so arriving replaces the entry ----
  review: screen('review', replace('/pages/review/index'), { texts: texts('screens.review.title') }),
  'app.session.screens.review.reportingDevice': { sees: { busy: true } },
  'app.session.screens.review.polling': passing,
  'app.session.screens.review.polling.fetching': { sees: { texts: texts('screens.review.waiting') } },
  'app.session.screens.review.polling.waiting': { sees: { texts: texts('screens.review.waiting') } },
  'app.session.screens.review.polling.slow': slowPoll,

  result: screen('result', replace('/pages/result/index')),
  'app.session.screens.result.deciding': passing,
  'app.session.screens.result.loading': { sees: { busy: true } },
  'app.session.screens.result.failed': failed,
  'app.session.screens.result.approved': {
    sees: { texts: texts('screens.result.approved', 'screens.trial.apr', 'screens.result.limit'), controls: [button('screens.result.continue', true)] },
  },
  'app.session.screens.result.rejected': { sees: { texts: texts('screens.result.rejected', 'screens.result.supermarket') } },
  'app.session.screens.result.rejected.loadingProducts': { sees: { busy: true } },
  'app.session.screens.result.rejected.failed': failed,
  'app.session.screens.result.rejected.ready': passing,

  match: screen('match', push('/pages/match/index')),
  'app.session.screens.match.loading': { sees: { busy: true } },
  'app.session.screens.match.failed': failed,
  'app.session.screens.match.ready': { sees: { texts: texts('screens.trial.apr', 'screens.result.limit') } },

  lendConfirm: screen('lendConfirm', push('/pages/lendConfirm/index'), { texts: texts('screens.demand.amount', 'screens.demand.term', 'screens.trial.title', 'screens.lend.bindTitle') }),
  'app.session.screens.lendConfirm.pricing': { sees: { busy: true } },
  // The card bound for payout is read so the screen can name it, before the terms are priced.
  'app.session.screens.lendConfirm.loadingCard': { sees: { busy: true } },
  // Send code until the lender's card is bound, then Apply: either way the bind section shows.
  'app.session.screens.lendConfirm.editing': passing,
  'app.session.screens.lendConfirm.sendingCode': loading('screens.sms.send'),
  'app.session.screens.lendConfirm.codeSent': { sees: { texts: texts('screens.sms.code'), controls: [button('screens.lend.apply', 'any')] } },
  'app.session.screens.lendConfirm.confirmingCard': loading('screens.lend.apply'),
  'app.session.screens.lendConfirm.applying': loading('screens.lend.apply'),
  // A timeout or a dropped answer: the outcome is unknown, so the same request is sent again (docs/product-rules.md#idem-key-reuse).
  'app.session.screens.lendConfirm.applyUncertain': ready(button('screens.common.retrySame', true)),

  loanPlan: screen('loanPlan', replace('/pages/loanPlan/index')),
  'app.session.screens.loanPlan.loading': { sees: { busy: true } },
  'app.session.screens.loanPlan.failed': failed,
  'app.session.screens.loanPlan.ready': {
    sees: {
      texts: texts('screens.plan.applied', 'screens.plan.loanAmount', 'screens.plan.status'),
      controls: [button('screens.plan.saveContract', true), button('screens.plan.toHome', true)],
    },
  },
  // Asking for the contract's download ticket: the plan stays, the button waits for the answer.
  'app.session.screens.loanPlan.savingContract': loading('screens.plan.saveContract'),
  // loanPlan shows the new loan's disbursement status: while the lender pays out, the page says so and follows it.
  'app.session.screens.loanPlan.payingOut': { sees: { texts: texts('screens.plan.applied'), controls: [button('screens.plan.toHome', true)] } },
  'app.session.screens.loanPlan.payingOut.waiting': { sees: { texts: texts('screens.plan.payingOut') } },
  'app.session.screens.loanPlan.payingOut.fetching': { sees: { texts: texts('screens.plan.payingOut') } },
  // At the cap: keep waiting, or leave for home and look later.
  'app.session.screens.loanPlan.payingOut.slow': { sees: { texts: texts('screens.common.slow'), controls: [button('screens.common.keepWaiting', true)] } },

  // ---- repayment ----
  repayment: screen('repayment', push('/pages/repayment/index')),
  'app.session.screens.repayment.loadingStatus': loading('screens.repay.next'),
  'app.session.screens.repayment.loadingPlan': loading('screens.repay.next'),
  'app.session.screens.repayment.failed': failed,
  // The periods to choose, or "nothing to repay" when the server reports no open loan.
  'app.session.screens.repayment.ready': ready(button('screens.repay.next', 'any'), button('routes.repayPlan', 'any')),

  repayDetail: screen('repayDetail', push('/pages/repayDetail/index')),
  'app.session.screens.repayDetail.trialing': loading('screens.repay.toPay'),
  'app.session.screens.repayDetail.rereadingPlan': loading('screens.repay.toPay'),
  'app.session.screens.repayDetail.failed': failed,
  'app.session.screens.repayDetail.ready': {
    sees: {
      texts: texts('screens.repay.principal', 'screens.repay.interest', 'screens.repay.fee', 'screens.repay.penalty', 'screens.repay.total'),
      controls: [button('screens.repay.toPay', true)],
    },
  },

  paymentConfirm: screen('paymentConfirm', push('/pages/paymentConfirm/index')),
  'app.session.screens.paymentConfirm.loadingCard': loading('screens.pay.pay'),
  'app.session.screens.paymentConfirm.rereadingPlan': loading('screens.pay.pay'),
  'app.session.screens.paymentConfirm.repricing': loading('screens.pay.pay'),
  'app.session.screens.paymentConfirm.failed': failed,
  'app.session.screens.paymentConfirm.ready': { sees: { texts: texts('screens.repay.total', 'screens.pay.card'), controls: [button('screens.pay.pay', 'any')] } },
  // Pays once (docs/product-rules.md#idem-single-submit): no second tap while the payment is under way.
  'app.session.screens.paymentConfirm.paying': loading('screens.pay.pay'),
  'app.session.screens.paymentConfirm.uncertain': { sees: { texts: texts('screens.pay.uncertain'), controls: [button('screens.common.retrySame', true)] } },

  repaymentResult: screen('repaymentResult', replace('/pages/repaymentResult/index')),
  'app.session.screens.repaymentResult.deciding': passing,
  'app.session.screens.repaymentResult.succeeded': ready(button('screens.plan.toHome', true), button('screens.pay.again', true)),
  // The model's bank answers a code (`insufficient_balance`): the borrower reads what happened and what to do, never the code.
  'app.session.screens.repaymentResult.failed': {
    sees: { texts: texts('screens.pay.failedNoReason'), controls: [button('screens.plan.toHome', true), button('screens.pay.again', true)] },
  },
  'app.session.screens.repaymentResult.processing': passing,
  'app.session.screens.repaymentResult.processing.waiting': { sees: { texts: texts('screens.pay.processing') } },
  'app.session.screens.repaymentResult.processing.fetching': { sees: { texts: texts('screens.pay.processing') } },
  'app.session.screens.repaymentResult.processing.slow': slowPoll,

  repayPlan: screen('repayPlan', push('/pages/repayPlan/index')),
  'app.session.screens.repayPlan.loading': { sees: { busy: true } },
  'app.session.screens.repayPlan.failed': failed,
  'app.session.screens.repayPlan.ready': { sees: { texts: texts('screens.plan.loanAmount', 'screens.plan.outstanding', 'screens.plan.paid') } },

  // ---- the rights card: a sheet over the screen that opened it (its URL stays the opener's) ----
  rights: { sees: { sheet: true } },
  'app.session.rights.loading': { sees: { busy: true } },
  // The card the order would be paid from is read before the offer names it.
  'app.session.rights.loadingCard': { sees: { busy: true } },
  'app.session.rights.deciding': passing,
  'app.session.rights.offer': { sees: { texts: texts('ui.rights.title') } },
  'app.session.rights.checkingCard': { sees: { busy: true } },
  'app.session.rights.noCard': { sees: { texts: texts('screens.rights.noCard') } },
  'app.session.rights.buying': { sees: { busy: true } },
  'app.session.rights.uncertain': ready(button('screens.common.retrySame', true)),
  'app.session.rights.settling': passing,
  // The borrower may leave the wait at any time; asking again is offered once the poll has given up.
  'app.session.rights.polling': { sees: { texts: texts('enums.rewardOrderStatus.pending'), controls: [button('screens.common.stopWaiting', true)] } },
  'app.session.rights.polling.waiting': passing,
  'app.session.rights.polling.fetching': passing,
  'app.session.rights.polling.slow': ready(button('screens.common.keepWaiting', true)),
  'app.session.rights.owned': passing,
  // A failed order (its reason on the card) or a failed load (the error notice): the sheet stays open.
  'app.session.rights.failed': passing,
  'app.session.rights.unavailable': { sees: { texts: texts('screens.rights.unavailable') } },

  // ---- pages opened over a screen: Back or Close returns to it ----
  overlay: passing,
  'app.session.overlay.choosing': passing,
  privacy: { sees: { page: 'privacy', controls: [button('common.close', true)] }, facts: { route: push('/pages/privacy/index') } },
  'app.session.overlay.privacy.loading': { sees: { busy: true } },
  'app.session.overlay.privacy.failed': failed,
  'app.session.overlay.privacy.ready': passing,
  thirdProtocol: { sees: { page: 'thirdProtocol', controls: [button('common.close', true)] }, facts: { route: push('/pages/thirdProtocol/index') } },
  'app.session.overlay.thirdProtocol.loading': { sees: { busy: true } },
  'app.session.overlay.thirdProtocol.failed': failed,
  'app.session.overlay.thirdProtocol.ready': passing,
  richText: { sees: { page: 'richText', controls: [button('common.close', true)] }, facts: { route: push('/pages/richText/index') } },
  webview: { sees: { page: 'webview', controls: [button('common.close', true)] }, facts: { route: push('/pages/webview/index') } },
}
