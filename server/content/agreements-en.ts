import type { AgreementLocale } from './content-locale'

const operator = 'Huaqian (Shenzhen) Digital Technology Co., Ltd.'

export const agreementsEn: AgreementLocale = {
  clauseLabel: (n) => `${n}.`,
  meta: (version, date) => `Version ${version} · Effective ${date}`,
  agreements: {
    register: {
      title: 'User Registration Agreement',
      intro: `Welcome to Huaqian. This agreement is made between you and ${operator} ("we", "us"). Please read it carefully before registering, in particular the clauses that exclude or limit liability. By tapping "Agree" or completing registration you confirm that you have read and accept all of it.`,
      clauses: [
        {
          heading: 'Who may register',
          paragraphs: [
            'You must be a resident of mainland China aged 18 or over with full civil capacity, and register with a mobile number registered in your own name.',
            'If you do not meet these conditions, please do not register; we may close any account that does not.',
          ],
        },
        {
          heading: 'Your account and its security',
          items: [
            'You sign in with your mobile number and a one-time SMS code. The account is for your use only and may not be transferred, lent or sold.',
            'Keep your phone and codes safe. Losses caused by a code you disclosed are yours to bear, unless we were at fault.',
            'If you believe your account has been misused, contact customer service at once so that we can freeze it.',
          ],
        },
        {
          heading: 'Information collected at registration',
          paragraphs: [
            'We collect your mobile number and record your device identifier, the time of registration and the referring channel, to create the account, prevent fraud and produce statistics. The Privacy Policy describes this in full.',
          ],
        },
        {
          heading: 'Closing your account',
          paragraphs: [
            'Provided you have no outstanding loan, you may ask customer service to close your account. We then delete or anonymise your personal information, except what the law requires us to keep.',
          ],
        },
      ],
    },
    user: {
      title: 'User Service Agreement',
      intro: `This agreement sets out your rights and obligations when you use the Huaqian loan information service, operated by ${operator}. We provide technical services (matching, application forms, repayment reminders) between you and licensed financial institutions ("lenders"). We do not lend money ourselves.`,
      clauses: [
        {
          heading: 'The service',
          items: [
            'Recording your loan demand and pricing it, showing the annual percentage rate (APR), monthly payment and total interest.',
            'Identity verification, application forms and submission of your application to lenders.',
            'Decision status, matching with lenders, signing of loan contracts and the repayment plan.',
            'Repayments you make, automatic deductions and repayment notifications.',
          ],
        },
        {
          heading: 'Approval and disbursement',
          paragraphs: [
            'Whether a loan is approved, its limit and its price are decided by the lender alone under its own credit rules. We promise no outcome and never charge you anything before disbursement.',
            'Anyone claiming to be our staff who asks you to transfer money to "unfreeze" a loan or "build a transaction record" is a fraudster: please report it to the police.',
          ],
        },
        {
          heading: 'Your obligations',
          items: [
            'Provide true, accurate and complete information and keep it up to date.',
            'Repay in full and on time as your loan contract provides.',
            'Not use the service for money laundering, cash-out schemes or any unlawful purpose; loans may not be used to buy property or to invest.',
          ],
        },
        {
          heading: 'Changes to the service',
          paragraphs: [
            'We may change or suspend parts of the service for business, maintenance or legal reasons, announcing it in the app in advance. A suspension does not affect loan contracts already signed.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy Policy',
      intro: `${operator} processes your personal information in accordance with the Personal Information Protection Law of the People's Republic of China. This policy explains what we collect, why, how we use, share and protect it, and the rights you have.`,
      clauses: [
        {
          heading: 'What we collect',
          items: [
            'Account information: mobile number and nickname.',
            'Identity information: name, resident ID number and a facial image (processed only by the verification provider, during verification).',
            'Application information: amount, term and purpose of the loan; education, marital status, home address, occupation and income band, assets, emergency contacts.',
            'Bank card information: debit card number, issuing bank and the mobile number registered with the bank.',
            'Device information: device identifier, model, operating system, screen size, network status and, with your permission, location.',
          ],
        },
        {
          heading: 'How we use it',
          items: [
            'To verify your identity, prevent fraud and keep your account secure.',
            'To submit your application to the lender you choose, for its credit assessment.',
            'To disburse, collect repayments and send repayment reminders.',
            'To meet legal duties such as anti-money-laundering and real-name rules.',
          ],
        },
        {
          heading: 'Sharing and disclosure',
          paragraphs: [
            'Only with your separate consent do we share, with lenders, identity verification providers and payment institutions, the information they need for the purposes above, under data protection agreements. We never sell your personal information or disclose it publicly, unless the law requires it.',
          ],
        },
      ],
    },
    'personal-consent': {
      title: 'Authorisation to Process Personal Information',
      intro: `I (the "Authorising Party") freely give ${operator} the following authorisation in order to apply for the loan information service.`,
      clauses: [
        {
          heading: 'Scope',
          paragraphs: [
            'The Authorising Party agrees that the information submitted during the application (identity, contact details, occupation and income, assets and device information) may be collected, stored and used.',
          ],
        },
        {
          heading: 'Purposes',
          items: [
            'Verifying the identity of the Authorising Party and the accuracy of what was submitted.',
            'Assessing the loan demand and matching suitable lenders.',
            'When the Authorising Party applies, providing that information to the chosen lender for credit assessment and loan servicing.',
          ],
        },
        {
          heading: 'Duration and withdrawal',
          paragraphs: [
            'This authorisation takes effect when the box is ticked and lasts until every loan is settled and the account is closed. It may be withdrawn at any time; withdrawal does not affect processing already carried out, but may make further applications impossible.',
          ],
        },
      ],
    },
    'sensitive-consent': {
      title: 'Authorisation to Process Sensitive Personal Information',
      intro:
        'Your ID number, bank account, facial information and precise location are sensitive personal information: if leaked they could harm your dignity or your property. As the law requires, we process them only for a specific purpose, where strictly necessary, and with your separate consent.',
      clauses: [
        {
          heading: 'The sensitive information concerned',
          items: [
            'Resident ID number and images of the ID card.',
            'Debit card number and the mobile number registered with the bank.',
            'Facial images and the liveness check result.',
            'Precise location, where you allow it.',
          ],
        },
        {
          heading: 'Purpose and necessity',
          paragraphs: [
            'This information is used to confirm that you are the person applying, to prevent borrowing in another person’s name, and to disburse and collect. Without your consent we cannot process a loan application, but you can still browse the other pages.',
          ],
        },
        {
          heading: 'Safeguards',
          paragraphs: [
            'Sensitive information is encrypted in transit and at rest, access is limited to those who need it and logged, and it is masked on screen (for example, only the last four digits of a card are shown).',
          ],
        },
      ],
    },
    'face-consent': {
      title: 'Authorisation to Process Facial Information',
      intro: 'To confirm that it is really you applying, we verify your identity by face recognition. Please read the following before deciding.',
      clauses: [
        {
          heading: 'How verification works',
          paragraphs: [
            'You are taken to the page of a licensed verification provider and asked to blink or turn your head. The provider compares the captured image with the photo held by the public security identity database and returns only "passed" or "failed" to us.',
          ],
        },
        {
          heading: 'Storage and retention',
          paragraphs: [
            'We do not keep your facial images. The result and time of the check are kept for five years after the loan is settled, as financial regulation requires for identity checks.',
          ],
        },
        {
          heading: 'Alternative',
          paragraphs: [
            'If you do not wish to use face recognition, contact customer service about manual verification; it may make the review take longer.',
          ],
        },
      ],
    },
    loan: {
      title: 'Loan Disclosure Statement',
      intro:
        'Before you confirm a loan, we disclose its main terms and risks so that you can decide in full knowledge. The loan contract you sign with the lender prevails.',
      clauses: [
        {
          heading: 'Cost of the loan',
          paragraphs: [
            'The annual percentage rate (APR) shown is the yearly cost of the loan at simple interest, including interest and every fee. Loans are repaid in equal monthly instalments; the last one may differ by a few fen because of rounding.',
          ],
        },
        {
          heading: 'If you pay late',
          items: [
            'A late-payment charge of 0.05% of the overdue amount per day applies, never more than 24% of that amount in total.',
            'Late payments are reported, as the law provides, to the national financial credit database and may affect future loans and credit card applications.',
            'The lender may contact you by SMS or phone; it will not contact third parties other than your emergency contacts.',
          ],
        },
        {
          heading: 'Early repayment',
          paragraphs: [
            'You may repay one or more instalments early, oldest first. There is no early repayment charge.',
          ],
        },
        {
          heading: 'Borrow responsibly',
          paragraphs: [
            'Borrow only what you need and can repay. Loans may not be used to buy property, shares or other investments.',
          ],
        },
      ],
    },
    form: {
      title: 'Authorisation to Share Personal Information',
      intro:
        'To submit your application to a lender and allow its credit assessment, we need to share part of the information you filled in. This authorisation says with whom, what and why.',
      clauses: [
        {
          heading: 'Recipients',
          items: [
            'The lender you choose on the matching page.',
            'Licensed credit reference agencies that provide credit assessment to that lender.',
          ],
        },
        {
          heading: 'What is shared',
          paragraphs: [
            'Your basic and asset information, the names and mobile numbers of your emergency contacts, and your application. Emergency contacts are used only to reach you when you cannot be reached, never for marketing.',
          ],
        },
        {
          heading: 'Your emergency contacts',
          paragraphs: ['You confirm that you have told your emergency contacts and obtained their agreement before entering their details.'],
        },
      ],
    },
    reward: {
      title: 'Membership Rights Agreement',
      intro: `The Huaqian membership rights card (the "card") is provided by ${operator}. Buying it is voluntary: not buying it does not stop you from applying for a loan.`,
      clauses: [
        {
          heading: 'Benefits',
          items: [
            'Priority review: your application joins the priority review queue, so you wait less.',
            'Higher approval rate: within the limits the lenders accept, matching succeeds more often, with a reference approval rate of up to 85%.',
            'Lifestyle perks: video memberships, food delivery and travel coupons, as listed on the benefits page.',
          ],
        },
        {
          heading: 'Price and payment',
          paragraphs: [
            'The price is the one shown on the purchase page. It is deducted once from your bound debit card and never renews automatically.',
          ],
        },
        {
          heading: 'Validity and refunds',
          paragraphs: [
            'The card is valid for its stated period from the day of purchase. If you have used no benefit and bought it less than seven days ago, you may ask for a full refund; otherwise the unused part is refunded.',
          ],
        },
      ],
    },
    'withhold-agreement': {
      title: 'Automatic Deduction Authorisation',
      intro:
        'So that you repay on time, you authorise us and our partner payment institutions to deduct the amounts due from your bound debit card on each due date.',
      clauses: [
        {
          heading: 'What may be deducted',
          paragraphs: [
            'The principal, interest and fees due under your loan contract for the period, the membership rights you choose to buy and, if you are late, the late-payment charge. We send you an SMS before each deduction.',
          ],
        },
        {
          heading: 'Failed deductions',
          paragraphs: [
            'If a deduction fails (insufficient balance, frozen card), we may try again the same or the next day and remind you to repay yourself. A failed deduction does not release you from repaying.',
          ],
        },
        {
          heading: 'Changes and termination',
          paragraphs: [
            'You may unbind the card once your loans are settled, or replace it with another debit card in your name at any time. This authorisation ends automatically when all your loans are settled.',
          ],
        },
      ],
    },
  },
  privacyTail: [
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep personal information only as long as the purpose requires. Loan information is kept for five years after the loan is settled, the minimum financial regulation requires; after that it is deleted or anonymised.',
      ],
    },
    {
      heading: 'Your rights',
      items: [
        'To access and obtain a copy of your personal information.',
        'To correct or complete inaccurate or incomplete information.',
        'To have it deleted where the law provides.',
        'To withdraw your consent, without affecting processing already carried out.',
        'To close your account, and to obtain an explanation of automated decisions.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        `For any question, comment or complaint about your personal information, contact the personal information protection officer of ${operator}: privacy@huaqian.example.com, customer service 400-000-0000 (working days 9:00–18:00). We reply within fifteen working days.`,
      ],
    },
  ],
  contractTail: [
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'This agreement is governed by the laws of the People’s Republic of China (for this purpose excluding those of Hong Kong, Macao and Taiwan). The parties will try to settle any dispute by negotiation; failing that, either may bring proceedings before the competent people’s court where the defendant is domiciled.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        `${operator}, 18/F Example Tower, Yuehai Subdistrict, Nanshan District, Shenzhen, Guangdong; customer service 400-000-0000; service@huaqian.example.com.`,
      ],
    },
  ],
}
