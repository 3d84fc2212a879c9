import { useTranslation } from '../i18n/translation'
import type { Platform } from '../bridge/payload'
import type { AppSnapshot } from '../../machines/routes'

/** What boot found out, as the entry screen shows it: the proof that the chain works. */
export function selectBoot(snapshot: AppSnapshot) {
  const { channelCode, loginRequired, bootNext, errorCode, errorStatus, baseUrl } = snapshot.context
  return { channelCode, loginRequired, bootNext, errorCode, errorStatus, baseUrl }
}

export type BootFacts = ReturnType<typeof selectBoot>

export function sameBoot(a: BootFacts, b: BootFacts): boolean {
  return (
    a.channelCode === b.channelCode &&
    a.loginRequired === b.loginRequired &&
    a.bootNext === b.bootNext &&
    a.errorCode === b.errorCode &&
    a.errorStatus === b.errorStatus &&
    a.baseUrl === b.baseUrl
  )
}

/** `platform` is null where it is not known yet (the build's prerender): it shows as a fact to come. */
export function BootSummary({ boot, platform }: { boot: BootFacts; platform: Platform | null }) {
  const { t, i18n } = useTranslation()
  return (
    <dl className="facts" aria-label={t('boot.title')}>
      <dt>{t('boot.labels.channelCode')}</dt>
      <dd data-testid="boot-channel">{boot.channelCode ?? '—'}</dd>
      <dt>{t('boot.labels.loginRequired')}</dt>
      <dd data-testid="boot-login-required">
        {boot.loginRequired === null ? '—' : boot.loginRequired ? t('common.yes') : t('common.no')}
      </dd>
      <dt>{t('boot.labels.platform')}</dt>
      <dd>{platform === null ? '—' : t(`boot.platforms.${platform}`)}</dd>
      <dt>{t('boot.labels.locale')}</dt>
      <dd>{i18n.language}</dd>
    </dl>
  )
}
