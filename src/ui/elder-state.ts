import { useEffect, useSyncExternalStore } from 'react'
import type { BridgePayload } from '../bridge/payload'
import { elderClass } from './elder-flag'

/*
 * Elder mode and the host's text size on the React side. Everything here is in the screens'
 * chunk, not the entry's: the mode's own code and styles (display-mode.ts) load only when it is on
 * or a host asks for a display.
 */

const isElder = () => document.documentElement.classList.contains(elderClass)
const loadWhenOn = () => {
  if (isElder()) void import('./display-mode')
}

function subscribe(change: () => void): () => void {
  // The head script may have turned the mode on from the device's flag before anything ran.
  loadWhenOn()
  const observer = new MutationObserver(() => {
    loadWhenOn()
    change()
  })
  observer.observe(document.documentElement, { attributeFilter: ['class'] })
  return () => observer.disconnect()
}

/** Whether elder mode is on: the class on <html> is the one place it is kept while the page runs. */
export function useElderMode(): boolean {
  return useSyncExternalStore(subscribe, isElder, () => false)
}

type DisplayWish = Pick<BridgePayload, 'elderMode' | 'fontScale'>

function applyHost(payload: DisplayWish): void {
  if (payload.elderMode !== undefined || payload.fontScale !== undefined) {
    void import('./display-mode').then((mode) => mode.applyHostDisplay(window, payload))
  }
}

// The load's payload is applied once per page, not at each screen: a borrower who then turns the
// mode off keeps it off until the host asks again.
let initialApplied = false

/** Applies what the host asks for, in the load's payload and in any payload it pushes later. */
export function useHostDisplay(host: { bridge: { initial: DisplayWish | null }; onPayload(listener: (payload: DisplayWish) => void): () => void }): void {
  useEffect(() => {
    if (!initialApplied && host.bridge.initial !== null) applyHost(host.bridge.initial)
    initialApplied = true
    return host.onPayload(applyHost)
  }, [host])
}
