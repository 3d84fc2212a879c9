import { expect, test } from 'vitest'
import {
  normaliseIdNumber,
  normaliseMobile,
  passesLuhn,
  checkAddress,
  checkAmount,
  checkBankCard,
  checkContacts,
  checkEmail,
  checkIdNumber,
  checkMobile,
  checkName,
  checkSmsCode,
  checkTerm,
  chinaDateOf,
  contactIssues,
  digitsOf,
  fieldRuleCodes,
  formatCardNumber,
  formatPhone,
  isBlockingRule,
  makeIdNumber,
  parseIdNumber,
  idCheckDigit,
} from './field-rules'

const today = '2025-06-15'

// rules: field-name
test('Chinese names (with a middle dot) and Latin names pass', () => {
  expect(checkName('张三')).toBeNull()
  expect(checkName('阿沛·阿旺晋美')).toBeNull()
  expect(checkName('Li Lei')).toBeNull()
  expect(checkName('  王小明 ')).toBeNull()
})

// rules: field-name
test('names that are empty, too short, too long or mixed are refused', () => {
  expect(checkName('')).toBe('name.required')
  expect(checkName('张')).toBe('name.length')
  expect(checkName('a'.repeat(21))).toBe('name.length')
  expect(checkName('张3')).toBe('name.invalid')
  expect(checkName('张Li')).toBe('name.invalid')
  expect(checkName('·张三')).toBe('name.invalid')
  expect(checkName('Li  Lei')).toBe('name.invalid')
})

test('the well-known sample ID number 11010519491231002X has a valid check digit', () => {
  expect(checkIdNumber('11010519491231002X', '1990-01-01')).toBe(null)
  expect(checkIdNumber('11010519491231002x', '1990-01-01')).toBe(null)
  expect(checkIdNumber('110105194912310021', '1990-01-01')).toBe('idNumber.checkDigit')
})

test('ID numbers made by makeIdNumber pass and carry birth date and sex', () => {
  const id = makeIdNumber('440305', '1990-03-07', 123)
  expect(id).toHaveLength(18)
  expect(checkIdNumber(id, today)).toBeNull()
  expect(parseIdNumber(id)).toEqual({ regionCode: '440305', birthDate: '1990-03-07', sex: 'male' })
  expect(parseIdNumber(makeIdNumber('440305', '1990-03-07', 124))?.sex).toBe('female')
})

// rules: field-id-number
test('ID numbers with a wrong shape or an impossible birth date are refused', () => {
  expect(checkIdNumber('', today)).toBe('idNumber.required')
  expect(checkIdNumber('4403051990030712', today)).toBe('idNumber.format')
  expect(checkIdNumber('44030519900307123Y', today)).toBe('idNumber.format')
  // 30 February, with its check digit computed so only the date is wrong.
  const first17 = '44030519900230123'
  const impossible = first17 + checkCharFor(first17)
  expect(checkIdNumber(impossible, today)).toBe('idNumber.birthDate')
  expect(checkIdNumber(makeIdNumber('440305', '2030-01-01', 1), today)).toBe('idNumber.birthDate')
})

function checkCharFor(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0)
  return '10X98765432'.charAt(sum % 11)
}

// rules: field-id-number
test('borrowers must be 18 to 60 on the day they apply', () => {
  expect(checkIdNumber(makeIdNumber('110105', '2007-06-15', 11), today)).toBeNull()
  expect(checkIdNumber(makeIdNumber('110105', '2007-06-16', 11), today)).toBe('idNumber.tooYoung')
  expect(checkIdNumber(makeIdNumber('110105', '1964-06-16', 11), today)).toBeNull()
  expect(checkIdNumber(makeIdNumber('110105', '1964-06-15', 11), today)).toBe('idNumber.tooOld')
})

test('makeIdNumber refuses nonsense input', () => {
  expect(() => makeIdNumber('12345', '1990-01-01', 1)).toThrow(RangeError)
  expect(() => makeIdNumber('110105', '1990-02-30', 1)).toThrow(RangeError)
  expect(() => makeIdNumber('110105', '1990-01-01', 1000)).toThrow(RangeError)
})

// rules: field-id-number
test("today's date is counted in China time", () => {
  expect(chinaDateOf(Date.UTC(2025, 0, 1, 16, 30))).toBe('2025-01-02')
  expect(chinaDateOf(Date.UTC(2025, 0, 1, 15, 59))).toBe('2025-01-01')
})

