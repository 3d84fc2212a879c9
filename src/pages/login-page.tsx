import { useTranslation } from '../i18n/translation'
import { ActionButton, ScreenFrame, Section, useApp } from './screen-kit'

/**
 * The host owns login (docs/product-rules.md#boot-host-login): this page asks it and waits for a payload with a token.
 * The same screen serves a first login, a login that expired mid-application, and the check of whose
 * new token it is: each says which, so a borrower sent back here knows why and what happens next.
 */
export default function LoginPage() {
  const { t } = useTranslation()
  const why = useApp((snapshot) => (snapshot.matches('verifyingBorrower') ? 'checking' : snapshot.matches('reauth') ? 'expired' : 'waiting'))
  return (
    <ScreenFrame page="login">
      <Section>
        <p>{t(`screens.login.${why}`)}</p>
        <ActionButton event={{ type: 'login.request' }} label={t('screens.login.ask')} />
      </Section>
    </ScreenFrame>
  )
}
