import type { bootGuards } from '../../machines/boot.flow'
import type { AppEvent } from '../../machines/context'
import type { appActors, PollDelay, PollKind, Words } from '../../machines/flow-kit'
import type { funnelGuards } from '../../machines/funnel.flow'
import type { homeGuards } from '../../machines/home.flow'
import type { lendingGuards } from '../../machines/lending.flow'
import type { overlayGuards } from '../../machines/overlay.flow'
import type { rightsGuards } from '../../machines/rights.flow'
import type { servicingGuards } from '../../machines/servicing.flow'
import type { sessionGuards } from '../../machines/session'

/*
 * The machine's rules, events and calls in a product reviewer's words. A screen's own words sit on its
 * state (`meta.words`, see machines/shapes.ts); the names a state uses from setup() — its guards, the events it
 * hears, the calls it invokes, its waits — are said once here, keyed by those names, so every state
 * that uses one reads the same. The types make each table complete: a guard, event or call added to
 * the machine without its words does not compile.
 *
 * A guard's words are a statement that is true when the guard passes, written to be joined into a
 * sentence ("the lender's price is in, the agreements are ticked and the code is typed"). `{screen}`,
 * `{kind}` and `{page}` stand for the guard's parameters; `not` is its negation, where one is used.
 */

type GuardName =
  | keyof typeof sessionGuards
  | keyof typeof bootGuards
  | keyof typeof homeGuards
  | keyof typeof funnelGuards
  | keyof typeof lendingGuards
  | keyof typeof servicingGuards
  | keyof typeof rightsGuards
  | keyof typeof overlayGuards

export type GuardWords = Words & { not?: Words }

