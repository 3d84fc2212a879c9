import { useTranslation } from '../i18n/translation'
import type { BasicDraft } from '../../machines/app.machine'
import type { Education, MaritalStatus } from '../../machines/ports'
import {
  checkAddress,
  checkEmail,
  checkIdNumber,
  checkName,
  chinaDateOf,
  isBlockingRule,
  type FieldRuleCode,
} from '../contract/field-rules'
import { TextField, useFocusFirstInvalid, useLeftFields } from '../ui/components/form-field'
import { RegionSelects } from './region-selects'
import type { EnumQuestion } from './draft-form'
import { EnumQuestions, NextRow, unanswered } from './draft-form'
import { RestOfScreen, ScreenFrame, Section, useApp, useSend } from './screen-kit'

const educations: readonly Education[] = ['junior_high_or_below', 'high_school', 'associate', 'bachelor', 'master_or_above']
const maritalStatuses: readonly MaritalStatus[] = ['single', 'married', 'divorced', 'widowed']

type TextKey = 'real_name' | 'id_number' | 'address' | 'email'

function ruleOf(field: TextKey, draft: BasicDraft): FieldRuleCode | null {
  switch (field) {
    case 'real_name':
      return checkName(draft.real_name)
    case 'id_number':
      return checkIdNumber(draft.id_number, chinaDateOf(Date.now()))
    case 'address':
      return checkAddress(draft.address)
    case 'email':
      return checkEmail(draft.email)
  }
}

const textFields: readonly TextKey[] = ['real_name', 'id_number', 'address', 'email']

/** Name and ID (prefilled from identification), education, marital status, residence, address, email. */
export default function BasicInfoPage() {
  const { t } = useTranslation()
  const send = useSend()
  const draft = useApp((snapshot) => snapshot.context.drafts.basic)
  // A field's rule shows once the borrower leaves it, or for all of them on a submit attempt.
  const [touched, touch, touchAll] = useLeftFields<TextKey>()
  const focusFirstInvalid = useFocusFirstInvalid()
  const errorOf = (field: TextKey) => (touched.has(field) ? ruleOf(field, draft) : null)
  const change = (patch: Partial<BasicDraft>) => send({ type: 'form.change', step: 'basic', patch })
  const choices: EnumQuestion<BasicDraft, keyof BasicDraft>[] = [
    { field: 'education', label: t('screens.basic.education'), options: educations, optionLabel: (v: Education) => t(`enums.education.${v}`) },
    {
      field: 'marital_status',
      label: t('screens.basic.marital'),
      options: maritalStatuses,
      optionLabel: (v: MaritalStatus) => t(`enums.maritalStatus.${v}`),
    },
  ]

  const text = (field: TextKey, label: string, extra: { inputMode?: 'email' | 'text'; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      error={errorOf(field)}
      {...extra}
      name={field}
      value={draft[field]}
      onChange={(value) => change({ [field]: value })}
      onBlur={() => touch(field)}
    />
  )

  return (
    <ScreenFrame page="basicInfo">
      <Section title={t('screens.basic.identity')}>
        {text('real_name', t('screens.basic.name'), { autoComplete: 'name' })}
        {text('id_number', t('screens.basic.idNumber'), { autoComplete: 'off' })}
      </Section>
      <RestOfScreen>
        <Section title={t('screens.basic.about')}>
          <EnumQuestions draft={draft} questions={choices} change={change} />
          <RegionSelects
            province={draft.province_id}
            city={draft.city_id}
            district={draft.district_id}
            onChange={change}
          />
          {text('address', t('screens.basic.address'), { autoComplete: 'street-address' })}
          {text('email', t('common.withOptional', { label: t('screens.basic.email') }), { inputMode: 'email', autoComplete: 'email' })}
        </Section>
        <NextRow
          missing={[
            draft.real_name === '' && t('screens.basic.name'),
            draft.id_number === '' && t('screens.basic.idNumber'),
            ...unanswered(draft, choices),
            draft.district_id === '' && t('screens.basic.residence'),
            draft.address === '' && t('screens.basic.address'),
          ]}
          onClick={() => {
            // A form that passes shows nothing new: marking its fields left would only render it
            // again in the tap, and the step's answer would wait behind that render.
            if (!textFields.some((field) => isBlockingRule(ruleOf(field, draft)))) return true
            touchAll(textFields)
            focusFirstInvalid()
            return false
          }}
        />
      </RestOfScreen>
    </ScreenFrame>
  )
}
