import type { ContentLocale } from './content-locale'

/*
 * Words of the rights card and of the fictional lenders and loan-supermarket products, per
 * locale. Ids, colours and urls are the same in every locale, so they live in agreements.ts.
 */

export type BenefitCode = 'priority_review' | 'approval_85' | 'lifestyle'

export interface RewardWords {
  name: string
  benefits: Record<BenefitCode, { title: string; description: string }>
  detail: { heading: string; items: string[] }[]
}

export const rewardWords: Record<ContentLocale, RewardWords> = {
  'zh-Hans': {
    name: '花钱会员权益卡',
    benefits: {
      priority_review: { title: '优先审核', description: '借款申请进入优先审核队列，最快 5 分钟出结果。' },
      approval_85: { title: '通过率提升至 85%', description: '在出借机构同意的范围内优先匹配，参考审批通过率可达 85%。' },
      lifestyle: { title: '生活权益', description: '视频会员月卡、外卖红包、打车券，每月任选其一。' },
    },
    detail: [
      { heading: '权益说明', items: ['权益卡有效期内可重复享受优先审核。', '生活权益每月 1 日刷新，当月未领取不累积。'] },
      { heading: '购买须知', items: ['购买与否不影响借款申请。', '一次性扣款，不自动续费。', '未使用任何权益且购买未满 7 天可全额退款。'] },
    ],
  },
  'zh-Hant': {
    name: '花錢會員權益卡',
    benefits: {
      priority_review: { title: '優先審核', description: '借款申請進入優先審核佇列，最快 5 分鐘出結果。' },
      approval_85: { title: '通過率提升至 85%', description: '在出借機構同意的範圍內優先匹配，參考審批通過率可達 85%。' },
      lifestyle: { title: '生活權益', description: '影音會員月卡、外送紅包、叫車券，每月任選其一。' },
    },
    detail: [
      { heading: '權益說明', items: ['權益卡有效期內可重複享受優先審核。', '生活權益每月 1 日更新，當月未領取不累積。'] },
      { heading: '購買須知', items: ['購買與否不影響借款申請。', '一次性扣款，不自動續費。', '未使用任何權益且購買未滿 7 天可全額退款。'] },
    ],
  },
  en: {
    name: 'Huaqian Rights Card',
    benefits: {
      priority_review: { title: 'Priority review', description: 'Your application joins the priority queue; decisions in as little as 5 minutes.' },
      approval_85: { title: 'Approval rate up to 85%', description: 'Matched first with lenders, within what they accept: a reference approval rate of up to 85%.' },
      lifestyle: { title: 'Lifestyle perks', description: 'A monthly video membership, food delivery voucher or ride coupon, your choice.' },
    },
    detail: [
      { heading: 'About the benefits', items: ['Priority review applies to every application while the card is valid.', 'Lifestyle perks refresh on the 1st of each month and do not roll over.'] },
      { heading: 'Before you buy', items: ['Buying the card does not affect your right to apply.', 'One payment, no automatic renewal.', 'Full refund within 7 days if no benefit has been used.'] },
    ],
  },
  fr: {
    name: 'Carte d’avantages Huaqian',
    benefits: {
      priority_review: { title: 'Examen prioritaire', description: 'Votre demande rejoint la file prioritaire : décision en 5 minutes seulement.' },
      approval_85: { title: 'Taux d’accord jusqu’à 85 %', description: 'Mise en relation prioritaire, dans les limites des prêteurs : taux d’accord de référence jusqu’à 85 %.' },
      lifestyle: { title: 'Avantages du quotidien', description: 'Chaque mois, au choix : abonnement vidéo, bon de livraison de repas ou bon de course.' },
    },
    detail: [
      { heading: 'Les avantages', items: ['L’examen prioritaire s’applique à chaque demande pendant la validité de la carte.', 'Les avantages du quotidien se renouvellent le 1er de chaque mois et ne se cumulent pas.'] },
      { heading: 'Avant d’acheter', items: ['L’achat n’affecte pas votre droit de demander un prêt.', 'Un seul paiement, sans renouvellement automatique.', 'Remboursement intégral sous 7 jours si aucun avantage n’a été utilisé.'] },
    ],
  },
  es: {
    name: 'Tarjeta de ventajas Huaqian',
    benefits: {
      priority_review: { title: 'Revisión prioritaria', description: 'Su solicitud entra en la cola prioritaria: decisión en solo 5 minutos.' },
      approval_85: { title: 'Aprobación de hasta el 85 %', description: 'Emparejamiento prioritario, dentro de lo que aceptan los prestamistas: aprobación de referencia de hasta el 85 %.' },
      lifestyle: { title: 'Ventajas cotidianas', description: 'Cada mes, a elegir: suscripción de vídeo, cupón de comida a domicilio o de transporte.' },
    },
    detail: [
      { heading: 'Las ventajas', items: ['La revisión prioritaria se aplica a cada solicitud mientras la tarjeta sea válida.', 'Las ventajas cotidianas se renuevan el día 1 de cada mes y no se acumulan.'] },
      { heading: 'Antes de comprar', items: ['Comprarla no afecta a su derecho a solicitar un préstamo.', 'Un solo pago, sin renovación automática.', 'Reembolso íntegro en 7 días si no ha usado ninguna ventaja.'] },
    ],
  },
}

