import type { BridgePayload } from '../bridge/payload'
import { elderClass, elderFlagKey } from './elder-flag'
import './elder.css'

/*
 * Elder mode and the host's text size, loaded only for a borrower who uses one of them, so the
 * first screen's bytes stay the same for everyone else (docs/decisions/011-elder-mode-and-large-text.md).
 * index.html sizes all text from the root: `--font-scale` multiplies it, the class sets body text
 * to 18 px on every screen width; elder.css does the rest (contrast, targets, layout).
 */

type Win = Pick<Window, 'document' | 'localStorage'>

/** The borrower's choice: kept on the device, so the next visit opens in the same mode. */
export function setElderMode(win: Win, on: boolean): void {
  try {
    if (on) win.localStorage.setItem(elderFlagKey, '1')
    else win.localStorage.removeItem(elderFlagKey)
  } catch {
    // Storage disabled: the mode still holds for this visit.
  }
  win.document.documentElement.classList.toggle(elderClass, on)
}

/**
 * What the host asks for, for this visit: its `elderMode` wins over the device's flag (the host's
 * own setting is the borrower's too), and is not written to the device.
 */
export function applyHostDisplay(win: Win, payload: Pick<BridgePayload, 'elderMode' | 'fontScale'> | null): void {
  const root = win.document.documentElement
  if (payload?.elderMode !== undefined) root.classList.toggle(elderClass, payload.elderMode)
  if (payload?.fontScale !== undefined) root.style.setProperty('--font-scale', String(payload.fontScale))
}