export const guardWords: Record<GuardName, GuardWords> = {
  isUnauthorized: { en: 'the login has expired', 'zh-Hans': '登录已失效' },
  isRefused: { en: 'the server refused it for good', 'zh-Hans': '服务器明确拒绝' },
  wasInterrupted: { en: 'the web view closed before the answer came', 'zh-Hans': '答复到达前网页已关闭' },
  screenAllowed: { en: 'the loan status lets the borrower open {screen}', 'zh-Hans': '当前借款进度允许打开「{screen}」' },
  routeIs: { en: 'the address asks for {screen}', 'zh-Hans': '地址指向「{screen}」' },
  priceChanged: { en: 'the change alters the amount or the term', 'zh-Hans': '修改影响了金额或期限' },
  pollCapReached: { en: 'the {kind} was asked the most times allowed', 'zh-Hans': '{kind}已查询到次数上限' },
  payloadHasToken: { en: 'the host app hands over a login', 'zh-Hans': '宿主应用传来了登录凭证' },
  payloadResumes: { en: 'the login is the one the reloaded page was saved with', 'zh-Hans': '登录凭证与重新加载前保存时的相同' },
  borrowerNamed: { en: 'the server has named the borrower on this page', 'zh-Hans': '服务器已确认本页面的借款人' },
  sameBorrower: { en: 'the login belongs to the same borrower', 'zh-Hans': '登录的是同一位借款人' },
  goesHome: { en: 'no login is needed, or the borrower is logged in', 'zh-Hans': '无需登录或已登录' },
  hasToken: { en: 'the borrower is logged in', 'zh-Hans': '已登录', not: { en: 'the login was lost', 'zh-Hans': '登录已失效' } },
  channelRenamed: { en: 'the lookup named another channel code than the one asked about', 'zh-Hans': '渠道查询返回的渠道码与所查的不同' },
  homeFailed: { en: "home's loan status could not be loaded", 'zh-Hans': '首页借款进度加载失败' },
  hasPendingDeepLink: { en: 'a link asked for a screen before the login', 'zh-Hans': '登录前有链接要打开某个页面' },
  resumeAt: { en: 'the application stopped at {screen}', 'zh-Hans': '申请停在「{screen}」' },
  hasLoan: { en: 'the borrower has a loan', 'zh-Hans': '借款人已有借款' },
  rightsOffered: {
    en: 'the rights card may be offered (no credit decision yet, the loan settled, or already owned)',
    'zh-Hans': '可以推荐权益卡（尚无审核结果、借款已结清或已拥有）',
  },
  demandReady: { en: 'the amount, term and purpose are chosen', 'zh-Hans': '金额、期限和用途已选好' },
  faceReady: { en: 'both face-recognition consents are ticked', 'zh-Hans': '两项人脸识别授权已勾选' },
  livenessPending: { en: 'the face check is still pending', 'zh-Hans': '人脸核验仍在进行' },
  livenessPassed: { en: 'the face check passed', 'zh-Hans': '人脸核验已通过' },
  basicReady: { en: 'the basic information is complete', 'zh-Hans': '基本信息已填完整' },
  assetReady: { en: 'the asset information is complete', 'zh-Hans': '资产信息已填完整' },
  contactReady: { en: 'every contact has a relation, a name and a phone', 'zh-Hans': '每位联系人都填了关系、姓名和电话' },
  cardReady: { en: 'the card number and the reserved phone are typed', 'zh-Hans': '卡号和预留手机号已输入' },
  cardCodeReady: { en: 'the code is typed and the withhold agreement is ticked', 'zh-Hans': '验证码已输入且代扣协议已勾选' },
  cardResendAllowed: { en: 'the resend countdown is over', 'zh-Hans': '重发倒计时已结束' },
  cardSmsSent: { en: 'the SMS code was sent', 'zh-Hans': '短信验证码已发出' },
  cardNumberGone: { en: 'the card number is gone (a new web view)', 'zh-Hans': '卡号已不在（网页重新打开）' },
  cardBoundForReview: { en: 'the server says the card is bound and the application is under review', 'zh-Hans': '服务器显示银行卡已绑定、申请正在审核' },
  decidedMeanwhile: { en: 'the server says the credit decision was made meanwhile', 'zh-Hans': '服务器显示授信结果已在此期间做出' },
  stillAtCardStep: { en: 'the server says the application is still at the bank card', 'zh-Hans': '服务器显示申请仍在银行卡这一步' },
  creditReviewing: { en: 'the credit review is still running', 'zh-Hans': '信用审核仍在进行' },
  creditApproved: { en: 'credit was approved', 'zh-Hans': '授信已通过' },
  creditRejected: { en: 'credit was declined', 'zh-Hans': '授信被拒绝' },
  lenderResendAllowed: { en: "the lender's resend countdown is over", 'zh-Hans': '机构验证码重发倒计时已结束' },
  lendAgreed: { en: 'the agreements are ticked', 'zh-Hans': '协议已勾选' },
  lenderCardBound: {
    en: 'the card is bound for this lender',
    'zh-Hans': '银行卡已为该机构绑定',
    not: { en: 'the card is not yet bound for this lender', 'zh-Hans': '银行卡尚未为该机构绑定' },
  },
  lenderPriced: { en: "the lender's price is in", 'zh-Hans': '机构报价已出' },
  lenderChoosable: { en: 'the lender offers this borrower a limit and a term', 'zh-Hans': '该机构为此借款人提供了额度和期限' },
  lenderSmsSent: { en: "the lender's SMS code was sent", 'zh-Hans': '机构短信验证码已发出' },
  lenderCodeEntered: { en: 'the code is typed', 'zh-Hans': '验证码已输入' },
  hasRepayLoan: {
    en: 'a loan to repay is chosen',
    'zh-Hans': '已选定要还的借款',
    not: { en: 'no loan to repay is chosen yet', 'zh-Hans': '尚未选定要还的借款' },
  },
  periodsChosen: { en: 'at least one period is chosen', 'zh-Hans': '至少选了一期' },
  periodsPayable: { en: 'the chosen periods are still owed, oldest first', 'zh-Hans': '所选各期尚未还清且从最早一期起' },
  choiceStillOwed: { en: 'the plan read again still owes every chosen period', 'zh-Hans': '重新读取的还款计划仍欠所选各期' },
  planPayingOut: { en: 'the loan is still being paid out', 'zh-Hans': '借款仍在放款中' },
  shownPlanPayingOut: { en: 'the plan on screen is still being paid out', 'zh-Hans': '页面上的借款仍在放款中' },
  hasCard: { en: 'a bank card is bound', 'zh-Hans': '已绑定银行卡' },
  repaymentSucceeded: { en: 'the repayment went through', 'zh-Hans': '还款成功' },
  repaymentFailed: { en: 'the repayment failed', 'zh-Hans': '还款失败' },
  repaymentSettledIn: { en: 'the loan status shows this repayment settled', 'zh-Hans': '借款进度显示本次还款已有结果' },
  rightsOwned: { en: 'the borrower owns the rights card', 'zh-Hans': '借款人已拥有权益卡' },
  rightsOnSale: { en: 'a rights card is on sale', 'zh-Hans': '有权益卡在售' },
  rightsAgreed: { en: 'the rights terms and the withhold agreement are ticked', 'zh-Hans': '权益条款和代扣协议已勾选' },
  orderPending: { en: 'the order is still being paid', 'zh-Hans': '订单仍在支付中' },
  orderPaid: { en: 'the order is paid', 'zh-Hans': '订单已支付' },
  cardIn: { en: 'a bank card is on file', 'zh-Hans': '已有银行卡' },
  overlayOverSheet: { en: 'the page was opened over the rights card', 'zh-Hans': '该页面是在权益卡上打开的' },
  routeIsOpener: { en: 'the address goes back to the screen that opened the page', 'zh-Hans': '地址回到打开该页面的页面' },
  overlayIs: { en: 'the page asked for is {page}', 'zh-Hans': '要打开的是「{page}」' },
}

