import { cnMobilePrefixes } from './cn-mobile-prefixes'
import { immediateRelations, loanLimits } from './entities'

/*
 * The field rules of docs/product-rules.md#field-rules, shared by the forms (checked before any call is made)
 * and the sandbox (which answers a violation with body status 1001). Every check is pure: it
 * returns a rule code or null, never copy; the locale files hold one message per code under
 * `fieldRules.<code>`. The clock is never read here: age checks take `today`.
 *
 * Values are checked exactly as they will be sent. Inputs that display spaces while typing
 * (card number, phone) go through `digitsOf` first.
 */

export const fieldRuleCodes = [
  'name.required',
  'name.length',
  'name.invalid',
  'idNumber.required',
  'idNumber.format',
  'idNumber.region',
  'idNumber.checkDigit',
  'idNumber.birthDate',
  'idNumber.tooYoung',
  'idNumber.tooOld',
  'mobile.required',
  'mobile.invalid',
  'smsCode.required',
  'smsCode.invalid',
  'bankCard.required',
  'bankCard.length',
  'bankCard.leadingZero',
  'bankCard.luhn',
  'bankCard.luhnWarning',
  'email.invalid',
  'address.required',
  'address.length',
  'contacts.count',
  'contacts.relationInvalid',
  'contacts.firstNotImmediate',
  'contacts.nameInvalid',
  'contacts.nameIsBorrower',
  'contacts.phoneInvalid',
  'contacts.phoneDuplicate',
  'contacts.phoneIsBorrower',
  'amount.invalid',
  'amount.range',
  'amount.step',
  'term.invalid',
] as const

export type FieldRuleCode = (typeof fieldRuleCodes)[number]

/**
 * A warning is shown but does not block the borrower: some real UnionPay 62-cards fail Luhn, so
 * refusing them would lock real borrowers out. Everything else blocks.
 */
export const fieldRuleWarningCodes = ['bankCard.luhnWarning'] as const satisfies readonly FieldRuleCode[]

export function isBlockingRule(code: FieldRuleCode | null): boolean {
  return code !== null && !(fieldRuleWarningCodes as readonly FieldRuleCode[]).includes(code)
}

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
function charCount(text: string): number {
  return [...text].length
}

/** Removes everything but digits: the value a formatted card or phone input sends. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
}

// Han names may join parts with a middle dot (少数民族 and transliterated names: 阿沛·阿旺晋美).
const hanName = /^\p{Script=Han}+(?:[·・•]\p{Script=Han}+)*$/u
const latinName = /^[A-Za-z]+(?: [A-Za-z]+)*$/

/** 2–20 characters: Chinese characters (parts joined by ·) or Latin letters and single spaces. */
export function checkName(name: string): FieldRuleCode | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'name.required'
  const length = charCount(trimmed)
  if (length < 2 || length > 20) return 'name.length'
  if (!hanName.test(trimmed) && !latinName.test(trimmed)) return 'name.invalid'
  return null
}

const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const idCheckChars = '10X98765432'

/** The GB 11643 check character for the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0
  for (let index = 0; index < 17; index += 1) sum += Number(first17[index]) * (idWeights[index] ?? 0)
  return idCheckChars.charAt(sum % 11)
}

/** `{year, month, day}` of an ISO date if it is a real calendar date. */
function calendarDate(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  ) {
    return null
  }
  return { year, month, day }
}

/** Whole years between two ISO dates (a birthday on 29 February counts from 1 March in other years). */
export function ageOn(birthDate: string, today: string): number | null {
  const birth = calendarDate(birthDate)
  const now = calendarDate(today)
  if (!birth || !now) return null
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birth.day)
  return now.year - birth.year - (hadBirthday ? 0 : 1)
}

/** Today's ISO date in China (UTC+8, no daylight saving), where ID ages are counted. */
export function chinaDateOf(epochMs: number): string {
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 10)
}

export interface IdNumberFacts {
  regionCode: string
  birthDate: string
  sex: 'male' | 'female'
}

const idShape = /^[1-9]\d{16}[\dXx]$/

/**
 * The first two digits of a resident ID number: a GB/T 2260 province-level code (11 Beijing … 65
 * Xinjiang, 71 Taiwan, 81 Hong Kong, 82 Macao), plus 83, which residence permits of Taiwan
 * residents use (GB/T 2260 has none for it, but those permits are real IDs borrowers hold).
 */
export const idProvinceCodes: readonly string[] = [
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]

/** What the ID field sends: the number without the spaces a paste brings, X upper-cased. */
export function normaliseIdNumber(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase()
}

