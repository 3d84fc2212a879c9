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
  return {
    publish(toast) {
      for (const listener of [...listeners]) listener(toast)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
