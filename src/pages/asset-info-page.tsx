import { useTranslation } from 'react-i18next'
import type { AssetDraft } from '../../machines/app.machine'
import type { CarOwnership, Housing, IncomeBand, Occupation } from '../../machines/ports'
import { ActionButton, EnumSelect, ScreenFrame, Section, Spinner, YesNoSelect, useApp, useBusy, useSend } from './screen-kit'

const occupations: readonly Occupation[] = ['employee', 'civil_servant', 'self_employed', 'freelancer', 'retired', 'other']
const incomeBands: readonly IncomeBand[] = ['below_3k', '3k_5k', '5k_10k', '10k_20k', 'above_20k']
const housings: readonly Housing[] = ['owned', 'mortgaged', 'rented', 'with_family', 'dormitory']
const cars: readonly CarOwnership[] = ['none', 'owned', 'financed']

/** Occupation, income band, housing, car and three yes/no questions; every one must be answered. */
export default function AssetInfoPage() {
  const { t } = useTranslation()
  const send = useSend()
  const busy = useBusy()
  const draft = useApp((snapshot) => snapshot.context.drafts.asset)
  const change = (patch: Partial<AssetDraft>) => send({ type: 'form.change', step: 'asset', patch })
  return (
    <ScreenFrame page="assetInfo">
      <Section title={t('routes.assetInfo')}>
        <EnumSelect
          label={t('screens.asset.occupation')}
          value={draft.occupation}
          options={occupations}
          optionLabel={(value) => t(`enums.occupation.${value}`)}
          onChange={(occupation) => change({ occupation })}
        />
        <EnumSelect
          label={t('screens.asset.income')}
          value={draft.income_band}
          options={incomeBands}
          optionLabel={(value) => t(`enums.incomeBand.${value}`)}
          onChange={(income_band) => change({ income_band })}
        />
        <EnumSelect
          label={t('screens.asset.housing')}
          value={draft.housing}
          options={housings}
          optionLabel={(value) => t(`enums.housing.${value}`)}
          onChange={(housing) => change({ housing })}
        />
        <EnumSelect
          label={t('screens.asset.car')}
          value={draft.car}
          options={cars}
          optionLabel={(value) => t(`enums.carOwnership.${value}`)}
          onChange={(car) => change({ car })}
        />
        <YesNoSelect
          label={t('screens.asset.socialInsurance')}
          value={draft.social_insurance}
          onChange={(social_insurance) => change({ social_insurance })}
        />
        <YesNoSelect
          label={t('screens.asset.providentFund')}
          value={draft.provident_fund}
          onChange={(provident_fund) => change({ provident_fund })}
        />
        <YesNoSelect
          label={t('screens.asset.creditCard')}
          value={draft.credit_card}
          onChange={(credit_card) => change({ credit_card })}
        />
      </Section>
      <Section>
        {busy && <Spinner />}
        <ActionButton
          event={{ type: 'form.submit' }}
          label={t('common.next')}
          missing={[
            draft.occupation === null && t('screens.asset.occupation'),
            draft.income_band === null && t('screens.asset.income'),
            draft.housing === null && t('screens.asset.housing'),
            draft.car === null && t('screens.asset.car'),
            draft.social_insurance === null && t('screens.asset.socialInsurance'),
            draft.provident_fund === null && t('screens.asset.providentFund'),
            draft.credit_card === null && t('screens.asset.creditCard'),
          ]}
        />
      </Section>
    </ScreenFrame>
  )
}
