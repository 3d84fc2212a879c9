import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { useAppHandles } from '../app/app-context'
import type { AppActor } from '../app/app-actor'
import type { Platform } from '../bridge/payload'

type Snapshot = ReturnType<AppActor['getSnapshot']>

/** What boot found out, as the entry screen shows it: the proof that the chain works. */
function selectBoot(snapshot: Snapshot) {
  const { channelCode, loginRequired, bootNext, errorCode, baseUrl } = snapshot.context
  return { channelCode, loginRequired, bootNext, errorCode, baseUrl }
}

function sameBoot(a: ReturnType<typeof selectBoot>, b: ReturnType<typeof selectBoot>): boolean {
  return (
    a.channelCode === b.channelCode &&
    a.loginRequired === b.loginRequired &&
    a.bootNext === b.bootNext &&
    a.errorCode === b.errorCode &&
    a.baseUrl === b.baseUrl
  )
}

export function BootSummary({ platform }: { platform: Platform }) {
  const { actor } = useAppHandles()
  const { t, i18n } = useTranslation()
  const boot = useSelector(actor, selectBoot, sameBoot)
  return (
    <dl className="facts" aria-label={t('boot.title')}>
      <dt>{t('boot.labels.channelCode')}</dt>
      <dd data-testid="boot-channel">{boot.channelCode ?? '—'}</dd>
      <dt>{t('boot.labels.loginRequired')}</dt>
      <dd data-testid="boot-login-required">
        {boot.loginRequired === null ? '—' : boot.loginRequired ? t('common.yes') : t('common.no')}
      </dd>
      <dt>{t('boot.labels.platform')}</dt>
      <dd>{t(`boot.platforms.${platform}`)}</dd>
      <dt>{t('boot.labels.locale')}</dt>
      <dd>{i18n.language}</dd>
    </dl>
  )
}
