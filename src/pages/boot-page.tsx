import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { useAppHandles } from '../app/app-context'
import { errorMessageKey } from '../ui/error-message'
import { BootSummary } from './boot-summary'
import { NavBar } from '../ui/components/nav-bar'

type Step = 'session' | 'baseUrl' | 'channel'
const steps: readonly Step[] = ['session', 'baseUrl', 'channel']

/** The entry route while the machine boots: intake, base URL, channel lookup, and the outcome. */
export default function BootPage() {
  const { actor, services } = useAppHandles()
  const { t } = useTranslation()
  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches({ boot: 'resolvingBaseUrl' })
      ? 'baseUrl'
      : snapshot.matches({ boot: 'lookingUpChannel' })
        ? 'channel'
        : snapshot.matches({ boot: 'failed' })
          ? 'failed'
          : 'done',
  )
  const failedStep = useSelector(actor, (snapshot) => (snapshot.context.baseUrl === null ? 'baseUrl' : 'channel'))
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode)
  const bootNext = useSelector(actor, (snapshot) => snapshot.context.bootNext)
  const platform = services.session.getSnapshot().platform
  const reached = phase === 'failed' ? steps.indexOf(failedStep) : phase === 'done' ? steps.length : steps.indexOf(phase)

  return (
    <main className="page" aria-busy={phase === 'baseUrl' || phase === 'channel'}>
      <NavBar title={t('app.name')} />
      <section className="card">
        <h2>{t('boot.title')}</h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} data-state={index < reached ? 'done' : index === reached ? phase : 'todo'}>
              {t(`boot.steps.${step}`)}
            </li>
          ))}
        </ol>
        {phase === 'failed' && (
          <div role="alert" className="notice notice--error">
            <p>{t(failedStep === 'baseUrl' ? 'boot.outcomes.baseUrlFailed' : 'boot.outcomes.channelFailed')}</p>
            {errorCode !== null && <p>{t(errorMessageKey(errorCode))}</p>}
            <button type="button" className="button" onClick={() => actor.send({ type: 'retry' })}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {bootNext !== null && (
          <p className="outcome" data-testid="boot-next">
            {t(bootNext === 'home' ? 'boot.outcomes.home' : 'boot.outcomes.login')}
          </p>
        )}
        <BootSummary platform={platform} />
      </section>
    </main>
  )
}
