import type { Clause, ContentLocale } from './content-locale'

/*
 * The lender's loan contract and its third-party (data) protocol, per locale. The numbers arrive
 * already formatted for the locale, so each template only places them in its sentences.
 */

export interface ContractFigures {
  lender: string
  amount: string
  term: number
  apr: string
  dailyRate: string
  monthlyPayment: string
  totalInterest: string
  totalRepayment: string
}

export interface ContractDocument {
  title: string
  intro: string[]
  clauses: Clause[]
}

type Template = (f: ContractFigures) => ContractDocument

const contractZhHans: Template = (f) => ({
  title: `${f.lender}个人借款合同`,
  intro: [
    `出借人：${f.lender}（以下简称“甲方”）。借款人：经“花钱”平台实名认证并在本合同页面确认借款的用户（以下简称“乙方”）。`,
    '双方本着平等自愿、诚实信用的原则，就乙方向甲方借款事宜订立本合同。乙方点击“确认借款”即视为签署本合同。',
  ],
  clauses: [
    {
      heading: '借款金额与期限',
      items: [
        `借款本金：${f.amount}。`,
        `借款期限：${f.term} 个月，自放款之日起算。`,
        '借款用途：个人日常消费，不得用于购房、投资理财、股票及其他法律禁止的用途。',
      ],
    },
    {
      heading: '利率与费用',
      items: [
        `年化利率（单利）：${f.apr}，折合日利率约 ${f.dailyRate}。`,
        `月还款额：${f.monthlyPayment}；利息总额：${f.totalInterest}；应还总额：${f.totalRepayment}。`,
        '除上述利息外，甲方不收取任何服务费、担保费或其他费用。',
      ],
    },
    {
      heading: '还款方式',
      paragraphs: [
        '采用等额本息方式按月还款，每期还款日为放款日在各月的对应日，当月无对应日的，以该月最后一日为还款日。最后一期因分位取整可能与其他各期略有差异。',
        '乙方授权甲方委托支付机构于还款日从乙方绑定的借记卡中扣收当期应还款项；乙方也可提前主动还款，须按期次由早到晚依次偿还，不收取提前还款违约金。',
      ],
    },
    {
      heading: '逾期责任',
      paragraphs: [
        '乙方未按期足额还款的，自逾期次日起按逾期金额每日万分之五计收罚息，罚息累计不超过逾期金额的百分之二十四。甲方有权依法将逾期信息报送金融信用信息基础数据库。',
      ],
    },
    {
      heading: '合同的生效与解除',
      paragraphs: [
        '本合同自乙方确认且甲方放款成功之日起生效，至乙方结清全部借款之日终止。放款前乙方可随时取消借款申请而无须承担任何费用。',
      ],
    },
    {
      heading: '争议解决',
      paragraphs: ['因本合同引起的争议，双方协商解决；协商不成的，任何一方可向甲方住所地有管辖权的人民法院提起诉讼。'],
    },
  ],
})

