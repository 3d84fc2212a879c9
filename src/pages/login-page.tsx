import { useTranslation } from '../i18n/translation'
import { ActionButton, ScreenFrame, Section } from './screen-kit'

/** The host owns login (docs/product-rules.md#boot-host-login): this page asks it and waits for a payload with a token. */
export default function LoginPage() {
  const { t } = useTranslation()
  return (
    <ScreenFrame page="login">
      <Section>
        <p>{t('screens.login.waiting')}</p>
        <ActionButton event={{ type: 'login.request' }} label={t('screens.login.ask')} />
      </Section>
    </ScreenFrame>
  )
}