/** What `{kind}` reads as in `pollCapReached`. */
export const pollKindWords: Record<PollKind, Words> = {
  credit: { en: 'credit decision', 'zh-Hans': '授信结果' },
  liveness: { en: 'face check', 'zh-Hans': '人脸核验结果' },
  rewardOrder: { en: 'rights order', 'zh-Hans': '权益订单' },
  repayment: { en: 'repayment', 'zh-Hans': '还款结果' },
  disbursement: { en: 'payout', 'zh-Hans': '放款结果' },
}

/** What the borrower (or the host, or the address) does: the events the machine hears, as a button would say it. */
export const eventWords: Record<AppEvent['type'], Words> = {
  retry: { en: 'Try again', 'zh-Hans': '重试' },
  'bridge.payload': { en: 'Host app hands over a login', 'zh-Hans': '宿主应用传入登录信息' },
  'login.request': { en: 'Log in', 'zh-Hans': '去登录' },
  'home.continue': { en: 'Continue the application', 'zh-Hans': '继续申请' },
  'home.apply': { en: 'Apply', 'zh-Hans': '申请借款' },
  'home.repay': { en: 'Repay', 'zh-Hans': '去还款' },
  'nav.home': { en: 'Go home', 'zh-Hans': '回首页' },
  'form.change': { en: 'Edit the form', 'zh-Hans': '修改表单' },
  'drafts.restore': { en: 'The borrower\'s saved entries come back', 'zh-Hans': '借款人保存的填写内容恢复' },
  'form.submit': { en: 'Submit', 'zh-Hans': '提交' },
  'step.back': { en: 'Back', 'zh-Hans': '返回' },
  'sms.send': { en: 'Send code', 'zh-Hans': '发送验证码' },
  'sms.resend': { en: 'Resend code', 'zh-Hans': '重发验证码' },
  'liveness.returned': { en: 'Return from the face check', 'zh-Hans': '从人脸核验返回' },
  'poll.stop': { en: 'Stop waiting', 'zh-Hans': '不再等待' },
  'poll.now': { en: 'Check now', 'zh-Hans': '立即查询' },
  'result.continue': { en: 'Continue from the result', 'zh-Hans': '看完结果继续' },
  'match.select': { en: 'Choose a lender', 'zh-Hans': '选择机构' },
  'repay.loan': { en: 'Choose the loan to repay', 'zh-Hans': '选择要还的借款' },
  'repay.select': { en: 'Choose the periods', 'zh-Hans': '选择还款期数' },
  'repay.plan': { en: 'See the schedule', 'zh-Hans': '查看还款计划' },
  'repay.again': { en: 'Repay again', 'zh-Hans': '再次还款' },
  'contract.save': { en: 'Save contract', 'zh-Hans': '保存合同' },
  'rights.open': { en: 'Open the rights card', 'zh-Hans': '打开权益卡' },
  'rights.buy': { en: 'Buy the rights card', 'zh-Hans': '购买权益卡' },
  'rights.close': { en: 'Close the rights card', 'zh-Hans': '关闭权益卡' },
  'overlay.open': { en: 'Open an agreement page', 'zh-Hans': '打开协议页' },
  'overlay.close': { en: 'Close the page', 'zh-Hans': '关闭页面' },
  'xstate.route': { en: 'Address or Back opens a screen', 'zh-Hans': '地址或返回键打开页面' },
}

