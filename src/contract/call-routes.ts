/*
 * Where each call of the contract goes: its method and path, beside nothing else. The page's entry
 * sends boot's calls before the contract's schemas (and zod) have loaded, so the routes stand apart
 * from them; src/contract/calls.ts builds every call on its route.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT'

export const callRoutes = {
  initConfig: { method: 'GET', path: '/config/init.json' },
  lookupChannel: { method: 'GET', path: '/api/channel/{channel}' },
  listSupermarketProducts: { method: 'GET', path: '/api/loan-supermarket-products' },
  listRegions: { method: 'GET', path: '/api/sys-geo' },
  listMatches: { method: 'GET', path: '/api/user-info/matches' },
  getAgreement: { method: 'GET', path: '/api/sys-protocols/{key}' },
  showUser: { method: 'GET', path: '/api/users/show' },
  startBiometricSession: { method: 'POST', path: '/v2/biometric-verification/session' },
  getBiometricResult: { method: 'GET', path: '/v2/biometric-verification' },
  updateLoanUser: { method: 'PUT', path: '/v2/loan-user/{id}' },
  saveContacts: { method: 'POST', path: '/v2/contact-info' },
  sendCardCode: { method: 'POST', path: '/v2/bank-card/send-code' },
  confirmCard: { method: 'POST', path: '/v2/bank-card/confirm' },
  sendLenderCardCode: { method: 'POST', path: '/v2/bank-card/loan/send-code' },
  confirmLenderCard: { method: 'POST', path: '/v2/bank-card/loan/confirm' },
  showCard: { method: 'GET', path: '/v2/bank-card/show' },
  checkCard: { method: 'GET', path: '/v2/bank-card/check' },
  reportDevice: { method: 'POST', path: '/v2/device-info' },
  getCreditDecision: { method: 'GET', path: '/v2/loan-user-status/credit' },
  getLoanUserStatus: { method: 'GET', path: '/v2/loan-user-status' },
  trialLoan: { method: 'GET', path: '/v2/loan-trial' },
  applyLoan: { method: 'POST', path: '/v2/loan-user-status/apply' },
  getRepayPlan: { method: 'GET', path: '/v2/repay-plan' },
  trialRepayment: { method: 'GET', path: '/v2/loan-user-status/repay-trial' },
  submitRepayment: { method: 'POST', path: '/v2/loan-user-status/repayments' },
  getContract: { method: 'GET', path: '/v2/contract-agreement' },
  requestContractDownload: { method: 'POST', path: '/v2/contract-agreement/download-ticket' },
  showRewardProduct: { method: 'GET', path: '/v2/reward-product/show' },
  buyRewardProduct: { method: 'POST', path: '/v2/reward-product/buy' },
  getRewardOrder: { method: 'GET', path: '/v2/reward-orders/show' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>
