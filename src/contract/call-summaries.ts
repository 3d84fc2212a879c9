import type { CallName } from './calls'

/*
 * What each call of the contract does, in a sentence: the OpenAPI document's summaries. Kept out of
 * the call table (calls.ts), which the page bundles: the page never shows them, and their bytes would
 * be on the first screen.
 */
export const callSummaries: Record<CallName, string> = {
  initConfig: 'Init config file: the API base URLs for development and production builds.',
  lookupChannel: 'Channel lookup. `is_login_required == 1` means login is NOT required.',
  listSupermarketProducts: "Other lenders' products, shown after a rejection and when loanExcess is true.",
  listRegions: 'GB/T 2260 regions: provinces without `parent_id`, the children of `parent_id`, or a `keyword` search across levels.',
  listMatches: 'Lenders matched to an approved borrower.',
  getAgreement: 'Agreement text as HTML in the asked locale (`lang`, default zh-Hans).',
  showUser: 'The logged-in borrower.',
  startBiometricSession: "Starts a liveness check; `verify_url` is the vendor's page, which returns to `return_url`. The outcome is read with GET /v2/biometric-verification, never from the return URL.",
  getBiometricResult: 'Liveness result; on `passed` the identity read from the ID document prefills basic info.',
  updateLoanUser: 'Saves one section of the application (`demand`, `basic` or `asset`); the body repeats the id. Answers the new status.',
  saveContacts: 'The two emergency contacts (the first an immediate relative).',
  sendCardCode: 'Sends an SMS code to the phone reserved at the bank for this debit card.',
  confirmCard: 'Binds the card with the SMS code, under the entrusted automatic deduction agreement.',
  sendLenderCardCode: "Sends an SMS code to bind the borrower's card for the chosen lender.",
  confirmLenderCard: 'Confirms the card binding for the lender with the SMS code.',
  showCard: 'The bound debit card, or null.',
  checkCard: 'Whether a usable card is bound (for repayments and the rights purchase).',
  reportDevice: 'Device facts recorded with the application for risk review.',
  getCreditDecision: 'The credit decision; poll while `reviewing`, no sooner than `retry_after` seconds. `reason_code` is a code the page translates.',
  getLoanUserStatus: "The borrower's step, demand, loans and last repayment; the page resumes from it.",
  trialLoan: 'Prices a loan: equal-installment schedule, APR first. Without `lender_id`, the reference price.',
  applyLoan: 'Applies for the loan with the chosen lender.',
  getRepayPlan: 'The schedule of a loan, each period marked paid, due, upcoming or overdue.',
  trialRepayment: 'What repaying the chosen periods costs; `periods` is a comma-separated list.',
  submitRepayment: 'Repays the chosen periods from the bound card. `amount` must equal the trial total, so a changed price is refused rather than charged.',
  getContract: "The lender's loan contract or its third-party protocol, as HTML.",
  requestContractDownload:
    "A one-time download of the signed contract of the borrower's loan (`loan_id`, else the current one): `url` needs no token, serves the document once (`Content-Disposition: attachment`), and expires at `expires_at`. The page hands it to the host's `openUrl`.",
  showRewardProduct: 'The membership-rights card on sale, and whether the borrower owns it.',
  buyRewardProduct: 'Buys the rights card, deducted from the bound card.',
  getRewardOrder: 'A rights order; poll while `pending`.',
}
