/*
 * The request layer reports failures the borrower must see, but never shows them: it publishes
 * codes here and the UI translates them (a server `message` is already text in the borrower's
 * language, sent per `Accept-Language`).
 */

export type Toast =
  | { code: 'requestError' }
  | { code: 'networkError' }
  | { code: 'serverMessage'; message: string }

export interface ToastChannel {
  publish(toast: Toast): void
  /** Returns the unsubscribe function. */
  subscribe(listener: (toast: Toast) => void): () => void
}

export function createToastChannel(): ToastChannel {
  const listeners = new Set<(toast: Toast) => void>()
  // The machine starts before the page's toast host mounts: a boot call that fails at once (the
  // connection refused) publishes into the void. The last such toast waits for the first listener.
  let unheard: Toast | null = null
  return {
    publish(toast) {
      if (listeners.size === 0) unheard = toast
      for (const listener of [...listeners]) listener(toast)
    },
    subscribe(listener) {
      listeners.add(listener)
      if (unheard !== null) {
        const waiting = unheard
        unheard = null
        listener(waiting)
      }
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
