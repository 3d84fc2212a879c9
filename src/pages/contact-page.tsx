import { useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { ContactDraft, ContactDraftEntry } from '../../machines/app.machine'
import type { ContactRelation } from '../../machines/ports'
import { contactIssues, formatPhone, normaliseMobile, type ContactIssue } from '../contract/field-rules'
import { TextField, useFocusFirstInvalid, useLeftFields } from '../ui/components/form-field'
import { ActionButton, AgreementCheck, BusySpinner, EnumSelect, RestOfScreen, ScreenFrame, Section, useApp, useSend } from './screen-kit'

const relations: readonly ContactRelation[] = ['parent', 'spouse', 'child', 'sibling', 'friend', 'colleague', 'other']

/** Two emergency contacts (the first an immediate relative) and the sharing authorization. */
export default function ContactPage() {
  const { t } = useTranslation()
  const send = useSend()
  const draft = useApp((snapshot) => snapshot.context.drafts.contact)
  const borrower = useApp((snapshot) => ({
    name: snapshot.context.drafts.basic.real_name,
    phone: snapshot.context.user?.phone ?? null,
  }), (a, b) => a.name === b.name && a.phone === b.phone)
  const [checked, setChecked] = useState(false)
  const [touched, touch] = useLeftFields<string>()
  const focusFirstInvalid = useFocusFirstInvalid()

  const issues: ContactIssue[] = contactIssues(
    draft.contacts.map((c) => ({ relation: c.relation ?? '', name: c.name, phone: c.phone })),
    borrower,
  )
  const issueOf = (index: 0 | 1, field: 'relation' | 'name' | 'phone') =>
    checked || touched.has(`${index}.${field}`)
      ? (issues.find((issue) => issue.index === index && issue.field === field)?.code ?? null)
      : null
  const change = (patch: Partial<ContactDraft>) => send({ type: 'form.change', step: 'contact', patch })
  const changeEntry = (index: 0 | 1, patch: Partial<ContactDraftEntry>) => {
    const contacts: ContactDraft['contacts'] = [draft.contacts[0], draft.contacts[1]]
    contacts[index] = { ...contacts[index], ...patch }
    change({ contacts })
  }

  const contactCard = (index: 0 | 1) => {
    const entry = draft.contacts[index]
    return (
      <Section named title={t('screens.contact.title', { number: index + 1 })}>
        <EnumSelect
          label={t('screens.contact.relation')}
          value={entry.relation}
          options={relations}
          optionLabel={(value) => t(`enums.contactRelation.${value}`)}
          error={issueOf(index, 'relation')}
          onChange={(relation) => {
            touch(`${index}.relation`)
            changeEntry(index, { relation })
          }}
        />
        <TextField
          label={t('screens.contact.name')}
          error={issueOf(index, 'name')}
          name={`contact-${index}-name`}
          value={entry.name}
          onChange={(name) => changeEntry(index, { name })}
          onBlur={() => touch(`${index}.name`)}
        />
        <TextField
          label={t('screens.contact.phone')}
          error={issueOf(index, 'phone')}
          name={`contact-${index}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          // Shown 3-4-4 as typed (138 0013 8000); the draft keeps the 11 digits that are sent.
          value={formatPhone(entry.phone)}
          format={formatPhone}
          onChange={(phone) => changeEntry(index, { phone: normaliseMobile(phone) })}
          onBlur={() => touch(`${index}.phone`)}
        />
      </Section>
    )
  }

  return (
    <ScreenFrame page="contact">
      {contactCard(0)}
      <RestOfScreen>
        {contactCard(1)}
        <Section>
          <AgreementCheck agreement="form" checked={draft.form} onChange={(form) => change({ form })} />
          <BusySpinner />
          <ActionButton
            event={{ type: 'form.submit' }}
            label={t('common.next')}
            missing={[
              ...draft.contacts.map(
                (entry, index) =>
                  (entry.relation === null || entry.name === '' || entry.phone === '') &&
                  t('screens.contact.title', { number: index + 1 }),
              ),
              !draft.form && t('agreements.form'),
            ]}
            onClick={() => {
              // As on basic info: contacts that pass are not rendered again in the tap.
              if (issues.length === 0) return true
              setChecked(true)
              focusFirstInvalid()
              return false
            }}
          />
        </Section>
      </RestOfScreen>
    </ScreenFrame>
  )
}
