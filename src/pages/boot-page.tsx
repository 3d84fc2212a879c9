import { useSelector } from '@xstate/react'
import { useTranslation } from '../i18n/translation'
import type { AppSnapshot } from '../../machines/routes'
import { useAppHandles } from '../app/app-context'
import type { Platform } from '../bridge/payload'
import { errorNoticeText } from '../ui/error-message'
import { BootSummary, sameBoot, selectBoot } from './boot-summary'
import { NavBar } from '../ui/components/nav-bar'

type Step = 'session' | 'baseUrl' | 'channel'
const steps: readonly Step[] = ['session', 'baseUrl', 'channel']
type Phase = 'baseUrl' | 'channel' | 'failed' | 'done'

function selectPhase(snapshot: AppSnapshot): Phase {
  if (snapshot.matches({ boot: 'resolvingBaseUrl' })) return 'baseUrl'
  if (snapshot.matches({ boot: 'lookingUpChannel' }) || snapshot.matches({ boot: 'lookingUpChannelBesideHome' })) return 'channel'
  return snapshot.matches({ boot: 'failed' }) ? 'failed' : 'done'
}

/** What the boot screen shows, read from one snapshot: the live page and the build's prerender share it. */
export function bootView(snapshot: AppSnapshot, platform: Platform | null) {
  return { phase: selectPhase(snapshot), boot: selectBoot(snapshot), platform }
}

export type BootView = ReturnType<typeof bootView>

/**
 * The boot screen as it looks, from its view alone. The build renders it into index.html at the
 * machine's first state (src/build/prerender.ts), so the borrower's first paint is this screen
 * before any script has run; the live page then renders the same DOM over it.
 */
export function BootScreen({ phase, boot, platform, onRetry }: BootView & { onRetry?: () => void }) {
  const { t, i18n } = useTranslation()
  const failedStep = boot.baseUrl === null ? 'baseUrl' : 'channel'
  const reached = phase === 'failed' ? steps.indexOf(failedStep) : phase === 'done' ? steps.length : steps.indexOf(phase)
  return (
    <main className="page" aria-busy={phase === 'baseUrl' || phase === 'channel'}>
      <NavBar title={t('app.name')} />
      <section className="card">
        {/* The largest text of the first screen, deliberately: it paints from the HTML,
            and no later element of boot, home or login is larger, so it stays the LCP. */}
        {/* Its own lang: the page's changes before the live screen replaces the prerendered one,
            whose size must not change meanwhile (a layout shift). */}
        <p className="boot-brand" lang={i18n.language}>
          {t('app.tagline')}
        </p>
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
            {/* A refusal says which, as on every screen; Retry stays, because boot asks again from the start. */}
            {boot.errorCode !== null && <p>{t(errorNoticeText(boot.errorCode, boot.errorStatus).what)}</p>}
            <button type="button" className="button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {boot.bootNext !== null && (
          <p className="outcome" data-testid="boot-next">
            {t(boot.bootNext === 'home' ? 'boot.outcomes.home' : 'boot.outcomes.login')}
          </p>
        )}
        <BootSummary boot={boot} platform={platform} />
      </section>
    </main>
  )
}

/** The entry route while the machine boots: intake, base URL, channel lookup, and the outcome. */
export default function BootPage() {
  const { actor, services } = useAppHandles()
  const phase = useSelector(actor, selectPhase)
  const boot = useSelector(actor, selectBoot, sameBoot)
  return (
    <BootScreen phase={phase} boot={boot} platform={services.session.getSnapshot().platform} onRetry={() => actor.send({ type: 'retry' })} />
  )
}
