import { makeIdNumber } from '../src/contract/field-rules'
import { amortize } from './amortization'
import { withLuhnDigit } from './banks'
import { personaDecision, type PersonaKey } from './credit'
import type { Db } from './db'
import { lenders } from './lenders'
import {
  addDaysIso,
  addMonthsIso,
  createLoan,
  loanUserOf,
  newId,
  percentile,
  todayOf,
  updateLoanUser,
  userByPhone,
  type User,
} from './store'

/*
 * Seeded borrowers, one per situation a tester needs to reach without walking the whole funnel.
 * Seeding is idempotent: a persona already in the data file is left as it is (reset with
 * `POST /sandbox/reset` or by deleting the file).
 */

export interface Persona {
  key: PersonaKey
  phone: string
  nick_name: string
  real_name: string
  /** GB/T 2260 district of the ID number and of the residence. */
  region: { province_id: string; city_id: string; district_id: string }
  birth_date: string
  /** ID sequence: odd for a man, even for a woman. */
  seq: number
  /** What the persona starts with. */
  setup: 'fresh' | 'approved' | 'repaying' | 'overdue'
  description: string
}

export const personas: readonly Persona[] = [
  {
    key: 'approve',
    phone: '13800000001',
    nick_name: '晓明',
    real_name: '王晓明',
    region: { province_id: '110000', city_id: '110100', district_id: '110105' },
    birth_date: '1990-05-12',
    seq: 131,
    setup: 'fresh',
    description: 'Fresh borrower; the review (3 s) approves 50,000 CNY at 10.80%.',
  },
  {
    key: 'reject',
    phone: '13800000002',
    nick_name: '李娜',
    real_name: '李娜',
    region: { province_id: '310000', city_id: '310100', district_id: '310115' },
    birth_date: '1985-11-03',
    seq: 242,
    setup: 'fresh',
    description: 'Fresh borrower; the review (3 s) rejects, so the result shows other products.',
  },
  {
    key: 'slow_review',
    phone: '13800000003',
    nick_name: '张伟',
    real_name: '张伟',
    region: { province_id: '440000', city_id: '440300', district_id: '440305' },
    birth_date: '1993-02-27',
    seq: 357,
    setup: 'fresh',
    description: 'Fresh borrower; the review takes 60 s (30 s with the rights card), then approves.',
  },
  {
    key: 'repaying',
    phone: '13800000004',
    nick_name: '刘洋',
    real_name: '刘洋',
    region: { province_id: '330000', city_id: '330100', district_id: '330106' },
    birth_date: '1988-08-08',
    seq: 415,
    setup: 'repaying',
    description: 'Open loan of 12,000 CNY over 6 months, first period due today.',
  },
  {
    key: 'overdue',
    phone: '13800000005',
    nick_name: '陈静',
    real_name: '陈静',
    region: { province_id: '510000', city_id: '510100', district_id: '510107' },
    birth_date: '1979-12-30',
    seq: 526,
    setup: 'overdue',
    description: 'Open loan of 8,000 CNY over 12 months; period 1 paid, period 2 ten days late with a penalty.',
  },
  {
    key: 'approved_unmatched',
    phone: '13800000006',
    nick_name: '赵磊',
    real_name: '赵磊',
    region: { province_id: '320000', city_id: '320100', district_id: '320102' },
    birth_date: '1995-07-15',
    seq: 613,
    setup: 'approved',
    description: 'Approved for 80,000 CNY at 13.68%, no lender chosen yet: starts at matching.',
  },
  // Payments that do not simply succeed, each on an open loan like `repaying`.
  {
    key: 'repay_refused',
    phone: '13800000007',
    nick_name: '孙悦',
    real_name: '孙悦',
    region: { province_id: '42', city_id: '4201', district_id: '420106' },
    birth_date: '1991-04-18',
    seq: 722,
    setup: 'repaying',
    description: 'Open loan like repaying; every repayment is refused by the bank at once (1009, insufficient funds).',
  },
  {
    key: 'repay_fails',
    phone: '13800000008',
    nick_name: '周凯',
    real_name: '周凯',
    region: { province_id: '61', city_id: '6101', district_id: '610113' },
    birth_date: '1986-09-09',
    seq: 831,
    setup: 'repaying',
    description: 'Open loan like repaying; a repayment is processing for 5 s, then fails (insufficient funds) and the periods are owed again.',
  },
  {
    key: 'repay_slow',
    phone: '13800000009',
    nick_name: '吴芳',
    real_name: '吴芳',
    region: { province_id: '44', city_id: '4403', district_id: '440305' },
    birth_date: '1992-12-01',
    seq: 942,
    setup: 'repaying',
    description: 'Open loan like repaying; a repayment is processing for 20 s, then succeeds.',
  },
  {
    key: 'rights_fails',
    phone: '13800000010',
    nick_name: '郑浩',
    real_name: '郑浩',
    region: { province_id: '11', city_id: '1101', district_id: '110105' },
    birth_date: '1989-06-21',
    seq: 153,
    setup: 'repaying',
    description: 'Open loan like repaying, card bound; a rights-card order stays pending 2 s, then fails (card declined).',
  },
]

