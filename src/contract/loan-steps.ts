/**
 * The loan user's steps in the order the borrower goes through them. The contract validates the
 * server's status against this list and the machine orders its funnel by it; it is plain data, so
 * the machine takes it without any of the contract's validation code.
 */
export const loanSteps = [
  'demand',
  'face',
  'basic',
  'asset',
  'contact',
  'bank_card',
  'review',
  'approved',
  'rejected',
  'applied',
  'repaying',
  'overdue',
  'settled',
] as const
export type LoanStep = (typeof loanSteps)[number]
