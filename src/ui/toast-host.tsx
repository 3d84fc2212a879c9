import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Toast, ToastChannel } from '../api/toasts'

const visibleMs = 3_000

/** The request layer publishes codes; this is where they become words, in the active locale. */
export function ToastHost({ channel }: { channel: ToastChannel }) {
  const { t } = useTranslation()
  const [toast, setToast] = useState<Toast | null>(null)

  useEffect(() => channel.subscribe(setToast), [channel])
  useEffect(() => {
    if (toast === null) return
    const timer = setTimeout(() => setToast(null), visibleMs)
    return () => clearTimeout(timer)
  }, [toast])

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
      {text !== '' && <div className="toast">{text}</div>}
    </div>
  )
}