export function personaByKey(key: string | null): Persona | undefined {
  return personas.find((p) => p.key === key)
}

export function personaIdNumber(persona: Persona): string {
  return makeIdNumber(persona.region.district_id, persona.birth_date, persona.seq)
}

const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭']
const givenNames = ['子涵', '浩然', '欣怡', '宇轩', '梓萱', '俊杰', '思雨', '一诺', '雨桐', '博文', '佳琪', '明轩']
const districts = ['110105', '310115', '440305', '330106', '510107', '320102', '420106', '610113']

/**
 * The identity the simulated liveness check "reads" for a borrower who is not a persona: derived
 * from the phone, so the same phone always gets the same valid ID number (age 25–44 on any date
 * this sandbox will plausibly run).
 */
export function identityFor(user: User): { real_name: string; id_number: string } {
  const persona = personaByKey(user.persona)
  if (persona) return { real_name: persona.real_name, id_number: personaIdNumber(persona) }
  const pick = <T,>(list: readonly T[], salt: string): T =>
    list[percentile(`${salt}|${user.phone}`) % list.length] as T
  const year = 1982 + (percentile(`year|${user.phone}`) % 18)
  const month = 1 + (percentile(`month|${user.phone}`) % 12)
  const day = 1 + (percentile(`day|${user.phone}`) % 28)
  const birth = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  const seq = 100 + (Number.parseInt(user.phone.slice(-3), 10) % 900)
  return {
    real_name: `${pick(surnames, 'surname')}${pick(givenNames, 'given')}`,
    id_number: makeIdNumber(pick(districts, 'district'), birth, seq),
  }
}

export function createUser(db: Db, phone: string, nickName: string, persona: string | null, nowMs: number): User {
  const user: User = { id: newId('u'), phone, nick_name: nickName, persona, created_at: nowMs }
  db.prepare('INSERT INTO users (id, phone, nick_name, persona, created_at) VALUES (?, ?, ?, ?, ?)').run(
    user.id,
    user.phone,
    user.nick_name,
    user.persona,
    user.created_at,
  )
  return user
}

export const seededChannels = [
  { code: 'app-test', is_login_required: 0 },
  { code: 'h5-open', is_login_required: 1 },
  { code: 'wx-mp', is_login_required: 0 },
] as const

/** Channels and personas; safe to run at every start. */
export function seed(db: Db, nowMs: number): void {
  db.transaction(() => {
    const insertChannel = db.prepare('INSERT OR IGNORE INTO channels (code, is_login_required) VALUES (?, ?)')
    for (const channel of seededChannels) insertChannel.run(channel.code, channel.is_login_required)
    for (const persona of personas) {
      if (!userByPhone(db, persona.phone)) seedPersona(db, persona, nowMs)
    }
  })()
}

