import { render, type RenderResult } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import type { ReactElement } from 'react'
import { TranslationProvider } from '../../i18n/translation'
import { initI18n } from '../../i18n/init-i18n'
import type { Locale } from '../../i18n/locale'

const instances = new Map<Locale, Promise<I18n>>()

/** An i18next instance per locale, made once per test file. */
export function i18nFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale)
  if (instance === undefined) {
    instance = initI18n(locale)
    instances.set(locale, instance)
  }
  return instance
}

/** Renders a component the way the page does: inside the locale's i18next provider. */
export async function renderIn(locale: Locale, element: ReactElement): Promise<RenderResult> {
  const i18n = await i18nFor(locale)
  return render(<TranslationProvider i18n={i18n}>{element}</TranslationProvider>)
}
