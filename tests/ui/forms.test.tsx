// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { AppEvent } from '../../machines/app.machine'
import { restoreSnapshot, serializeSnapshot, snapshotVersion } from '../../machines/persistence'
import { chinaDateOf, makeIdNumber } from '../../src/contract/field-rules'
import type { Locale } from '../../src/i18n/locale'
import { borrowerPhone, descriptionOf, openForm, type OpenForm } from '../support/form-harness'

/*
 * Every form's rules, through roles and labels, in two locales. Each form is the real
 * page on the real machine (fake actors record every call): a bad value typed as a borrower would,
 * the field left, its message read as the field's accessible description in that locale; a press
 * of the form's button makes no call and lands on the bad field; fixed, the message goes and the
 * press makes exactly one call with what was typed. Texts come from the locale files via t().
 */

const locales: readonly Locale[] = ['en', 'zh-Hans']

let opened: OpenForm | null = null
afterEach(() => {
  cleanup()
  opened?.run.actor.stop()
  opened = null
  vi.useRealTimers()
})

async function open(...args: Parameters<typeof openForm>): Promise<OpenForm> {
  opened = await openForm(...args)
  return opened
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

async function enabled(name: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const found = button(name)
    expect(found.disabled, `${name} is enabled`).toBe(false)
    return found
  })
}

async function focused(element: HTMLElement): Promise<void> {
  await waitFor(() => expect(document.activeElement).toBe(element))
}

function agreementName(form: OpenForm, key: string): string {
  return form.t('screens.common.iAccept', { title: form.t(`agreements.${key}`) })
}

// ---- drafts a resumed borrower would bring, for the fields a test is not about ----

const demandDraft: AppEvent = {
  type: 'form.change',
  step: 'demand',
  patch: { purpose: 'travel', agreements: { register: true, user: true, privacy: true, personal_consent: true } },
}

const validId = makeIdNumber('440305', '1990-03-07', 123)
const basicDraft = (patch: Partial<Record<'real_name' | 'id_number' | 'address' | 'email', string>> = {}): AppEvent => ({
  type: 'form.change',
  step: 'basic',
  patch: {
    real_name: '李雷',
    id_number: validId,
    education: 'bachelor',
    marital_status: 'married',
    province_id: '440000',
    city_id: '440300',
    district_id: '440305',
    address: '科技园路 1 号',
    email: '',
    ...patch,
  },
})

const borrowerName: AppEvent = { type: 'form.change', step: 'basic', patch: { real_name: '李雷' } }

const cardDraft: AppEvent = {
  type: 'form.change',
  step: 'bankCard',
  patch: { card_number: '6222020000000000000', reserved_phone: '13900000001' },
}