function seedPersona(db: Db, persona: Persona, nowMs: number): void {
  const user = createUser(db, persona.phone, persona.nick_name, persona.key, nowMs)
  const row = loanUserOf(db, user.id, nowMs)
  if (persona.setup === 'fresh') return

  const idNumber = personaIdNumber(persona)
  const decision = personaDecision(persona.key)
  const demand = { amount: 1_200_000, term: 6, purpose: 'shopping' }
  updateLoanUser(
    db,
    row.id,
    {
      step: 'approved',
      demand_json: JSON.stringify(demand),
      basic_json: JSON.stringify({
        real_name: persona.real_name,
        id_number: idNumber,
        education: 'bachelor',
        marital_status: 'married',
        ...persona.region,
        address: '建设路 88 号 3 栋 1201 室',
      }),
      asset_json: JSON.stringify({
        occupation: 'employee',
        income_band: '10k_20k',
        housing: 'rented',
        car: 'none',
        social_insurance: true,
        provident_fund: true,
        credit_card: false,
      }),
      contacts_json: JSON.stringify([
        { relation: 'parent', name: '王建国', phone: '13911112222' },
        { relation: 'friend', name: '周小川', phone: '13933334444' },
      ]),
      real_name: persona.real_name,
      id_number: idNumber,
      review_started_at: nowMs - 86_400_000,
      decision: 'approved',
      decided_at: nowMs - 86_400_000 + 3_000,
      credit_limit: decision?.credit_limit ?? 5_000_000,
      apr: decision?.apr ?? 0.18,
      reason_code: null,
    },
    nowMs,
  )
  const cardId = newId('card')
  db.prepare(
    `INSERT INTO bank_cards (id, user_id, card_number, bank_code, bank_name, reserved_phone, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(cardId, user.id, withLuhnDigit(`622202${persona.phone.slice(-9)}000`), 'ICBC', '中国工商银行', persona.phone, nowMs)
  if (persona.setup === 'approved') return

  const lender = lenders[0]
  if (!lender) return
  db.prepare('INSERT INTO lender_bindings (user_id, lender_id, card_id, created_at) VALUES (?, ?, ?, ?)').run(
    user.id,
    lender.id,
    cardId,
    nowMs,
  )
  const today = todayOf(nowMs)
  // repaying: period 1 falls due today; overdue: period 2 fell due ten days ago, period 1 was paid.
  const loanTerms =
    persona.setup === 'repaying'
      ? { amount: 1_200_000, term: 6, startDate: addMonthsIso(today, -1) }
      : { amount: 800_000, term: 12, startDate: addDaysIso(addMonthsIso(today, -2), -10) }
  const apr = decision?.apr ?? 0.18
  const plan = amortize({ principal: loanTerms.amount, apr, term: loanTerms.term, startDate: loanTerms.startDate })
  const startMs = Date.parse(`${loanTerms.startDate}T10:00:00+08:00`)
  const loan = createLoan(
    db,
    {
      user_id: user.id,
      lender_id: lender.id,
      amount: loanTerms.amount,
      term: loanTerms.term,
      apr,
      purpose: 'shopping',
      start_date: loanTerms.startDate,
      created_at: startMs,
      disbursed_at: startMs,
    },
    plan.periods,
  )
  if (persona.setup === 'overdue') {
    const first = plan.periods[0]
    if (!first) return
    const paidAt = Date.parse(`${first.due_date}T09:00:00+08:00`)
    const repaymentId = newId('rp')
    db.prepare(
      `INSERT INTO repayments (id, user_id, loan_id, periods_json, amount, card_id, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'succeeded', ?)`,
    ).run(repaymentId, user.id, loan.id, '[1]', first.amount, cardId, paidAt)
    db.prepare('UPDATE loan_periods SET paid_at = ?, repayment_id = ? WHERE loan_id = ? AND period = 1').run(
      paidAt,
      repaymentId,
      loan.id,
    )
  }
}
