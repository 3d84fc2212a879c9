/*
 * A small issuer table (BIN = the card number's first six digits) for five large banks, enough for
 * the sandbox to name the bank and to refuse credit cards the way a real payment gateway does.
 * Real BIN tables have tens of thousands of rows and live with the payment provider.
 */

export interface BankBin {
  prefix: string
  bank_code: 'ICBC' | 'CCB' | 'ABC' | 'BOC' | 'CMB'
  bank_name: string
  card_type: 'debit' | 'credit'
}

export const bins: readonly BankBin[] = [
  { prefix: '622202', bank_code: 'ICBC', bank_name: '中国工商银行', card_type: 'debit' },
  { prefix: '621226', bank_code: 'ICBC', bank_name: '中国工商银行', card_type: 'debit' },
  { prefix: '427020', bank_code: 'ICBC', bank_name: '中国工商银行', card_type: 'credit' },
  { prefix: '621700', bank_code: 'CCB', bank_name: '中国建设银行', card_type: 'debit' },
  { prefix: '622700', bank_code: 'CCB', bank_name: '中国建设银行', card_type: 'debit' },
  { prefix: '436742', bank_code: 'CCB', bank_name: '中国建设银行', card_type: 'credit' },
  { prefix: '622848', bank_code: 'ABC', bank_name: '中国农业银行', card_type: 'debit' },
  { prefix: '622845', bank_code: 'ABC', bank_name: '中国农业银行', card_type: 'debit' },
  { prefix: '552599', bank_code: 'ABC', bank_name: '中国农业银行', card_type: 'credit' },
  { prefix: '601382', bank_code: 'BOC', bank_name: '中国银行', card_type: 'debit' },
  { prefix: '621661', bank_code: 'BOC', bank_name: '中国银行', card_type: 'debit' },
  { prefix: '438088', bank_code: 'BOC', bank_name: '中国银行', card_type: 'credit' },
  { prefix: '621483', bank_code: 'CMB', bank_name: '招商银行', card_type: 'debit' },
  { prefix: '622588', bank_code: 'CMB', bank_name: '招商银行', card_type: 'debit' },
  { prefix: '439225', bank_code: 'CMB', bank_name: '招商银行', card_type: 'credit' },
  { prefix: '622575', bank_code: 'CMB', bank_name: '招商银行', card_type: 'credit' },
]

export function binOf(cardNumber: string): BankBin | undefined {
  return bins.find((bin) => cardNumber.startsWith(bin.prefix))
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Completes `body` (digits) with the Luhn check digit; for seeding and tests. */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) {
    if (luhnValid(body + d)) return body + d
  }
  throw new Error('unreachable: one check digit always fits')
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}