for (const locale of locales) {
  // ---- loanDemand ----

  // rules: field-amount-term
  test(`[${locale}] loanDemand: an amount outside 1,000–200,000 yuan is explained beside it; Apply sends nothing until it is fixed, then the typed amount once`, async () => {
    const form = await open(locale, 'loanDemand', { drafts: [demandDraft] })
    const amount = input(form.t('screens.demand.amount'))
    expect(amount.getAttribute('inputmode')).toBe('numeric')

    await form.user.clear(amount)
    await form.user.type(amount, '500')
    await form.user.tab()
    expect(descriptionOf(amount)).toBe(form.t('fieldRules.amount.range'))
    expect(amount.getAttribute('aria-invalid')).toBe('true')

    await form.user.click(await enabled(form.t('screens.demand.submit')))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(amount)

    await form.user.clear(amount)
    await form.user.type(amount, '20000')
    await form.user.tab()
    expect(descriptionOf(amount)).not.toContain(form.t('fieldRules.amount.range'))
    expect(amount.getAttribute('aria-invalid')).toBe('false')
    await form.user.click(await enabled(form.t('screens.demand.submit')))
    expect(form.callsTo('updateLoanUser')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ amount: 2_000_000, term: 12, purpose: 'travel' }) }),
    ])
  })

  // rules: field-amount-term, field-message-timing
  test(`[${locale}] loanDemand: an amount that is not whole hundreds of yuan is explained beside it once the borrower leaves the field`, async () => {
    const form = await open(locale, 'loanDemand', { drafts: [demandDraft] })
    const amount = input(form.t('screens.demand.amount'))
    await form.user.clear(amount)
    await form.user.type(amount, '1050')
    // Not while typing: "1" on its way to "1050" is not an error yet.
    expect(descriptionOf(amount)).not.toContain(form.t('fieldRules.amount.step'))
    await form.user.tab()
    expect(descriptionOf(amount)).toBe(form.t('fieldRules.amount.step'))
  })

  // rules: field-agreements-unticked
  test(`[${locale}] loanDemand: the four agreements start unticked and Apply stays off until a purpose is chosen and all four are ticked`, async () => {
    const form = await open(locale, 'loanDemand')
    const names = ['register', 'user', 'privacy', 'personal-consent'].map((key) => agreementName(form, key))
    for (const name of names) expect(checkbox(name).checked, name).toBe(false)
    expect(screen.getByText(form.t('consent.required'))).toBeTruthy()
    const submit = form.t('screens.demand.submit')
    const purpose = screen.getByLabelText(form.t('screens.demand.purpose')) as HTMLSelectElement
    expect(purpose.value).toBe('')

    await form.user.selectOptions(purpose, form.t('enums.loanPurpose.education'))
    await form.user.selectOptions(screen.getByLabelText(form.t('screens.demand.term')), '6')
    for (const name of names.slice(0, 3)) await form.user.click(checkbox(name))
    await waitFor(() => expect(form.run.actor.getSnapshot().hasTag('busy')).toBe(false))
    expect(button(submit).disabled).toBe(true)
    await form.user.click(button(submit))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)

    await form.user.click(checkbox(names[3] ?? ''))
    expect(screen.queryByText(form.t('consent.required'))).toBeNull()
    await form.user.click(await enabled(submit))
    expect(form.callsTo('updateLoanUser')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ amount: 1_000_000, term: 6, purpose: 'education' }) }),
    ])
  })

  test(`[${locale}] loanDemand: "Read all agreements" shows each one's text (without its script), and its one "I have read and agree" ticks all four`, async () => {
    const form = await open(locale, 'loanDemand')
    const names = ['register', 'user', 'privacy', 'personal-consent'].map((key) => agreementName(form, key))
    await form.user.click(button(form.t('screens.demand.readAll')))
    const popup = screen.getByRole('dialog', { name: form.t('ui.protocol.title') })
    const links = within(popup).getAllByRole('button').filter((b) => b.textContent?.includes(form.t('agreements.privacy')))
    await form.user.click(links[0] as HTMLElement)
    const reader = await within(screen.getByRole('dialog')).findByRole('article', { name: form.t('agreements.privacy') })
    expect(reader.textContent).toContain('Terms of privacy.')
    expect(reader.querySelector('script')).toBeNull()
    // Nothing is ticked by reading; only the borrower's tap on the popup's box ticks the four.
    for (const name of names) expect(checkbox(name).checked, name).toBe(false)
    await form.user.click(checkbox(form.t('ui.protocol.agree')))
    await form.user.click(button(form.t('ui.sheet.close')))
    for (const name of names) expect(checkbox(name).checked, name).toBe(true)
    expect(form.run.actor.getSnapshot().context.drafts.demand.agreements).toEqual({ register: true, user: true, privacy: true, personal_consent: true })
  })

  // ---- basicInfo ----

  // rules: field-name, field-message-timing
  test(`[${locale}] basicInfo: a name with a digit is explained beside it; Next sends nothing and lands on it; fixed, Next sends the typed name once`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft({ real_name: '' })] })
    const name = input(form.t('screens.basic.name'))
    await form.user.type(name, '张3')
    // Never mid-typing: the message waits until the borrower leaves the field.
    expect(descriptionOf(name)).toBe('')
    await form.user.tab()
    expect(descriptionOf(name)).toBe(form.t('fieldRules.name.invalid'))

    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(name)

    await form.user.clear(name)
    await form.user.type(name, '阿沛·阿旺晋美')
    await form.user.tab()
    expect(descriptionOf(name)).toBe('')
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ real_name: '阿沛·阿旺晋美', id_number: validId }) }),
    ])
  })

  test(`[${locale}] basicInfo: a name left by tapping the next field is explained once the tap has landed`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft({ real_name: '' })] })
    const name = input(form.t('screens.basic.name'))
    await form.user.type(name, '张3')
    await form.user.click(input(form.t('screens.basic.idNumber')))
    await waitFor(() => expect(descriptionOf(name)).toBe(form.t('fieldRules.name.invalid')))
  })

  test(`[${locale}] basicInfo: a kept name the borrower never touched is explained on Next, which sends nothing and lands on it`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft({ real_name: '张3' })] })
    const name = input(form.t('screens.basic.name'))
    expect(descriptionOf(name)).toBe('')
    await form.user.click(await enabled(form.t('common.next')))
    expect(descriptionOf(name)).toBe(form.t('fieldRules.name.invalid'))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(name)
  })

  // rules: field-id-number
  test(`[${locale}] basicInfo: an ID number with a wrong check digit, or of someone under 18, is explained beside it and not sent`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft({ id_number: '' })] })
    const id = input(form.t('screens.basic.idNumber'))
    const wrongCheck = validId.slice(0, 17) + (validId.endsWith('1') ? '2' : '1')
    await form.user.type(id, wrongCheck)
    await form.user.tab()
    expect(descriptionOf(id)).toBe(form.t('fieldRules.idNumber.checkDigit'))
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(id)

    const today = chinaDateOf(Date.now())
    const tenYearsAgo = `${Number(today.slice(0, 4)) - 10}-06-15`
    await form.user.clear(id)
    await form.user.type(id, makeIdNumber('440305', tenYearsAgo, 124))
    await form.user.tab()
    expect(descriptionOf(id)).toBe(form.t('fieldRules.idNumber.tooYoung'))

    await form.user.clear(id)
    await form.user.type(id, validId)
    await form.user.tab()
    expect(descriptionOf(id)).toBe('')
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toEqual([expect.objectContaining({ input: expect.objectContaining({ id_number: validId }) })])
  })

  // rules: field-address
  test(`[${locale}] basicInfo: an address shorter than 5 characters is explained beside it and not sent`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft({ address: '' })] })
    const address = input(form.t('screens.basic.address'))
    await form.user.type(address, '1号')
    await form.user.tab()
    expect(descriptionOf(address)).toBe(form.t('fieldRules.address.length'))
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(address)

    await form.user.type(address, '科技园路')
    await form.user.click(await enabled(form.t('common.next')))
    expect(descriptionOf(address)).toBe('')
    expect(form.callsTo('updateLoanUser')).toEqual([expect.objectContaining({ input: expect.objectContaining({ address: '1号科技园路' }) })])
  })

  // rules: field-email
  test(`[${locale}] basicInfo: the email may be left empty, but a malformed one is explained beside it and not sent`, async () => {
    const form = await open(locale, 'basicInfo', { drafts: [basicDraft()] })
    const email = input(form.t('common.withOptional', { label: form.t('screens.basic.email') }))
    expect(email.getAttribute('inputmode')).toBe('email')
    await form.user.type(email, 'li@example')
    await form.user.tab()
    expect(descriptionOf(email)).toBe(form.t('fieldRules.email.invalid'))
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await focused(email)

    await form.user.clear(email)
    await form.user.tab()
    expect(descriptionOf(email)).toBe('')
    await form.user.click(await enabled(form.t('common.next')))
    const calls = form.callsTo('updateLoanUser') as { input: Record<string, unknown> }[]
    expect(calls).toHaveLength(1)
    expect(calls[0]?.input).not.toHaveProperty('email')
  })

  // The host's location (six-digit GB/T 2260 ids) fills the residence.
  // rules: locale-region-names
  test(`[${locale}] basicInfo: the host's location fills the residence, with its names`, async () => {
    const form = await open(locale, 'basicInfo', {
      location: { province_id: '110000', province_name: '北京市', city_id: '110100', city_name: '北京市', district_id: '110105', district_name: '朝阳区' },
    })
    await waitFor(() => expect(form.run.actor.getSnapshot().context.drafts.basic).toMatchObject({ province_id: '110000', city_id: '110100', district_id: '110105' }))
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(form.t('screens.basic.residence')) }).textContent).toContain('北京市 北京市 朝阳区'))
  })

  test(`[${locale}] basicInfo: a host location the region table does not know leaves the residence empty`, async () => {
    const form = await open(locale, 'basicInfo', {
      location: { province_id: '110000', province_name: '北京市', city_id: '440300', city_name: '深圳市', district_id: '110105', district_name: '朝阳区' },
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(form.run.actor.getSnapshot().context.drafts.basic.district_id).toBe('')
  })

  test(`[${locale}] basicInfo: education, marital status and the residence (from the sandbox's regions) must be chosen before Next sends them once`, async () => {
    const form = await open(locale, 'basicInfo', {
      drafts: [{ type: 'form.change', step: 'basic', patch: { real_name: '李雷', id_number: validId, address: '科技园路 1 号' } }],
    })
    const next = form.t('common.next')
    const education = screen.getByLabelText(form.t('screens.basic.education')) as HTMLSelectElement
    const marital = screen.getByLabelText(form.t('screens.basic.marital')) as HTMLSelectElement
    expect([education.value, marital.value]).toEqual(['', ''])
    expect(button(next).disabled).toBe(true)

    await form.user.selectOptions(education, form.t('enums.education.master_or_above'))
    await form.user.selectOptions(marital, form.t('enums.maritalStatus.single'))
    expect(button(next).disabled).toBe(true)
    await form.user.click(button(next))
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)

    await form.user.click(button(`${form.t('screens.basic.residence')} ${form.t('ui.cityPicker.placeholder')}`))
    await form.user.click(await screen.findByRole('button', { name: '广东省' }))
    await form.user.click(await screen.findByRole('button', { name: '深圳市' }))
    await form.user.click(await screen.findByRole('button', { name: '南山区' }))
    expect(button(`${form.t('screens.basic.residence')} 广东省 深圳市 南山区`)).toBeTruthy()

    await form.user.click(await enabled(next))
    expect(form.callsTo('updateLoanUser')).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({
          education: 'master_or_above',
          marital_status: 'single',
          province_id: '440000',
          city_id: '440300',
          district_id: '440305',
        }),
      }),
    ])
  })

  // ---- assetInfo ----

  test(`[${locale}] assetInfo: every question starts unanswered and Next stays off until all seven are answered, then sends them once`, async () => {
    const form = await open(locale, 'assetInfo')
    const next = form.t('common.next')
    const answers: [string, string][] = [
      ['screens.asset.occupation', 'enums.occupation.self_employed'],
      ['screens.asset.income', 'enums.incomeBand.5k_10k'],
      ['screens.asset.housing', 'enums.housing.rented'],
      ['screens.asset.car', 'enums.carOwnership.none'],
      ['screens.asset.socialInsurance', 'common.yes'],
      ['screens.asset.providentFund', 'common.no'],
      ['screens.asset.creditCard', 'common.yes'],
    ]
    for (const [label] of answers) expect((screen.getByLabelText(form.t(label)) as HTMLSelectElement).value, label).toBe('')
    for (const [label, answer] of answers) {
      expect(button(next).disabled, `Next before ${label}`).toBe(true)
      // The disabled Next says, as its description, which answers are still missing.
      expect(descriptionOf(button(next)), `Next before ${label}`).toContain(form.t(label))
      await form.user.click(button(next))
      await form.user.selectOptions(screen.getByLabelText(form.t(label)), form.t(answer))
    }
    expect(form.callsTo('updateLoanUser')).toHaveLength(0)
    await form.user.click(await enabled(next))
    expect(form.callsTo('updateLoanUser')).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({
          occupation: 'self_employed',
          income_band: '5k_10k',
          housing: 'rented',
          car: 'none',
          social_insurance: true,
          provident_fund: false,
          credit_card: true,
        }),
      }),
    ])
  })

  // ---- contact ----

  test(`[${locale}] contact: a phone number is typed on the phone keypad and shown 3-4-4 as it is typed`, async () => {
    const form = await open(locale, 'contact')
    const phone = screen.getAllByLabelText(form.t('screens.contact.phone'))[0] as HTMLInputElement
    expect(phone.getAttribute('inputmode')).toBe('tel')
    await form.user.type(phone, '1390')
    expect(phone.value).toBe('139 0')
    await form.user.type(phone, '0000001')
    expect(phone.value).toBe('139 0000 0001')
    expect(form.run.actor.getSnapshot().context.drafts.contact.contacts[0].phone).toBe('13900000001')
  })

  // The two contacts repeat the same three fields; each card is named, so a
  // screen reader tells "contact 1: mobile number" from "contact 2: mobile number".
  test(`[${locale}] contact: each contact is a named section holding its own relation, name and phone`, async () => {
    const form = await open(locale, 'contact')
    for (const number of [1, 2]) {
      const card = screen.getByRole('region', { name: form.t('screens.contact.title', { number }) })
      for (const key of ['screens.contact.relation', 'screens.contact.name', 'screens.contact.phone']) {
        expect(within(card).getAllByLabelText(form.t(key)), `${key} in contact ${number}`).toHaveLength(1)
      }
    }
  })

  // Leaving a field with a broken rule shows its message in a line the field
  // already held, so nothing below moves under the tap that left it.
  test(`[${locale}] contact: a phone's rule message takes a line that was already there`, async () => {
    const form = await open(locale, 'contact')
    const phone = screen.getAllByLabelText(form.t('screens.contact.phone'))[0] as HTMLInputElement
    const field = phone.closest('.ui-field') as HTMLElement
    const before = field.children.length
    expect(field.lastElementChild?.className).toContain('ui-field__reserved')
    await form.user.type(phone, '1234')
    await form.user.tab()
    expect(descriptionOf(phone)).toBe(form.t('fieldRules.contacts.phoneInvalid'))
    expect(field.children.length).toBe(before)
  })

  // rules: field-contacts
  test(`[${locale}] contact: the first contact must be immediate family, and no contact may carry the borrower's name or a malformed one`, async () => {
    const form = await open(locale, 'contact', { drafts: [borrowerName] })
    const [relation] = screen.getAllByLabelText(form.t('screens.contact.relation'))
    const [firstName, secondName] = screen.getAllByLabelText(form.t('screens.contact.name'))
    if (!relation || !firstName || !secondName) throw new Error('two contacts expected')
    await form.user.selectOptions(relation, form.t('enums.contactRelation.friend'))
    expect(descriptionOf(relation)).toBe(form.t('fieldRules.contacts.firstNotImmediate'))
    await form.user.selectOptions(relation, form.t('enums.contactRelation.parent'))
    expect(descriptionOf(relation)).toBe('')

    await form.user.type(firstName, '李雷')
    await form.user.tab()
    expect(descriptionOf(firstName)).toBe(form.t('fieldRules.contacts.nameIsBorrower'))
    await form.user.type(secondName, 'x')
    await form.user.tab()
    expect(descriptionOf(secondName)).toBe(form.t('fieldRules.contacts.nameInvalid'))
  })

  test(`[${locale}] contact: a kept name the borrower never touched is explained on Next, which sends nothing and lands on it`, async () => {
    const kept = [
      { relation: 'parent', name: 'x', phone: '13900000011' },
      { relation: 'friend', name: '李明', phone: '13900000022' },
    ] as const
    const form = await open(locale, 'contact', { drafts: [borrowerName, { type: 'form.change', step: 'contact', patch: { contacts: [...kept] } }] })
    const [firstName] = screen.getAllByLabelText(form.t('screens.contact.name'))
    if (!firstName) throw new Error('two contacts expected')
    expect(descriptionOf(firstName)).toBe('')
    for (const box of screen.getAllByRole('checkbox')) await form.user.click(box)
    await form.user.click(await enabled(form.t('common.next')))
    expect(descriptionOf(firstName)).toBe(form.t('fieldRules.contacts.nameInvalid'))
    expect(form.callsTo('saveContacts')).toHaveLength(0)
    await focused(firstName)
  })

  // rules: field-contacts
  test(`[${locale}] contact: the second phone may not repeat the first nor be the borrower's; Next sends nothing until fixed, then both contacts once`, async () => {
    const form = await open(locale, 'contact', { drafts: [borrowerName] })
    const relations = screen.getAllByLabelText(form.t('screens.contact.relation'))
    const names = screen.getAllByLabelText(form.t('screens.contact.name'))
    const phones = screen.getAllByLabelText(form.t('screens.contact.phone')) as HTMLInputElement[]
    const second = phones[1]
    if (relations.length !== 2 || names.length !== 2 || !second) throw new Error('two contacts expected')
    await form.user.selectOptions(relations[0] as HTMLElement, form.t('enums.contactRelation.parent'))
    await form.user.type(names[0] as HTMLElement, '王芳')
    await form.user.type(phones[0] as HTMLElement, '13900000001')
    await form.user.selectOptions(relations[1] as HTMLElement, form.t('enums.contactRelation.colleague'))
    await form.user.type(names[1] as HTMLElement, 'Zhao Qiang')
    await form.user.type(second, '13900000001')
    await form.user.tab()
    expect(descriptionOf(second)).toBe(form.t('fieldRules.contacts.phoneDuplicate'))

    const authorization = checkbox(agreementName(form, 'form'))
    expect(authorization.checked).toBe(false)
    expect(button(form.t('common.next')).disabled).toBe(true)
    await form.user.click(authorization)
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('saveContacts')).toHaveLength(0)
    await focused(second)

    await form.user.clear(second)
    await form.user.type(second, borrowerPhone)
    await form.user.tab()
    expect(descriptionOf(second)).toBe(form.t('fieldRules.contacts.phoneIsBorrower'))

    await form.user.clear(second)
    await form.user.type(second, '13700000002')
    await form.user.tab()
    expect(second.value).toBe('137 0000 0002')
    expect(descriptionOf(second)).toBe('')
    await form.user.click(await enabled(form.t('common.next')))
    expect(form.callsTo('saveContacts')).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({
          contacts: [
            { relation: 'parent', name: '王芳', phone: '13900000001' },
            { relation: 'colleague', name: 'Zhao Qiang', phone: '13700000002' },
          ],
        }),
      }),
    ])
  })

  // ---- bankCard ----

  // rules: field-bank-card
  test(`[${locale}] bankCard: the card number is shown in groups of four; one failing the Luhn check is refused beside it and no code is sent until it is fixed`, async () => {
    const form = await open(locale, 'bankCard')
    const card = input(form.t('screens.card.number'))
    const phone = input(form.t('screens.card.phone'))
    expect(card.getAttribute('inputmode')).toBe('numeric')
    expect(phone.getAttribute('inputmode')).toBe('tel')
    await form.user.type(card, '4111111111111112')
    expect(card.value).toBe('4111 1111 1111 1112')
    await form.user.type(phone, '13900000001')
    expect(phone.value).toBe('139 0000 0001')
    // The rule shows once the press that left the field has landed: not synchronously.
    await waitFor(() => expect(descriptionOf(card)).toBe(form.t('fieldRules.bankCard.luhn')))
    expect(card.getAttribute('aria-invalid')).toBe('true')

    await form.user.click(await enabled(form.t('screens.sms.send')))
    expect(form.callsTo('sendCardCode')).toHaveLength(0)
    await focused(card)

    await form.user.clear(card)
    await form.user.type(card, '6222020000000000000')
    expect(card.value).toBe('6222 0200 0000 0000 000')
    await form.user.tab()
    expect(descriptionOf(card)).toBe('')
    await form.user.click(await enabled(form.t('screens.sms.send')))
    expect(form.callsTo('sendCardCode')).toEqual([
      { input: { card_number: '6222020000000000000', reserved_phone: '13900000001' } },
    ])
  })

  test(`[${locale}] bankCard: a card number too short and a reserved phone that is no mobile number are each explained beside their field`, async () => {
    const form = await open(locale, 'bankCard')
    const card = input(form.t('screens.card.number'))
    const phone = input(form.t('screens.card.phone'))
    await form.user.type(card, '62220200')
    await form.user.tab()
    expect(descriptionOf(card)).toBe(form.t('fieldRules.bankCard.length'))
    // Leaving the card says nothing yet about the phone the borrower has not reached.
    expect(descriptionOf(phone)).toBe('')
    await form.user.type(phone, '2380013800')
    await form.user.tab()
    expect(descriptionOf(phone)).toBe(form.t('fieldRules.mobile.invalid'))
    await form.user.click(await enabled(form.t('screens.sms.send')))
    expect(form.callsTo('sendCardCode')).toHaveLength(0)
    await focused(card)
  })

  test(`[${locale}] bankCard: a UnionPay card failing the Luhn check is only warned about, and the code can still be sent`, async () => {
    const form = await open(locale, 'bankCard')
    const card = input(form.t('screens.card.number'))
    await form.user.type(card, '6222020000000000001')
    await form.user.type(input(form.t('screens.card.phone')), '13900000001')
    // Shown once the press that left the card has landed, not synchronously (as above).
    await waitFor(() => expect(descriptionOf(card)).toBe(form.t('fieldRules.bankCard.luhnWarning')))
    expect(card.getAttribute('aria-invalid')).toBe('false')
    await form.user.click(await enabled(form.t('screens.sms.send')))
    expect(form.callsTo('sendCardCode')).toEqual([
      { input: { card_number: '6222020000000000001', reserved_phone: '13900000001' } },
    ])
  })

  // rules: field-sms-code
  test(`[${locale}] bankCard: a code shorter than six digits is refused beside the code field and the card is not bound; six digits bind it once`, async () => {
    const form = await open(locale, 'bankCard', { drafts: [cardDraft] })
    await form.user.click(await enabled(form.t('screens.sms.send')))
    const code = await screen.findByLabelText(form.t('screens.sms.code'))
    expect(code.getAttribute('inputmode')).toBe('numeric')
    const withhold = checkbox(agreementName(form, 'withhold-agreement'))
    expect(withhold.checked).toBe(false)
    await form.user.type(code, '123')
    expect(button(form.t('screens.card.bind')).disabled).toBe(true)
    await form.user.click(withhold)

    await form.user.click(await enabled(form.t('screens.card.bind')))
    expect(form.callsTo('confirmCard')).toHaveLength(0)
    expect(descriptionOf(code)).toBe(form.t('fieldRules.smsCode.invalid'))
    await focused(code)

    await form.user.type(code, '456')
    expect(descriptionOf(code)).toBe('')
    await form.user.click(await enabled(form.t('screens.card.bind')))
    expect(form.callsTo('confirmCard')).toEqual([
      expect.objectContaining({ input: { request_id: 'sms-1', code: '123456', agreements: { withhold_agreement: true } } }),
    ])
  })

  test(`[${locale}] bankCard: after a reload the resend countdown goes on from the machine's deadline, and resend opens at that deadline`, async () => {
    // Only Date is faked: the page's timers run for real, the clock is moved by hand.
    vi.useFakeTimers({ toFake: ['Date'] })
    const sentAt = Date.parse('2026-03-10T02:00:00Z')
    vi.setSystemTime(sentAt)
    const first = await open(locale, 'bankCard', { drafts: [cardDraft], now: () => Date.now() })
    await first.user.click(await enabled(first.t('screens.sms.send')))
    expect(await screen.findByRole('button', { name: first.t('ui.sms.resendIn', { seconds: 60 }) })).toBeTruthy()
    expect(first.run.actor.getSnapshot().context.cardSms?.resendAt).toBe(sentAt + 60_000)

    // The web view reloads 25 s later: what persistence kept is all the new page has.
    const stored = serializeSnapshot(first.run.actor.getPersistedSnapshot())
    cleanup()
    first.run.actor.stop()
    vi.setSystemTime(sentAt + 25_000)
    const snapshot = restoreSnapshot(stored, { version: snapshotVersion, runtime: { now: () => Date.now(), makeId: () => 'reloaded' } })
    if (snapshot === null) throw new Error('the code-sent state was not restored')
    const again = await open(locale, 'bankCard', { snapshot })
    const resend = button(again.t('ui.sms.resendIn', { seconds: 35 }))
    expect(resend.disabled).toBe(true)
    expect(input(again.t('screens.card.number')).value).toBe('6222 0200 0000 0000 000')

    vi.setSystemTime(sentAt + 60_000)
    await waitFor(() => expect(button(again.t('ui.sms.resend')).disabled).toBe(false), { timeout: 3_000 })
    await again.user.click(button(again.t('ui.sms.resend')))
    await waitFor(() => expect(again.callsTo('sendCardCode')).toHaveLength(1))
  })

  // ---- lendConfirm ----

  // rules: field-agreements-unticked
  test(`[${locale}] lendConfirm: the three agreements start unticked; the lender's code must be six digits before the card is confirmed, once`, async () => {
    const form = await open(locale, 'lendConfirm', { drafts: [{ type: 'form.change', step: 'demand', patch: { purpose: 'travel' } }] })
    const names = [
      agreementName(form, 'loan'),
      form.t('screens.common.iAccept', { title: form.t('screens.lend.contract') }),
      form.t('screens.common.iAccept', { title: form.t('screens.lend.thirdParty') }),
    ]
    for (const name of names) expect(checkbox(name).checked, name).toBe(false)

    await form.user.click(await enabled(form.t('screens.sms.send')))
    const code = await screen.findByLabelText(form.t('screens.sms.code'))
    expect(code.getAttribute('inputmode')).toBe('numeric')
    await form.user.type(code, '12')
    for (const name of names.slice(0, 2)) await form.user.click(checkbox(name))
    expect(button(form.t('screens.lend.apply')).disabled).toBe(true)
    await form.user.click(checkbox(names[2] ?? ''))

    await form.user.click(await enabled(form.t('screens.lend.apply')))
    expect(form.callsTo('confirmLenderCard')).toHaveLength(0)
    expect(descriptionOf(code)).toBe(form.t('fieldRules.smsCode.invalid'))
    await focused(code)

    await form.user.type(code, '3456')
    expect(descriptionOf(code)).toBe('')
    await form.user.click(await enabled(form.t('screens.lend.apply')))
    expect(form.callsTo('confirmLenderCard')).toEqual([
      expect.objectContaining({ input: { request_id: 'sms-2', code: '123456', lender_id: 'lender-a' } }),
    ])
  })

  test(`[${locale}] lendConfirm: an amount above the limit is explained beside it once the borrower leaves the field`, async () => {
    const form = await open(locale, 'lendConfirm', { drafts: [{ type: 'form.change', step: 'demand', patch: { purpose: 'travel' } }] })
    const amount = input(form.t('screens.demand.amount'))
    expect(amount.getAttribute('inputmode')).toBe('numeric')
    await form.user.type(amount, '300000')
    await form.user.tab()
    expect(descriptionOf(amount)).toBe(form.t('fieldRules.amount.range'))
    await form.user.clear(amount)
    await form.user.type(amount, '30000')
    await form.user.tab()
    expect(descriptionOf(amount)).toBe('')
    await waitFor(() => expect(form.callsTo('trialLoan').at(-1)).toEqual({ input: expect.objectContaining({ amount: 3_000_000 }) }))
  })
}