const contractZhHant: Template = (f) => ({
  title: `${f.lender}個人借款合約`,
  intro: [
    `出借人：${f.lender}（以下簡稱「甲方」）。借款人：經「花錢」平台實名認證並在本合約頁面確認借款的用戶（以下簡稱「乙方」）。`,
    '雙方本著平等自願、誠實信用的原則，就乙方向甲方借款事宜訂立本合約。乙方點擊「確認借款」即視為簽署本合約。',
  ],
  clauses: [
    {
      heading: '借款金額與期限',
      items: [
        `借款本金：${f.amount}。`,
        `借款期限：${f.term} 個月，自放款之日起算。`,
        '借款用途：個人日常消費，不得用於購房、投資理財、股票及其他法律禁止的用途。',
      ],
    },
    {
      heading: '利率與費用',
      items: [
        `年化利率（單利）：${f.apr}，折合日利率約 ${f.dailyRate}。`,
        `月還款額：${f.monthlyPayment}；利息總額：${f.totalInterest}；應還總額：${f.totalRepayment}。`,
        '除上述利息外，甲方不收取任何服務費、擔保費或其他費用。',
      ],
    },
    {
      heading: '還款方式',
      paragraphs: [
        '採用等額本息方式按月還款，每期還款日為放款日在各月的對應日，當月無對應日的，以該月最後一日為還款日。最後一期因分位取整可能與其他各期略有差異。',
        '乙方授權甲方委託支付機構於還款日從乙方綁定的金融卡中扣收當期應還款項；乙方也可提前主動還款，須按期次由早到晚依次償還，不收取提前還款違約金。',
      ],
    },
    {
      heading: '逾期責任',
      paragraphs: [
        '乙方未按期足額還款的，自逾期次日起按逾期金額每日萬分之五計收罰息，罰息累計不超過逾期金額的百分之二十四。甲方有權依法將逾期資訊報送金融信用資訊基礎資料庫。',
      ],
    },
    {
      heading: '合約的生效與解除',
      paragraphs: [
        '本合約自乙方確認且甲方放款成功之日起生效，至乙方結清全部借款之日終止。放款前乙方可隨時取消借款申請而無須承擔任何費用。',
      ],
    },
    {
      heading: '爭議解決',
      paragraphs: ['因本合約引起的爭議，雙方協商解決；協商不成的，任何一方可向甲方住所地有管轄權的人民法院提起訴訟。'],
    },
  ],
})

const contractEn: Template = (f) => ({
  title: `Personal Loan Contract — ${f.lender}`,
  intro: [
    `Lender: ${f.lender} ("the Lender"). Borrower: the user verified under their real name on the Huaqian platform who confirms the loan on this page ("the Borrower").`,
    'The parties enter into this contract freely and in good faith. Tapping "Confirm loan" constitutes the Borrower’s signature.',
  ],
  clauses: [
    {
      heading: 'Amount and term',
      items: [
        `Principal: ${f.amount}.`,
        `Term: ${f.term} months from the day the funds are disbursed.`,
        'Purpose: personal consumption; the loan may not be used to buy property, to invest, to buy shares or for any unlawful purpose.',
      ],
    },
    {
      heading: 'Interest and fees',
      items: [
        `Annual percentage rate (simple interest): ${f.apr}, about ${f.dailyRate} a day.`,
        `Monthly payment: ${f.monthlyPayment}; total interest: ${f.totalInterest}; total to repay: ${f.totalRepayment}.`,
        'Beyond this interest the Lender charges no service, guarantee or other fee.',
      ],
    },
    {
      heading: 'Repayment',
      paragraphs: [
        'The loan is repaid in equal monthly instalments, each due on the same day of the month as the disbursement, or on the last day of a month that has no such day. The last instalment may differ slightly because of rounding.',
        'The Borrower authorises the Lender to have a payment institution deduct each instalment from the Borrower’s bound debit card on its due date. The Borrower may also repay early, oldest instalment first, without any early repayment charge.',
      ],
    },
    {
      heading: 'Late payment',
      paragraphs: [
        'From the day after a missed due date, a charge of 0.05% of the overdue amount accrues per day, never more than 24% of that amount in total. The Lender may report the arrears to the national financial credit database as the law provides.',
      ],
    },
    {
      heading: 'Entry into force and termination',
      paragraphs: [
        'This contract takes effect when the Borrower confirms it and the funds are disbursed, and ends when the loan is repaid in full. Before disbursement the Borrower may cancel the application at no cost.',
      ],
    },
    {
      heading: 'Disputes',
      paragraphs: [
        'The parties will try to settle any dispute by negotiation; failing that, either may bring proceedings before the competent people’s court where the Lender is domiciled.',
      ],
    },
  ],
})

