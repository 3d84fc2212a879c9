import type { BrowserContext } from 'playwright-core'

/*
 * The three ways a borrower may see the page, as the screen tour opens them: the default phone,
 * elder mode switched on earlier on this device (the remembered flag the page reads before its
 * first paint), and the WebView's text zoom at 200% on a 320 px screen (text zoom multiplies every
 * text size, which the page's sizes follow through `--font-scale`, the variable a host's
 * `fontScale` sets).
 */

export type DisplayModeName = 'default' | 'elder' | 'text200'

export interface DisplayMode {
  name: DisplayModeName
  viewport: { width: number; height: number }
  /** No visible text may be smaller (CSS px). */
  minTextPx: number
  /** Every control must be at least this tall (CSS px), or 0 when the mode sets no minimum. */
  minControlPx: number
  /** Runs in the context before any page script. */
  prepare(context: BrowserContext): Promise<void>
}

export const elderFlagKey = 'huaqian.elder'

export const displayModes: Record<DisplayModeName, DisplayMode> = {
  // The design's smallest text is 0.75rem, 12 px at the 375 px design width.
  default: { name: 'default', viewport: { width: 375, height: 812 }, minTextPx: 12, minControlPx: 0, prepare: async () => {} },
  // Elder mode: body text at least 18 px and touch targets at least 48 px tall.
  elder: {
    name: 'elder',
    viewport: { width: 375, height: 812 },
    minTextPx: 18,
    minControlPx: 48,
    prepare: async (context) => {
      await context.addInitScript((key) => localStorage.setItem(key, '1'), elderFlagKey)
    },
  },
  // Twice the design's 12 px minimum scaled to a 320 px screen (12 × 320 / 375 × 2 = 20.48).
  text200: {
    name: 'text200',
    viewport: { width: 320, height: 640 },
    minTextPx: 20,
    minControlPx: 0,
    prepare: async (context) => {
      // Init scripts run before the document has its <html>: the scale is set once it has.
      await context.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = 'calc(100vw * 32 / 375)'))
      })
    },
  },
}