/** Region, birth date and sex of an 18-character ID number; null if it is not well formed. */
export function parseIdNumber(id: string): IdNumberFacts | null {
  if (!idShape.test(id)) return null
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`
  if (!calendarDate(birthDate)) return null
  // The 17th digit is the sequence's last: odd for men, even for women.
  const sex = Number(id[16]) % 2 === 1 ? 'male' : 'female'
  return { regionCode: id.slice(0, 6), birthDate, sex }
}

export const borrowerMinAge = 18
export const borrowerMaxAge = 60

/** GB 11643: 17 digits and a check character (X for 10), a real birth date, age 18–60 on `today`. */
export function checkIdNumber(raw: string, today: string): FieldRuleCode | null {
  const id = normaliseIdNumber(raw)
  if (id === '') return 'idNumber.required'
  if (!idShape.test(id)) return 'idNumber.format'
  if (!idProvinceCodes.includes(id.slice(0, 2))) return 'idNumber.region'
  if (idCheckDigit(id.slice(0, 17)) !== id.charAt(17).toUpperCase()) return 'idNumber.checkDigit'
  const facts = parseIdNumber(id)
  if (!facts || facts.birthDate > today) return 'idNumber.birthDate'
  const age = ageOn(facts.birthDate, today)
  if (age === null) return 'idNumber.birthDate'
  if (age < borrowerMinAge) return 'idNumber.tooYoung'
  if (age > borrowerMaxAge) return 'idNumber.tooOld'
  return null
}

/**
 * A valid ID number for tests and the sandbox's personas: `regionCode` is 6 digits (GB/T 2260),
 * `birthDate` ISO, `seq` 0–999 (odd for a man, even for a woman).
 */
export function makeIdNumber(regionCode: string, birthDate: string, seq: number): string {
  if (!/^[1-9]\d{5}$/.test(regionCode)) throw new RangeError(`region code ${regionCode}`)
  if (!calendarDate(birthDate)) throw new RangeError(`birth date ${birthDate}`)
  if (!Number.isInteger(seq) || seq < 0 || seq > 999) throw new RangeError(`sequence ${seq}`)
  const first17 = `${regionCode}${birthDate.replace(/-/g, '')}${String(seq).padStart(3, '0')}`
  return first17 + idCheckDigit(first17)
}

/**
 * A mainland mobile number as borrowers paste it (`+86 138-0013-8000`, `0086…`, `86…`) reduced to
 * its 11 digits; anything else comes back as its digits, for the rule to refuse.
 */
export function normaliseMobile(text: string): string {
  const trimmed = text.trim()
  const digits = digitsOf(trimmed)
  for (const prefix of ['0086', '86']) {
    if (digits.length === prefix.length + 11 && digits.startsWith(prefix) && digits[prefix.length] === '1') {
      return digits.slice(prefix.length)
    }
  }
  return digits
}

/**
 * Mainland mobile ranges as libphonenumber knows them (the generated cn-mobile-prefixes table;
 * a plain `1[3-9]` pattern accepts unassigned and data-only ranges such as 140, 154 or 194).
 */
export function isMainlandMobile(digits: string): boolean {
  return /^1\d{10}$/.test(digits) && cnMobilePrefixes.some((prefix) => digits.startsWith(prefix))
}

export function checkMobile(phone: string): FieldRuleCode | null {
  if (phone.trim() === '') return 'mobile.required'
  // Letters are never part of a number: `138abc00138000` is a typo, not digits to pick out.
  if (/[^\d\s+().-]/.test(phone)) return 'mobile.invalid'
  return isMainlandMobile(normaliseMobile(phone)) ? null : 'mobile.invalid'
}

export function checkSmsCode(code: string): FieldRuleCode | null {
  if (code === '') return 'smsCode.required'
  return /^\d{6}$/.test(code) ? null : 'smsCode.invalid'
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * 16–19 digits passing Luhn. A UnionPay card (starting 62) failing Luhn answers
 * `bankCard.luhnWarning`, which `isBlockingRule` reports as not blocking.
 */
export function checkBankCard(cardNumber: string): FieldRuleCode | null {
  if (cardNumber === '') return 'bankCard.required'
  if (!/^\d{16,19}$/.test(cardNumber)) return 'bankCard.length'
  // No issuer number (ISO/IEC 7812) starts with 0, and 0000… would pass Luhn.
  if (cardNumber.startsWith('0')) return 'bankCard.leadingZero'
  if (passesLuhn(cardNumber)) return null
  return cardNumber.startsWith('62') ? 'bankCard.luhnWarning' : 'bankCard.luhn'
}

// The WHATWG form rule for type=email, with at least one dot in the domain.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** Optional: empty or absent passes. */
export function checkEmail(email: string | null | undefined): FieldRuleCode | null {
  if (email === undefined || email === null || email.trim() === '') return null
  if (email.length > 254 || !emailPattern.test(email.trim())) return 'email.invalid'
  return null
}

export function checkAddress(address: string): FieldRuleCode | null {
  const trimmed = address.trim()
  if (trimmed === '') return 'address.required'
  const length = charCount(trimmed)
  return length < 5 || length > 100 ? 'address.length' : null
}

export interface ContactInput {
  relation: string
  name: string
  phone: string
}

export interface ContactIssue {
  /** Which contact (0 or 1), or null for the list as a whole. */
  index: 0 | 1 | null
  field: 'relation' | 'name' | 'phone' | null
  code: FieldRuleCode
}

const knownRelations = ['parent', 'spouse', 'child', 'sibling', 'friend', 'colleague', 'other']

/**
 * Every problem of the two emergency contacts, each pointing at its field so a form can show it
 * in place: exactly two; the first an immediate relative; names valid and not the borrower's;
 * phones valid, distinct from each other and from the borrower's.
 */
export function contactIssues(
  contacts: readonly ContactInput[],
  borrower: { name?: string | null; phone?: string | null },
): ContactIssue[] {
  if (contacts.length !== 2) return [{ index: null, field: null, code: 'contacts.count' }]
  const issues: ContactIssue[] = []
  const borrowerName = borrower.name?.trim() ?? ''
  const borrowerPhone = borrower.phone ?? ''
  contacts.forEach((contact, position) => {
    const index = position as 0 | 1
    if (!knownRelations.includes(contact.relation)) {
      issues.push({ index, field: 'relation', code: 'contacts.relationInvalid' })
    } else if (
      index === 0 &&
      !(immediateRelations as readonly string[]).includes(contact.relation)
    ) {
      issues.push({ index, field: 'relation', code: 'contacts.firstNotImmediate' })
    }
    if (checkName(contact.name) !== null) {
      issues.push({ index, field: 'name', code: 'contacts.nameInvalid' })
    } else if (borrowerName !== '' && contact.name.trim() === borrowerName) {
      issues.push({ index, field: 'name', code: 'contacts.nameIsBorrower' })
    }
    const phone = normaliseMobile(contact.phone)
    if (checkMobile(contact.phone) !== null) {
      issues.push({ index, field: 'phone', code: 'contacts.phoneInvalid' })
    } else if (borrowerPhone !== '' && phone === normaliseMobile(borrowerPhone)) {
      issues.push({ index, field: 'phone', code: 'contacts.phoneIsBorrower' })
    } else if (index === 1 && phone === normaliseMobile(contacts[0]?.phone ?? '')) {
      issues.push({ index, field: 'phone', code: 'contacts.phoneDuplicate' })
    }
  })
  return issues
}

/** The first contact problem's code, or null: what the sandbox answers with. */
export function checkContacts(
  contacts: readonly ContactInput[],
  borrower: { name?: string | null; phone?: string | null },
): FieldRuleCode | null {
  return contactIssues(contacts, borrower)[0]?.code ?? null
}

/** An amount in fen within `loanLimits`: 1,000–200,000 CNY in steps of 100 CNY. */
export function checkAmount(amountFen: number): FieldRuleCode | null {
  if (!Number.isSafeInteger(amountFen)) return 'amount.invalid'
  if (amountFen < loanLimits.minAmount || amountFen > loanLimits.maxAmount) return 'amount.range'
  return amountFen % loanLimits.amountStep === 0 ? null : 'amount.step'
}

export function checkTerm(termMonths: number): FieldRuleCode | null {
  return (loanLimits.termsMonths as readonly number[]).includes(termMonths) ? null : 'term.invalid'
}

function groupDigits(digits: string, sizes: readonly number[], rest: number): string {
  const groups: string[] = []
  let cursor = 0
  let index = 0
  while (cursor < digits.length) {
    const size = sizes[index] ?? rest
    groups.push(digits.slice(cursor, cursor + size))
    cursor += size
    index += 1
  }
  return groups.join(' ')
}

/** As-you-type display of a card number: `6222 0202 0000 1234 567`. */
export function formatCardNumber(input: string): string {
  return groupDigits(digitsOf(input).slice(0, 19), [], 4)
}

/** As-you-type display of a mobile number, 3-4-4: `138 0013 8000` (a pasted `+86 ` prefix goes). */
export function formatPhone(input: string): string {
  return groupDigits(normaliseMobile(input).slice(0, 11), [3, 4, 4], 4)
}