const contractFr: Template = (f) => ({
  title: `Contrat de prêt personnel — ${f.lender}`,
  intro: [
    `Prêteur : ${f.lender} (le « Prêteur »). Emprunteur : l’utilisateur identifié sous son nom réel sur la plateforme Huaqian qui confirme le prêt sur cette page (l’« Emprunteur »).`,
    'Les parties concluent ce contrat librement et de bonne foi. Appuyer sur « Confirmer le prêt » vaut signature de l’Emprunteur.',
  ],
  clauses: [
    {
      heading: 'Montant et durée',
      items: [
        `Capital : ${f.amount}.`,
        `Durée : ${f.term} mois à compter du décaissement.`,
        'Objet : consommation personnelle ; le prêt ne peut financer un achat immobilier, un placement, des actions ni aucune fin illicite.',
      ],
    },
    {
      heading: 'Intérêts et frais',
      items: [
        `Taux annuel (intérêts simples) : ${f.apr}, soit environ ${f.dailyRate} par jour.`,
        `Mensualité : ${f.monthlyPayment} ; total des intérêts : ${f.totalInterest} ; total à rembourser : ${f.totalRepayment}.`,
        'En dehors de ces intérêts, le Prêteur ne perçoit aucuns frais de service, de garantie ou autres.',
      ],
    },
    {
      heading: 'Remboursement',
      paragraphs: [
        'Le prêt est remboursé par mensualités constantes, chacune due le même jour du mois que le décaissement, ou le dernier jour d’un mois qui n’a pas ce jour. La dernière mensualité peut différer légèrement en raison des arrondis.',
        'L’Emprunteur autorise le Prêteur à faire prélever chaque échéance sur sa carte de débit liée à sa date. L’Emprunteur peut aussi rembourser par anticipation, l’échéance la plus ancienne d’abord, sans frais.',
      ],
    },
    {
      heading: 'Retard de paiement',
      paragraphs: [
        'À compter du lendemain d’une échéance impayée, une pénalité de 0,05 % du montant impayé court par jour, plafonnée à 24 % de ce montant. Le Prêteur peut déclarer l’impayé à la base nationale d’informations de crédit, comme la loi le prévoit.',
      ],
    },
    {
      heading: 'Entrée en vigueur et fin',
      paragraphs: [
        'Le contrat prend effet à la confirmation de l’Emprunteur et au décaissement des fonds, et prend fin au remboursement intégral. Avant le décaissement, l’Emprunteur peut annuler sa demande sans frais.',
      ],
    },
    {
      heading: 'Litiges',
      paragraphs: [
        'Les parties chercheront une solution amiable ; à défaut, chacune peut saisir le tribunal populaire compétent du domicile du Prêteur.',
      ],
    },
  ],
})

const contractEs: Template = (f) => ({
  title: `Contrato de préstamo personal — ${f.lender}`,
  intro: [
    `Prestamista: ${f.lender} (el «Prestamista»). Prestatario: el usuario verificado con su nombre real en la plataforma Huaqian que confirma el préstamo en esta página (el «Prestatario»).`,
    'Las partes celebran este contrato libremente y de buena fe. Pulsar «Confirmar préstamo» equivale a la firma del Prestatario.',
  ],
  clauses: [
    {
      heading: 'Importe y plazo',
      items: [
        `Principal: ${f.amount}.`,
        `Plazo: ${f.term} meses desde el desembolso.`,
        'Finalidad: consumo personal; el préstamo no puede destinarse a vivienda, inversiones, acciones ni fines ilícitos.',
      ],
    },
    {
      heading: 'Intereses y comisiones',
      items: [
        `Tasa anual (interés simple): ${f.apr}, unos ${f.dailyRate} diarios.`,
        `Cuota mensual: ${f.monthlyPayment}; intereses totales: ${f.totalInterest}; total a devolver: ${f.totalRepayment}.`,
        'Aparte de estos intereses, el Prestamista no cobra comisiones de servicio, garantía ni de otro tipo.',
      ],
    },
    {
      heading: 'Devolución',
      paragraphs: [
        'El préstamo se devuelve en cuotas mensuales iguales, cada una con vencimiento el mismo día del mes que el desembolso, o el último día de un mes que no tenga ese día. La última cuota puede variar ligeramente por redondeo.',
        'El Prestatario autoriza al Prestamista a que una entidad de pago cargue cada cuota en su tarjeta de débito vinculada en su vencimiento. El Prestatario también puede pagar por adelantado, empezando por la cuota más antigua, sin comisión.',
      ],
    },
    {
      heading: 'Retraso en el pago',
      paragraphs: [
        'Desde el día siguiente a un vencimiento impagado se devenga un recargo diario del 0,05 % del importe vencido, con un máximo del 24 % de ese importe. El Prestamista puede comunicar el impago a la base nacional de información crediticia, según la ley.',
      ],
    },
    {
      heading: 'Entrada en vigor y fin',
      paragraphs: [
        'El contrato entra en vigor cuando el Prestatario lo confirma y se desembolsan los fondos, y termina con la devolución íntegra. Antes del desembolso, el Prestatario puede cancelar la solicitud sin coste.',
      ],
    },
    {
      heading: 'Litigios',
      paragraphs: [
        'Las partes intentarán resolver cualquier litigio de forma amistosa; en su defecto, cualquiera puede acudir al tribunal popular competente del domicilio del Prestamista.',
      ],
    },
  ],
})