export interface LenderWords {
  name: string
  highlights: string[]
}

export const lenderIds = ['lender_chenxing', 'lender_yuanfan', 'lender_qinghe', 'lender_hengchuan'] as const
export type LenderId = (typeof lenderIds)[number]

export const lenderWords: Record<ContentLocale, Record<LenderId, LenderWords>> = {
  'zh-Hans': {
    lender_chenxing: { name: '晨星消费金融', highlights: ['持牌消费金融公司', '最快 10 分钟放款', '可提前还款无违约金'] },
    lender_yuanfan: { name: '远帆小额贷款', highlights: ['额度最高 5 万元', '按日计息', '7×24 小时客服'] },
    lender_qinghe: { name: '青禾银行', highlights: ['银行直连放款', '年化利率 7.2% 起', '最长 36 期'] },
    lender_hengchuan: { name: '恒川消费金融', highlights: ['审批通过率高', '支持 3–24 期', '放款到账短信通知'] },
  },
  'zh-Hant': {
    lender_chenxing: { name: '晨星消費金融', highlights: ['持牌消費金融公司', '最快 10 分鐘放款', '可提前還款無違約金'] },
    lender_yuanfan: { name: '遠帆小額貸款', highlights: ['額度最高 5 萬元', '按日計息', '7×24 小時客服'] },
    lender_qinghe: { name: '青禾銀行', highlights: ['銀行直連放款', '年化利率 7.2% 起', '最長 36 期'] },
    lender_hengchuan: { name: '恆川消費金融', highlights: ['審批通過率高', '支援 3–24 期', '放款到帳簡訊通知'] },
  },
  en: {
    lender_chenxing: { name: 'Morningstar Consumer Finance', highlights: ['Licensed consumer finance company', 'Funds in as little as 10 minutes', 'Early repayment at no charge'] },
    lender_yuanfan: { name: 'Farsail Microcredit', highlights: ['Up to 50,000 CNY', 'Interest charged by the day', 'Customer service 24/7'] },
    lender_qinghe: { name: 'Green Grain Bank', highlights: ['Disbursed directly by the bank', 'APR from 7.2%', 'Up to 36 instalments'] },
    lender_hengchuan: { name: 'Evenstream Consumer Finance', highlights: ['High approval rate', '3 to 24 instalments', 'SMS when funds arrive'] },
  },
  fr: {
    lender_chenxing: { name: 'Morningstar Crédit à la consommation', highlights: ['Société de crédit agréée', 'Fonds versés en 10 minutes', 'Remboursement anticipé sans frais'] },
    lender_yuanfan: { name: 'Farsail Microcrédit', highlights: ['Jusqu’à 50 000 CNY', 'Intérêts calculés au jour', 'Service client 24 h/24'] },
    lender_qinghe: { name: 'Banque Green Grain', highlights: ['Versement direct par la banque', 'TAEG à partir de 7,2 %', 'Jusqu’à 36 mensualités'] },
    lender_hengchuan: { name: 'Evenstream Crédit à la consommation', highlights: ['Taux d’accord élevé', 'De 3 à 24 mensualités', 'SMS à la réception des fonds'] },
  },
  es: {
    lender_chenxing: { name: 'Morningstar Financiera de Consumo', highlights: ['Financiera de consumo autorizada', 'Dinero en solo 10 minutos', 'Amortización anticipada sin comisión'] },
    lender_yuanfan: { name: 'Farsail Microcréditos', highlights: ['Hasta 50.000 CNY', 'Intereses por día', 'Atención al cliente 24/7'] },
    lender_qinghe: { name: 'Banco Green Grain', highlights: ['Desembolso directo del banco', 'TAE desde el 7,2 %', 'Hasta 36 cuotas'] },
    lender_hengchuan: { name: 'Evenstream Financiera de Consumo', highlights: ['Alta tasa de aprobación', 'De 3 a 24 cuotas', 'SMS al recibir el dinero'] },
  },
}

