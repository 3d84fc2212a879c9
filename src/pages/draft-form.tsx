import { useTranslation } from '../i18n/translation'
import { ActionButton, BusySpinner, EnumSelect, Section, YesNoSelect } from './screen-kit'

/*
 * The parts the application forms share: a select per enum question of a step's draft, and the
 * step's Next row. One question is written once (field, label, options) and serves both the select
 * and the "still needed" hint.
 */

/** An enum question: the field it answers, its label, its options and how each option reads. */
export interface EnumQuestion<D, K extends keyof D> {
  field: K
  label: string
  options: readonly NonNullable<D[K]>[]
  // A method, so a question over one field's options fits a list of the draft's questions.
  optionLabel(value: NonNullable<D[K]>): string
}

/** A yes/no question. */
export interface YesNoQuestion<D, K extends keyof D> {
  field: K
  label: string
}

/** A draft, questions about its fields, and how an answer is written back. */
interface QuestionsProps<D, Q> {
  draft: D
  questions: readonly Q[]
  change: (patch: Partial<D>) => void
}

/** The selects of a draft's enum questions, each writing its field back through `change`. */
export function EnumQuestions<D extends object>({ draft, questions, change }: QuestionsProps<D, EnumQuestion<D, keyof D & string>>) {
  return questions.map((question) => (
    <EnumSelect
      key={question.field}
      label={question.label}
      value={draft[question.field] as string | null}
      options={question.options as readonly string[]}
      optionLabel={(value) => question.optionLabel(value as NonNullable<D[keyof D & string]>)}
      onChange={(value) => change({ [question.field]: value } as Partial<D>)}
    />
  ))
}

/** The selects of a draft's yes/no questions. */
export function YesNoQuestions<D extends object>({ draft, questions, change }: QuestionsProps<D, YesNoQuestion<D, keyof D & string>>) {
  return questions.map(({ field, label }) => (
    <YesNoSelect
      key={field}
      label={label}
      value={draft[field] as boolean | null}
      onChange={(value) => change({ [field]: value } as Partial<D>)}
    />
  ))
}

/** The labels of the questions still unanswered (`false` for one answered), for the Next hint. */
export function unanswered<D>(draft: D, questions: readonly { field: keyof D; label: string }[]): (string | false)[] {
  return questions.map(({ field, label }) => draft[field] === null && label)
}

/** A step's Next: a spinner while the step saves; `missing` says what the form still lacks. */
export function NextRow({ missing, onClick }: { missing: readonly (string | false)[]; onClick?: () => boolean }) {
  const { t } = useTranslation()
  return (
    <Section>
      <BusySpinner />
      <ActionButton event={{ type: 'form.submit' }} label={t('common.next')} missing={missing} onClick={onClick} />
    </Section>
  )
}