/** The calls the machine makes (its invoked actors); their answers are the events "… answered" and "… failed". */
export const callWords: Record<keyof typeof appActors, Words> = {
  resolveBaseUrl: { en: 'find the server address', 'zh-Hans': '确定服务器地址' },
  lookupChannel: { en: 'look up the channel', 'zh-Hans': '查询渠道' },
  showUser: { en: 'load the borrower', 'zh-Hans': '加载用户信息' },
  getLoanUserStatus: { en: 'load the loan status', 'zh-Hans': '查询借款进度' },
  trialLoan: { en: 'price the loan', 'zh-Hans': '试算借款' },
  updateLoanUser: { en: 'save the step', 'zh-Hans': '保存本步信息' },
  startBiometricSession: { en: 'start the face check', 'zh-Hans': '发起人脸核验' },
  getBiometricResult: { en: "ask the face check's result", 'zh-Hans': '查询人脸核验结果' },
  saveContacts: { en: 'save the contacts', 'zh-Hans': '保存联系人' },
  sendCardCode: { en: "send the card's SMS code", 'zh-Hans': '发送绑卡验证码' },
  confirmCard: { en: 'bind the card', 'zh-Hans': '绑定银行卡' },
  showCard: { en: 'load the bound card', 'zh-Hans': '加载已绑银行卡' },
  reportDevice: { en: 'report the device', 'zh-Hans': '上报设备信息' },
  getCreditDecision: { en: 'ask the credit decision', 'zh-Hans': '查询授信结果' },
  listSupermarketProducts: { en: "list other lenders' products", 'zh-Hans': '加载其他机构产品' },
  listMatches: { en: 'list the matching lenders', 'zh-Hans': '加载匹配机构' },
  getContract: { en: 'load the contract', 'zh-Hans': '加载合同' },
  getAgreement: { en: 'load the agreement', 'zh-Hans': '加载协议' },
  sendLenderCardCode: { en: "send the lender's SMS code", 'zh-Hans': '发送机构验证码' },
  confirmLenderCard: { en: 'bind the card for the lender', 'zh-Hans': '为机构绑定银行卡' },
  applyLoan: { en: 'apply for the loan', 'zh-Hans': '提交借款申请' },
  getRepayPlan: { en: 'load the repayment plan', 'zh-Hans': '加载还款计划' },
  trialRepayment: { en: 'price the repayment', 'zh-Hans': '试算还款' },
  submitRepayment: { en: 'pay', 'zh-Hans': '提交还款' },
  showRewardProduct: { en: 'load the rights card', 'zh-Hans': '加载权益卡' },
  buyRewardProduct: { en: 'buy the rights card', 'zh-Hans': '购买权益卡' },
  getRewardOrder: { en: "ask the order's status", 'zh-Hans': '查询订单状态' },
  requestContractDownload: { en: 'ask for the contract download', 'zh-Hans': '申请下载合同' },
}