const thirdPartyZhHans: Template = (f) => ({
  title: `${f.lender}个人信息查询及使用授权书`,
  intro: [
    `本授权书由借款人向${f.lender}（以下简称“被授权人”）出具，用于被授权人审批本次借款（本金 ${f.amount}，期限 ${f.term} 个月）及贷后管理。`,
  ],
  clauses: [
    {
      heading: '征信查询与报送',
      paragraphs: [
        '借款人授权被授权人向金融信用信息基础数据库及其他依法设立的征信机构查询、打印、保存借款人的信用报告，并依法报送本次借款的信用信息，包括不良信息。',
      ],
    },
    {
      heading: '从平台获取的信息',
      items: [
        '身份信息及人脸核验结果。',
        '基本信息、资产信息与紧急联系人信息。',
        '借记卡信息及设备信息。',
      ],
    },
    {
      heading: '信息的使用与保存',
      paragraphs: [
        '被授权人仅为审批、放款、还款管理及依法催收使用上述信息，并采取不低于平台的安全措施予以保护，保存至借款结清后五年。',
      ],
    },
    {
      heading: '授权期限',
      paragraphs: ['本授权自借款人确认之日起至本次借款全部结清之日止；借款申请未获批准的，至审批结束之日止。'],
    },
  ],
})

const thirdPartyZhHant: Template = (f) => ({
  title: `${f.lender}個人資訊查詢及使用授權書`,
  intro: [
    `本授權書由借款人向${f.lender}（以下簡稱「被授權人」）出具，用於被授權人審批本次借款（本金 ${f.amount}，期限 ${f.term} 個月）及貸後管理。`,
  ],
  clauses: [
    {
      heading: '徵信查詢與報送',
      paragraphs: [
        '借款人授權被授權人向金融信用資訊基礎資料庫及其他依法設立的徵信機構查詢、列印、保存借款人的信用報告，並依法報送本次借款的信用資訊，包括不良資訊。',
      ],
    },
    {
      heading: '從平台取得的資訊',
      items: ['身分資訊及人臉核驗結果。', '基本資訊、資產資訊與緊急聯絡人資訊。', '金融卡資訊及裝置資訊。'],
    },
    {
      heading: '資訊的使用與保存',
      paragraphs: [
        '被授權人僅為審批、放款、還款管理及依法催收使用上述資訊，並採取不低於平台的安全措施予以保護，保存至借款結清後五年。',
      ],
    },
    {
      heading: '授權期限',
      paragraphs: ['本授權自借款人確認之日起至本次借款全部結清之日止；借款申請未獲批准的，至審批結束之日止。'],
    },
  ],
})

const thirdPartyEn: Template = (f) => ({
  title: `Credit Inquiry and Data Use Authorisation — ${f.lender}`,
  intro: [
    `The Borrower gives ${f.lender} ("the Authorised Party") this authorisation so that it can assess this loan (principal ${f.amount}, ${f.term} months) and service it.`,
  ],
  clauses: [
    {
      heading: 'Credit reports',
      paragraphs: [
        'The Borrower authorises the Authorised Party to obtain, print and keep the Borrower’s credit report from the national financial credit database and other lawfully established credit reference agencies, and to report this loan’s credit information, including arrears, as the law provides.',
      ],
    },
    {
      heading: 'Information received from the platform',
      items: [
        'Identity information and the face verification result.',
        'Basic information, assets and emergency contacts.',
        'Debit card and device information.',
      ],
    },
    {
      heading: 'Use and retention',
      paragraphs: [
        'The Authorised Party uses this information only to assess, disburse, manage repayments and lawfully collect, protects it at least as well as the platform does, and keeps it for five years after the loan is settled.',
      ],
    },
    {
      heading: 'Duration',
      paragraphs: [
        'This authorisation runs from the Borrower’s confirmation until the loan is settled in full or, if the application is declined, until the review ends.',
      ],
    },
  ],
})

