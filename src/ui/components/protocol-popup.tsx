import { useEffect, useState } from 'react'
import { useTranslation } from '../../i18n/translation'
import type { AgreementKey } from '../../contract/entities'
import { BottomSheet } from './bottom-sheet'
import { Checkbox } from './form-field'
import type { RichHtml as RichHtmlComponent } from './rich-html'
import '../components.css'

export interface AgreementText {
  content_html: string
}

/** What the `getAgreement` call answers, reduced to what the reader shows. */
export type LoadAgreement = (key: AgreementKey) => Promise<AgreementText>

type Reading =
  | { key: AgreementKey; state: 'loading' }
  | { key: AgreementKey; state: 'loaded'; html: string; RichHtml: typeof RichHtmlComponent }
  | { key: AgreementKey; state: 'failed' }

function AgreementReader({
  agreementKey,
  attempt,
  loadAgreement,
  onExternalLink,
  onRetry,
}: {
  agreementKey: AgreementKey
  attempt: number
  loadAgreement: LoadAgreement
  onExternalLink?: (url: string) => void
  onRetry: () => void
}) {
  const { t } = useTranslation()
  const [reading, setReading] = useState<Reading>({ key: agreementKey, state: 'loading' })
  useEffect(() => {
    let current = true
    setReading({ key: agreementKey, state: 'loading' })
    // The sanitiser (DOMPurify) is fetched with the first text, not with the screen: most
    // borrowers never open an agreement, and the screen's first load should not carry it.
    Promise.all([loadAgreement(agreementKey), import('./rich-html')]).then(
      ([text, { RichHtml }]) => current && setReading({ key: agreementKey, state: 'loaded', html: text.content_html, RichHtml }),
      () => current && setReading({ key: agreementKey, state: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [agreementKey, attempt, loadAgreement])

  if (reading.state === 'loading') return <p role="status">{t('common.loading')}</p>
  if (reading.state === 'failed') {
    return (
      <div role="alert">
        <p>{t('ui.protocol.loadFailed')}</p>
        <button type="button" className="ui-button ui-button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    )
  }
  const { RichHtml } = reading
  return (
    <article aria-label={t(`agreements.${agreementKey}`)}>
      <RichHtml html={reading.html} {...(onExternalLink === undefined ? {} : { onExternalLink })} />
    </article>
  )
}

/**
 * The agreements popup: a sheet listing the agreements by title; each opens a reader in the same
 * sheet that loads the text (`getAgreement`) and shows it sanitised. Below them sits "I have read
 * and agree", which starts unchecked on every mount and has no prop to pre-check it: consent is
 * only ever the borrower's own tap. `onAcceptedChange` reports each change.
 */
export function ProtocolPopup({
  open,
  onClose,
  agreements,
  loadAgreement,
  onAcceptedChange,
  onExternalLink,
}: {
  open: boolean
  onClose: () => void
  agreements: readonly AgreementKey[]
  loadAgreement: LoadAgreement
  onAcceptedChange: (accepted: boolean) => void
  onExternalLink?: (url: string) => void
}) {
  const { t } = useTranslation()
  const [accepted, setAccepted] = useState(false)
  const [reading, setReading] = useState<AgreementKey | null>(null)
  const [attempt, setAttempt] = useState(0)

  const close = () => {
    setReading(null)
    onClose()
  }
  const title = reading === null ? t('ui.protocol.title') : t(`agreements.${reading}`)

  return (
    <BottomSheet
      open={open}
      title={title}
      onClose={close}
      footer={
        <Checkbox
          checked={accepted}
          onChange={(checked) => {
            setAccepted(checked)
            onAcceptedChange(checked)
          }}
        >
          {t('ui.protocol.agree')}
        </Checkbox>
      }
    >
      {reading === null ? (
        <ul className="ui-protocol__list">
          {agreements.map((key) => (
            <li key={key}>
              <button type="button" className="ui-link" onClick={() => setReading(key)}>
                {t('ui.agreementLink', { title: t(`agreements.${key}`) })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <button type="button" className="ui-button ui-button--secondary" onClick={() => setReading(null)}>
            {t('ui.protocol.backToList')}
          </button>
          <AgreementReader
            agreementKey={reading}
            attempt={attempt}
            loadAgreement={loadAgreement}
            onRetry={() => setAttempt((count) => count + 1)}
            {...(onExternalLink === undefined ? {} : { onExternalLink })}
          />
        </>
      )}
    </BottomSheet>
  )
}
