import type { AppContext, AssetDraft, BasicDraft, ContactDraft, ContactDraftEntry, DemandDraft } from './context'
import { commitKey, guards, newCodeNewKey, patchDraft, smsSent, states, update, withStatus } from './flow-kit'
import type { ContactEntry, LoanStep, LoanTerm, LoanUserStatus, PortArgs, PortData } from './ports'
import { codeConfirming, codeSending, editing, enter, poll, pricing, reauth, repricing, screen, storeAnsweredStatus, submitting, wizardStep } from './shapes'

/*
 * The application funnel, one screen per step: the loan demand (priced as it is typed), the face
 * check (the vendor's liveness page, then polling its result), basic and asset info, contacts and
 * the bank card (an SMS code, then binding under an idempotency key).
 */

function demandComplete(d: DemandDraft): boolean {
  return (
    d.amount !== null &&
    d.term !== null &&
    d.purpose !== null &&
    d.agreements.register &&
    d.agreements.user &&
    d.agreements.privacy &&
    d.agreements.personal_consent
  )
}

function basicComplete(d: BasicDraft): boolean {
  return (
    d.real_name !== '' &&
    d.id_number !== '' &&
    d.education !== null &&
    d.marital_status !== null &&
    d.province_id !== '' &&
    d.city_id !== '' &&
    d.district_id !== '' &&
    d.address !== ''
  )
}

function assetComplete(d: AssetDraft): boolean {
  return Object.values(d).every((value) => value !== null)
}

function contactComplete(d: ContactDraft): boolean {
  return d.form && d.contacts.every((c) => c.relation !== null && c.name !== '' && c.phone !== '')
}

export const funnelGuards = guards({
  demandReady: ({ context }) => demandComplete(context.drafts.demand),
  faceReady: ({ context }) => context.drafts.face.face_consent && context.drafts.face.sensitive_consent,
  livenessPending: (_, params: { status: string }) => params.status === 'pending',
  livenessPassed: (_, params: { status: string }) => params.status === 'passed',
  basicReady: ({ context }) => basicComplete(context.drafts.basic),
  assetReady: ({ context }) => assetComplete(context.drafts.asset),
  contactReady: ({ context }) => contactComplete(context.drafts.contact),
  cardReady: ({ context }) =>
    context.drafts.bankCard.card_number !== '' && context.drafts.bankCard.reserved_phone !== '',
  cardCodeReady: ({ context }) =>
    context.drafts.bankCard.code !== '' && context.drafts.bankCard.withhold_agreement,
  cardResendAllowed: ({ context }) =>
    context.cardSms !== null && context.runtime.now() >= context.cardSms.resendAt,
  cardSmsSent: ({ context }) => context.cardSms !== null,
  cardNumberGone: ({ context }) => context.drafts.bankCard.card_number === '',
  // The card screen is open only on the card step (screens.ts): the server past it means the card is bound.
  cardBoundForReview: (_, params: { step: LoanStep }) => params.step === 'review',
  decidedMeanwhile: (_, params: { step: LoanStep }) => params.step === 'approved' || params.step === 'rejected',
  stillAtCardStep: (_, params: { step: LoanStep }) => params.step === 'bank_card',
})

export const funnelActions = {
  setDefaultDemand: update(({ context }) => {
    const d = context.drafts.demand
    if (d.amount !== null && d.term !== null) return {}
    // A first visit opens on a typical loan so the price shows at once.
    return { drafts: patchDraft(context, 'demand', { amount: d.amount ?? 1_000_000, term: d.term ?? (12 as LoanTerm) }) }
  }),
  storeBiometricSession: update((_, params: { session_id: string; verify_url: string }) => ({
    biometric: { session_id: params.session_id, verify_url: params.verify_url, outcome: null },
  })),
  storeLiveness: update(({ context }, params: PortData<'getBiometricResult'>) => {
    if (params.status === 'passed') {
      const basic = context.drafts.basic
      return {
        biometric: context.biometric && { ...context.biometric, outcome: null },
        loanUser: withStatus(context.loanUser, 'basic'),
        drafts: patchDraft(context, 'basic', {
          real_name: basic.real_name || (params.real_name ?? ''),
          id_number: basic.id_number || (params.id_number ?? ''),
        }),
      }
    }
    if (params.status === 'failed' || params.status === 'expired') {
      return { biometric: context.biometric && { ...context.biometric, outcome: params.status } }
    }
    return {}
  }),
  storeCardSms: update(({ context }, params: PortData<'sendCardCode'>) => ({
    cardSms: smsSent(context, params),
    luhnWarning: params.luhn_warning,
    drafts: patchDraft(context, 'bankCard', { idempotencyKey: newCodeNewKey }),
  })),
  keyCardConfirm: update(({ context }) => ({
    drafts: patchDraft(context, 'bankCard', { idempotencyKey: commitKey(context.drafts.bankCard.idempotencyKey, context) }),
  })),
  storeCard: update(({ context }, params: PortData<'confirmCard'>) => ({
    card: params.card,
    loanUser: params.status,
    cardSms: null,
    drafts: patchDraft(context, 'bankCard', { code: '', idempotencyKey: null }),
  })),
}