const thirdPartyFr: Template = (f) => ({
  title: `Autorisation de consultation et d’utilisation des données — ${f.lender}`,
  intro: [
    `L’Emprunteur donne à ${f.lender} (le « Bénéficiaire ») cette autorisation afin qu’il puisse étudier ce prêt (capital ${f.amount}, ${f.term} mois) et en assurer la gestion.`,
  ],
  clauses: [
    {
      heading: 'Rapports de crédit',
      paragraphs: [
        'L’Emprunteur autorise le Bénéficiaire à consulter, imprimer et conserver son rapport de crédit auprès de la base nationale d’informations de crédit et des autres agences légalement établies, et à déclarer les informations de crédit de ce prêt, y compris les impayés, comme la loi le prévoit.',
      ],
    },
    {
      heading: 'Informations reçues de la plateforme',
      items: [
        'Identité et résultat de la vérification faciale.',
        'Informations de base, patrimoine et contacts d’urgence.',
        'Carte de débit et informations sur l’appareil.',
      ],
    },
    {
      heading: 'Utilisation et conservation',
      paragraphs: [
        'Le Bénéficiaire n’utilise ces informations que pour étudier, décaisser, gérer les remboursements et recouvrer légalement ; il les protège au moins aussi bien que la plateforme et les conserve cinq ans après le remboursement du prêt.',
      ],
    },
    {
      heading: 'Durée',
      paragraphs: [
        'Cette autorisation court de la confirmation de l’Emprunteur jusqu’au remboursement intégral du prêt ou, si la demande est refusée, jusqu’à la fin de l’étude.',
      ],
    },
  ],
})

const thirdPartyEs: Template = (f) => ({
  title: `Autorización de consulta y uso de datos — ${f.lender}`,
  intro: [
    `El Prestatario otorga a ${f.lender} (el «Autorizado») esta autorización para que estudie este préstamo (principal ${f.amount}, ${f.term} meses) y lo gestione.`,
  ],
  clauses: [
    {
      heading: 'Informes de crédito',
      paragraphs: [
        'El Prestatario autoriza al Autorizado a consultar, imprimir y conservar su informe de crédito en la base nacional de información crediticia y en otras agencias legalmente constituidas, y a comunicar la información crediticia de este préstamo, incluidos los impagos, según la ley.',
      ],
    },
    {
      heading: 'Datos recibidos de la plataforma',
      items: [
        'Identidad y resultado de la verificación facial.',
        'Datos básicos, patrimonio y contactos de emergencia.',
        'Tarjeta de débito y datos del dispositivo.',
      ],
    },
    {
      heading: 'Uso y conservación',
      paragraphs: [
        'El Autorizado usa estos datos solo para estudiar, desembolsar, gestionar los pagos y cobrar legalmente; los protege al menos como la plataforma y los conserva cinco años tras liquidar el préstamo.',
      ],
    },
    {
      heading: 'Duración',
      paragraphs: [
        'Esta autorización rige desde la confirmación del Prestatario hasta la liquidación total del préstamo o, si la solicitud se deniega, hasta el fin del estudio.',
      ],
    },
  ],
})

export const contractTemplates: Record<ContentLocale, { contract: Template; third_party: Template }> = {
  'zh-Hans': { contract: contractZhHans, third_party: thirdPartyZhHans },
  'zh-Hant': { contract: contractZhHant, third_party: thirdPartyZhHant },
  en: { contract: contractEn, third_party: thirdPartyEn },
  fr: { contract: contractFr, third_party: thirdPartyFr },
  es: { contract: contractEs, third_party: thirdPartyEs },
}
