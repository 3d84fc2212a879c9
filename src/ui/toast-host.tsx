import { useEffect, useState } from 'react'
import { useTranslation } from '../i18n/translation'
import type { Toast, ToastChannel } from '../api/toasts'

const visibleMs = 3_000

/** The request layer publishes codes; this is where they become words, in the active locale. */
export function ToastHost({ channel }: { channel: ToastChannel }) {
  const { t } = useTranslation()
  // Each toast is numbered: the same words published again are a new element, so a screen reader
  // announces them again and they stay their full time.
  const [shown, setShown] = useState<{ toast: Toast; seq: number } | null>(null)

  useEffect(() => {
    let seq = 0
    return channel.subscribe((toast) => setShown({ toast, seq: ++seq }))
  }, [channel])
  useEffect(() => {
    if (shown === null) return
    const timer = setTimeout(() => setShown(null), visibleMs)
    return () => clearTimeout(timer)
  }, [shown])
  const toast = shown?.toast ?? null

  const text =
    toast === null
      ? ''
      : toast.code === 'serverMessage'
        ? toast.message
        : toast.code === 'networkError'
          ? t('errors.networkError')
          : t('errors.requestError')
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {text !== '' && (
        <div key={shown?.seq} className="toast">
          {text}
        </div>
      )}
    </div>
  )
}