// rules: field-mobile
test('mobile numbers are eleven digits in an assigned mainland mobile range', () => {
  expect(checkMobile('13800138000')).toBeNull()
  expect(checkMobile('19912345678')).toBeNull()
  expect(checkMobile('17400512345')).toBeNull()
  expect(checkMobile('')).toBe('mobile.required')
  expect(checkMobile('12800138000')).toBe('mobile.invalid')
  expect(checkMobile('1380013800')).toBe('mobile.invalid')
  expect(checkMobile('138abc00138000')).toBe('mobile.invalid')
})

// rules: field-mobile
test.each(['140', '141', '142', '143', '144', '146', '148', '149', '154', '160', '161', '163', '164', '168', '169', '179', '194'])(
  'the unassigned or non-mobile range %s is refused, though 1[3-9] matches it',
  (prefix) => {
    expect(checkMobile(prefix.padEnd(11, '5'))).toBe('mobile.invalid')
  },
)

// rules: field-mobile
test('pasted numbers with +86, 0086, 86, spaces and hyphens are accepted and normalised', () => {
  for (const pasted of ['+86 138 0013 8000', '0086-138-0013-8000', '8613800138000', ' 138-0013-8000 ', '+86 (138) 0013 8000']) {
    expect(checkMobile(pasted), pasted).toBeNull()
    expect(normaliseMobile(pasted), pasted).toBe('13800138000')
    expect(formatPhone(pasted), pasted).toBe('138 0013 8000')
  }
  expect(checkMobile('+86 140 0013 8000')).toBe('mobile.invalid')
  expect(checkMobile('+1 138 0013 8000')).toBe('mobile.invalid')
})

// rules: field-id-number
test('an ID number must start with a GB/T 2260 province code; spaces around it are trimmed', () => {
  const today = '2026-03-10'
  const valid = makeIdNumber('440305', '1990-03-07', 123)
  expect(checkIdNumber(`  ${valid} `, today)).toBeNull()
  expect(normaliseIdNumber(` ${valid.slice(0, 6)} ${valid.slice(6)} `)).toBe(valid)
  for (const region of ['000000', '100000', '190000', '660000', '900000', '991234']) {
    const first17 = `${region}19900307123`
    expect(checkIdNumber(first17 + idCheckDigit(first17), today), region).toBe(region.startsWith('0') ? 'idNumber.format' : 'idNumber.region')
  }
  expect(checkIdNumber(makeIdNumber('810000', '1990-03-07', 123), today)).toBeNull()
})

// rules: field-bank-card
test('no card number starts with 0, though 0000000000000000 passes Luhn', () => {
  expect(passesLuhn('0000000000000000')).toBe(true)
  expect(checkBankCard('0000000000000000')).toBe('bankCard.leadingZero')
  expect(isBlockingRule(checkBankCard('0222020000123456786'))).toBe(true)
})

// rules: field-sms-code
test('SMS codes are six digits', () => {
  expect(checkSmsCode('012345')).toBeNull()
  expect(checkSmsCode('')).toBe('smsCode.required')
  expect(checkSmsCode('12345')).toBe('smsCode.invalid')
  expect(checkSmsCode('12345a')).toBe('smsCode.invalid')
})

// rules: field-bank-card
test('bank cards are 16–19 digits passing Luhn', () => {
  expect(checkBankCard('4111111111111111')).toBeNull()
  expect(checkBankCard('6222020200001234562')).toBeNull()
  expect(checkBankCard('6212345678901232')).toBeNull()
  expect(checkBankCard('')).toBe('bankCard.required')
  expect(checkBankCard('411111111111111')).toBe('bankCard.length')
  expect(checkBankCard('41111111111111111111')).toBe('bankCard.length')
  expect(checkBankCard('4111111111111112')).toBe('bankCard.luhn')
  expect(isBlockingRule(checkBankCard('4111111111111112'))).toBe(true)
})

// rules: field-bank-card
test('a UnionPay 62-card failing Luhn is a warning that does not block', () => {
  const code = checkBankCard('6212345678901234')
  expect(code).toBe('bankCard.luhnWarning')
  expect(isBlockingRule(code)).toBe(false)
  expect(isBlockingRule(null)).toBe(false)
})

