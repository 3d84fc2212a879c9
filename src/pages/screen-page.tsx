import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { screenForState } from '../../machines/routes'
import { useAppHandles } from '../app/app-context'
import { BootSummary } from './boot-summary'

/**
 * The page for a screen state: its navigation bar and what the machine knows. The full screens of
 * each step replace this body (issue #5); the bar, the title and the back event stay.
 */
export default function ScreenPage() {
  const { actor, services } = useAppHandles()
  const { t } = useTranslation()
  const screen = useSelector(actor, screenForState)
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'step.back' }))
  const bootNext = useSelector(actor, (snapshot) => snapshot.context.bootNext)
  if (screen === null) return null
  return (
    <main className="page">
      <header className="nav-bar">
        {canGoBack && (
          <button type="button" className="nav-bar__back" onClick={() => actor.send({ type: 'step.back' })}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t('common.back')}</span>
          </button>
        )}
        <h1>{t(`routes.${screen}`)}</h1>
      </header>
      <section className="card">
        {bootNext !== null && (
          <p className="outcome" data-testid="boot-next">
            {t(bootNext === 'home' ? 'boot.outcomes.home' : 'boot.outcomes.login')}
          </p>
        )}
        <BootSummary platform={services.session.getSnapshot().platform} />
      </section>
    </main>
  )
}
