import { useTranslation } from '../i18n/translation'
import { ActionButton, AgreementCheck, BusySpinner, PollActions, ScreenFrame, Section, Spinner, useApp, useSend } from './screen-kit'

/** Two consents, then the vendor's liveness page; on return the result is polled, never trusted from the URL. */
export default function FacialIdentificationPage() {
  const { t } = useTranslation()
  const send = useSend()
  const face = useApp((snapshot) => snapshot.context.drafts.face)
  const outcome = useApp((snapshot) => snapshot.context.biometric?.outcome ?? null)
  const checking = useApp((snapshot) => snapshot.matches({ session: { screens: { facialIdentification: 'checking' } } }))
  const slow = useApp((snapshot) =>
    snapshot.matches({ session: { screens: { facialIdentification: { checking: 'slow' } } } }),
  )

  if (checking) {
    return (
      <ScreenFrame page="facialIdentification" ownRetry>
        <Section title={t('screens.face.checking')}>
          {slow ? <p>{t('screens.common.slow')}</p> : <Spinner label={t('screens.face.checking')} />}
          <div className="actions">
            <PollActions slow={slow} />
          </div>
        </Section>
      </ScreenFrame>
    )
  }

  return (
    <ScreenFrame page="facialIdentification">
      <Section title={t('screens.face.title')}>
        <p>{t('screens.face.lead')}</p>
        {outcome !== null && (
          <p role="alert" className="notice notice--error">
            {t(outcome === 'failed' ? 'screens.face.failed' : 'screens.face.expired')}
          </p>
        )}
        <AgreementCheck
          agreement="face-consent"
          checked={face.face_consent}
          onChange={(value) => send({ type: 'form.change', step: 'face', patch: { face_consent: value } })}
        />
        <AgreementCheck
          agreement="sensitive-consent"
          checked={face.sensitive_consent}
          onChange={(value) => send({ type: 'form.change', step: 'face', patch: { sensitive_consent: value } })}
        />
        <BusySpinner />
        <ActionButton event={{ type: 'form.submit' }} label={t('screens.face.start')} />
      </Section>
    </ScreenFrame>
  )
}