// rules: field-email
test('email is optional but must be an address when given', () => {
  expect(checkEmail('')).toBeNull()
  expect(checkEmail(undefined)).toBeNull()
  expect(checkEmail('li.lei@example.com')).toBeNull()
  expect(checkEmail('li.lei@example')).toBe('email.invalid')
  expect(checkEmail('li lei@example.com')).toBe('email.invalid')
  expect(checkEmail('@example.com')).toBe('email.invalid')
})

// rules: field-address
test('the address detail is 5 to 100 characters', () => {
  expect(checkAddress('南山区科技园1号')).toBeNull()
  expect(checkAddress('')).toBe('address.required')
  expect(checkAddress('科技园1')).toBe('address.length')
  expect(checkAddress('路'.repeat(101))).toBe('address.length')
})

const borrower = { name: '张三', phone: '13800138000' }

test('two valid contacts, the first a parent, pass', () => {
  expect(
    checkContacts(
      [
        { relation: 'parent', name: '张大山', phone: '13900139000' },
        { relation: 'friend', name: 'Li Lei', phone: '13700137000' },
      ],
      borrower,
    ),
  ).toBeNull()
})

// rules: field-contacts
test('contacts are exactly two and the first must be an immediate relative', () => {
  expect(checkContacts([{ relation: 'parent', name: '张大山', phone: '13900139000' }], borrower)).toBe(
    'contacts.count',
  )
  expect(
    contactIssues(
      [
        { relation: 'friend', name: '李四', phone: '13900139000' },
        { relation: 'parent', name: '张大山', phone: '13700137000' },
      ],
      borrower,
    ),
  ).toEqual([{ index: 0, field: 'relation', code: 'contacts.firstNotImmediate' }])
})

// rules: field-contacts
test('contact phones must differ from each other and from the borrower, names from the borrower', () => {
  expect(
    contactIssues(
      [
        { relation: 'spouse', name: '张三', phone: '13800138000' },
        { relation: 'boss', name: '李四', phone: '1390013' },
      ],
      borrower,
    ),
  ).toEqual([
    { index: 0, field: 'name', code: 'contacts.nameIsBorrower' },
    { index: 0, field: 'phone', code: 'contacts.phoneIsBorrower' },
    { index: 1, field: 'relation', code: 'contacts.relationInvalid' },
    { index: 1, field: 'phone', code: 'contacts.phoneInvalid' },
  ])
  expect(
    checkContacts(
      [
        { relation: 'sibling', name: '张小妹', phone: '13900139000' },
        { relation: 'colleague', name: '李四', phone: '13900139000' },
      ],
      borrower,
    ),
  ).toBe('contacts.phoneDuplicate')
  expect(
    checkContacts(
      [
        { relation: 'sibling', name: '张', phone: '13900139000' },
        { relation: 'colleague', name: '李四', phone: '13700137000' },
      ],
      borrower,
    ),
  ).toBe('contacts.nameInvalid')
})

// rules: field-amount-term
test('amounts are 1,000 to 200,000 CNY in steps of 100, terms from the offered list', () => {
  expect(checkAmount(100_000)).toBeNull()
  expect(checkAmount(20_000_000)).toBeNull()
  expect(checkAmount(99_900)).toBe('amount.range')
  expect(checkAmount(20_010_000)).toBe('amount.range')
  expect(checkAmount(100_050)).toBe('amount.step')
  expect(checkAmount(1000.5)).toBe('amount.invalid')
  expect(checkTerm(12)).toBeNull()
  expect(checkTerm(36)).toBeNull()
  expect(checkTerm(18)).toBe('term.invalid')
})

test('card numbers show in groups of four and phones as 3-4-4 while typing', () => {
  expect(formatCardNumber('6222020200001234567')).toBe('6222 0202 0000 1234 567')
  expect(formatCardNumber('6222 02')).toBe('6222 02')
  expect(formatCardNumber('62220202000012345678901')).toBe('6222 0202 0000 1234 567')
  expect(formatPhone('13800138000')).toBe('138 0013 8000')
  expect(formatPhone('1380')).toBe('138 0')
  expect(formatPhone('138-0013-80001')).toBe('138 0013 8000')
  expect(digitsOf('138 0013 8000')).toBe('13800138000')
})

test('every code a check can return is listed once for the locale files', () => {
  expect(new Set(fieldRuleCodes).size).toBe(fieldRuleCodes.length)
  for (const code of fieldRuleCodes) expect(code).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/)
})