export const productIds = ['prod_sujie', 'prod_yifenqi', 'prod_xiaoman', 'prod_anbei', 'prod_tongyue'] as const
export type ProductId = (typeof productIds)[number]

export const productWords: Record<ContentLocale, Record<ProductId, { name: string; tags: string[] }>> = {
  'zh-Hans': {
    prod_sujie: { name: '速借宝', tags: ['新客专享', '当天到账'] },
    prod_yifenqi: { name: '易分期', tags: ['最长 24 期', '低门槛'] },
    prod_xiaoman: { name: '小满借', tags: ['按日计息', '随借随还'] },
    prod_anbei: { name: '安呗贷', tags: ['银行合作', '额度高'] },
    prod_tongyue: { name: '同悦钱包', tags: ['免年费', '审批快'] },
  },
  'zh-Hant': {
    prod_sujie: { name: '速借寶', tags: ['新客專享', '當天到帳'] },
    prod_yifenqi: { name: '易分期', tags: ['最長 24 期', '低門檻'] },
    prod_xiaoman: { name: '小滿借', tags: ['按日計息', '隨借隨還'] },
    prod_anbei: { name: '安唄貸', tags: ['銀行合作', '額度高'] },
    prod_tongyue: { name: '同悅錢包', tags: ['免年費', '審批快'] },
  },
  en: {
    prod_sujie: { name: 'QuickLend', tags: ['New customers', 'Same-day funds'] },
    prod_yifenqi: { name: 'EasyInstalments', tags: ['Up to 24 months', 'Easy to qualify'] },
    prod_xiaoman: { name: 'Xiaoman Loan', tags: ['Daily interest', 'Borrow and repay any time'] },
    prod_anbei: { name: 'Anbei Credit', tags: ['Bank partner', 'High limits'] },
    prod_tongyue: { name: 'Tongyue Wallet', tags: ['No annual fee', 'Fast decision'] },
  },
  fr: {
    prod_sujie: { name: 'QuickLend', tags: ['Nouveaux clients', 'Fonds le jour même'] },
    prod_yifenqi: { name: 'EasyInstalments', tags: ['Jusqu’à 24 mois', 'Conditions accessibles'] },
    prod_xiaoman: { name: 'Prêt Xiaoman', tags: ['Intérêts au jour', 'Empruntez et remboursez à tout moment'] },
    prod_anbei: { name: 'Crédit Anbei', tags: ['Partenaire bancaire', 'Plafonds élevés'] },
    prod_tongyue: { name: 'Portefeuille Tongyue', tags: ['Sans frais annuels', 'Décision rapide'] },
  },
  es: {
    prod_sujie: { name: 'QuickLend', tags: ['Nuevos clientes', 'Dinero el mismo día'] },
    prod_yifenqi: { name: 'EasyInstalments', tags: ['Hasta 24 meses', 'Requisitos sencillos'] },
    prod_xiaoman: { name: 'Préstamo Xiaoman', tags: ['Interés diario', 'Pida y devuelva cuando quiera'] },
    prod_anbei: { name: 'Crédito Anbei', tags: ['Socio bancario', 'Límites altos'] },
    prod_tongyue: { name: 'Monedero Tongyue', tags: ['Sin cuota anual', 'Decisión rápida'] },
  },
}