/** The step of the loan-user status a call answered with, for a guard that reads it. */
const answeredStep = ({ event }: { event: { output: LoanUserStatus } }) => ({ step: event.output.step })

/** Every step's save answers with the new loan-user status; the next step's screen follows. */
const savedThenTo = <const T extends string>(target: T) =>
  ({ target, actions: storeAnsweredStatus }) as const

type Section = PortArgs<'updateLoanUser'>['input']
type SectionFields = Section extends infer S ? (S extends Section ? Omit<S, 'id'> : never) : never

/** A step saved into the loan user (its `section` of fields, under the loan user's id); then `next`. */
function sectionSaved<const T extends string>(next: T, fields: (context: AppContext) => SectionFields) {
  return {
    src: 'updateLoanUser',
    input: ({ context }: { context: AppContext }) => {
      const id = context.loanUser?.id ?? ''
      return { params: { id }, input: { id, ...fields(context) } }
    },
    onDone: savedThenTo(next),
  } as const
}

export const funnelStates = states({
  loanDemand: {
    ...screen('loanDemand', { en: 'Borrow: the borrower picks the amount, the term and the purpose, and sees the price.', 'zh-Hans': '借款：选择金额、期限和用途，并看到价格。' }, 'pricing'),
    entry: [enter('loanDemand'), 'setDefaultDemand'],
    states: {
      pricing: pricing({
        input: ({ context }) => ({
          input: {
            amount: context.drafts.demand.amount ?? 0,
            term: context.drafts.demand.term ?? 12,
          },
        }),
      }),
      editing: {
        tags: 'editing',
        on: {
          ...repricing,
          'form.submit': { guard: 'demandReady', target: 'submitting', actions: 'clearError' },
        },
      },
      submitting: submitting({
        back: 'editing',
        invoke: sectionSaved('#facialIdentification', ({ drafts: { demand: d } }) => ({
          section: 'demand',
          amount: d.amount ?? 0,
          term: d.term ?? 12,
          purpose: d.purpose ?? 'other',
          agreements: { register: true, user: true, privacy: true, personal_consent: true },
        })),
      }),
    },
  },

  facialIdentification: {
    ...screen('facialIdentification', { en: 'Face verification: two consents, then a liveness check at the vendor.', 'zh-Hans': '人脸识别：两项授权，然后到服务商完成活体检测。' }, 'editing'),
    states: {
      editing: editing({ on: 'form.submit', ready: 'faceReady', next: 'startingSession', previous: '#loanDemand' }),
      startingSession: submitting({
        back: 'editing',
        invoke: {
          src: 'startBiometricSession',
          input: () => ({
            input: {
              return_url: '#/pages/facialIdentification/index',
              agreements: { face_consent: true, sensitive_consent: true } as const,
            },
          }),
          onDone: {
            target: 'verifying',
            actions: { type: 'storeBiometricSession', params: ({ event }) => event.output },
          },
        },
      }),
      verifying: {
        description:
          "The liveness wait: the vendor's page (verify_url) is open in /pages/webview/index. Its return to the facialIdentification route, Back, or liveness.returned all lead to reading the result, never trusting the return URL.",
        meta: { path: 'webview', words: { en: "The vendor's face check, in its own web page.", 'zh-Hans': '服务商的人脸核验页面。' } },
        on: {
          'liveness.returned': { target: 'checking' },
          'xstate.route': { guard: { type: 'routeIs', params: { screen: 'facialIdentification' } }, target: 'checking' },
          // The bar's Back on the vendor's page: the result is read, as on any return.
          'step.back': { target: 'checking' },
        },
      },
      checking: poll({
        description: 'Polls the liveness result with backoff; poll.stop or the cap gives the borrower a way out.',
        start: 'fetching',
        kind: 'liveness',
        delay: 'livenessPollDelay',
        stop: 'editing',
        slowDescription: 'The polling cap was reached: keep waiting (retry) or stop (poll.stop).',
        fetch: {
          src: 'getBiometricResult',
          input: ({ context }) => ({ input: { session_id: context.biometric?.session_id ?? '' } }),
          onDone: [
            {
              guard: { type: 'livenessPending', params: ({ event }) => ({ status: event.output.status }) },
              target: 'waiting',
            },
            {
              guard: { type: 'livenessPassed', params: ({ event }) => ({ status: event.output.status }) },
              target: '#basicInfo',
              actions: { type: 'storeLiveness', params: ({ event }) => event.output },
            },
            {
              target: '#facialIdentification.editing',
              actions: { type: 'storeLiveness', params: ({ event }) => event.output },
            },
          ],
        },
      }),
    },
  },

  basicInfo: wizardStep('basicInfo', {
    words: { en: 'Basic information: name, ID number, education, marriage and address.', 'zh-Hans': '基本信息：姓名、身份证号、学历、婚姻和住址。' },
    ready: 'basicReady',
    previous: '#facialIdentification',
    invoke: sectionSaved('#assetInfo', ({ drafts: { basic: d } }) => ({
      section: 'basic',
      real_name: d.real_name,
      id_number: d.id_number,
      education: d.education ?? 'bachelor',
      marital_status: d.marital_status ?? 'single',
      province_id: d.province_id,
      city_id: d.city_id,
      district_id: d.district_id,
      address: d.address,
      ...(d.email !== '' ? { email: d.email } : {}),
    })),
  }),

  assetInfo: wizardStep('assetInfo', {
    words: { en: 'Assets: occupation, income, housing, car and insurance.', 'zh-Hans': '资产信息：职业、收入、住房、车辆和保险。' },
    ready: 'assetReady',
    previous: '#basicInfo',
    invoke: sectionSaved('#contact', ({ drafts: { asset: d } }) => ({
      section: 'asset',
      occupation: d.occupation ?? 'other',
      income_band: d.income_band ?? 'below_3k',
      housing: d.housing ?? 'rented',
      car: d.car ?? 'none',
      social_insurance: d.social_insurance ?? false,
      provident_fund: d.provident_fund ?? false,
      credit_card: d.credit_card ?? false,
    })),
  }),

  contact: wizardStep('contact', {
    words: { en: 'Emergency contacts: each with a relation, a name and a phone.', 'zh-Hans': '紧急联系人：每人填写关系、姓名和电话。' },
    ready: 'contactReady',
    previous: '#assetInfo',
    invoke: {
      src: 'saveContacts',
      input: ({ context }) => {
        const [first, second] = context.drafts.contact.contacts
        const entry = (c: ContactDraftEntry) => ({ relation: c.relation ?? 'other', name: c.name, phone: c.phone })
        return {
          input: {
            contacts: [entry(first), entry(second)] as [ContactEntry, ContactEntry],
            agreements: { form: true } as const,
          },
        }
      },
      onDone: savedThenTo('#bankCard'),
    },
  }),

  bankCard: {
    ...screen('bankCard', { en: 'Bank card: card number and reserved phone, an SMS code and the withhold agreement bind the card.', 'zh-Hans': '银行卡：输入卡号和预留手机号，凭短信验证码并同意代扣协议完成绑卡。' }, 'editing'),
    states: {
      editing: editing({ on: 'sms.send', ready: 'cardReady', next: 'sendingCode', previous: '#contact' }),
      sendingCode: codeSending('cardSmsSent', {
        src: 'sendCardCode',
        input: ({ context }) => ({
          input: {
            card_number: context.drafts.bankCard.card_number,
            reserved_phone: context.drafts.bankCard.reserved_phone,
          },
        }),
        onDone: { target: 'codeSent', actions: { type: 'storeCardSms', params: ({ event }) => event.output } },
      }),
      codeSent: {
        description:
          'An SMS code is on its way. The resend countdown is the deadline cardSms.resendAt (an instant), so it survives reload and backgrounding. ' +
          'A code is only good with the card number it was sent for, shown locked: once that number is gone (a new web view keeps card numbers only for the session), the form asks for the card again.',
        tags: 'editing',
        always: { guard: 'cardNumberGone', target: 'editing' },
        on: {
          'sms.resend': { guard: 'cardResendAllowed', target: 'sendingCode', actions: 'clearError' },
          'form.submit': {
            guard: 'cardCodeReady',
            target: 'confirming',
            actions: ['clearError', 'keyCardConfirm'],
          },
          'step.back': { target: 'editing' },
        },
      },
      confirming: {
        description: 'Binds the card with the code, under the idempotency key kept in the draft.',
        ...codeConfirming(
          {
            src: 'confirmCard',
            input: ({ context }) => ({
              input: {
                request_id: context.cardSms?.request_id ?? '',
                code: context.drafts.bankCard.code,
                agreements: { withhold_agreement: true } as const,
              },
              idempotencyKey: context.drafts.bankCard.idempotencyKey ?? '',
            }),
            onDone: { target: '#review', actions: { type: 'storeCard', params: ({ event }) => event.output } },
          },
          'askingWhetherBound',
        ),
      },
      askingWhetherBound: {
        description:
          'The web view closed while the card was being bound, and the new one lost the code (kept for the session only), so the binding is not sent again. ' +
          'The loan status says whether it went through: bound and under review, on to the review; decided meanwhile, the result; ' +
          'still at the card, the form, saying to enter the card again; anywhere else, home, which shows where the application stands.',
        tags: 'busy',
        invoke: {
          src: 'getLoanUserStatus',
          input: {},
          onDone: [
            { guard: { type: 'cardBoundForReview', params: answeredStep }, target: '#review', actions: [storeAnsweredStatus, 'clearError'] },
            { guard: { type: 'decidedMeanwhile', params: answeredStep }, target: '#result', actions: [storeAnsweredStatus, 'clearError'] },
            { guard: { type: 'stillAtCardStep', params: answeredStep }, target: 'editing', actions: storeAnsweredStatus },
            // A loan taken, or the application started anew: neither is this step's to show.
            { target: '#home', actions: [storeAnsweredStatus, 'clearError'] },
          ],
          // Not knowing, the form is the safe side: binding the card again replaces it with itself.
          onError: [reauth, { target: 'editing' }],
        },
      },
    },
  },
})
