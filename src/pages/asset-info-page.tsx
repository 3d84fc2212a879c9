import { useTranslation } from '../i18n/translation'
import type { AssetDraft } from '../../machines/app.machine'
import type { CarOwnership, Housing, IncomeBand, Occupation } from '../../machines/ports'
import type { EnumQuestion, YesNoQuestion } from './draft-form'
import { EnumQuestions, NextRow, YesNoQuestions, unanswered } from './draft-form'
import { RestOfScreen, ScreenFrame, Section, useApp, useSend } from './screen-kit'

const occupations: readonly Occupation[] = ['employee', 'civil_servant', 'self_employed', 'freelancer', 'retired', 'other']
const incomeBands: readonly IncomeBand[] = ['below_3k', '3k_5k', '5k_10k', '10k_20k', 'above_20k']
const housings: readonly Housing[] = ['owned', 'mortgaged', 'rented', 'with_family', 'dormitory']
const cars: readonly CarOwnership[] = ['none', 'owned', 'financed']

/** Occupation, income band, housing, car and three yes/no questions; every one must be answered. */
export default function AssetInfoPage() {
  const { t } = useTranslation()
  const send = useSend()
  const draft = useApp((snapshot) => snapshot.context.drafts.asset)
  const change = (patch: Partial<AssetDraft>) => send({ type: 'form.change', step: 'asset', patch })
  const choices: EnumQuestion<AssetDraft, keyof AssetDraft>[] = [
    { field: 'occupation', label: t('screens.asset.occupation'), options: occupations, optionLabel: (v: Occupation) => t(`enums.occupation.${v}`) },
    { field: 'income_band', label: t('screens.asset.income'), options: incomeBands, optionLabel: (v: IncomeBand) => t(`enums.incomeBand.${v}`) },
    { field: 'housing', label: t('screens.asset.housing'), options: housings, optionLabel: (v: Housing) => t(`enums.housing.${v}`) },
    { field: 'car', label: t('screens.asset.car'), options: cars, optionLabel: (v: CarOwnership) => t(`enums.carOwnership.${v}`) },
  ]
  const yesNo: YesNoQuestion<AssetDraft, keyof AssetDraft>[] = [
    { field: 'social_insurance', label: t('screens.asset.socialInsurance') },
    { field: 'provident_fund', label: t('screens.asset.providentFund') },
    { field: 'credit_card', label: t('screens.asset.creditCard') },
  ]
  return (
    <ScreenFrame page="assetInfo">
      <Section title={t('routes.assetInfo')}>
        <EnumQuestions draft={draft} questions={choices} change={change} />
        <RestOfScreen>
          <YesNoQuestions draft={draft} questions={yesNo} change={change} />
        </RestOfScreen>
      </Section>
      <RestOfScreen>
        <NextRow missing={unanswered(draft, [...choices, ...yesNo])} />
      </RestOfScreen>
    </ScreenFrame>
  )
}