/** The machine's waits before it asks again. */
export const delayWords: Record<PollDelay, Words> = {
  creditPollDelay: { en: 'After a wait, ask the credit decision again', 'zh-Hans': '稍候再次查询授信结果' },
  livenessPollDelay: { en: "After a wait, ask the face check's result again", 'zh-Hans': '稍候再次查询人脸核验结果' },
  rewardPollDelay: { en: "After a wait, ask the order's status again", 'zh-Hans': '稍候再次查询订单状态' },
  repaymentPollDelay: { en: "After a wait, ask the repayment's result again", 'zh-Hans': '稍候再次查询还款结果' },
  disbursementPollDelay: { en: "After a wait, ask the payout's progress again", 'zh-Hans': '稍候再次查询放款进度' },
}

/**
 * The steps inside a screen, by the name the shapes give them (`editing`, `sendingCode`): a screen's
 * inner states are read as "Bank card · sending the code". A key missing here is shown as its name.
 */
export const stepWords: Record<string, Words> = {
  app: { en: 'the app', 'zh-Hans': '应用' },
  boot: { en: 'starting', 'zh-Hans': '启动' },
  verifyingBorrower: { en: 'checking who logged in', 'zh-Hans': '核对登录的借款人' },
  asking: { en: 'asking the server', 'zh-Hans': '询问服务器' },
  resolvingBaseUrl: { en: 'finding the server', 'zh-Hans': '确定服务器地址' },
  lookingUpChannel: { en: 'looking up the channel', 'zh-Hans': '查询渠道' },
  lookingUpChannelBesideHome: { en: "looking up the channel beside home's calls", 'zh-Hans': '查询渠道，同时加载首页' },
  channel: { en: 'the channel', 'zh-Hans': '渠道' },
  home: { en: 'home', 'zh-Hans': '首页' },
  statusFailed: { en: 'the loan status failed', 'zh-Hans': '借款进度加载失败' },
  loggedOut: { en: 'the login expired', 'zh-Hans': '登录已失效' },
  routing: { en: 'choosing the first screen', 'zh-Hans': '选择首个页面' },
  failed: { en: 'failed, may retry', 'zh-Hans': '失败，可重试' },
  session: { en: 'logged in', 'zh-Hans': '已登录' },
  hist: { en: 'where the borrower was', 'zh-Hans': '原来的位置' },
  screens: { en: 'the screens', 'zh-Hans': '各页面' },
  loading: { en: 'loading', 'zh-Hans': '加载中' },
  user: { en: 'the borrower', 'zh-Hans': '用户信息' },
  fetching: { en: 'asking', 'zh-Hans': '查询中' },
  done: { en: 'done', 'zh-Hans': '完成' },
  status: { en: 'the loan status', 'zh-Hans': '借款进度' },
  rights: { en: 'rights card', 'zh-Hans': '权益卡' },
  ready: { en: 'ready', 'zh-Hans': '就绪' },
  pricing: { en: 'pricing', 'zh-Hans': '试算中' },
  editing: { en: 'filling in', 'zh-Hans': '填写中' },
  submitting: { en: 'submitting', 'zh-Hans': '提交中' },
  startingSession: { en: 'starting the face check', 'zh-Hans': '发起人脸核验' },
  verifying: { en: "at the vendor's face check", 'zh-Hans': '服务商人脸核验中' },
  checking: { en: 'reading the result', 'zh-Hans': '查询结果' },
  waiting: { en: 'waiting', 'zh-Hans': '等待中' },
  slow: { en: 'taking long', 'zh-Hans': '耗时较长' },
  sendingCode: { en: 'sending the code', 'zh-Hans': '发送验证码中' },
  codeSent: { en: 'code sent', 'zh-Hans': '验证码已发出' },
  confirming: { en: 'binding', 'zh-Hans': '绑定中' },
  askingWhetherBound: { en: 'asking whether the card was bound', 'zh-Hans': '确认银行卡是否已绑定' },
  reportingDevice: { en: 'reporting the device', 'zh-Hans': '上报设备信息' },
  polling: { en: 'waiting for the answer', 'zh-Hans': '等待结果' },
  deciding: { en: 'reading the answer', 'zh-Hans': '判定结果' },
  approved: { en: 'approved', 'zh-Hans': '已通过' },
  rejected: { en: 'declined', 'zh-Hans': '被拒绝' },
  loadingProducts: { en: "loading other lenders' products", 'zh-Hans': '加载其他机构产品' },
  loadingCard: { en: 'loading the card', 'zh-Hans': '加载银行卡' },
  confirmingCard: { en: 'binding the card for the lender', 'zh-Hans': '为机构绑卡中' },
  applying: { en: 'applying', 'zh-Hans': '提交申请中' },
  applyUncertain: { en: "the application's answer was lost", 'zh-Hans': '申请结果未知' },
  savingContract: { en: 'saving the contract', 'zh-Hans': '保存合同中' },
  payingOut: { en: 'paying out', 'zh-Hans': '放款中' },
  loadingStatus: { en: 'loading the loan status', 'zh-Hans': '加载借款进度' },
  loadingPlan: { en: 'loading the plan', 'zh-Hans': '加载还款计划' },
  trialing: { en: 'pricing the repayment', 'zh-Hans': '试算还款' },
  rereadingPlan: { en: 'reading the plan again', 'zh-Hans': '重新加载还款计划' },
  repricing: { en: 'pricing the repayment again', 'zh-Hans': '重新试算还款' },
  paying: { en: 'paying', 'zh-Hans': '付款中' },
  uncertain: { en: "the payment's answer was lost", 'zh-Hans': '付款结果未知' },
  succeeded: { en: 'succeeded', 'zh-Hans': '成功' },
  processing: { en: 'processing', 'zh-Hans': '处理中' },
  offer: { en: 'the offer', 'zh-Hans': '权益介绍' },
  checkingCard: { en: 'checking the card', 'zh-Hans': '检查银行卡' },
  noCard: { en: 'no card bound', 'zh-Hans': '未绑卡' },
  buying: { en: 'buying', 'zh-Hans': '购买中' },
  settling: { en: 'waiting for the order', 'zh-Hans': '等待订单结果' },
  owned: { en: 'owned', 'zh-Hans': '已拥有' },
  unavailable: { en: 'not on sale', 'zh-Hans': '暂不可售' },
  overlay: { en: 'a page over the screen', 'zh-Hans': '覆盖页' },
  choosing: { en: 'choosing the page', 'zh-Hans': '选择页面' },
}

/** Words that read the same in every flow: how an answer, a failure and the rest of XState's own events are said. */
export const machineWords = {
  answered: { en: '{call}: answered', 'zh-Hans': '{call}：完成' },
  callFailed: { en: '{call}: failed', 'zh-Hans': '{call}：失败' },
  stateDone: { en: 'When {state} is done', 'zh-Hans': '{state}完成后' },
  always: { en: 'At once', 'zh-Hans': '立即' },
  route: { en: 'Address or Back opens it', 'zh-Hans': '地址或返回键打开' },
  otherwise: { en: 'otherwise', 'zh-Hans': '否则' },
  condition: { en: 'if {rule}', 'zh-Hans': '条件：{rule}' },
  inPlace: { en: 'stays where it is', 'zh-Hans': '停留原处' },
  anywhere: { en: 'from any screen', 'zh-Hans': '任意页面' },
} satisfies Record<string, Words>
