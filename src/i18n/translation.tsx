import type { i18n as I18n } from 'i18next'
import { createContext, use, type ReactNode } from 'react'
import { I18nextProvider, useTranslation as useI18nextTranslation, type UseTranslationResponse } from 'react-i18next'

/*
 * react-i18next's `useTranslation` does real work in every component that mounts it: it copies the
 * i18next instance's property descriptors into a wrapper, makes a fixed `t` and subscribes to the
 * instance. A screen mounts dozens of fields, labels and buttons, so a step paid for that dozens of
 * times (issue #11's step profile: about a tenth of a step at 4× CPU). The page calls it once, at
 * the root, and hands the result down; the result changes, and every reader re-renders, exactly
 * when the language or the loaded strings change.
 */

type Translation = UseTranslationResponse<'translation', undefined>

const TranslationContext = createContext<Translation | null>(null)

function SharedTranslation({ children }: { children: ReactNode }) {
  return <TranslationContext value={useI18nextTranslation()}>{children}</TranslationContext>
}

/** The page's i18next instance and its one shared translation, around everything that shows text. */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SharedTranslation>{children}</SharedTranslation>
    </I18nextProvider>
  )
}

/** `t` and the i18next instance, as react-i18next's hook returns them, from the shared translation. */
export function useTranslation(): Translation {
  const translation = use(TranslationContext)
  if (translation === null) throw new Error('useTranslation outside <TranslationProvider>')
  return translation
}
